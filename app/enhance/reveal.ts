/**
 * Sections fade and slide in once, when a share of them is visible (0.3 on the home page; docs/product.md, "Scrolling and motion").
 * Only what starts below the fold is hidden, so nothing visible ever blinks out, and nothing is hidden
 * at all under reduced motion or without IntersectionObserver.
 */
export function initReveal({ reducedMotion }: { reducedMotion: boolean }) {
  const elements = [...document.querySelectorAll<HTMLElement>("[data-reveal]")];
  if (reducedMotion || !("IntersectionObserver" in window) || elements.length === 0) return;

  const byThreshold = new Map<number, IntersectionObserver>();
  const observerFor = (threshold: number) => {
    let observer = byThreshold.get(threshold);
    if (!observer) {
      observer = new IntersectionObserver(
        (entries, obs) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            entry.target.classList.remove("reveal-hidden");
            obs.unobserve(entry.target);
          }
        },
        { threshold },
      );
      byThreshold.set(threshold, observer);
    }
    return observer;
  };

  for (const el of elements) {
    if (el.getBoundingClientRect().top < window.innerHeight) continue;
    el.classList.add("reveal", "reveal-hidden");
    observerFor(Number(el.dataset.reveal) || 0.15).observe(el);
  }
}
