import { describe, expect, it } from "vitest";
import { MAX_QUERY_LENGTH, cleanQuery, fold, parseQuery, replaceWord, type Alternative } from "./query";

const texts = (alternatives: Alternative[]) => alternatives.map((a) => a.text);
const folded = (alternatives: Alternative[]) => alternatives.map((a) => fold(a.text));

describe("fold", () => {
  it("sets aside case, diacritics, apostrophes and punctuation, as the index does", () => {
    expect(fold("Êzîdî")).toBe("ezidi");
    expect(fold("Bahá’í")).toBe("bahai");
    expect(fold("Da'esh")).toBe("daesh");
    expect(fold("As-Suwayda, Syria!")).toBe("as suwayda syria");
  });
});

describe("parseQuery", () => {
  it("widens a community's name with each of its spellings, whichever was typed", () => {
    for (const typed of ["yazidi", "Ezidi", "Êzîdî", "YEZIDIS"]) {
      const { terms } = parseQuery(typed);
      expect(terms).toHaveLength(1);
      expect(folded(terms[0]!)).toEqual(expect.arrayContaining(["yazidi", "yezidi", "ezidi"]));
    }
  });

  it("keeps related names apart from equal ones", () => {
    const [assyrian] = parseQuery("Assyrian").terms;
    expect(assyrian!.filter((a) => !a.related).map((a) => a.text)).toContain("Assyrians");
    expect(assyrian!.filter((a) => a.related).map((a) => a.text)).toEqual(expect.arrayContaining(["Syriac", "Chaldean"]));
    const [bokoHaram] = parseQuery("Boko Haram").terms;
    expect(bokoHaram!.find((a) => a.text === "ISWAP")?.related).toBe(true);
  });

  it("reads a name of several words as one term, longest first, and as a phrase", () => {
    const { terms } = parseQuery("islamic state sinjar");
    expect(terms).toHaveLength(2);
    expect(texts(terms[0]!)).toEqual(expect.arrayContaining(["ISIS", "Daesh", "Islamic State"]));
    expect(terms[0]!.find((a) => a.text === "Islamic State")?.phrase).toBe(true);
    expect(texts(terms[1]!)).toEqual(expect.arrayContaining(["Sinjar", "Shingal"]));
  });

  it("matches the beginning of the last plain word, for a word still being typed", () => {
    const { terms } = parseQuery("forced conv");
    expect(terms).toHaveLength(2);
    expect(terms[0]!.some((a) => a.prefix)).toBe(false);
    expect(terms[1]).toContainEqual({ text: "conv", phrase: false, related: false, prefix: true });
  });

  it("keeps a quoted phrase whole, and widens it only when it is exactly a name", () => {
    const phrase = parseQuery('"kidnapping of girls"');
    expect(phrase.terms).toEqual([[{ text: "kidnapping of girls", phrase: true, related: false, prefix: false }]]);
    const name = parseQuery('"Rapid Support Forces"');
    expect(texts(name.terms[0]!)).toEqual(expect.arrayContaining(["RSF", "Janjaweed"]));
  });

  it("excludes a word after a minus, and its other spellings with it", () => {
    const { terms, excluded, words } = parseQuery("genocide -daesh");
    expect(texts(terms[0]!)).toContain("genocide");
    expect(texts(excluded[0]!)).toEqual(expect.arrayContaining(["ISIS", "Daesh"]));
    expect(words).toEqual(["genocide"]);
  });

  it("joins the terms either side of `or` into one", () => {
    const { terms } = parseQuery("Copts or Druze");
    expect(terms).toHaveLength(1);
    expect(texts(terms[0]!)).toEqual(expect.arrayContaining(["Copts", "Druze", "Druse"]));
  });

  it("lists the plain words typed, for Did you mean; names are spelled right by definition", () => {
    expect(parseQuery("yazidy genocde").words).toEqual(["yazidy", "genocde"]);
    expect(parseQuery("Ezidi genocde").words).toEqual(["genocde"]);
  });

  it("finds nothing to look for in punctuation, stray quotes or a lone minus", () => {
    for (const q of ["", "   ", '"', '""', "-", "!!! ???", "or", "-- or --"]) expect(parseQuery(q).terms).toEqual([]);
  });

  it("reads no further than the longest query allowed", () => {
    const long = `${"a".repeat(MAX_QUERY_LENGTH)} kurds`;
    expect(
      parseQuery(long)
        .terms.flat()
        .some((a) => a.text === "Kurds"),
    ).toBe(false);
  });
});

describe("cleanQuery", () => {
  it("drops control characters (a NUL would not reach the database) and cuts to length", () => {
    expect(cleanQuery("  kurds\u0000\tiran \n")).toBe("kurds iran");
    expect(cleanQuery("x".repeat(MAX_QUERY_LENGTH + 50))).toHaveLength(MAX_QUERY_LENGTH);
  });
});

describe("replaceWord", () => {
  it("replaces one word and keeps the rest as typed", () => {
    expect(replaceWord('Yazidy "mass graves" -Daesh', "yazidy", "yazidi")).toBe('yazidi "mass graves" -Daesh');
  });
});
