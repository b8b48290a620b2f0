/** Checking what someone typed against a zod/mini schema, with the messages grouped by field. Browser-safe. */
import type * as z from "zod/mini";

export type FieldErrors = Partial<Record<string, string[]>>;

type ValidationResult<T> = { success: true; data: T } | { success: false; fieldErrors: FieldErrors };

/**
 * Validates a plain object (from JSON or from a form) and groups the messages by field. Any zod/mini schema:
 * `any` in its bound keeps each schema's precise output type, which `unknown` would lose.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function validate<S extends z.ZodMiniType<any, any>>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data as z.output<S> };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    const list = (fieldErrors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { success: false, fieldErrors };
}
