import { data, Form, href, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/site-settings";
import { ActionNotice, BackLink, NotSavedNotice, PreviewPanel, SaveAndPreview } from "~/components/staff/Controls";
import { Notice } from "~/components/staff/StaffShell";
import { TextField } from "~/components/forms/fields";
import { ImageField } from "~/components/staff/ImageField";
import { historyOf } from "~/content/editors";
import { SETTING_GROUPS, SETTINGS_PATH, SOCIAL_CARD_ALT, SOCIAL_CARD_SLOT } from "~/content/settings";
import { readSettingsForm, saveSettings, settingsForm, type SettingsForm } from "~/content/settings.server";
import { readEditorForm, settleUploads, slotPreviews, takeUploads } from "~/content/uploads.server";
import type { MediaStore } from "~/lib/media.server";
import { appContext } from "~/context.server";
import { changeNotice, notLiveQuery } from "~/lib/published";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = () => [{ title: "Settings · Site · Staff area" }];

/** The shared-page card as the form shows it, cut to its frame. */
const cardPreview = (media: MediaStore, form: SettingsForm) =>
  slotPreviews(media, [SOCIAL_CARD_SLOT], (name) => (name === SOCIAL_CARD_SLOT.name ? form.socialImage.upload : form.socialImage.position));

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const { contentStore, media } = context.get(appContext);
  const stored = await contentStore.get(SETTINGS_PATH);
  if (!stored) throw new Error("site.yaml is missing from the content documents");
  const form = settingsForm(stored);
  // The drawn card, shown in the preview while none is uploaded.
  return { ...form, previews: await cardPreview(media, form), drawnCard: content.pictures.socialImageUrl("", "social/default") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { contentStore, database, media } = context.get(appContext);
  const actor = actorOf(staffUser(context));
  const submitted = await readEditorForm(request);
  const uploads = await takeUploads(submitted, [SOCIAL_CARD_SLOT], media, actor.id);
  const form = readSettingsForm(submitted);
  const refused = Object.keys(uploads.errors).length > 0;
  const intent = submitted.get("intent") === "preview" ? "preview" : "save";
  const result = refused
    ? { kind: "invalid" as const, errors: uploads.errors }
    : await saveSettings(contentStore, database.db, actor, form, intent);
  if (result.kind === "saved") {
    await settleUploads(database.db, media, actor, SETTINGS_PATH, uploads);
    throw redirect(`${href("/admin/site/settings")}?${new URLSearchParams({ saved: "1", ...notLiveQuery(result) })}`);
  }
  const status = result.kind === "invalid" ? 400 : result.kind === "conflict" ? 409 : 200;
  // A new key each time, so the form is drawn afresh with the card just uploaded and no file left to send twice.
  return data({ ...result, form, previews: await cardPreview(media, form), key: crypto.randomUUID() }, { status });
}

/** The card as a shared page shows it: the photograph cut to its frame (or the drawn one), and what it says to screen readers. */
function CardPreview({ form, card, drawn }: { form: SettingsForm; card?: { src: string; width: number; height: number }; drawn: string }) {
  const alt = form.socialImage.alt || form.values["organization.name"] || "";
  return (
    <PreviewPanel what="The card shown when a page is shared" className="mt-6 max-w-2xl">
      <figure className="mt-4 overflow-hidden rounded border border-sand-300">
        {card && form.socialImage.upload ? (
          <img src={card.src} width={card.width} height={card.height} alt={alt} className="h-auto w-full" />
        ) : (
          <img src={drawn} width={1200} height={630} alt={alt} className="h-auto w-full" />
        )}
        <figcaption className="p-3 text-sm">
          {form.socialImage.upload ? "The uploaded card, cut to its frame." : "The drawn card: none is uploaded."} Screen readers say: “
          {alt}”
        </figcaption>
      </figure>
    </PreviewPanel>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  // After a refused save the form keeps what was typed; a conflict moves it onto the stored revision.
  const form = actionData
    ? { ...actionData.form, revision: actionData.kind === "conflict" ? actionData.revision : actionData.form.revision }
    : loaderData;
  const errors = actionData?.kind === "invalid" ? actionData.errors : {};
  const previews = actionData?.previews ?? loaderData.previews;
  return (
    <>
      <BackLink to={href("/admin/site")}>Site</BackLink>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy-900">Settings</h1>
      <p className="mt-1">
        <Link to={historyOf(SETTINGS_PATH)} className="underline">
          History
        </Link>
      </p>
      <ActionNotice result={params.get("saved") && !actionData ? changeNotice(params, "Saved") : undefined} />
      {actionData?.kind === "invalid" ? <NotSavedNotice /> : null}
      {actionData?.kind === "preview" ? (
        <CardPreview form={actionData.form} card={previews[SOCIAL_CARD_SLOT.name]} drawn={loaderData.drawnCard} />
      ) : null}
      {actionData?.kind === "conflict" ? (
        <div className="mt-4 max-w-2xl">
          <Notice kind="error">
            Not saved: someone else saved these settings while you were editing. Your text is still in the form. What they changed:
            <ul className="mt-2 list-disc ps-6">
              {actionData.changed.map(({ label, stored }) => (
                <li key={label}>
                  {label}: “{stored}”
                </li>
              ))}
            </ul>
            Check the fields, then save again to keep yours.
          </Notice>
        </div>
      ) : null}
      <Form
        key={actionData?.key ?? form.revision}
        method="post"
        encType="multipart/form-data"
        noValidate
        className="mt-6 max-w-2xl space-y-6"
      >
        <input type="hidden" name="revision" value={form.revision} />
        {SETTING_GROUPS.map((group) => (
          <fieldset key={group.key} className="space-y-4 rounded-lg bg-white p-5 shadow-sm">
            <legend className="font-serif text-xl font-bold text-navy-900">{group.legend}</legend>
            {group.fields.map((field) => (
              <TextField
                key={field.name}
                name={field.name}
                label={field.label}
                type={field.type}
                hint={field.hint}
                required
                errors={errors[field.name]}
                defaultValue={form.values[field.name]}
              />
            ))}
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name={`${group.key}.placeholder`}
                defaultChecked={form.placeholders.includes(group.key)}
                className="size-5"
              />
              Still a stand-in: list it under “What the site still needs”
            </label>
          </fieldset>
        ))}
        <fieldset className="space-y-4 rounded-lg bg-white p-5 shadow-sm">
          <legend className="font-serif text-xl font-bold text-navy-900">Card shown when a page is shared</legend>
          <ImageField
            name={SOCIAL_CARD_SLOT.name}
            label="Card image"
            value={form.socialImage.upload}
            preview={previews[SOCIAL_CARD_SLOT.name]}
            errors={errors[SOCIAL_CARD_SLOT.name]}
            cropped
          />
          <TextField
            name={SOCIAL_CARD_SLOT.focus}
            label="Card's focal point"
            hint="Where the image is centred when cut to the card's wide frame, as “50% 40%” (across, down)."
            errors={errors[SOCIAL_CARD_SLOT.focus]}
            defaultValue={form.socialImage.position}
          />
          <TextField
            name={SOCIAL_CARD_ALT}
            label="Card's description for screen readers (alt text)"
            hint="What the card shows, for people who cannot see it. Left empty, the organisation's name is used."
            errors={errors[SOCIAL_CARD_ALT]}
            defaultValue={form.socialImage.alt}
          />
        </fieldset>
        <SaveAndPreview />
      </Form>
    </>
  );
}
