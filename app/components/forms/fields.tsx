/**
 * Form fields wired for assistive technology: label, required mark, error tied by aria-describedby. The
 * public forms' own pieces (bindFields, PersonFields, ConsentCheckbox) speak the page's language (useText).
 */
import { href } from "react-router";
import type { ReactNode } from "react";
import type { FormDefinition, FormValues } from "~/forms/definitions";
import type { FieldErrors } from "~/lib/validation";
import { HONEYPOT_FIELD, KEY_FIELD, STARTED_FIELD } from "~/forms/protection";
import { useText } from "~/i18n/text";

interface BaseProps {
  name: string;
  label: string;
  required?: boolean;
  errors?: string[];
  hint?: ReactNode;
  /**
   * The direction of what is typed: `auto` (the default) for names and free text, which run right to left
   * as an Arabic, Persian or Hebrew one is typed; `ltr` for email addresses, phone numbers and web addresses,
   * which are left to right in every language.
   */
  dir?: "auto" | "ltr";
}

const describedBy = (name: string, errors?: string[], hint?: ReactNode) =>
  [hint ? `${name}-hint` : null, errors?.length ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;

export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

export function FieldError({ name, errors }: { name: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
      {errors[0]}
    </p>
  );
}

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-600/40 ${
    invalid ? "border-red-700" : "border-sand-700/40"
  }`;

export function TextField({
  name,
  label,
  required,
  errors,
  hint,
  type = "text",
  autoComplete,
  defaultValue,
  multiline,
  rows = 5,
  inputMode,
  autoFocus,
  dir = "auto",
}: BaseProps & {
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  multiline?: boolean;
  rows?: number;
  inputMode?: "numeric" | "text" | "email";
  autoFocus?: boolean;
}) {
  const invalid = Boolean(errors?.length);
  const common = {
    id: name,
    name,
    required,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy(name, errors, hint),
    defaultValue,
    dir,
    className: inputClass(invalid),
  };
  return (
    <div>
      <label htmlFor={name} className="block font-semibold text-navy-900">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-sand-700">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} rows={rows} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} autoFocus={autoFocus} />
      )}
      <FieldError name={name} errors={errors} />
    </div>
  );
}

/** The consent box; `errors` are message keys, said in the page's language. */
export function ConsentCheckbox({ errors, defaultChecked }: { errors?: string[]; defaultChecked?: boolean }) {
  const { t, say, rich, local } = useText();
  const messages = errors?.map(say);
  const invalid = Boolean(messages?.length);
  const legalLink = (path: string) => (words: ReactNode) => (
    <a href={local(path)} target="_blank" rel="noopener" className="font-semibold text-navy-600 underline">
      {words}
      <span className="sr-only"> {t("forms.newTab")}</span>
    </a>
  );
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id="agree_to_terms"
          name="agree_to_terms"
          type="checkbox"
          required
          defaultChecked={defaultChecked}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "agree_to_terms-error" : undefined}
          className="mt-1 size-5 shrink-0 accent-navy-700"
        />
        <label htmlFor="agree_to_terms">
          {rich("forms.consent", { privacy: legalLink(href("/privacy-policy")), terms: legalLink(href("/terms-of-use")) })}
          <RequiredMark />
        </label>
      </div>
      <FieldError name="agree_to_terms" errors={messages} />
    </div>
  );
}

/** Anti-abuse fields: a honeypot people never see, the render time, and this form's idempotency key. */
export function ProtectionFields({ startedAt, submissionKey }: { startedAt: number; submissionKey: string }) {
  const { t } = useText();
  return (
    <>
      <div aria-hidden="true" className="pointer-events-none absolute -start-[9999px] h-px w-px overflow-hidden">
        <label>
          {t("forms.honeypot")}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name={STARTED_FIELD} value={startedAt} />
      <input type="hidden" name={KEY_FIELD} value={submissionKey} />
    </>
  );
}

/**
 * The props each field of `form` needs: its name, its label and its errors in the page's language (the
 * errors arrive as message keys), and the value to show again. A hook: it reads the page's strings.
 */
export function useFieldBinder(form: FormDefinition, errors: FieldErrors, values: FormValues) {
  const { t, say } = useText();
  const labels = form.text.fields as Record<string, Parameters<typeof t>[0]>;
  return (name: Exclude<FormDefinition["fields"][number], "agree_to_terms">) => {
    const value = values[name];
    return {
      name,
      label: t(labels[name]!),
      errors: errors[name]?.map(say),
      defaultValue: typeof value === "string" ? value : undefined,
    };
  };
}

/** Who is writing: the six fields both forms open with. Email addresses and phone numbers run left to right in every language. */
export function PersonFields({ field }: { field: ReturnType<typeof useFieldBinder> }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <TextField {...field("name")} required autoComplete="name" />
      <TextField {...field("email")} type="email" required autoComplete="email" dir="ltr" />
      <TextField {...field("phone")} type="tel" autoComplete="tel" dir="ltr" />
      <TextField {...field("organization")} autoComplete="organization" />
      <TextField {...field("country")} autoComplete="country-name" />
      <TextField {...field("community")} />
    </div>
  );
}
