/**
 * Where in a long page its snippet comes from. PostgreSQL's ts_headline parses every word of the text it is
 * given, which on the embedded database costs about 1.5 ms for a page of 6,000 characters; so it is given
 * only the passage where most of the words searched for stand together.
 */

/** The passage handed to ts_headline, in characters, and how much of it comes before its first match. */
const PASSAGE = 480;
const LEAD = 60;

/** Lower case and without diacritics, one character for one, so positions in it are positions in `text`. */
const foldInPlace = (text: string) =>
  text.toLowerCase().replace(/[^ -~]/g, (ch) => {
    const folded = ch.normalize("NFKD").replace(/\p{M}/gu, "");
    return folded.length === 1 ? folded : ch;
  });

/** The first letters a word's other forms share ("kidnap" for kidnapping, kidnapped), near enough. */
const stemOf = (word: string) => (word.length <= 4 ? word : word.slice(0, Math.max(4, word.length - 3)));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The passage of `text` holding the most of `words` (folded, as query.ts folds them) at the starts of its
 * words, beginning a little before the first of them at a word's start; the text's beginning when none is
 * found or the text is short already.
 */
export function snippetPassage(text: string, words: string[]): string {
  if (text.length <= PASSAGE) return text;
  const folded = foldInPlace(text);
  const hits: { at: number; stem: string }[] = [];
  for (const stem of new Set(words.filter((w) => w.length >= 2).map(stemOf)))
    for (const m of folded.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escape(stem)}`, "gu"))) hits.push({ at: m.index, stem });
  if (!hits.length) return text.slice(0, PASSAGE);
  hits.sort((a, b) => a.at - b.at);
  let best = { at: hits[0]!.at, stems: 0 };
  for (let i = 0; i < hits.length; i++) {
    const stems = new Set<string>();
    for (let j = i; j < hits.length && hits[j]!.at < hits[i]!.at + PASSAGE - LEAD; j++) stems.add(hits[j]!.stem);
    if (stems.size > best.stems) best = { at: hits[i]!.at, stems: stems.size };
  }
  const lead = text.lastIndexOf(" ", Math.max(0, best.at - LEAD));
  const start = best.at < LEAD ? 0 : lead + 1;
  return text.slice(start, start + PASSAGE);
}
