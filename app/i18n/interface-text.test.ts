import { describe, expect, it } from "vitest";
import { argumentsOf, parseMessage as parse } from "./interface-corrections.server";
import { interfaceText, MESSAGE_KEYS, SHIPPED } from "./interface-text.server";
import { LANGUAGES } from "./languages";
import { fillIn, formatNumber } from "./text";

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

  it("falls back to English for a string a language lacks", () => {
    expect(interfaceText("ku")["nav.home"]).toBe(SHIPPED.ku["nav.home"]);
    expect(Object.keys(interfaceText("ar"))).toHaveLength(MESSAGE_KEYS.length);
  });
});
