/**
 * The home carousel: a slide every 3 s with a 1 s cross-fade (docs/product.md, "Home"), a pause button (WCAG 2.2.2),
 * and no automatic movement under reduced motion. Slides after the first wait in <template>s, so a
 * visitor on a slow network downloads only the first image until the second is about to show.
 */
export const CAROUSEL_INTERVAL_MS = 3000;

export function initCarousels({ reducedMotion }: { reducedMotion: boolean }) {
  for (const root of document.querySelectorAll<HTMLElement>("[data-carousel]")) initCarousel(root, reducedMotion);
}

function materialise(slide: HTMLElement) {
  const template = slide.querySelector<HTMLTemplateElement>("template[data-slide-content]");
  if (template) template.replaceWith(template.content.cloneNode(true));
}

function initCarousel(root: HTMLElement, reducedMotion: boolean) {
  const slides = [...root.querySelectorAll<HTMLElement>("[data-slide]")];
  const toggle = root.querySelector<HTMLButtonElement>("[data-carousel-toggle]");
  const status = root.querySelector<HTMLElement>("[data-carousel-status]");
  if (slides.length < 2) return;
  let index = slides.findIndex((s) => s.hasAttribute("data-active"));
  if (index < 0) index = 0;
  let timer: number | undefined;
  let userPaused = reducedMotion;
  let hoverPaused = false;

  const show = (next: number) => {
    const current = slides[index]!;
    const upcoming = slides[next]!;
    materialise(upcoming);
    current.removeAttribute("data-active");
    current.setAttribute("aria-hidden", "true");
    upcoming.setAttribute("data-active", "");
    upcoming.removeAttribute("aria-hidden");
    index = next;
    root.dataset.index = String(index);
    // Said in the page's language: each slide carries its own words (home.tsx).
    if (status) status.textContent = upcoming.dataset.status ?? "";
    // Fetch the following image now, so it is ready when its turn comes.
    materialise(slides[(index + 1) % slides.length]!);
  };

  const schedule = () => {
    window.clearInterval(timer);
    timer = undefined;
    if (userPaused || hoverPaused || document.hidden) return;
    timer = window.setInterval(() => show((index + 1) % slides.length), CAROUSEL_INTERVAL_MS);
  };

  const renderToggle = () => {
    if (!toggle) return;
    toggle.hidden = false;
    toggle.setAttribute("aria-label", (userPaused ? toggle.dataset.labelPlay : toggle.dataset.labelPause) ?? "");
    toggle.dataset.state = userPaused ? "paused" : "playing";
  };

  toggle?.addEventListener("click", () => {
    userPaused = !userPaused;
    renderToggle();
    schedule();
  });
  root.addEventListener("mouseenter", () => {
    hoverPaused = true;
    schedule();
  });
  root.addEventListener("mouseleave", () => {
    hoverPaused = false;
    schedule();
  });
  document.addEventListener("visibilitychange", schedule);

  if (!userPaused) materialise(slides[(index + 1) % slides.length]!);
  renderToggle();
  schedule();
}
