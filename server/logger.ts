/**
 * Structured JSON logs, one line per event. Callers pass only non-personal fields: no IP addresses,
 * no form contents, no email addresses, no query strings (they can carry anything).
 */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  level: Level | "silent" = "info",
  write: (line: string) => void = (l) => process.stdout.write(l + "\n"),
): Logger {
  const log =
    (lvl: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (order[lvl] < order[level]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }));
    };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

/** Error details for logs, with nothing of a failed query's SQL or values (app/lib/error-details.ts). */
export { describeError } from "../app/lib/error-details";
