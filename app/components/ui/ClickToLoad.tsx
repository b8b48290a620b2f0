/** The embed's frame: the attributes its iframe is written with. */
export interface EmbedFrame {
  src: string;
  title: string;
  className?: string;
  allow?: string;
  referrerPolicy?: "strict-origin-when-cross-origin" | "no-referrer";
  allowFullScreen?: boolean;
}

interface ClickToLoadProps {
  /** The company whose servers the embed contacts, named before anything is loaded. */
  provider: string;
  /** What the embed is, for the button: "video", "donation form". */
  what: string;
  /** Where the same content can be opened directly, without the embed. */
  directUrl: string;
  directLabel: string;
  frame: EmbedFrame;
  /** EMBEDS=auto: render the embed straight away (docs/product.md, "Embedded content from other sites"). */
  autoload: boolean;
  className?: string;
  note?: string;
  /**
   * The placeholder's words in the page's language (the donation page's): what it says before loading, its
   * button, and "(opens in a new tab)". Without them it speaks English.
   */
  words?: { notice: string; load: string; newTab: string };
}

const escapeAttribute = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The frame as inert markup for a <template>: written by hand, not with react-dom/server, which would
 * otherwise ship to every page that hydrates (the staff area's previews) at some 60 KB.
 */
function frameMarkup({ src, title, className, allow, referrerPolicy, allowFullScreen }: EmbedFrame): string {
  const attributes: [string, string | undefined][] = [
    ["src", src],
    ["title", title],
    ["class", className],
    ["allow", allow],
    ["referrerpolicy", referrerPolicy],
    ["allowfullscreen", allowFullScreen ? "" : undefined],
    ["loading", "lazy"],
  ];
  return `<iframe ${attributes
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}="${escapeAttribute(value!)}"`)
    .join(" ")}></iframe>`;
}

/**
 * A privacy-first embed: the server renders the iframe inside a <template>, inert until the visitor
 * presses the button (app/enhance/embeds.ts). Without JavaScript the direct link still works.
 */
export function ClickToLoad({ provider, what, directUrl, directLabel, frame, autoload, className, note, words }: ClickToLoadProps) {
  if (autoload) {
    return (
      <div className={className}>
        <iframe
          src={frame.src}
          title={frame.title}
          className={frame.className}
          allow={frame.allow}
          referrerPolicy={frame.referrerPolicy}
          allowFullScreen={frame.allowFullScreen}
          loading="lazy"
        />
      </div>
    );
  }
  return (
    <div className={className} data-embed>
      <template data-embed-template dangerouslySetInnerHTML={{ __html: frameMarkup(frame) }} />
      <div data-embed-placeholder className="flex h-full flex-col items-center justify-center gap-4 bg-navy-800 p-6 text-center text-white">
        <p className="max-w-md text-sm text-sand-100">
          {words
            ? words.notice
            : `${note ?? `This ${what} is provided by ${provider}.`} Loading it connects your browser to ${provider}, which may set cookies and record your visit.`}
        </p>
        <button type="button" data-embed-load className="btn-gold">
          {words ? words.load : `Load ${what} from ${provider}`}
        </button>
        <a href={directUrl} target="_blank" rel="noopener noreferrer" className="text-sm text-white underline underline-offset-4">
          {directLabel} {words ? words.newTab : "(opens in a new tab)"}
        </a>
      </div>
    </div>
  );
}
