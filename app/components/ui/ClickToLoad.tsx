import { renderToStaticMarkup } from "react-dom/server";

interface ClickToLoadProps {
  /** The company whose servers the embed contacts, named before anything is loaded. */
  provider: string;
  /** What the embed is, for the button: "video", "donation form". */
  what: string;
  /** Where the same content can be opened directly, without the embed. */
  directUrl: string;
  directLabel: string;
  /** The embed itself (an iframe). */
  children: React.ReactElement;
  /** EMBEDS=auto: render the embed straight away (docs/product.md, "Embedded content from other sites"). */
  autoload: boolean;
  className?: string;
  note?: string;
}

/**
 * A privacy-first embed: the server renders the iframe inside a <template>, inert until the visitor
 * presses the button (app/enhance/embeds.ts). Without JavaScript the direct link still works.
 */
export function ClickToLoad({ provider, what, directUrl, directLabel, children, autoload, className, note }: ClickToLoadProps) {
  if (autoload) return <div className={className}>{children}</div>;
  return (
    <div className={className} data-embed>
      <template data-embed-template dangerouslySetInnerHTML={{ __html: renderToStaticMarkup(children) }} />
      <div data-embed-placeholder className="flex h-full flex-col items-center justify-center gap-4 bg-navy-800 p-6 text-center text-white">
        <p className="max-w-md text-sm text-sand-100">
          {note ?? `This ${what} is provided by ${provider}.`} Loading it connects your browser to {provider}, which may set cookies and
          record your visit.
        </p>
        <button type="button" data-embed-load className="btn-gold">
          Load {what} from {provider}
        </button>
        <a href={directUrl} target="_blank" rel="noopener noreferrer" className="text-sm text-white underline underline-offset-4">
          {directLabel} (opens in a new tab)
        </a>
      </div>
    </div>
  );
}
