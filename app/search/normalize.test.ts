import { describe, expect, it } from "vitest";
import { normalizeForSearch } from "./normalize";

describe("each language's text as search compares it (issue 34)", () => {
  it("Arabic: vowel marks, tatweel, hamza and madda on alef, alef maqsura, ta marbuta, Persian letters and digits", () => {
    const plain = normalizeForSearch("ar", "الايزيديون");
    expect(normalizeForSearch("ar", "الإِيزِيدِيُّونَ")).toBe(plain);
    expect(normalizeForSearch("ar", "الإيـــزيديون")).toBe(plain);
    expect(normalizeForSearch("ar", "آمنة أو إبادة على مدى")).toBe("امنه او اباده علي مدي");
    expect(normalizeForSearch("ar", "کردی")).toBe("كردي");
    expect(normalizeForSearch("ar", "عام ٢٠١٤ و۲۰۱۴")).toBe("عام 2014 و2014");
  });

  it("Persian: the Arabic keyboard's yeh and kaf become Persian, the non-joiner parts a word from its affix, marks go", () => {
    expect(normalizeForSearch("fa", "كردي")).toBe("کردی");
    expect(normalizeForSearch("fa", "ایزدی‌ها")).toBe("ایزدی ها");
    expect(normalizeForSearch("fa", "خانهٔ")).toBe("خانه");
    expect(normalizeForSearch("fa", "۱۴۰۳")).toBe("1403");
  });

  it("Sorani is not Persian: ta marbuta is its ە, heh doachashmee its heh, and its own letters stay", () => {
    expect(normalizeForSearch("ckb", "كوردي")).toBe("کوردی");
    expect(normalizeForSearch("ckb", "ھەولێر")).toBe("هەولێر");
    expect(normalizeForSearch("ckb", "ة")).toBe("ە");
    expect(normalizeForSearch("fa", "ة")).toBe("ه");
    expect(normalizeForSearch("ckb", "ڕۆژ ڵ")).toBe("ڕۆژ ڵ");
  });

  it("leaves Latin-script languages to their text-search configuration (accents, case, stems)", () => {
    for (const language of ["en", "fr", "ku"] as const) expect(normalizeForSearch(language, "Êzîdî chrétiens")).toBe("Êzîdî chrétiens");
  });
});
