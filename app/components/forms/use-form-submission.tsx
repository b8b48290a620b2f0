/**
 * What both form pages do around their fields: live validation, a guard against sending twice, the
 * submitting state, the toasts of docs/product.md ("Sending and outcomes"), the inline outcome, and a fresh form (new key) after success.
 */
import { useCallback, useEffect, useRef, type FormEvent } from "react";
import { useNavigation } from "react-router";
import { Toaster, useToasts } from "~/components/ui/Toasts";
import type { FormDefinition } from "~/forms/definitions";
import type { FormActionResult } from "~/forms/form-page";
import { useText } from "~/i18n/text";
import { useLiveValidation } from "./use-live-validation";

interface Message {
  title: string;
  description: string;
}

interface Options {
  form: FormDefinition;
  loaderData: { submissionKey: string; startedAt: number };
  actionData: FormActionResult | undefined;
  /** The error toast for a failure, given the server's message (empty when the server could not be reached). */
  failureToast: (error: string) => Message;
  /** Called once per failure, e.g. to log it (the join form logs its errors). */
  onFailure?: (error: string) => void;
}

export function useFormSubmission({ form, loaderData, actionData, failureToast, onFailure }: Options) {
  const { t, local } = useText();
  const navigation = useNavigation();
  // The form posts to its page's own address, in the page's language (/fa/contact).
  const submitting = navigation.state === "submitting" && navigation.formAction === local(form.path);
  const success = { title: t(form.text.success.title), description: t(form.text.success.description) };
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const validation = useLiveValidation(form, failed?.fieldErrors);
  const { reset } = validation;
  const { toasts, show, dismiss } = useToasts();

  // Set synchronously on submit, so a second click before React re-renders cannot send twice.
  const inFlight = useRef(false);
  useEffect(() => {
    if (navigation.state === "idle") inFlight.current = false;
  }, [navigation.state]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (inFlight.current) event.preventDefault();
      else if (validation.onSubmit(event)) inFlight.current = true;
    },
    [validation],
  );

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      reset();
      show({ ...success, tone: "success" });
    } else {
      onFailure?.(actionData.error);
      show({ ...failureToast(actionData.error), tone: "error" });
    }
    // Only a new result shows a toast; the messages are constants of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData, reset, show]);

  return {
    submitting,
    failed,
    errors: validation.errors,
    onChange: validation.onChange,
    onSubmit,
    values: failed?.values ?? {},
    /** A new key after each success remounts the form empty and makes its next submission distinct. */
    formKey: actionData?.ok ? actionData.nextKey : loaderData.submissionKey,
    startedAt: actionData?.ok ? actionData.startedAt : loaderData.startedAt,
    succeeded: Boolean(actionData?.ok),
    success,
    /** The page's words for sending, its button's while it is sent, and its failure message. */
    text: { submit: t(form.text.submit), sending: t(form.text.sending), failure: t(form.text.failure), errorTitle: t("forms.errorTitle") },
    toaster: <Toaster toasts={toasts} dismiss={dismiss} label={t("forms.notifications")} dismissLabel={t("forms.dismiss")} />,
  };
}

/** The outcome said in the page as well as in the toast (toasts vanish; this stays). */
export function FormOutcome({ succeeded, success, failure }: { succeeded: boolean; success: Message; failure: Message | null }) {
  if (succeeded) {
    return (
      <div role="status" className="mt-6 rounded-lg border border-green-700 bg-green-50 p-4 text-green-900" data-outcome="success">
        <p className="font-bold">{success.title}</p>
        <p>{success.description}</p>
      </div>
    );
  }
  if (!failure) return null;
  return (
    <div role="alert" className="mt-6 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900" data-outcome="error">
      <p className="font-bold">{failure.title}</p>
      <p>{failure.description}</p>
    </div>
  );
}
