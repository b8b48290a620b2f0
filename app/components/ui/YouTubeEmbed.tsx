import { ClickToLoad } from "./ClickToLoad";

/** A YouTube video from the privacy-enhanced domain, behind a click-to-load placeholder. */
export function YouTubeEmbed({ id, title, autoload, className }: { id: string; title: string; autoload: boolean; className?: string }) {
  const videoId = encodeURIComponent(id);
  return (
    <ClickToLoad
      provider="YouTube"
      what="video"
      directUrl={`https://www.youtube.com/watch?v=${videoId}`}
      directLabel="Watch on YouTube"
      autoload={autoload}
      className={className}
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
}
