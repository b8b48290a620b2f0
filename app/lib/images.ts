/** A responsive image as a page shows it: a source per format, a fallback, its size and its text. Browser-safe. */
export interface PictureData {
  sources: { type: string; srcSet: string }[];
  src: string;
  width: number;
  height: number;
  alt: string;
  /** A stand-in until the organisation supplies the photograph (listed by `npm run content:check`). */
  placeholder: boolean;
}

/** The shapes of frame an image is made for (app/lib/image-kinds.json): slide, hero, portrait, logo, social. */
export type ImageKind = keyof typeof import("./image-kinds.json");
