import { useInterfaceLang } from "~/i18n/interface-lang";
import { useText } from "~/i18n/text";
import { ClickToLoad } from "./ClickToLoad";

/** A YouTube video from the privacy-enhanced domain, behind a click-to-load placeholder in the page's language. */
export function YouTubeEmbed({ id, title, autoload, className }: { id: string; title: string; autoload: boolean; className?: string }) {
  const { t } = useText();
  const own = useInterfaceLang();
  const videoId = encodeURIComponent(id);
  const provider = "YouTube";
  const embed = (frameClassName?: string) => (
    <ClickToLoad
      provider={provider}
      what="video"
      directUrl={`https://www.youtube.com/watch?v=${videoId}`}
      directLabel={t("embed.video.watch", { provider })}
      words={{
        notice: t("embed.video.notice", { provider }),
        load: t("embed.video.load", { provider }),
        newTab: t("layout.newTab"),
      }}
      autoload={autoload}
      className={frameClassName}
      frame={{
        src: `https://www.youtube-nocookie.com/embed/${videoId}`,
        title,
        className: "h-full w-full",
        allow: "accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen",
        // YouTube refuses to play embeds that send no referrer at all.
        referrerPolicy: "strict-origin-when-cross-origin",
        allowFullScreen: true,
      }}
    />
  );
  // In an untranslated page's English <main>, the placeholder's words are marked as the page's language.
  return own.lang ? (
    <div className={className} {...own}>
      {embed("h-full")}
    </div>
  ) : (
    embed(className)
  );
}
