/** axe on one page of every route, on the desktop and on a phone; desktop/accessibility.spec.ts checks the rest. */
import { ROUTE_EXAMPLES } from "../helpers/pages";
import { axeEachPage } from "./fixtures";

axeEachPage(ROUTE_EXAMPLES);
