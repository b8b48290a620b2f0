/**
 * The few behaviours of content pages, without shipping React to them (DESIGN: HTML first).
 * Everything here is an enhancement: with JavaScript off the pages are complete and usable.
 */
import { initCarousels } from "./carousel";
import { initEmbeds } from "./embeds";
import { initHashScroll } from "./hash-scroll";
import { initNavDropdowns } from "./nav-dropdowns";
import { initReveal } from "./reveal";

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

for (const el of document.querySelectorAll<HTMLElement>("[data-console]")) console.log(el.dataset.console);

initNavDropdowns();
initHashScroll({ reducedMotion });
initReveal({ reducedMotion });
initCarousels({ reducedMotion });
initEmbeds();
