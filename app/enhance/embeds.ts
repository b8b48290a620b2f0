/**
 * Click-to-load embeds: nothing is requested from the provider until the visitor presses the button.
 * The server renders the embed's markup inside a <template>, which the browser keeps inert.
 *
 * Script-based embeds (social posts), as docs/product.md describes ("Embedded content from other sites"): the provider's script is awaited (polled every
 * 100 ms, up to 10 s), the posts are processed 500 ms later, and a check 2 s after that shows the plain
 * link if no post appeared.
 */
export const EMBED_POLL_MS = 100;
export const EMBED_POLL_LIMIT_MS = 10_000;
export const EMBED_PROCESS_DELAY_MS = 500;
export const EMBED_DIAGNOSTIC_DELAY_MS = 2_000;

type ProviderGlobal = { widgets?: { load(el?: Element): void }; Embeds?: { process(): void }; lib?: { render?(el?: Element): void } };

const scriptsRequested = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let pending = scriptsRequested.get(src);
  if (!pending) {
    pending = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`could not load ${src}`));
      document.head.append(script);
    });
    scriptsRequested.set(src, pending);
  }
  return pending;
}

function waitForGlobal(name: string): Promise<ProviderGlobal> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      const value = (window as unknown as Record<string, ProviderGlobal | undefined>)[name];
      if (value) resolve(value);
      else if (Date.now() - started >= EMBED_POLL_LIMIT_MS) reject(new Error(`${name} did not appear`));
      else window.setTimeout(check, EMBED_POLL_MS);
    };
    check();
  });
}

const wait = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

function showFailure(container: HTMLElement) {
  container.dataset.embedState = "failed";
  const failed = container.querySelector<HTMLElement>("[data-embed-failed]");
  if (failed) failed.hidden = false;
  container.querySelector(".embed-post")?.remove();
}

async function activate(container: HTMLElement) {
  if (container.dataset.embedState) return;
  container.dataset.embedState = "loading";
  const template = container.querySelector<HTMLTemplateElement>("template[data-embed-template]");
  const placeholder = container.querySelector("[data-embed-placeholder]");
  if (!template) return;
  const content = template.content.cloneNode(true) as DocumentFragment;
  const script = container.dataset.embedScript;
  if (!script) {
    // A plain iframe embed (video, donation form).
    placeholder?.replaceWith(content);
    container.dataset.embedState = "loaded";
    container.querySelector<HTMLElement>("iframe")?.focus();
    return;
  }
  const post = document.createElement("div");
  post.className = "embed-post";
  post.append(content);
  placeholder?.replaceWith(post);
  try {
    await loadScript(script);
    const provider = await waitForGlobal(container.dataset.embedGlobal ?? "");
    await wait(EMBED_PROCESS_DELAY_MS);
    provider.widgets?.load(post);
    provider.Embeds?.process();
    provider.lib?.render?.(post);
    container.dataset.embedState = "processed";
    await wait(EMBED_DIAGNOSTIC_DELAY_MS);
    if (!post.querySelector("iframe")) showFailure(container);
    else container.dataset.embedState = "loaded";
  } catch {
    showFailure(container);
  }
}

export function initEmbeds() {
  document.addEventListener("click", (event) => {
    const button = (event.target as Element).closest?.("[data-embed-load]");
    const container = button?.closest<HTMLElement>("[data-embed]");
    if (container) void activate(container);
  });
  for (const container of document.querySelectorAll<HTMLElement>("[data-embed][data-embed-auto]")) void activate(container);
}
