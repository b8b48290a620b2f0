/**
 * React takes a page over here. The staff area is an application: it hydrates at once. A public page that
 * hydrates (the contact and join forms) already works without JavaScript, so React takes it over at the
 * visitor's first sign of use instead: a pointer moved or pressed, a touch, a wheel, a key, a focus. Until then a
 * phone spends nothing on hydration's long tasks, which on a slow one delayed the first tap (Lighthouse's
 * total blocking time on /fa/contact: 45–870 ms from one run to the next). Fields are uncontrolled, so what
 * was typed before stays; a form sent before hydration is sent without JavaScript, as designed.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATE_ON_FIRST_USE } from "./lib/route-handle";

const FIRST_USE = ["pointermove", "pointerdown", "touchstart", "wheel", "keydown", "focusin"] as const;

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

function onFirstUse(then: () => void) {
  const once = () => {
    for (const type of FIRST_USE) removeEventListener(type, once, true);
    then();
  };
  for (const type of FIRST_USE) addEventListener(type, once, { capture: true, passive: true });
}

// Whoever focused a field while the scripts were arriving is already using the page.
const inUse = document.activeElement !== null && document.activeElement !== document.body;
if (document.documentElement.dataset.hydrate === HYDRATE_ON_FIRST_USE && !inUse) onFirstUse(hydrate);
else hydrate();
