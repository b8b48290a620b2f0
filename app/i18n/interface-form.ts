/** The field names of the staff area's Interface text form, shared by the page and the action that reads it. */
import type { MessageKey } from "./text";

/** Each string's text, the text the page showed in it, and the boxes ticked to reset strings to the shipped text. */
export const interfaceField = {
  text: (key: MessageKey) => `text:${key}`,
  shown: (key: MessageKey) => `shown:${key}`,
  reset: "reset",
};
