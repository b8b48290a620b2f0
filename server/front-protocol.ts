/**
 * What the app's thread and the front thread (server/front.ts) say to each other. No code runs here: both sides
 * import it, and the front thread must load nothing of the app.
 */
import type { AnswerTally } from "./answered";
import type { KeptAnswers } from "./kept-page";
import type { Level, Threshold } from "./log-levels";

export interface FrontOptions {
  port: number;
  host: string;
  keepAliveTimeout: number;
  /** The app's own listener: a Unix socket in a folder only this process's user can open. */
  appSocket: string;
  logLevel: Threshold;
  limits: { maxPages: number; maxBytes: number };
}

/** A kept page as the front thread holds it: what answering it needs, and its route pattern for the metrics. */
export type FrontPage = KeptAnswers & { route: string };

export type ToFront =
  | { type: "kept"; key: string; page: FrontPage }
  | { type: "cleared" }
  /** The instance drains: kept pages go to the app too, whose every answer asks the client to reconnect. */
  | { type: "drain" }
  | { type: "close" }
  | { type: "close-idle" }
  | { type: "close-all" }
  | { type: "tally"; id: number };

export type FromFront =
  | { type: "listening"; port: number }
  | { type: "failed"; message: string; code?: string }
  /** A turn's request lines, already made, and other events, for the app's logger to write. */
  | { type: "log"; events: LogEvent[]; lines: string }
  | { type: "tally"; id: number; tallies: AnswerTally[] }
  | { type: "closed" };

/** One event of the front thread's log: its level, message and fields. */
export type LogEvent = [level: Level, msg: string, fields: Record<string, unknown> | undefined];

/** Carries the client's address from the front thread to the app: set there, never taken from a client. */
export const CLIENT_ADDRESS_HEADER = "x-front-client-address";

/**
 * Marks an answer the app gave before the request's body had all arrived (413, 415, 403…), in place of its
 * `Connection: close`: the app's server would otherwise close the connection while the front thread is still
 * sending the body, and the front thread would meet the broken pipe before the answer and say 502. The front
 * thread stops sending, passes the answer on with `Connection: close`, then drops the connection to the app.
 */
export const ANSWERED_EARLY_HEADER = "x-front-answered-early";
