/**
 * What a visitor typed, read with web-search syntax (`"exact phrase"`, `-word`, `or`, as PostgreSQL's
 * websearch_to_tsquery reads it) and widened with the other spellings of any name it contains
 * (spellings.ts). search.server.ts turns the result into a tsquery, one piece per alternative, so the
 * visitor's text only ever reaches the database as a parameter.
 */
import { NAME_GROUPS } from "./spellings";

/** Longer queries are cut here: nobody types more, and every word costs a little. */
export const MAX_QUERY_LENGTH = 200;
const MAX_TERMS = 12;

/** One way of matching a term: a word or phrase handed to websearch_to_tsquery, or a prefix. */
export interface Alternative {
  text: string;
  /** Quoted: the words in this order. */
  phrase: boolean;
  /** Only a related name (spellings.ts): it widens the search but does not count as the name asked for. */
  related: boolean;
  /** The beginning of a word (the last word typed, perhaps unfinished). */
  prefix: boolean;
}

/** A document must match one alternative of every term, and none of the excluded. */
export interface ParsedQuery {
  terms: Alternative[][];
  excluded: Alternative[][];
  /** The plain words typed, in order, for "Did you mean". */
  words: string[];
}

/** What is searched and shown of what was typed: control characters and runs of spaces gone, cut to length. */
export const cleanQuery = (input: string) =>
  input
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH)
    .trim();

/** Case, diacritics, apostrophes and hyphens set aside, as the index's unaccent configuration does. */
export const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’ʼʿʾ`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

interface GroupEntry {
  words: string[];
  group: (typeof NAME_GROUPS)[number];
}

/** Every spelling, as folded words, longest first: "islamic state of iraq" wins over "islamic state". */
const SPELLINGS: GroupEntry[] = NAME_GROUPS.flatMap((group) => group.names.map((name) => ({ words: fold(name).split(" "), group }))).sort(
  (a, b) => b.words.length - a.words.length,
);

function alternativesFor(group: GroupEntry["group"]): Alternative[] {
  const seen = new Set<string>();
  const out: Alternative[] = [];
  const add = (name: string, related: boolean) => {
    const key = fold(name);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ text: name, phrase: key.includes(" "), related, prefix: false });
  };
  for (const name of group.names) add(name, false);
  for (const name of group.related ?? []) add(name, true);
  return out;
}

/** The name groups a run of folded words starts with, and how many words the longest spelling took. */
function spellingAt(words: string[], start: number): { groups: GroupEntry["group"][]; length: number } | null {
  for (const entry of SPELLINGS) {
    const n = entry.words.length;
    if (start + n > words.length) continue;
    if (entry.words.every((w, i) => words[start + i] === w)) {
      const groups = SPELLINGS.filter((e) => e.words.length === n && e.words.every((w, i) => words[start + i] === w)).map((e) => e.group);
      return { groups, length: n };
    }
  }
  return null;
}

interface Token {
  text: string;
  quoted: boolean;
  negated: boolean;
  or: boolean;
}

/** Splits as websearch_to_tsquery does: quoted phrases, a leading minus, the word "or" between terms. */
function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /(-?)"([^"]*)"?|(\S+)/g;
  for (const m of input.matchAll(pattern)) {
    if (m[2] !== undefined) {
      if (fold(m[2])) tokens.push({ text: m[2], quoted: true, negated: m[1] === "-", or: false });
      continue;
    }
    const raw = m[3]!;
    if (/^or$/i.test(raw)) {
      tokens.push({ text: raw, quoted: false, negated: false, or: true });
      continue;
    }
    const negated = raw.startsWith("-") && raw.length > 1;
    const text = negated ? raw.slice(1) : raw;
    if (fold(text)) tokens.push({ text, quoted: false, negated, or: false });
  }
  return tokens;
}

export function parseQuery(input: string): ParsedQuery {
  const tokens = tokenize(cleanQuery(input));
  const terms: Alternative[][] = [];
  const excluded: Alternative[][] = [];
  const words: string[] = [];
  let joinNext = false;
  const lastPlain = tokens.findLastIndex((t) => !t.or);

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.or) {
      joinNext = terms.length > 0;
      continue;
    }
    let alternatives: Alternative[];
    let consumed = 1;
    if (token.quoted) {
      const spelling = spellingAt(fold(token.text).split(" "), 0);
      alternatives =
        spelling && spelling.length === fold(token.text).split(" ").length
          ? spelling.groups.flatMap(alternativesFor)
          : [{ text: token.text, phrase: true, related: false, prefix: false }];
    } else {
      // A name may run over several plain words ("islamic state"): look ahead while they are plain.
      let end = i;
      while (end < tokens.length && !tokens[end]!.quoted && !tokens[end]!.or && tokens[end]!.negated === token.negated) end++;
      const run = tokens.slice(i, end).map((t) => fold(t.text));
      const spelling = spellingAt(run.join(" ").split(" "), 0);
      const tokenWords = run.map((r) => r.split(" ").length);
      // Only a spelling that ends where a typed word ends stands for those words.
      let taken = 0;
      let covered = 0;
      while (spelling && taken < tokenWords.length && covered < spelling.length) covered += tokenWords[taken++]!;
      if (spelling && covered === spelling.length) {
        alternatives = spelling.groups.flatMap(alternativesFor);
        consumed = taken;
      } else {
        const folded = fold(token.text);
        alternatives = [{ text: token.text, phrase: false, related: false, prefix: false }];
        // The last word typed may be unfinished: "yaz" finds Yazidis.
        if (i === lastPlain && !token.negated && folded.length >= 2 && !folded.includes(" "))
          alternatives.push({ text: folded, phrase: false, related: false, prefix: true });
        if (!token.negated) words.push(...folded.split(" "));
      }
    }
    i += consumed - 1;
    if (token.negated) {
      excluded.push(alternatives);
      joinNext = false;
      continue;
    }
    if (joinNext) terms[terms.length - 1]!.push(...alternatives);
    else terms.push(alternatives);
    joinNext = false;
    if (terms.length >= MAX_TERMS) break;
  }
  return { terms, excluded, words };
}

/** The query with one word replaced (for "Did you mean"), keeping the rest as typed. */
export function replaceWord(input: string, from: string, to: string): string {
  return input.replace(/[^\s"-]+/g, (word) => (fold(word) === from ? to : word));
}
