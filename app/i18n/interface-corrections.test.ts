import { describe, expect, it } from "vitest";
import { correctionProblem } from "./interface-corrections.server";
import { interfaceText, SHIPPED, type InterfaceCorrections } from "./interface-text.server";

describe("a correction's check", () => {
  it("takes any text that parses and keeps the English's values", () => {
    expect(correctionProblem("nav.home", "ماڵەوە")).toBeNull();
    expect(correctionProblem("footer.rights", "© {year} {organization}. Tous droits réservés.")).toBeNull();
    // Markup is text here, shown as typed; an apostrophe away from a brace is an apostrophe.
    expect(correctionProblem("nav.about", "<b>À propos</b> de l'alliance")).toBeNull();
  });

  it.each([
    [
      "footer.rights",
      "© {year}. All rights reserved.",
      /^Put back \{organization\}: the site fills in a value there, as in the English\.$/,
    ],
    ["footer.rights", "© {year} {organisation}", /^Put back \{organization\}: .* Take out \{organisation\}: the English has no such value/],
    ["nav.home", "Home {page}", /^Take out \{page\}: the English has no such value, so visitors would see the braces\.$/],
    ["footer.rights", "© {year {organization}", /^The braces do not pair up \(near character 3\)/],
    ["layout.opensInNewTab", "{} (nouvel onglet)", /^The braces do not pair up/],
    // In ICU MessageFormat l'{name} is the text “l{name}”: the value is lost, and the message says why.
    ["layout.opensInNewTab", "l'{name} s'ouvre", /^Put back \{name\}: .* A straight apostrophe .* use ’ instead\.$/],
    ["nav.home", "   ", /^Write the text, or tick “Reset to the shipped text”/],
    ["nav.home", "x".repeat(1001), /^Keep it under 1,000 characters/],
  ] as const)("refuses %s as %j, saying why", (key, message, why) => {
    expect(correctionProblem(key, message)).toMatch(why);
  });
});

describe("the interface text with corrections", () => {
  const corrections: InterfaceCorrections = { ckb: { "nav.home": "سەرەتا" }, en: { "nav.about": "About us" } };

  it("puts a language's corrections over its shipped text, and leaves every other string and language as shipped", () => {
    const ckb = interfaceText("ckb", corrections);
    expect(ckb["nav.home"]).toBe("سەرەتا");
    expect(ckb["nav.about"]).toBe(SHIPPED.ckb["nav.about"]);
    expect(interfaceText("en", corrections)["nav.about"]).toBe("About us");
    expect(interfaceText("ar", corrections)).toEqual(interfaceText("ar"));
    expect(interfaceText("ar", { ckb: corrections.ckb })).toBe(interfaceText("ar"));
    expect(interfaceText("ckb")["nav.home"]).toBe(SHIPPED.ckb["nav.home"]);
    // Resolved once per edition's corrections.
    expect(interfaceText("ckb", corrections)).toBe(ckb);
  });
});
