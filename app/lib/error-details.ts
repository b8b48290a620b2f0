/**
 * What a log may say about an error. A failed database query carries what the visitor sent: drizzle's
 * message is `Failed query: <SQL> params: <values>`, PGlite's error keeps the query and its parameters, and
 * PostgreSQL's own message and detail can quote a value ("invalid input syntax…", "Key (email)=(…)"). The
 * values are search words, names, emails and messages, so of a database error only its class, its code
 * and the tables it names are kept. server/logger.ts and app/entry.server.tsx both log through this.
 */

type Described = Record<string, unknown>;

const FRAMES_KEPT = 6;
/** How many causes deep to look for a database error. */
const CAUSES_FOLLOWED = 5;

interface DatabaseErrorShape {
  code: string;
  severity: string;
  table?: string;
  constraint?: string;
}

/** An error PostgreSQL (through pg or PGlite) reported: it has a severity and a five-character SQLSTATE. */
const isDatabaseError = (err: unknown): err is DatabaseErrorShape =>
  typeof err === "object" &&
  err !== null &&
  typeof (err as Partial<DatabaseErrorShape>).severity === "string" &&
  /^[0-9A-Z]{5}$/.test(String((err as Partial<DatabaseErrorShape>).code));

/** drizzle's DrizzleQueryError, or anything else that keeps a query with its parameters. */
const isFailedQuery = (err: unknown) => typeof err === "object" && err !== null && "query" in err && "params" in err;

const causeOf = (err: unknown): unknown => (typeof err === "object" && err !== null ? (err as { cause?: unknown }).cause : undefined);

function chain(err: unknown): unknown[] {
  const errors: unknown[] = [];
  for (let e = err; e !== undefined && e !== null && errors.length <= CAUSES_FOLLOWED; e = causeOf(e)) errors.push(e);
  return errors;
}

/** Only the stack's frames: its first lines repeat the message. */
const framesOf = (err: Error) =>
  err.stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, FRAMES_KEPT)
    .join("\n");

/** A message that quotes a failed query (an error made from drizzle's message) keeps what comes before it. */
const withoutQuery = (message: string) => message.replace(/Failed query:[\s\S]*/, "[failed query]");

function describeDatabaseError(err: unknown, errors: unknown[], withStack: boolean): Described {
  const reported = errors.find(isDatabaseError);
  // A connection that failed has a code of its own (ECONNREFUSED…), and no value in it.
  const code = reported?.code ?? errors.map((e) => (e as { code?: unknown }).code).find((c) => typeof c === "string");
  return {
    error: isFailedQuery(err) && err instanceof Error && err.message.startsWith("Failed query") ? "DrizzleQueryError" : "DatabaseError",
    detail: "a database query failed",
    ...(code ? { code } : {}),
    ...(reported?.table ? { table: reported.table } : {}),
    ...(reported?.constraint ? { constraint: reported.constraint } : {}),
    ...(withStack && err instanceof Error ? { stack: framesOf(err) } : {}),
  };
}

/** Error details for logs: the class, a message with no query in it, the first frames; never the request's values. */
export const describeError = (err: unknown): Described => describe(err, 0);

function describe(err: unknown, depth: number): Described {
  const errors = chain(err);
  const failed = errors.findIndex((e) => isFailedQuery(e) || isDatabaseError(e));
  if (failed === 0) return describeDatabaseError(err, errors, depth === 0);
  if (!(err instanceof Error)) return { error: withoutQuery(String(err)) };
  // An error of ours that wraps a failed query keeps its own message, and says what it wraps.
  const cause =
    failed > 0
      ? describeDatabaseError(errors[failed], errors.slice(failed), false)
      : err.cause !== undefined && depth < CAUSES_FOLLOWED
        ? describe(err.cause, depth + 1)
        : undefined;
  const stack = depth === 0 ? { stack: framesOf(err) } : {};
  // A system error's code (ECONNRESET…) says what happened, and holds nothing of the request.
  const { code } = err as { code?: unknown };
  return {
    error: err.name,
    detail: withoutQuery(err.message),
    ...(typeof code === "string" ? { code } : {}),
    ...stack,
    ...(cause ? { cause } : {}),
  };
}
