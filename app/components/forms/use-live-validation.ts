import { useCallback, useRef, useState, type FormEvent } from "react";
import { readFormData, type FormDefinition } from "~/forms/definitions";
import { validate, type FieldErrors } from "~/lib/validation";

/**
 * Validation runs first on submit, then again on every change (docs/product.md, "Sending and outcomes"). Server errors (no-JS or a
 * bypassed client) arrive as `serverErrors` and show until the next local validation.
 */
export function useLiveValidation(definition: FormDefinition, serverErrors: FieldErrors | undefined) {
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const attempted = useRef(false);

  const run = useCallback(
    (form: HTMLFormElement) => {
      const result = validate(definition.schema, readFormData(definition, new FormData(form)));
      const next = result.success ? {} : result.fieldErrors;
      setErrors(next);
      return next;
    },
    [definition],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      attempted.current = true;
      const next = run(event.currentTarget);
      const first = definition.fields.find((f) => next[f]?.length);
      if (first) {
        event.preventDefault();
        event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return false;
      }
      return true;
    },
    [run, definition],
  );

  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (attempted.current) run(event.currentTarget);
    },
    [run],
  );

  const reset = useCallback(() => {
    attempted.current = false;
    setErrors(null);
  }, []);

  return { errors: errors ?? serverErrors ?? {}, onSubmit, onChange, reset };
}
