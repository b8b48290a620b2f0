import { renderToStaticMarkup } from "react-dom/server";
import { Picture } from "~/components/ui/Picture";
import type { PictureData } from "~/lib/images";
import type { ContentSnapshot } from "~/content/snapshot.server";

interface HomeSlide {
  caption: string;
  image: PictureData;
  /** Markup for the slide's <template> (all but the first, which is rendered as the page's LCP image). */
  templateHtml: string | null;
}

/** Each edition's slides, dropped with the edition. */
const slidesOf = new WeakMap<ContentSnapshot, HomeSlide[]>();

/** The carousel's slides: the same on every request until staff change the content, so built once for each edition. */
export function homeSlides(content: ContentSnapshot, sizes: string): HomeSlide[] {
  const kept = slidesOf.get(content);
  if (kept && !import.meta.env.DEV) return kept;
  const slides = content.home.slides.map((s, i) => {
    const image = content.pictures.picture(`home/slide-${i + 1}`, s.decorative ? "" : s.alt, { ...s, kind: "slide" });
    const templateHtml =
      i === 0
        ? null
        : renderToStaticMarkup(<Picture image={image} sizes={sizes} imgClassName="h-full w-full object-cover" className="block h-full" />);
    return { caption: s.caption, image, templateHtml };
  });
  slidesOf.set(content, slides);
  return slides;
}
