/**
 * A page not yet translated is English text inside its language's interface: root.tsx marks its `<main>`
 * `lang="en" dir="ltr"`. The interface's own words inside it (a heading, a button, a note) are then marked
 * back: `<h2 {...useInterfaceLang()}>` gives them the page's `lang` and `dir`, so a screen reader reads them
 * in that language and right-to-left text runs right to left. Elsewhere (an English page, a translated one,
 * a page in interface text only) it gives nothing, and the markup is unchanged.
 */
import { createContext, useContext } from "react";
import type { Language } from "./languages";

export interface InterfaceLang {
  lang?: string;
  dir?: Language["dir"];
}

const InterfaceLangContext = createContext<InterfaceLang>({});

export const InterfaceLangProvider = InterfaceLangContext.Provider;

export const useInterfaceLang = () => useContext(InterfaceLangContext);

/**
 * The other way round: inside a page in the language (a list of documents), an item whose words are still the
 * English (a community, a person or a partner not yet translated) is marked as English and runs left to right.
 * On an English page no item is, and nothing is marked.
 */
export const englishText = (english: boolean): InterfaceLang => (english ? { lang: "en", dir: "ltr" } : {});
