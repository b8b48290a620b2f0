import { data, Form, href, Link, redirect } from "react-router";
import { notFound } from "~/lib/responses";
import type { Route } from "./+types/item-edit";
import { Notice } from "~/components/staff/StaffShell";
import { MESSAGE_VALUES, readFormData, type FormValues } from "~/forms/definitions";
import type { FieldErrors } from "~/lib/validation";
import { TextField, useFieldBinder } from "~/components/forms/fields";
import { pageText } from "~/i18n/interface-text.server";
import { SOURCE_LANGUAGE } from "~/i18n/languages";
import { PageText } from "~/i18n/text";
import { InterestChoices } from "~/components/forms/InterestChoices";
import { appContext } from "~/context.server";
import { inboxBySlug } from "~/staff/inbox-forms";
import { getItem, inboxOrNotFound, isOpen } from "~/staff/inbox.server";
import { requireKeyring } from "~/staff/unlock.server";
import { correctableFields, correctSubmission } from "~/staff/people.server";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = () => [{ title: "Correct details · Staff area" }];

/** Long answers get a text area, as on the public forms. */
const MULTILINE = new Set(["message", "other_description"]);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const inbox = inboxOrNotFound(params.inbox);
  const row = await getItem(ctx.database.db, inbox, params.id, await requireKeyring(ctx, request, context));
  if (!row || !isOpen(row)) notFound();
  const shape = inbox.form.schema.shape as Record<string, { _zod: { def: { type: string } } }>;
  return {
    slug: inbox.slug,
    noun: inbox.noun,
    id: row.id,
    fields: correctableFields(inbox.form).map((name) => ({
      name,
      // Fields with a default may be left empty; the rest are required, as on the form.
      required: shape[name]!._zod.def.type !== "default",
      list: Array.isArray(row[name]),
    })),
    values: Object.fromEntries(correctableFields(inbox.form).map((f) => [f, row[f]])) as FormValues,
    // The public form's labels and messages, in English: staff read the staff area in English.
    text: pageText(SOURCE_LANGUAGE, ["forms", inbox.form.kind], MESSAGE_VALUES),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const inbox = inboxOrNotFound(params.inbox);
  const values = readFormData(inbox.form, await request.formData());
  const keyring = await requireKeyring(ctx, request, context);
  const result = await correctSubmission(ctx.database.db, actorOf(staffUser(context)), keyring, inbox, params.id, values);
  if (!result) notFound();
  if (!result.ok) return data<{ errors: FieldErrors; values: FormValues }>({ errors: result.fieldErrors, values }, { status: 400 });
  return redirect(`${href("/admin/:inbox/:id", { inbox: inbox.slug, id: params.id })}?corrected=${result.changed.length}`);
}

export default function CorrectItem(props: Route.ComponentProps) {
  return (
    <PageText text={props.loaderData.text}>
      <Corrections {...props} />
    </PageText>
  );
}

/** Left to right in every language: an email address, a phone number. */
const LEFT_TO_RIGHT = new Set(["email", "phone"]);

function Corrections({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, noun, id, fields } = loaderData;
  const inbox = inboxBySlug(slug)!;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? loaderData.values;
  const field = useFieldBinder(inbox.form, errors, values);
  const back = href("/admin/:inbox/:id", { inbox: slug, id });
  return (
    <>
      <p>
        <Link to={back} className="underline">
          ← Back to the {noun}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-2xl font-bold text-navy-900">Correct details</h1>
      <p className="mt-2 max-w-2xl">
        Change what the person asked to have corrected. The same rules apply as on the public form. The audit log records which fields
        changed, not what they said.
      </p>
      {Object.keys(errors).length > 0 ? (
        <div className="mt-4 max-w-2xl">
          <Notice kind="error">Nothing was saved. Please fix the fields marked below.</Notice>
        </div>
      ) : null}
      <Form method="post" noValidate className="mt-6 max-w-2xl space-y-6 rounded-lg bg-white p-5 shadow-sm">
        {fields.map((f) =>
          f.list ? (
            <InterestChoices key={f.name} chosen={(values[f.name] as string[] | undefined) ?? []} errors={errors[f.name]} />
          ) : (
            <TextField
              key={f.name}
              {...field(f.name as never)}
              required={f.required}
              type={f.name === "email" ? "email" : "text"}
              dir={LEFT_TO_RIGHT.has(f.name) ? "ltr" : "auto"}
              multiline={MULTILINE.has(f.name)}
              rows={4}
            />
          ),
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            Save corrections
          </button>
          <Link to={back} className="btn-secondary text-navy-900">
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}
