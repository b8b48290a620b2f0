/**
 * axe on more pages of the routes accessibility.spec.ts checks on both layouts: the same templates with other
 * content, so the desktop alone, where a page's whole text is shown at once.
 */
import { axeEachPage, MORE_PAGES } from "../fixtures";

axeEachPage(MORE_PAGES);
