import { Form, href } from "react-router";
import type { Route } from "./+types/contact";
import { PageHeader } from "~/components/ui/PageHeader";
import { bindFields, ConsentCheckbox, PersonFields, ProtectionFields, RequiredMark, TextField } from "~/components/forms/fields";
import { formAction, formLoaderData } from "~/forms/form-action.server";
import { formPageHeaders, keepFormWhenOffline, neverRevalidate } from "~/forms/form-page";
import { contactForm } from "~/forms/definitions";
import { FormOutcome, useFormSubmission } from "~/components/forms/use-form-submission";
import { appContext } from "~/context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { staticPageMeta } from "~/lib/seo";
import { FIXED_PAGES } from "~/content/fixed-pages";

export const handle: RouteHandle = { hydrate: true };

export const headers = formPageHeaders;

export function loader({ context, request }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const subject = new URL(request.url).searchParams.get("subject")?.slice(0, 150) ?? "";
  return { ...formLoaderData(), subject, email: content.site.email.address };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(contactForm, request, context.get(appContext));
}

export const clientAction = keepFormWhenOffline(contactForm);

export const shouldRevalidate = neverRevalidate;

export const meta = staticPageMeta(FIXED_PAGES.contact);

const FAILURE = { title: "Error", description: contactForm.failure };

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const form = useFormSubmission({
    form: contactForm,
    loaderData,
    actionData,
    failureToast: () => FAILURE,
  });
  const { errors, values } = form;
  const field = bindFields(contactForm, errors, values);

  return (
    <>
      <PageHeader
        title="Contact Us"
        intro={
          <p>
            Questions, testimony, press or partnership: write to us here or at{" "}
            <a className="underline" href={`mailto:${loaderData.email}`}>
              {loaderData.email}
            </a>
            .
          </p>
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p className="text-sm text-sand-700">
          Fields marked <RequiredMark /> are required. We use what you send only to reply to you; see our{" "}
          <a href={href("/privacy-policy")} className="underline">
            Privacy Policy
          </a>{" "}
          and{" "}
          <a href={href("/terms-of-use")} className="underline">
            Terms of Use
          </a>
          .
        </p>
        <FormOutcome
          succeeded={form.succeeded}
          success={contactForm.success}
          failure={form.failed ? { title: FAILURE.description, description: form.failed.error } : null}
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
            {form.submitting ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </div>
      {form.toaster}
    </>
  );
}
