import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SHIPPED } from "./interface-text.server";
import { formatPlural } from "./plurals";

const results = (code: keyof typeof SHIPPED, count: number) => formatPlural(code, SHIPPED[code]["search.results"]!, { count, query: "X" });

describe("strings with plural rules (CLDR, intl-messageformat)", () => {
  it("says Arabic's six forms, in Arabic-Indic digits", () => {
    expect([0, 1, 2, 3, 11, 100].map((n) => results("ar", n))).toEqual([
      "لا نتائج عن X",
      "نتيجة واحدة عن X",
      "نتيجتان عن X",
      "٣ نتائج عن X",
      "١١ نتيجة عن X",
      "١٠٠ نتيجة عن X",
    ]);
    expect(formatPlural("ar", SHIPPED.ar["search.tooManyText"]!, { seconds: 2 })).toContain("الانتظار ثانيتين ثم");
  });

  it("says English as the pages always have, and the others by their own rules and digits", () => {
    expect([0, 1, 12, 1234].map((n) => results("en", n))).toEqual([
      "No results for X",
      "1 result for X",
      "12 results for X",
      "1234 results for X",
    ]);
    const shown = { count: 25, query: "X", first: 11, last: 20 };
    expect(formatPlural("en", SHIPPED.en["search.resultsShown"]!, shown)).toBe("25 results for X, 11 to 20 shown");
    expect(formatPlural("fa", SHIPPED.fa["search.resultsShown"]!, shown)).toBe("۲۵ نتیجه برای X، نمایش ۱۱ تا ۲۰");
    expect(formatPlural("en", SHIPPED.en["search.tooManyText"]!, { seconds: 1 })).toContain("Please wait a second and");
    expect([0, 1, 2].map((n) => results("fr", n))).toEqual(["Aucun résultat pour X", "1 résultat pour X", "2 résultats pour X"]);
    expect(results("ckb", 12)).toBe("١٢ ئەنجام بۆ X");
  });

  it("puts elements in a sentence (a quotation, a link)", () => {
    const said = formatPlural("en", SHIPPED.en["communityNews.count"]!, { count: 3, feed: createElement("a", { href: "/f" }, "Follow") });
    expect(renderToStaticMarkup(createElement("p", null, said))).toBe('<p>3 reports, newest first. <a href="/f">Follow</a>.</p>');
  });
});
