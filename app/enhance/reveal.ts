/**
 * Sections fade and slide in once, when a share of them is visible (0.3 on the home page; docs/product.md, "Scrolling and motion").
 * Only what starts below the fold is hidden, so nothing visible ever blinks out, and nothing is hidden
 * at all under reduced motion or without IntersectionObserver.
 *
 * Where each section starts is read from the observer's first report, made with the page's own first layout,
 * rather than measured here: measuring while the page is still being laid out forced a layout of its own
 * (Lighthouse: a 40 ms forced reflow on the Arabic home page, whose text is costlier to lay out).
 */
export function initReveal({ reducedMotion }: { reducedMotion: boolean }) {
  const elements = [...document.querySelectorAll<HTMLElement>("[data-reveal]")];
  if (reducedMotion || !("IntersectionObserver" in window) || elements.length === 0) return;

  const placed = new WeakSet<Element>();
  const byThreshold = new Map<number, IntersectionObserver>();
  const observerFor = (threshold: number) => {
    let observer = byThreshold.get(threshold);
    if (!observer) {
      observer = new IntersectionObserver(
        (entries, obs) => {
          for (const entry of entries) {
            const el = entry.target;
            if (!placed.has(el)) {
              placed.add(el);
              // On screen or above it at first: never hidden.
              if (entry.boundingClientRect.top < (entry.rootBounds?.height ?? window.innerHeight)) obs.unobserve(el);
              else el.classList.add("reveal", "reveal-hidden");
            } else if (entry.isIntersecting) {
              el.classList.remove("reveal-hidden");
              obs.unobserve(el);
            }
          }
        },
        { threshold },
      );
      byThreshold.set(threshold, observer);
    }
    return observer;
  };

  for (const el of elements) observerFor(Number(el.dataset.reveal) || 0.15).observe(el);
}
