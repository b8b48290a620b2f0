import type { ImageFields } from "~/content/content.server";
import type { PictureData } from "~/lib/images";
import { useText } from "~/i18n/text";
import { useInterfaceLang } from "~/i18n/interface-lang";
import { Picture } from "./Picture";

/** A full-width hero photograph with its credit and licence (or caption) beneath it. */
export function HeroImage({ image, fields }: { image: PictureData; fields: ImageFields }) {
  const { t } = useText();
  const own = useInterfaceLang();
  return (
    <figure className="bg-navy-950">
      <Picture
        image={image}
        sizes="100vw"
        priority
        objectPosition={fields.position}
        className="block"
        imgClassName="h-[38vh] max-h-[28rem] min-h-[14rem] w-full object-cover"
      />
      <figcaption className="mx-auto max-w-7xl px-4 py-2 text-end text-xs text-sand-200">
        {fields.caption ? (
          <span>{fields.caption}</span>
        ) : fields.credit ? (
          <span>
            <span {...own}>{t("image.photo")}</span>{" "}
            {fields.creditUrl ? (
              <a href={fields.creditUrl} target="_blank" rel="noopener noreferrer" className="underline">
                {fields.credit}
              </a>
            ) : (
              fields.credit
            )}
            {fields.license ? (
              <>
                {" "}
                (
                {fields.licenseUrl ? (
                  <a href={fields.licenseUrl} target="_blank" rel="noopener noreferrer" className="underline">
                    {fields.license}
                  </a>
                ) : (
                  fields.license
                )}
                )
              </>
            ) : null}
          </span>
        ) : fields.placeholder ? (
          <span {...own}>{t("image.placeholderArt")}</span>
        ) : null}
      </figcaption>
    </figure>
  );
}
