import { useState, useSyncExternalStore } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/join-us";
import { PageHeader } from "~/components/ui/PageHeader";
import { ConsentCheckbox, FieldError, ProtectionFields, RequiredMark, TextField } from "~/forms/fields";
import { formAction, formLoaderData } from "~/forms/form-action.server";
import { INTERESTS, JOIN_FIELDS, joinSchema, OTHER_INTEREST } from "~/forms/schemas";
import { FormOutcome, useFormSubmission } from "~/forms/use-form-submission";
import { appContext } from "~/lib/app-context";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta, rootMeta } from "~/lib/seo";

export const handle: RouteHandle = { hydrate: true };

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function loader() {
  return formLoaderData();
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction("join", request, context.get(appContext));
}

/** A lost connection is a failure like any other: the form and what the visitor typed stay. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { ok: false as const, error: "Failed to submit form. Please try again.", values: {} };
  }
}

/** The page's data does not change when a form is sent: no reloading it (which would also fail offline). */
export function shouldRevalidate() {
  return false;
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  return pageMeta({
    title: "Join Us",
    description: "Volunteer with our alliance of persecuted communities: tell us how you would like to help.",
    path: "/join-us",
    root: root,
  });
}

const noSubscription = () => () => {};

const SUCCESS = { title: "Success!", description: "Thank you for joining the resistance! We'll be in touch soon." };
const DEFAULT_FAILURE = "Failed to submit form. Please try again.";

export default function JoinUs({ loaderData, actionData }: Route.ComponentProps) {
  const form = useFormSubmission({
    action: "/join-us",
    schema: joinSchema,
    fields: JOIN_FIELDS,
    loaderData,
    actionData,
    success: SUCCESS,
    failureToast: (error) => ({ title: "Error", description: error || DEFAULT_FAILURE }),
    onFailure: (error) => console.error("Join form submission failed:", error),
  });
  const { errors, values, formKey: key } = form;
  const chosen = (values.interests as string[] | undefined) ?? [];

  // Without JavaScript the description field is always shown (with a note); with it, only while Other is ticked.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // Tied to the form's key, so a fresh form after success starts with Other unticked.
  const [other, setOther] = useState({ formKey: key, checked: chosen.includes(OTHER_INTEREST) });
  const otherChecked = other.formKey === key && other.checked;
  const showOther = !hydrated || otherChecked;

  return (
    <>
      <PageHeader
        title="Join Us"
        intro={
          <>
            <p>Be the resistance. Stand with communities that are targeted by the same ideology, and help us make sure they are heard.</p>
            <p className="mt-2">Tell us a little about yourself and how you would like to help. Everyone has something to give.</p>
          </>
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p className="text-sm text-sand-700">
          Fields marked <RequiredMark /> are required. What you tell us about your community and interests is kept private and used only to
          organise volunteers; see our{" "}
          <a href="/privacy-policy" className="underline">
            Privacy Policy
          </a>
          .
        </p>
        <FormOutcome
          succeeded={form.succeeded}
          success={SUCCESS}
          failure={form.failed ? { title: "Error", description: form.failed.error || DEFAULT_FAILURE } : null}
        />
        <Form
          key={key}
          method="post"
          noValidate
          className="relative mt-8 space-y-6"
          onChange={(e) => {
            const other = e.currentTarget.querySelector<HTMLInputElement>(`input[name="interests"][value="${OTHER_INTEREST}"]`);
            setOther({ formKey: key, checked: Boolean(other?.checked) });
            form.onChange(e);
          }}
          onSubmit={form.onSubmit}
        >
          <ProtectionFields startedAt={form.startedAt} submissionKey={key} />
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField name="name" label="Name" required autoComplete="name" errors={errors.name} defaultValue={values.name as string} />
            <TextField
              name="email"
              label="Email"
              type="email"
              required
              autoComplete="email"
              errors={errors.email}
              defaultValue={values.email as string}
            />
            <TextField
              name="phone"
              label="Phone"
              type="tel"
              autoComplete="tel"
              errors={errors.phone}
              defaultValue={values.phone as string}
            />
            <TextField
              name="organization"
              label="Organization"
              autoComplete="organization"
              errors={errors.organization}
              defaultValue={values.organization as string}
            />
            <TextField
              name="country"
              label="Country"
              autoComplete="country-name"
              errors={errors.country}
              defaultValue={values.country as string}
            />
            <TextField name="community" label="Community" errors={errors.community} defaultValue={values.community as string} />
          </div>
          <TextField
            name="social_media"
            label="Social media handles"
            hint="For example @yourname on Instagram or X."
            errors={errors.social_media}
            defaultValue={values.social_media as string}
          />
          <fieldset
            aria-describedby={errors.interests?.length ? "interests-error" : undefined}
            aria-invalid={errors.interests?.length ? true : undefined}
          >
            <legend className="font-semibold text-navy-900">
              Areas of interest
              <RequiredMark />
            </legend>
            <p className="text-sm text-sand-700">Choose at least one.</p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {INTERESTS.map((interest, i) => (
                <label
                  key={interest}
                  htmlFor={`interest-${i}`}
                  className="flex items-start gap-3 rounded-md border border-sand-200 bg-white p-3"
                >
                  <input
                    id={`interest-${i}`}
                    type="checkbox"
                    name="interests"
                    value={interest}
                    defaultChecked={chosen.includes(interest)}
                    className="mt-0.5 size-5 shrink-0 accent-navy-700"
                  />
                  <span>{interest}</span>
                </label>
              ))}
            </div>
            <FieldError name="interests" errors={errors.interests} />
          </fieldset>
          {showOther ? (
            <TextField
              name="other_description"
              label="Describe your other interest"
              hint={hydrated ? undefined : `Only if you chose “${OTHER_INTEREST}”.`}
              multiline
              rows={3}
              errors={errors.other_description}
              defaultValue={values.other_description as string}
            />
          ) : null}
          <TextField name="message" label="Message" multiline rows={6} errors={errors.message} defaultValue={values.message as string} />
          <ConsentCheckbox errors={errors.agree_to_terms} defaultChecked={values.agree_to_terms === true} />
          <button type="submit" className="btn-primary min-w-40 disabled:cursor-not-allowed disabled:opacity-70" disabled={form.submitting}>
            {form.submitting ? "Submitting..." : "Join the Alliance"}
          </button>
        </Form>
      </div>
      {form.toaster}
    </>
  );
}
