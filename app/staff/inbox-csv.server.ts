/**
 * The inbox as CSV: every field of the form under its label, the language the person wrote in (so staff can
 * reply in it), the date received and the status.
 */
import type { FormDefinition } from "~/forms/definitions";
import { cellOf, toCsv } from "./csv.server";
import { languageLabel, STATUSES, type Status } from "./inbox";
import type { SubmissionRow } from "./inbox.server";

export function submissionsCsv(form: FormDefinition, rows: SubmissionRow[]): string {
  const labels = form.labels as Record<string, string>;
  const header = [...form.fields.map((f) => labels[f]!), "Language", "Received (UTC)", "Status", "Spam"];
  return toCsv(
    header,
    rows.map((row) => [
      ...form.fields.map((f) => cellOf(row[f])),
      languageLabel(row.language),
      cellOf(row.createdAt),
      STATUSES[row.status as Status] ?? row.status,
      cellOf(row.spam),
    ]),
  );
}

export const csvHeaders = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}"`,
});
