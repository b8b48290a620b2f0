/**
 * Each language's text as search compares it (issue 34): what is written several ways is made one, on the
 * index's side and the query's alike, so a word typed with or without its vowel marks, with an Arabic or a
 * Persian keyboard, or with Arabic-Indic digits finds the same text. Each language has its own rules: Sorani
 * is not Persian, and neither is Arabic. What is left (case, Latin accents, stems) is the text-search
 * configuration's (app/i18n/languages.ts, `search`).
 */
import type { LanguageCode } from "~/i18n/languages";

/** Vowel marks (harakat, tanwin, shadda, sukun), the dagger alef, Quranic marks, and the tatweel that stretches a word. */
const MARKS_AND_TATWEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
/**
 * The zero-width non-joiner, which joins a Persian or Sorani word to its affixes (ایزدی‌ها, می‌روند), is a
 * break between words here, as in Lucene's Persian analyser: ایزدی finds ایزدی‌ها.
 */
const NON_JOINER = /\u200C/g;
/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits as 0–9. */
const DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const westernDigit = (d: string) => String((d.charCodeAt(0) - 0x0660) % 0x90);

type Rules = readonly (readonly [RegExp, string])[];

/** The letters each language writes one way and people type several. */
const LETTERS: Partial<Record<LanguageCode, Rules>> = {
  // Hamza and madda on alef, wasla: bare alef; alef maqsura and the Persian yeh: yeh; the Persian kaf: kaf;
  // ta marbuta: heh (as Lucene's Arabic normaliser does).
  ar: [
    [/[\u0622\u0623\u0625\u0671]/g, "\u0627"],
    [/[\u0649\u06CC]/g, "\u064A"],
    [/\u06A9/g, "\u0643"],
    [/\u0629/g, "\u0647"],
  ],
  // Persian writes ی and ک: the Arabic forms a keyboard may give are made Persian; ة and ۀ are heh.
  fa: [
    [/[\u0622\u0623\u0625\u0671]/g, "\u0627"],
    [/[\u064A\u0649]/g, "\u06CC"],
    [/\u0643/g, "\u06A9"],
    [/[\u0629\u06C0]/g, "\u0647"],
    [/\u0624/g, "\u0648"],
  ],
  // Sorani: ی and ک as in Persian; heh doachashmee (ھ) as heh; ta marbuta, where typed for ە, as ە. Its own
  // letters (ڕ ڵ ۆ ێ ە) stay as they are.
  ckb: [
    [/[\u0623\u0625\u0671]/g, "\u0627"],
    [/[\u064A\u0649]/g, "\u06CC"],
    [/\u0643/g, "\u06A9"],
    [/\u06BE/g, "\u0647"],
    [/\u0629/g, "\u06D5"],
  ],
};

/** `text` as the index of `language` holds it, and a query in it is compared. */
export function normalizeForSearch(language: LanguageCode, text: string): string {
  const letters = LETTERS[language];
  if (!letters) return text;
  let out = text.normalize("NFC").replace(MARKS_AND_TATWEEL, "").replace(NON_JOINER, " ").replace(DIGITS, westernDigit);
  for (const [from, to] of letters) out = out.replace(from, to);
  return out;
}
