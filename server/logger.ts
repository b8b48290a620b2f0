/**
 * Structured JSON logs, one line per event, written by pino; the one line per request is made in the same form
 * by server/request-line.ts and written through `lines`. Callers pass only non-personal fields: no IP
 * addresses, no form contents, no email addresses, no query strings (they can carry anything), and errors
 * only through describeError.
 *
 * A line is `{"level":"info","time":"<ISO>","msg":"…",<the event's fields>}`: the level as its name, the
 * message before the fields (operators and tests look for `"msg":"listening","url":…`).
 *
 * Lines go to standard output through pino's own destination (sonic-boom), fed once per turn of the event
 * loop: the lines of one turn are gathered in memory and written with one write(2) when the turn ends, so a
 * busy server writes a few dozen lines at a time and a quiet one still writes each line at once. Nothing is
 * ever being written in the background, so whatever is pending when the process exits (process.exit, a fatal
 * error) is written then, in order. Decision 007 has the measurements behind this.
 */
import pino, { type DestinationStream } from "pino";
import { written, type Level, type Threshold } from "./log-levels";
import { isoTime } from "./request-line";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /**
   * Lines made elsewhere in the same form (server/request-line.ts), each ending in a newline, written in order
   * with the others; null when the log leaves out info.
   */
  lines: ((text: string) => void) | null;
}

let standardOutput: DestinationStream | undefined;

/** Standard output, one destination for every logger of the process. */
function toStandardOutput(): DestinationStream {
  if (standardOutput) return standardOutput;
  const output = pino.destination({ dest: 1, sync: true });
  // A log that cannot be written (a full disk) must not stop the site: say so once, on standard error. When
  // its reader is gone (EPIPE), pino's destination stops writing, and there is no one to tell.
  let told = false;
  output.on("error", (err: NodeJS.ErrnoException) => {
    if (!told && err.code !== "EPIPE") process.stderr.write(`the log cannot be written to standard output: ${err.message}\n`);
    told = true;
  });
  let pending = "";
  const write = () => {
    const lines = pending;
    pending = "";
    output.write(lines);
  };
  process.on("exit", () => pending && write());
  standardOutput = {
    write(line: string) {
      if (pending === "") setImmediate(write);
      pending += line;
    },
  };
  return standardOutput;
}

/** `write` receives each line, without its newline, as it is logged (tests keep them). */
export function createLogger(level: Threshold = "info", write?: (line: string) => void): Logger {
  const noop = () => {};
  if (level === "silent") return { debug: noop, info: noop, warn: noop, error: noop, lines: null };
  const destination = write
    ? {
        write: (text: string) =>
          text
            .split("\n")
            .slice(0, -1)
            .forEach((line) => write(line)),
      }
    : toStandardOutput();
  const out = pino(
    {
      level,
      base: undefined,
      timestamp: isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // pino's own `err` serializer would write an error's message and stack, which can quote a failed query's
      // values: every field, `err` too, is written as JSON.stringify writes it, as before.
      serializers: { err: (value: unknown) => value },
    },
    destination,
  );
  const log = (lvl: Level) =>
    !written(lvl, level) ? noop : (msg: string, fields?: Record<string, unknown>) => out[lvl]({ msg, ...fields });
  return {
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    lines: written("info", level) ? (text) => destination.write(text) : null,
  };
}

/** Error details for logs, with nothing of a failed query's SQL or values (app/lib/error-details.ts). */
export { describeError } from "../app/lib/error-details";
