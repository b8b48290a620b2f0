/**
 * The same event told with different tolls on different pages: what happens when one page's source carries an
 * early count that the other pages have since corrected. Without reading the sources, a sentence that gives a
 * toll is tied to an event by its year and the names it mentions. Two pages that give a toll of the same kind
 * (killed, abducted) for the same year and name, with no figure in common, disagree: an editor has to decide
 * which figure is current and use it everywhere.
 */
import type { SourcedPage } from "./source-warnings";

type TollKind = "killed" | "abducted";

/** One toll one sentence gives, with what ties it to an event. */
interface TollMention {
  path: string;
  kind: TollKind;
  figure: number;
  year: string;
  names: string[];
}

const KILLED = "killed|killing|dead|died|massacred|murdered|executed|slain";
const ABDUCTED = "abducted|abducting|kidnapped|kidnapping|enslaved|taken hostage|taken captive";
const HEDGE = "(?:at least|some|about|around|nearly|almost|more than|over|up to|an estimated|roughly|approximately)\\s+";
const FIGURE = "(\\d{1,3}(?:,\\d{3})+|\\d+)";
/** "killed at least 1,200", "abducted 276" */
const VERB_THEN_FIGURE = new RegExp(`\\b(${KILLED}|${ABDUCTED})\\s+(?:${HEDGE})?${FIGURE}\\b`, "gi");
/** "1,200 people were killed", "364 dead", "276 schoolgirls abducted": up to three words between */
const FIGURE_THEN_VERB = new RegExp(
  `\\b${FIGURE}\\s+(?:[A-Za-z'-]+\\s+){0,3}?(?:(?:were|was|had been|have been)\\s+)?(${KILLED}|${ABDUCTED})\\b`,
  "gi",
);
const IS_ABDUCTED = new RegExp(`^(?:${ABDUCTED})$`, "i");

const YEAR = /\b(19\d\d|20\d\d)\b/g;
const CAPITALISED = /\b[A-Z][a-zA-Z'’-]+\b/g;
/**
 * Capitalised words that do not single out an event: countries and regions (many events share them), the
 * perpetrators and institutions the pages name again and again, the communities, months and small words.
 */
const NOT_DISTINCTIVE = new Set(
  [
    "Afghanistan Algeria Armenia Azerbaijan Bangladesh Burkina Faso Egypt Ethiopia Gaza Golan India Iran Iraq Israel",
    "Jordan Kenya Kurdistan Lebanon Libya Mali Morocco Niger Nigeria Pakistan Sahel Somalia Sudan Syria Turkey",
    "West Bank Middle East Africa Europe United States America Region Province Plains Heights",
    "ISIS ISIL IS Islamic State Daesh Boko Haram ISWAP JNIM Hamas Hamas-led Hezbollah Taliban Qaeda Al al",
    "Rapid Support Forces RSF Army Guard Revolutionary Regime Republic Government Ministry Court Party Group Front",
    "UN US UK EU United Nations Security Council Human Rights Watch Amnesty International Commission Inquiry",
    "Office Department Secretary-General President Prime Minister Observatory Hengaw",
    "Christians Christian Muslims Muslim Jews Jewish Yazidi Yazidis Kurds Kurdish Copts Coptic Assyrian Assyrians",
    "Druze Alawite Alawites Baha'i Baha'is Sikhs Sikh Hindus Hindu Arab Arabs Shia Sunni Catholic Orthodox Church",
    "Syrian Iraqi Israeli Iranian Nigerian Egyptian Afghan Pakistani Malian",
    "January February March April May June July August September October November December",
    "The A An In On At Of For From By With Since After Before During When While Its Their Our Mass Sunday Friday",
  ]
    .join(" ")
    .split(" "),
);

function sentencesOf(text: string): string[] {
  return text.replace(/\s+/g, " ").split(/(?<=[.!?])\s+/);
}

/** The names in a sentence that can single out an event: not its first word, not a country or an institution. */
function distinctiveNames(sentence: string): string[] {
  const words = [...sentence.matchAll(CAPITALISED)].filter((m) => m.index! > 0).map((m) => m[0].replace(/['’]s$/, ""));
  return [...new Set(words.filter((word) => !NOT_DISTINCTIVE.has(word)))];
}

function tollMentions(pages: SourcedPage[]): TollMention[] {
  const mentions: TollMention[] = [];
  for (const page of pages) {
    for (const sentence of sentencesOf(page.text)) {
      const years = new Set([...sentence.matchAll(YEAR)].map((m) => m[1]!));
      if (years.size !== 1) continue; // no year, or several events in one sentence: too loose to compare
      const [year] = years as Set<string>;
      const names = distinctiveNames(sentence);
      if (names.length === 0) continue;
      const tolls = [
        ...[...sentence.matchAll(VERB_THEN_FIGURE)].map((m) => [m[1]!, m[2]!] as const),
        ...[...sentence.matchAll(FIGURE_THEN_VERB)].map((m) => [m[2]!, m[1]!] as const),
      ];
      for (const [verb, figure] of tolls) {
        if (figure === year) continue;
        const kind: TollKind = IS_ABDUCTED.test(verb) ? "abducted" : "killed";
        mentions.push({ path: page.path, kind, figure: Number(figure.replace(/,/g, "")), year: year!, names });
      }
    }
  }
  return mentions;
}

/** Mentions of one event: the same kind of toll, the same year, a distinctive name in common (transitively). */
function eventsOf(mentions: TollMention[]): TollMention[][] {
  const parent = mentions.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const firstWith = new Map<string, number>();
  mentions.forEach((mention, i) => {
    for (const name of mention.names) {
      const key = `${mention.kind} ${mention.year} ${name}`;
      const first = firstWith.get(key);
      if (first === undefined) firstWith.set(key, i);
      else parent[root(i)] = root(first);
    }
  });
  const events = new Map<number, TollMention[]>();
  mentions.forEach((mention, i) => events.set(root(i), [...(events.get(root(i)) ?? []), mention]));
  return [...events.values()];
}

/** One warning per event whose pages give tolls with no figure in common. */
export function tollWarnings(pages: SourcedPage[]): string[] {
  const warnings: string[] = [];
  for (const event of eventsOf(tollMentions(pages))) {
    const figuresByPage = new Map<string, Set<number>>();
    for (const { path, figure } of event) figuresByPage.set(path, (figuresByPage.get(path) ?? new Set()).add(figure));
    const pageFigures = [...figuresByPage.entries()];
    const disagree = pageFigures.some(([, a], i) => pageFigures.slice(i + 1).some(([, b]) => ![...a].some((f) => b.has(f))));
    if (!disagree) continue;
    const { kind, year } = event[0]!;
    const names = [...new Set(event.flatMap((m) => m.names))].filter((name) => event.every((m) => m.names.includes(name)));
    const shown = names.length ? names : event[0]!.names;
    const told = pageFigures.map(([path, figures]) => `${path} says ${[...figures].map((f) => f.toLocaleString("en-US")).join(" and ")}`);
    warnings.push(
      `${kind} in ${year} (${shown.join(", ")}): ${told.join("; ")}: the same event with different tolls: use the current figure everywhere`,
    );
  }
  return warnings;
}
