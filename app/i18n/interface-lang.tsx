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
