import type { PictureData } from "~/lib/images";

interface PictureProps {
  image: PictureData;
  sizes: string;
  className?: string;
  imgClassName?: string;
  /** The image that decides Largest Contentful Paint: load it first, never lazily. */
  priority?: boolean;
  objectPosition?: string;
}

/** A responsive <picture>: AVIF, then WebP, at the width the layout needs; sized so nothing shifts. */
export function Picture({ image, sizes, className, imgClassName, priority = false, objectPosition }: PictureProps) {
  return (
    <picture className={className}>
      {image.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        className={imgClassName}
        style={objectPosition ? { objectPosition } : undefined}
      />
    </picture>
  );
}
