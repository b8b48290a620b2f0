import { languageOf } from "~/i18n/languages";
import { useText } from "~/i18n/text";

/**
 * An arrow that points back or forward in the page's reading order: ← and → in a left-to-right language, the
 * other way round in a right-to-left one. The character itself changes rather than a drawing being mirrored;
 * it is decoration, hidden from screen readers, as the words beside it say where the link leads.
 */
export function Arrow({ to }: { to: "back" | "forward" }) {
  const { language } = useText();
  const rtl = languageOf(language).dir === "rtl";
  return <span aria-hidden="true">{(to === "back") !== rtl ? "←" : "→"}</span>;
}
