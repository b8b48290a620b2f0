/**
 * The field names of the staff area's Interface text form, shared by the page and the action that reads it, and
 * the words that page and the Site page's "What the site still needs" both say of a review.
 */
import type { MessageKey } from "./text";

/** Each string's text, the text the page showed in it, and the boxes ticked to reset strings to the shipped text. */
export const interfaceField = {
  text: (key: MessageKey) => `text:${key}`,
  shown: (key: MessageKey) => `shown:${key}`,
  reset: "reset",
};

/** "1 string added or changed", "3 strings added or changed": since a language's review. */
export const stringsAddedOrChanged = (count: number) => `${count} ${count === 1 ? "string" : "strings"} added or changed`;
