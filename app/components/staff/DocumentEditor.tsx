/**
 * The Site editor's form, drawn from the document's editor shape (app/content/editor-shape.ts): its groups,
 * its Markdown text, its lists as rows with plain buttons to move them (no script), and the previews that
 * show a photograph cut as visitors will see it.
 */
import { Form } from "react-router";
import { FieldError, TextField } from "~/components/forms/fields";
import type { EditorField, EditorGroup, EditorList, EditorShape, EditorValues } from "~/content/editor-shape";
import type { FieldErrors } from "~/lib/validation";
import { SaveAndPreview } from "./Controls";
import { ImageField, type ImagePreview } from "./ImageField";
import { MinorChange } from "./Translations";

type Previews = Record<string, ImagePreview>;

function Field({
  field,
  name,
  value,
  errors,
  preview,
}: {
  field: EditorField;
  name: string;
  value: string;
  errors?: string[];
  preview?: ImagePreview;
}) {
  if (field.type === "image")
    return <ImageField name={name} label={field.label} value={value} preview={preview} errors={errors} cropped={Boolean(field.focus)} />;
  if (field.type === "checkbox")
    return (
      <label className="flex items-center gap-2">
        <input type="checkbox" name={name} defaultChecked={value === "on"} className="size-5" />
        {field.label}
      </label>
    );
  if (field.type === "select")
    return (
      <div>
        <label htmlFor={name} className="block font-semibold text-navy-900">
          {field.label}
        </label>
        <select
          id={name}
          name={name}
          defaultValue={value}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${name}-error` : undefined}
          className="mt-1 w-full rounded border border-sand-300 p-2"
        >
          {field.options?.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
        <FieldError name={name} errors={errors} />
      </div>
    );
  return (
    <TextField
      name={name}
      label={field.label}
      hint={field.hint}
      type={field.type === "textarea" ? undefined : field.type}
      multiline={field.type === "textarea"}
      required={field.required}
      rows={3}
      errors={errors}
      defaultValue={value}
    />
  );
}

const capitalised = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

/**
 * A list's rows, each removable and movable, and a blank row to add one: plain form controls, no script. A
 * list inside a group shows its rows in the group's own box.
 */
function ListRows({
  list,
  rows,
  errors,
  previews,
  inGroup = false,
}: {
  list: EditorList;
  rows: Record<string, string>[];
  errors: FieldErrors;
  previews: Previews;
  inGroup?: boolean;
}) {
  const blank = Object.fromEntries(list.fields.map((f) => [f.name, f.options?.[0] ?? ""]));
  const shown = list.fixed ? rows : [...rows, blank];
  const Box = inGroup ? "div" : "fieldset";
  return (
    <Box className={inGroup ? "space-y-4" : "space-y-4 rounded-lg bg-white p-5 shadow-sm"}>
      {inGroup ? null : <legend className="font-serif text-xl font-bold text-navy-900">{list.legend}</legend>}
      {shown.map((row, i) => {
        const isNew = i === rows.length;
        const label = isNew
          ? `New ${list.item}`
          : list.legendField && row[list.legendField]
            ? row[list.legendField]!
            : `${capitalised(list.item)} ${i + 1}`;
        return (
          <fieldset key={i} className="space-y-3 rounded border border-sand-300 p-4">
            <legend className="px-1 font-semibold text-navy-900">{label}</legend>
            {isNew ? <p className="text-sm text-sand-700">Fill this in to add one; save or preview to get another blank row.</p> : null}
            {[list.id, list.legendField].map((kept) =>
              kept && row[kept] ? <input key={kept} type="hidden" name={`${list.name}.${i}.${kept}`} value={row[kept]} /> : null,
            )}
            {list.fields.map((field) => {
              const name = `${list.name}.${i}.${field.name}`;
              return (
                <Field key={name} field={field} name={name} value={row[field.name] ?? ""} errors={errors[name]} preview={previews[name]} />
              );
            })}
            {isNew ? null : <RowControls list={list} row={i} rows={rows.length} label={label} />}
          </fieldset>
        );
      })}
    </Box>
  );
}

function RowControls({ list, row, rows, label }: { list: EditorList; row: number; rows: number; label: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {list.fixed ? null : (
        <label className="flex items-center gap-2">
          <input type="checkbox" name={`${list.name}.${row}.remove`} className="size-5" />
          Remove when saved
        </label>
      )}
      {row > 0 ? (
        <button type="submit" name="intent" value={`move:${list.name}:${row}:up`} className="btn-secondary text-navy-900">
          Move up<span className="sr-only">: {label}</span>
        </button>
      ) : null}
      {row < rows - 1 ? (
        <button type="submit" name="intent" value={`move:${list.name}:${row}:down`} className="btn-secondary text-navy-900">
          Move down<span className="sr-only">: {label}</span>
        </button>
      ) : null}
    </div>
  );
}

function Group({ group, form, errors, previews }: { group: EditorGroup; form: EditorValues; errors: FieldErrors; previews: Previews }) {
  return (
    <fieldset className="space-y-4 rounded-lg bg-white p-5 shadow-sm">
      <legend className="font-serif text-xl font-bold text-navy-900">{group.legend}</legend>
      {group.order.map((name) => {
        const list = group.lists.find((l) => l.name === name);
        if (list) return <ListRows key={name} list={list} rows={form.lists[name] ?? []} errors={errors} previews={previews} inGroup />;
        const field = group.fields.find((f) => f.name === name)!;
        return (
          <Field key={name} field={field} name={name} value={form.values[name] ?? ""} errors={errors[name]} preview={previews[name]} />
        );
      })}
    </fieldset>
  );
}

/**
 * The form: the groups, the text, the lists, with Save (and Preview where there is something to see) first,
 * so that Enter in a field saves rather than moving a row. `drawKey` draws it afresh after each answer, so
 * no file is left to send twice.
 */
export function DocumentForm({
  shape,
  form,
  errors,
  previews,
  preview,
  drawKey,
  minorChange = false,
}: {
  shape: EditorShape;
  form: EditorValues;
  errors: FieldErrors;
  previews: Previews;
  preview: boolean;
  drawKey: string | number;
  /** Offer "minor change", for a document with translations to keep current. */
  minorChange?: boolean;
}) {
  return (
    <Form key={drawKey} method="post" encType="multipart/form-data" noValidate className="mt-6 max-w-3xl space-y-6">
      <input type="hidden" name="revision" value={form.revision} />
      <SaveAndPreview preview={preview} />
      {shape.groups.map((group) => (
        <Group key={group.legend} group={group} form={form} errors={errors} previews={previews} />
      ))}
      {shape.body ? (
        <div className="rounded-lg bg-white p-5 shadow-sm">
          <TextField
            name="body"
            label={shape.body.label}
            multiline
            rows={shape.body.rows}
            hint={shape.body.hint}
            required
            errors={errors.body}
            defaultValue={form.body}
          />
        </div>
      ) : null}
      {shape.lists.map((list) => (
        <ListRows key={list.name} list={list} rows={form.lists[list.name] ?? []} errors={errors} previews={previews} />
      ))}
      {minorChange ? <MinorChange /> : null}
      <SaveAndPreview preview={preview} />
    </Form>
  );
}

/** The home page's slides as the carousel will show them: each photograph cut to the slide's frame, with its caption and its description. */
export function SlidesPreview({ slides, previews }: { slides: Record<string, string>[]; previews: Previews }) {
  return (
    <ol className="mt-4 grid gap-4 sm:grid-cols-2">
      {slides.map((slide, i) => {
        const image = slide.upload ? previews[`slides.${i}.upload`] : undefined;
        const decorative = slide.decorative === "on";
        return (
          <li key={i}>
            <figure>
              {image ? (
                <img
                  src={image.src}
                  width={image.width}
                  height={image.height}
                  alt={decorative ? "" : slide.alt}
                  className="h-auto w-full rounded border border-sand-300"
                />
              ) : (
                <p className="flex aspect-video items-center justify-center rounded border border-dashed border-sand-700 p-4 text-center text-sm">
                  No photograph uploaded: the drawn stand-in shows.
                </p>
              )}
              <figcaption className="mt-1 text-sm">
                <strong>
                  Slide {i + 1}: {slide.caption}
                </strong>
                <br />
                {decorative ? "Decorative: screen readers skip it." : slide.alt ? `Screen readers say: “${slide.alt}”` : "No description."}
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ol>
  );
}

/** The card a shared page shows: the photograph cut to its frame (or the drawn one), and what it says to screen readers. */
export function CardPreview({ form, card, drawn }: { form: EditorValues; card?: ImagePreview; drawn: string }) {
  const uploaded = form.values["socialImage.upload"];
  const alt = form.values["socialImage.alt"] || form.values["organization.name"] || "";
  return (
    <figure className="mt-4 overflow-hidden rounded border border-sand-300">
      {card && uploaded ? (
        <img src={card.src} width={card.width} height={card.height} alt={alt} className="h-auto w-full" />
      ) : (
        <img src={drawn} width={1200} height={630} alt={alt} className="h-auto w-full" />
      )}
      <figcaption className="p-3 text-sm">
        {uploaded ? "The uploaded card, cut to its frame." : "The drawn card: none is uploaded."} Screen readers say: “{alt}”
      </figcaption>
    </figure>
  );
}

/** What `content:check` says about the page's sources, above its form. */
export function SourceWarnings({ warnings }: { warnings: string[] }) {
  if (!warnings.length) return null;
  return (
    <section aria-labelledby="warnings-heading" className="mt-4 max-w-3xl rounded-md border border-amber-700 bg-amber-50 p-4">
      <h2 id="warnings-heading" className="font-semibold text-navy-900">
        Check these sources
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-6 text-sm">
        {warnings.map((w) => (
          <li key={w} className="break-words">
            {w}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Taking a document off the site (a person): confirmed by a box, undone from its history. */
export function RemoveFromSite({ name, revision }: { name: string; revision: number }) {
  return (
    <section aria-labelledby="remove-heading" className="mt-10 max-w-2xl rounded-lg border border-red-700 bg-white p-5">
      <h2 id="remove-heading" className="font-serif text-xl font-bold text-navy-900">
        Remove from the site
      </h2>
      <p className="mt-1">
        Their page will answer “not found” and leave the sitemap. Their history keeps every version, so the removal can be undone there.
      </p>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="revision" value={revision} />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="confirm" className="size-5" />
          Yes, remove {name}
        </label>
        <button type="submit" className="btn-secondary text-red-800">
          Remove
        </button>
      </Form>
    </section>
  );
}
