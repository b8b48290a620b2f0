/**
 * A place for a photograph in an editor (issue 21): what it shows now, cut as visitors see it, a plain file
 * input to upload or replace it (no script needed), and a box to take it away. The image's id travels in a
 * hidden field, so a form sent back with an error keeps a photograph already accepted.
 */
import { FieldError } from "~/components/forms/fields";

/** What browsers offer to pick; the server judges each file by its bytes all the same. */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif";

export interface ImagePreview {
  src: string;
  width: number;
  height: number;
}

export function ImageField({
  name,
  label,
  value,
  preview,
  errors,
  cropped,
}: {
  name: string;
  label: string;
  /** The id of the photograph shown now, if one was uploaded. */
  value: string;
  preview?: ImagePreview;
  errors?: string[];
  /** Whether the place cuts the photograph to a frame around its focal point. */
  cropped: boolean;
}) {
  const fileId = `${name}.file`;
  const hintId = `${name}-hint`;
  const invalid = Boolean(errors?.length);
  return (
    <fieldset className="space-y-2 rounded border border-sand-300 p-4">
      <legend className="px-1 font-semibold text-navy-900">{label}</legend>
      <input type="hidden" name={name} value={value} />
      {value && preview ? (
        <figure>
          <img
            src={preview.src}
            width={preview.width}
            height={preview.height}
            alt=""
            className="h-auto max-h-48 w-auto rounded border border-sand-300"
          />
          <figcaption className="mt-1 text-sm text-sand-700">
            The uploaded photograph{cropped ? ", cut as visitors see it here" : ""}.
          </figcaption>
        </figure>
      ) : (
        <p className="text-sm text-sand-700">No photograph uploaded: the site shows its stand-in.</p>
      )}
      <label htmlFor={fileId} className="block font-medium text-navy-900">
        {value ? "Replace it with" : "Upload"} a photograph
      </label>
      <input
        type="file"
        id={fileId}
        name={fileId}
        accept={ACCEPT}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${hintId} ${name}-error` : hintId}
        className="block w-full text-sm file:me-3 file:rounded file:border file:border-navy-700 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-navy-900"
      />
      <p id={hintId} className="text-sm text-sand-700">
        JPEG, PNG, WebP, AVIF, or HEIC from a phone; up to 20 MB and 50 megapixels. The location, time and camera details are removed before
        anything is kept.{cropped ? " Save or preview to see it cut around the focal point." : ""}
      </p>
      <FieldError name={name} errors={errors} />
      {value ? (
        <label className="flex items-center gap-2">
          <input type="checkbox" name={`${name}.remove`} className="size-5" />
          Remove the photograph when saved
        </label>
      ) : null}
    </fieldset>
  );
}
