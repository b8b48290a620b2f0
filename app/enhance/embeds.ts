/**
 * Click-to-load embeds: nothing is requested from the provider until the visitor presses the button.
 * The server renders the embed's markup inside a <template>, which the browser keeps inert.
 */
export function initEmbeds() {
  document.addEventListener("click", (event) => {
    const button = (event.target as Element).closest?.("[data-embed-load]");
    if (!button) return;
    const container = button.closest<HTMLElement>("[data-embed]");
    const template = container?.querySelector<HTMLTemplateElement>("template[data-embed-template]");
    if (!container || !template) return;
    const frame = template.content.cloneNode(true) as DocumentFragment;
    const placeholder = container.querySelector("[data-embed-placeholder]");
    placeholder?.replaceWith(frame);
    container.dataset.loaded = "true";
    container.querySelector<HTMLElement>("iframe")?.focus();
  });
}
