import { useInterfaceLang } from "~/i18n/interface-lang";
import { useText } from "~/i18n/text";

/** How each provider's posts are embedded: its script, the global it defines, and the markup it upgrades. */
const SOCIAL_PROVIDERS = {
  TikTok: { script: "https://www.tiktok.com/embed.js", global: "tiktokEmbed", company: "TikTok" },
  Instagram: { script: "https://www.instagram.com/embed.js", global: "instgrm", company: "Instagram (Meta)" },
  X: { script: "https://platform.twitter.com/widgets.js", global: "twttr", company: "X" },
} as const;

type SocialProvider = keyof typeof SOCIAL_PROVIDERS;

interface SocialEmbedProps {
  provider: SocialProvider;
  url: string;
  title: string;
  autoload: boolean;
}

function postMarkup(provider: SocialProvider, url: string, title: string): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const link = `<a href="${esc(url)}" target="_blank" rel="noopener noreferrer">${esc(title)}</a>`;
  if (provider === "TikTok") {
    const id = /\/video\/(\d+)/.exec(url)?.[1] ?? "";
    return `<blockquote class="tiktok-embed" cite="${esc(url)}" data-video-id="${esc(id)}" style="max-width:605px;min-width:280px"><section>${link}</section></blockquote>`;
  }
  if (provider === "Instagram")
    return `<blockquote class="instagram-media" data-instgrm-permalink="${esc(url)}" data-instgrm-version="14">${link}</blockquote>`;
  return `<blockquote class="twitter-tweet" data-dnt="true"><p>${link}</p></blockquote>`;
}

/**
 * A social post behind a click-to-load placeholder. Once the visitor allows it (or with EMBEDS=auto),
 * app/enhance/embeds.ts inserts the post, loads the provider's script, waits for it and processes it;
 * if that fails, the plain link to the post stays.
 */
export function SocialEmbed({ provider, url, title, autoload }: SocialEmbedProps) {
  const p = SOCIAL_PROVIDERS[provider];
  const { t } = useText();
  const own = useInterfaceLang();
  const newTab = <span className="sr-only">{` ${t("layout.newTab")}`}</span>;
  return (
    <div
      data-embed
      data-embed-script={p.script}
      data-embed-global={p.global}
      data-embed-auto={autoload ? "" : undefined}
      className="social-embed"
    >
      <template data-embed-template dangerouslySetInnerHTML={{ __html: postMarkup(provider, url, title) }} />
      <div data-embed-placeholder className="rounded-lg bg-navy-800 p-5 text-white">
        <p className="font-semibold">{title}</p>
        <p className="mt-2 text-sm text-sand-100" {...own}>
          {t("embed.post.notice", { company: p.company })}
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4" {...own}>
          <button type="button" data-embed-load className="btn-gold">
            {t("embed.post.load", { provider })}
          </button>
          <a href={url} target="_blank" rel="noopener noreferrer" className="text-sm text-white underline underline-offset-4">
            {t("embed.post.view", { provider })}
            {newTab}
          </a>
        </div>
      </div>
      <p data-embed-failed hidden className="rounded-lg border border-sand-200 bg-white p-4 text-sm" {...own}>
        {t("embed.post.failed")}{" "}
        <a href={url} target="_blank" rel="noopener noreferrer" className="font-semibold text-navy-600 underline">
          {t("embed.post.viewIt", { provider })}
          {newTab}
        </a>
      </p>
    </div>
  );
}
