import { useState, useSyncExternalStore, type ReactNode } from "react";
import { Form, href } from "react-router";
import type { Route } from "./+types/join-us";
import { PageHeader } from "~/components/ui/PageHeader";
import { ConsentCheckbox, PersonFields, ProtectionFields, RequiredMark, TextField, useFieldBinder } from "~/components/forms/fields";
import { InterestChoices } from "~/components/forms/InterestChoices";
import { formAction, formLoaderData } from "~/forms/form-action.server";
import { formPageHeaders, keepFormWhenOffline, neverRevalidate } from "~/forms/form-page";
import { INTEREST_LABELS, joinForm, OTHER_INTEREST } from "~/forms/definitions";
import { FormOutcome, useFormSubmission } from "~/components/forms/use-form-submission";
import { appContext } from "~/context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { PageText, pageTextMeta, useText } from "~/i18n/text";
import { FIXED_PAGES } from "~/content/fixed-pages";

export const handle: RouteHandle = { hydrate: true };

export const headers = formPageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) =>
  formLoaderData(joinForm, request, context.get(appContext).content.interfaceCorrections);

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(joinForm, request, context.get(appContext));
}

export const clientAction = keepFormWhenOffline();

export const shouldRevalidate = neverRevalidate;

export const meta = pageTextMeta(FIXED_PAGES.joinUs);

const noSubscription = () => () => {};

export default function JoinUs(props: Route.ComponentProps) {
  return (
    <PageText text={props.loaderData.text}>
      <JoinForm {...props} />
    </PageText>
  );
}

function JoinForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, rich, local } = useText();
  const form = useFormSubmission({
    form: joinForm,
    loaderData,
    actionData,
    failureToast: (error) => ({ title: t("forms.errorTitle"), description: error || t("join.failure") }),
    onFailure: (error) => console.error("Join form submission failed:", error),
  });
  const { errors, values, formKey: key } = form;
  const field = useFieldBinder(joinForm, errors, values);
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
  const privacy = (words: ReactNode) => (
    <a href={local(href("/privacy-policy"))} className="underline">
      {words}
    </a>
  );

  return (
    <>
      <PageHeader
        title={t("join.title")}
        intro={
          <>
            <p>{t("join.intro")}</p>
            <p className="mt-2">{t("join.invitation")}</p>
          </>
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p className="text-sm text-sand-700">{rich("join.notice", { mark: <RequiredMark />, privacy })}</p>
        <FormOutcome
          succeeded={form.succeeded}
          success={form.success}
          failure={form.failed ? { title: form.text.errorTitle, description: form.failed.error || form.text.failure } : null}
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
          <TextField {...field("social_media")} hint={rich("join.hint.socialMedia", { handle: <bdi dir="ltr">@yourname</bdi> })} />
          <InterestChoices chosen={chosen} errors={errors.interests} />
          {showOther ? (
            <TextField
              {...field("other_description")}
              hint={hydrated ? undefined : t("join.hint.otherDescription", { other: t(INTEREST_LABELS[OTHER_INTEREST]) })}
              multiline
              rows={3}
            />
          ) : null}
          <TextField {...field("message")} multiline rows={6} />
          <ConsentCheckbox errors={errors.agree_to_terms} defaultChecked={values.agree_to_terms === true} />
          <button type="submit" className="btn-primary min-w-40 disabled:cursor-not-allowed disabled:opacity-70" disabled={form.submitting}>
            {form.submitting ? form.text.sending : form.text.submit}
          </button>
        </Form>
      </div>
      {form.toaster}
    </>
  );
}
