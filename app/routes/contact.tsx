import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { PageHeader } from "~/components/ui/PageHeader";
import { Toaster, useToasts } from "~/components/ui/Toasts";
import { ConsentCheckbox, ProtectionFields, RequiredMark, TextField } from "~/forms/fields";
import { formAction, formLoaderData } from "~/forms/form-action.server";
import { CONTACT_FIELDS, contactSchema } from "~/forms/schemas";
import { useLiveValidation } from "~/forms/use-live-validation";
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
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const { errors, onSubmit, onChange, reset } = useLiveValidation(contactSchema, CONTACT_FIELDS, failed?.fieldErrors);
  const { toasts, show, dismiss } = useToasts();
  // Set synchronously on submit, so a second click before React re-renders cannot send twice.
  const inFlight = useRef(false);
  useEffect(() => {
    if (navigation.state === "idle") inFlight.current = false;
  }, [navigation.state]);
  const values = failed?.values ?? {};
  const key = actionData?.ok ? actionData.nextKey : loaderData.submissionKey;
  const startedAt = actionData?.ok ? actionData.startedAt : loaderData.startedAt;

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      reset();
      show({ ...SUCCESS, tone: "success" });
    } else {
      show({ ...FAILURE, tone: "error" });
    }
  }, [actionData, reset, show]);

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
        {actionData?.ok ? (
          <div role="status" className="mt-6 rounded-lg border border-green-700 bg-green-50 p-4 text-green-900" data-outcome="success">
            <p className="font-bold">{SUCCESS.title}</p>
            <p>{SUCCESS.description}</p>
          </div>
        ) : null}
        {failed ? (
          <div role="alert" className="mt-6 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900" data-outcome="error">
            <p className="font-bold">{FAILURE.description}</p>
            <p>{failed.error}</p>
          </div>
        ) : null}
        <Form
          key={key}
          method="post"
          noValidate
          className="relative mt-8 space-y-6"
          onChange={onChange}
          onSubmit={(e) => {
            if (inFlight.current) e.preventDefault();
            else if (onSubmit(e)) inFlight.current = true;
          }}
        >
          <ProtectionFields startedAt={startedAt} submissionKey={key} />
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField name="name" label="Name" required autoComplete="name" errors={errors.name} defaultValue={values.name as string} />
            <TextField name="email" label="Email" type="email" required autoComplete="email" errors={errors.email} defaultValue={values.email as string} />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" errors={errors.phone} defaultValue={values.phone as string} />
            <TextField name="organization" label="Organization" autoComplete="organization" errors={errors.organization} defaultValue={values.organization as string} />
            <TextField name="country" label="Country" autoComplete="country-name" errors={errors.country} defaultValue={values.country as string} />
            <TextField name="community" label="Community" errors={errors.community} defaultValue={values.community as string} />
          </div>
          <TextField name="subject" label="Subject" required errors={errors.subject} defaultValue={(values.subject as string) ?? loaderData.subject} />
          <TextField name="message" label="Message" required multiline rows={7} errors={errors.message} defaultValue={values.message as string} />
          <ConsentCheckbox errors={errors.agree_to_terms} defaultChecked={values.agree_to_terms === true} />
          <button type="submit" className="btn-primary min-w-40 disabled:cursor-not-allowed disabled:opacity-70" disabled={sending}>
            {sending ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </div>
      <Toaster toasts={toasts} dismiss={dismiss} />
    </>
  );
}
