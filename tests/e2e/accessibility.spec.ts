/** axe on a page of every kind, on the desktop and on a phone. */
import { PAGE_KINDS } from "../helpers/pages";
import { axeEachPage } from "./fixtures";

axeEachPage(PAGE_KINDS);
