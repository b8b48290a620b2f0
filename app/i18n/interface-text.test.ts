import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { formatMessage, interfaceText, layoutText, MESSAGE_KEYS, pageText, SHIPPED } from "./interface-text.server";
import { LANGUAGES } from "./languages";
import { fillIn, formatNumber, type MessageKey } from "./text";

/** The names a message takes its values by (and its rich-text tags), whatever rules surround them. */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if ("options" in element) for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    if (element.type === TYPE.tag) argumentsOf(element.children, names);
  }
  return names;
}

/** A value for each of a message's arguments: a number for a plural, words in a tag. */
function sampleValues(elements: MessageFormatElement[], values: Record<string, unknown> = {}) {
  for (const element of elements) {
    if (element.type === TYPE.plural || element.type === TYPE.number) values[element.value] = 3;
    else if (element.type === TYPE.tag) values[element.value] = (words: string[]) => words.join("");
    else if (element.type === TYPE.argument) values[element.value] = "X";
    if ("options" in element) for (const option of Object.values(element.options)) sampleValues(option.value, values);
    if (element.type === TYPE.tag) sampleValues(element.children, values);
  }
  return values;
}

describe("the shipped interface text", () => {
  it.each(LANGUAGES.map((l) => l.code))("%s has every English string, no other, each taking the same values", (code) => {
    const shipped = SHIPPED[code];
    expect(Object.keys(shipped).sort()).toEqual([...MESSAGE_KEYS].sort());
    for (const key of MESSAGE_KEYS) {
      expect(shipped[key]?.trim(), key).toBeTruthy();
      expect([...argumentsOf(parse(shipped[key]!))].sort(), `${code} ${key}`).toEqual([...argumentsOf(parse(SHIPPED.en[key]!))].sort());
    }
  });

  it("fills in values, numbers in the language's own digits", () => {
    const rights = (code: "fa" | "ar" | "fr" | "en") =>
      fillIn(code, SHIPPED[code]["footer.rights"]!, { year: formatNumber(code, 2026, { useGrouping: false }), organization: "X" });
    expect(rights("fa")).toContain("۲۰۲۶");
    expect(rights("ar")).toContain("٢٠٢٦");
    expect(rights("fr")).toContain("2026");
    expect(rights("en")).toBe("© 2026 X. All rights reserved.");
    expect(fillIn("fa", "{n}", { n: 1234 })).toBe("۱٬۲۳۴");
  });

  it.each(LANGUAGES.map((l) => l.code))(
    "%s: every string formats with its values, no brace left (an ASCII apostrophe before one would quote it)",
    (code) => {
      for (const key of MESSAGE_KEYS) {
        const said = formatMessage(code, key, sampleValues(parse(SHIPPED[code][key]!)) as never);
        expect(said, `${code} ${key}`).not.toMatch(/[{}]/);
      }
    },
  );

  it("says plurals by each language's CLDR rules: Arabic's six forms", () => {
    const minutes = (code: "ar" | "en" | "fa", n: number) => formatMessage(code, "contact.rateLimited", { minutes: n });
    const arabic = [0, 1, 2, 3, 11, 100].map((n) => minutes("ar", n));
    expect(new Set(arabic.map((s) => s.slice(s.lastIndexOf("بعد"))))).toHaveProperty("size", 6);
    expect(arabic[2]).toContain("بعد دقيقتين.");
    expect(arabic[3]).toContain("بعد ٣ دقائق.");
    expect(minutes("en", 1)).toBe("Too many messages have been sent from your network. Please try again in 1 minute.");
    expect(minutes("en", 12)).toContain("in 12 minutes.");
    expect(minutes("fa", 12)).toContain("۱۲ دقیقهٔ دیگر");
  });

  it("gives the layout its strings and each page only its own, formatted with the values it is given", () => {
    const layout = Object.keys(layoutText("fa"));
    expect(layout).toContain("nav.home");
    expect(layout.some((k) => /^(forms|contact|join|donate)\./.test(k))).toBe(false);
    const contact = pageText("fa", ["forms", "contact"], { "contact.error.subjectTooLong": { max: 150 } });
    expect(Object.keys(contact).every((k) => k.startsWith("forms.") || k.startsWith("contact."))).toBe(true);
    expect(contact["contact.error.subjectTooLong"]).toBe("موضوع باید کمتر از ۱۵۰ نویسه باشد");
    expect(contact["contact.intro"]).toContain("{email}");
    expect(layout.length + Object.keys(pageText("en", ["forms", "contact", "join", "donate"])).length).toBe(MESSAGE_KEYS.length);
    expect(formatMessage("ar", "no.such.key" as MessageKey)).toBe("no.such.key");
  });

  it("falls back to English for a string a language lacks", () => {
    expect(interfaceText("ku")["nav.home"]).toBe(SHIPPED.ku["nav.home"]);
    expect(Object.keys(interfaceText("ar"))).toHaveLength(MESSAGE_KEYS.length);
  });
});
