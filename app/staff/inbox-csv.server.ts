/**
 * The inbox as CSV: every field of the form under its label, the language the person wrote in (so staff can
 * reply in it), the date received and the status.
 */
import type { FormDefinition } from "~/forms/definitions";
import { cellOf, csvRows, toCsv } from "./csv.server";
import { languageLabel, STATUSES, type Status } from "./inbox";
import type { SubmissionRow } from "./inbox.server";

const headerOf = (form: FormDefinition) => {
  const labels = form.labels as Record<string, string>;
  return [...form.fields.map((f) => labels[f]!), "Language", "Received (UTC)", "Status", "Spam"];
};

const cellsOf = (form: FormDefinition, row: SubmissionRow) => [
  ...form.fields.map((f) => cellOf(row[f])),
  languageLabel(row.language),
  cellOf(row.createdAt),
  STATUSES[row.status as Status] ?? row.status,
  cellOf(row.spam),
];

/**
 * The inbox's CSV as a stream, a batch of rows at a time; `done` hears how many rows went out, once the last has
 * (the audit log's entry). A failure midway ends the download short rather than pretending it is whole.
 */
export function submissionsCsvStream(
  form: FormDefinition,
  batches: AsyncIterable<SubmissionRow[]>,
  done: (rows: number) => Promise<unknown>,
) {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let rows = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(toCsv(headerOf(form), [])));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        await done(rows);
        controller.close();
        return;
      }
      rows += next.value.length;
      if (next.value.length > 0) controller.enqueue(encoder.encode(csvRows(next.value.map((row) => cellsOf(form, row)))));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

export const csvHeaders = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}"`,
});
