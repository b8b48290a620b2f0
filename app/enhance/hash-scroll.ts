/** docs/product.md, "Scrolling and motion": a new page starts at the top; a hash that names an element scrolls smoothly to it after 100 ms. */
const HASH_SCROLL_DELAY_MS = 100;

function targetOf(hash: string): HTMLElement | null {
  if (!hash || hash === "#") return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

function scrollToTarget(target: HTMLElement, reducedMotion: boolean) {
  window.setTimeout(() => {
    target.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
    // Move focus too, so keyboard and screen-reader users continue from the section they asked for.
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, HASH_SCROLL_DELAY_MS);
}

export function initHashScroll({ reducedMotion }: { reducedMotion: boolean }) {
  const initial = targetOf(window.location.hash);
  if (initial) {
    history.scrollRestoration = "manual";
    window.scrollTo(0, 0);
    scrollToTarget(initial, reducedMotion);
  }

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.("a[href*='#']") as HTMLAnchorElement | null;
    if (!link || link.target) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search) return;
    const target = targetOf(url.hash);
    if (!target) return;
    event.preventDefault();
    history.pushState(null, "", url.hash);
    scrollToTarget(target, reducedMotion);
  });

  window.addEventListener("popstate", () => {
    const target = targetOf(location.hash);
    if (target) scrollToTarget(target, reducedMotion);
    else window.scrollTo(0, 0);
  });
}
