import { Form } from "react-router";
import type { Route } from "./+types/contact";
import { PageHeader } from "~/components/ui/PageHeader";
import { ConsentCheckbox, ProtectionFields, RequiredMark, TextField } from "~/forms/fields";
import { formAction, formLoaderData } from "~/forms/form-action.server";
import { CONTACT_FIELDS, contactSchema } from "~/forms/schemas";
import { FormOutcome, useFormSubmission } from "~/forms/use-form-submission";
import { content } from "~/content/content.server";
import { appContext } from "~/lib/app-context";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta, rootMeta } from "~/lib/seo";

export const handle: RouteHandle = { hydrate: true };

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function loader({ request }: Route.LoaderArgs) {
  const subject = new URL(request.url).searchParams.get("subject")?.slice(0, 150) ?? "";
  return { ...formLoaderData(), subject, email: content.site.email.address };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction("contact", request, context.get(appContext));
}

/** A lost connection is a failure like any other: the form and what the visitor typed stay. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { ok: false as const, error: "Failed to send message. Please try again.", values: {} };
  }
}

/** The page's data does not change when a form is sent: no reloading it (which would also fail offline). */
export function shouldRevalidate() {
  return false;
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  return pageMeta({
    title: "Contact Us",
    description: "Send a message to our alliance of persecuted communities. We read every message and reply as soon as we can.",
    path: "/contact",
    root: root,
  });
}

const SUCCESS = { title: "Message sent!", description: "Thank you for contacting us. We'll get back to you soon." };
const FAILURE = { title: "Error", description: "Failed to send message. Please try again." };

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const form = useFormSubmission({
    action: "/contact",
    schema: contactSchema,
    fields: CONTACT_FIELDS,
    loaderData,
    actionData,
    success: SUCCESS,
    failureToast: () => FAILURE,
  });
  const { errors, values } = form;

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
          <a href="/privacy-policy" className="underline">
            Privacy Policy
          </a>{" "}
          and{" "}
          <a href="/terms-of-use" className="underline">
            Terms of Use
          </a>
          .
        </p>
        <FormOutcome
          succeeded={form.succeeded}
          success={SUCCESS}
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
            name="subject"
            label="Subject"
            required
            errors={errors.subject}
            defaultValue={(values.subject as string) ?? loaderData.subject}
          />
          <TextField
            name="message"
            label="Message"
            required
            multiline
            rows={7}
            errors={errors.message}
            defaultValue={values.message as string}
          />
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
