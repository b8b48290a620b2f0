import { describe, expect, it } from "vitest";
import { snippetPassage } from "./snippet";

const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("snippetPassage", () => {
  it("gives a short text whole", () => {
    expect(snippetPassage("Yazidis of Sinjar", ["sinjar"])).toBe("Yazidis of Sinjar");
  });

  it("takes a long text's passage where the words searched for stand, from a word's start", () => {
    const text = `${filler(200)} the kidnapped girls of Chibok ${filler(200)}`;
    const passage = snippetPassage(text, ["kidnapping"]);
    expect(passage.length).toBeLessThanOrEqual(480);
    expect(passage).toContain("kidnapped girls of Chibok");
    expect(passage.startsWith("word")).toBe(true);
  });

  it("prefers the passage holding more of the words to the first that holds one", () => {
    const text = `Sinjar once. ${filler(300)} Sinjar and the Yazidi genocide. ${filler(100)}`;
    expect(snippetPassage(text, ["sinjar", "genocide"])).toContain("Sinjar and the Yazidi genocide");
  });

  it("finds words written with diacritics or capitals, at the starts of words only", () => {
    const text = `${filler(150)} unezidi ${filler(150)} Êzîdî faith ${filler(150)}`;
    expect(snippetPassage(text, ["ezidi"])).toContain("Êzîdî faith");
  });

  it("gives the beginning when no word is found", () => {
    const text = filler(300);
    expect(snippetPassage(text, ["absent"])).toBe(text.slice(0, 480));
  });
});
