import { useState, useSyncExternalStore } from "react";
import { Form, href } from "react-router";
import type { Route } from "./+types/join-us";
import { PageHeader } from "~/components/ui/PageHeader";
import { bindFields, ConsentCheckbox, PersonFields, ProtectionFields, RequiredMark, TextField } from "~/components/forms/fields";
import { InterestChoices } from "~/components/forms/InterestChoices";
import { formAction, formLoaderData } from "~/forms/form-action.server";
import { formPageHeaders, keepFormWhenOffline, neverRevalidate } from "~/forms/form-page";
import { joinForm, OTHER_INTEREST } from "~/forms/definitions";
import { FormOutcome, useFormSubmission } from "~/components/forms/use-form-submission";
import { appContext } from "~/context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { staticPageMeta } from "~/lib/seo";
import { FIXED_PAGES } from "~/content/fixed-pages";

export const handle: RouteHandle = { hydrate: true };

export const headers = formPageHeaders;

export const loader = formLoaderData;

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(joinForm, request, context.get(appContext));
}

export const clientAction = keepFormWhenOffline(joinForm);

export const shouldRevalidate = neverRevalidate;

export const meta = staticPageMeta(FIXED_PAGES.joinUs);

const noSubscription = () => () => {};

export default function JoinUs({ loaderData, actionData }: Route.ComponentProps) {
  const form = useFormSubmission({
    form: joinForm,
    loaderData,
    actionData,
    failureToast: (error) => ({ title: "Error", description: error || joinForm.failure }),
    onFailure: (error) => console.error("Join form submission failed:", error),
  });
  const { errors, values, formKey: key } = form;
  const field = bindFields(joinForm, errors, values);
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
          <a href={href("/privacy-policy")} className="underline">
            Privacy Policy
          </a>
          .
        </p>
        <FormOutcome
          succeeded={form.succeeded}
          success={joinForm.success}
          failure={form.failed ? { title: "Error", description: form.failed.error || joinForm.failure } : null}
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
          <PersonFields field={field} />
          <TextField {...field("social_media")} hint="For example @yourname on Instagram or X." />
          <InterestChoices chosen={chosen} errors={errors.interests} />
          {showOther ? (
            <TextField
              {...field("other_description")}
              hint={hydrated ? undefined : `Only if you chose “${OTHER_INTEREST}”.`}
              multiline
              rows={3}
            />
          ) : null}
          <TextField {...field("message")} multiline rows={6} />
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
