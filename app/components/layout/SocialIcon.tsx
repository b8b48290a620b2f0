import { siFacebook, siInstagram, siTiktok, siX, siYoutube } from "simple-icons";

const ICONS = { X: siX, Instagram: siInstagram, TikTok: siTiktok, YouTube: siYoutube, Facebook: siFacebook } as const;

export function SocialIcon({ name, className }: { name: keyof typeof ICONS; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} fill="currentColor">
      <path d={ICONS[name].path} />
    </svg>
  );
}
