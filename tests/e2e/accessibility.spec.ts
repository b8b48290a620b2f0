/** axe on a page of every kind, on the desktop and on a phone, and on the same templates right to left. */
import { PAGE_KINDS, RIGHT_TO_LEFT_PAGE_KINDS } from "../helpers/pages";
import { axeEachPage } from "./fixtures";

axeEachPage([...PAGE_KINDS, ...RIGHT_TO_LEFT_PAGE_KINDS]);
