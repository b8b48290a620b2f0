/** CSV for spreadsheets: UTF-8 with a byte-order mark (Excel then reads accents and Arabic correctly). */
import { stringify } from "csv-stringify/sync";

const BOM = "\uFEFF";

/**
 * A cell that starts with = + - @, a tab or a carriage return could run as a formula in a spreadsheet
 * (OWASP "CSV injection"): a leading apostrophe makes it plain text.
 */
const neutralise = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const OPTIONS = { quoted_match: /[\s\S]/, record_delimiter: "\r\n" } as const;

export function toCsv(header: string[], rows: string[][]): string {
  return BOM + stringify([header, ...rows.map((r) => r.map(neutralise))], OPTIONS);
}

/** More rows of a CSV begun with toCsv, for a file written as it streams. */
export function csvRows(rows: string[][]): string {
  return stringify(
    rows.map((r) => r.map(neutralise)),
    OPTIONS,
  );
}

export const cellOf = (value: unknown): string =>
  Array.isArray(value)
    ? value.join("; ")
    : value instanceof Date
      ? value.toISOString()
      : typeof value === "boolean"
        ? value
          ? "yes"
          : "no"
        : String(value ?? "");
