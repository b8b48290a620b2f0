import { renderToStaticMarkup } from "react-dom/server";
import { Picture } from "~/components/ui/Picture";
import type { PictureData } from "~/lib/images";
import { content } from "~/content/content.server";
import { picture } from "~/lib/images.server";

interface HomeSlide {
  caption: string;
  image: PictureData;
  /** Markup for the slide's <template> (all but the first, which is rendered as the page's LCP image). */
  templateHtml: string | null;
}

let cached: { slides: HomeSlide[]; from: typeof content } | undefined;

/** The carousel's slides: the same on every request until staff change the content, so built once for each edition. */
export function homeSlides(sizes: string): HomeSlide[] {
  if (cached?.from === content && !import.meta.env.DEV) return cached.slides;
  const slides = content.home.slides.map((s, i) => {
    const image = picture(`home/slide-${i + 1}`, s.decorative ? "" : s.alt, { ...s, kind: "slide" });
    const templateHtml =
      i === 0
        ? null
        : renderToStaticMarkup(<Picture image={image} sizes={sizes} imgClassName="h-full w-full object-cover" className="block h-full" />);
    return { caption: s.caption, image, templateHtml };
  });
  cached = { slides, from: content };
  return slides;
}
