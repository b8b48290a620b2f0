import { describe, expect, it } from "vitest";
import { LANGUAGES, languageOfPath, localPath } from "./languages";

describe("addresses in every language", () => {
  it.each([
    ["/about", "en", "/about"],
    ["/", "en", "/"],
    ["/ar/communities/yazidis", "ar", "/communities/yazidis"],
    ["/ckb/", "ckb", "/"],
    ["/fa", "fa", "/"],
    // English has no prefix, and an unknown one is an English address (which is not found).
    ["/en/about", "en", "/en/about"],
    ["/xx/about", "en", "/xx/about"],
    ["/arabic", "en", "/arabic"],
    ["/about/ar", "en", "/about/ar"],
  ])("%s is in %s, as %s in English", (pathname, language, path) => {
    expect(languageOfPath(pathname)).toEqual({ language, path });
  });

  it("puts every English address under each language's prefix and reads it back", () => {
    for (const { code } of LANGUAGES)
      for (const path of ["/", "/about", "/communities/yazidis/news"])
        expect(languageOfPath(localPath(code, path))).toEqual({ language: code, path });
    expect(localPath("en", "/about")).toBe("/about");
    expect(localPath("ar", "/")).toBe("/ar/");
  });
});
