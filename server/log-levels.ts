/**
 * The log's levels, lowest first, and which events a threshold lets through. Apart from server/logger.ts, which
 * loads pino, so that the front thread (server/front.ts) filters its events by the same rule without it.
 */
export const LEVELS = ["debug", "info", "warn", "error", "silent"] as const;

/** What LOG_LEVEL may be: a level, or silent. */
export type Threshold = (typeof LEVELS)[number];
export type Level = Exclude<Threshold, "silent">;

/** Whether an event at `level` is written when the log is at `threshold`. */
export const written = (level: Level, threshold: Threshold) => LEVELS.indexOf(level) >= LEVELS.indexOf(threshold);
