import { describe, expect, it } from "vitest";
import { SHIPPED } from "~/i18n/interface-text.server";
import { FIXED_PAGES } from "./fixed-pages";

describe("the fixed pages", () => {
  // Search indexes these words; the pages say them as interface text, in every language.
  it("have the interface text's English title and description, where the page says them in every language", () => {
    expect(FIXED_PAGES.communities).toMatchObject({
      title: SHIPPED.en["nav.communities"],
      description: SHIPPED.en["communities.description"],
    });
    expect(FIXED_PAGES.partners).toMatchObject({ title: SHIPPED.en["partners.title"], description: SHIPPED.en["partners.description"] });
  });
});
