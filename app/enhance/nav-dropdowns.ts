/** Desktop dropdowns are native <details>; this adds what menus are expected to do beyond that. */
export function initNavDropdowns(root: Document = document) {
  const dropdowns = [...root.querySelectorAll<HTMLDetailsElement>("details[data-nav-dropdown]")];
  const closeAll = (except?: HTMLDetailsElement) => {
    for (const d of dropdowns) if (d !== except) d.open = false;
  };

  for (const d of dropdowns) {
    d.addEventListener("toggle", () => {
      if (d.open) closeAll(d);
    });
    d.addEventListener("focusout", (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !d.contains(next)) d.open = false;
    });
  }

  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const open = dropdowns.find((d) => d.open);
    if (!open) return;
    open.open = false;
    open.querySelector("summary")?.focus();
  });

  root.addEventListener("click", (event) => {
    const target = event.target as Node;
    for (const d of dropdowns) if (d.open && !d.contains(target)) d.open = false;
  });
}
