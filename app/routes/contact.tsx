import { Form, href } from "react-router";
import type { ReactNode } from "react";
import type { Route } from "./+types/contact";
import { PageHeader } from "~/components/ui/PageHeader";
import { ConsentCheckbox, PersonFields, ProtectionFields, RequiredMark, TextField, useFieldBinder } from "~/components/forms/fields";
import { formAction, formLoaderData } from "~/forms/form-action.server";
import { formPageHeaders, keepFormWhenOffline, neverRevalidate } from "~/forms/form-page";
import { contactForm } from "~/forms/definitions";
import { FormOutcome, useFormSubmission } from "~/components/forms/use-form-submission";
import { appContext } from "~/context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { PageText, pageTextMeta, useText } from "~/i18n/text";
import { FIXED_PAGES } from "~/content/fixed-pages";

export const handle: RouteHandle = { hydrate: true };

export const headers = formPageHeaders;

export function loader({ context, request }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const subject = new URL(request.url).searchParams.get("subject")?.slice(0, 150) ?? "";
  return { ...formLoaderData(contactForm, request, content.interfaceCorrections), subject, email: content.site.email.address };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(contactForm, request, context.get(appContext));
}

export const clientAction = keepFormWhenOffline();

export const shouldRevalidate = neverRevalidate;

export const meta = pageTextMeta(FIXED_PAGES.contact);

export default function Contact(props: Route.ComponentProps) {
  return (
    <PageText text={props.loaderData.text}>
      <ContactForm {...props} />
    </PageText>
  );
}

function ContactForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, rich, local } = useText();
  const form = useFormSubmission({
    form: contactForm,
    loaderData,
    actionData,
    // The toast says docs/product.md's words, whatever went wrong (the page says what, below).
    failureToast: () => ({ title: t("forms.errorTitle"), description: t("contact.failure") }),
  });
  const { errors, values } = form;
  const field = useFieldBinder(contactForm, errors, values);
  const link = (path: string) => (words: ReactNode) => (
    <a href={local(path)} className="underline">
      {words}
    </a>
  );

  return (
    <>
      <PageHeader
        title={t("contact.title")}
        intro={
          <p>
            {rich("contact.intro", {
              email: (
                <a className="underline" href={`mailto:${loaderData.email}`} dir="ltr">
                  {loaderData.email}
                </a>
              ),
            })}
          </p>
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p className="text-sm text-sand-700">
          {rich("contact.notice", { mark: <RequiredMark />, privacy: link(href("/privacy-policy")), terms: link(href("/terms-of-use")) })}
        </p>
        <FormOutcome
          succeeded={form.succeeded}
          success={form.success}
          failure={form.failed ? { title: form.text.failure, description: form.failed.error || form.text.failure } : null}
        />
        <Form
          key={form.formKey}
          method="post"
          noValidate
          className="relative mt-8 space-y-6"
          onChange={form.onChange}
          onSubmit={form.onSubmit}
        >
          <ProtectionFields startedAt={form.startedAt} submissionKey={form.formKey} />
          <PersonFields field={field} />
          <TextField {...field("subject")} required defaultValue={field("subject").defaultValue ?? loaderData.subject} />
          <TextField {...field("message")} required multiline rows={7} />
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
