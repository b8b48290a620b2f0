/**
 * The volunteer form's areas of interest, apart from the other fields: it needs the form's definition (and so
 * its rules) at run time, which the staff area's editors, using the other fields, need not load.
 */
import { INTEREST_LABELS, INTERESTS, joinForm } from "~/forms/definitions";
import { useText } from "~/i18n/text";
import { FieldError, RequiredMark } from "./fields";

/**
 * The volunteer form's areas of interest: one box each, at least one required. Each is named in the page's
 * language; what is sent and stored is its English name, which the staff inbox filters by.
 */
export function InterestChoices({ chosen, errors }: { chosen: readonly string[]; errors?: string[] }) {
  const { t, say } = useText();
  const messages = errors?.map(say);
  return (
    <fieldset aria-describedby={messages?.length ? "interests-error" : undefined} aria-invalid={messages?.length ? true : undefined}>
      <legend className="font-semibold text-navy-900">
        {t(joinForm.text.fields.interests)}
        <RequiredMark />
      </legend>
      <p className="text-sm text-sand-700">{t("join.hint.interests")}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {INTERESTS.map((interest, i) => (
          <label key={interest} htmlFor={`interest-${i}`} className="flex items-start gap-3 rounded-md border border-sand-200 bg-white p-3">
            <input
              id={`interest-${i}`}
              type="checkbox"
              name="interests"
              value={interest}
              defaultChecked={chosen.includes(interest)}
              className="mt-0.5 size-5 shrink-0 accent-navy-700"
            />
            <span>{t(INTEREST_LABELS[interest])}</span>
          </label>
        ))}
      </div>
      <FieldError name="interests" errors={messages} />
    </fieldset>
  );
}
