import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { describeError } from "./error-details";

const WORDS = "ezidi refugee from sinjar";
const EMAIL = "someone.at.risk@example.org";

/** PostgreSQL's own error, as pg and PGlite report it: its message and detail can quote a value. */
const postgresError = (message: string, fields: Record<string, string>) =>
  Object.assign(new Error(message), { name: "error", severity: "ERROR", ...fields });

const logged = (err: unknown) => JSON.stringify(describeError(err));

describe("describeError", () => {
  it("keeps of a failed query its class, its code and its table, never the SQL or the values", () => {
    const cause = postgresError(`duplicate key value violates unique constraint "submissions_email_key"`, {
      code: "23505",
      detail: `Key (email)=(${EMAIL}) already exists.`,
      table: "submissions",
      constraint: "submissions_email_key",
    });
    const err = new DrizzleQueryError(`insert into "submissions" ("email", "message") values ($1, $2)`, [EMAIL, WORDS], cause);
    expect(err.message).toContain(EMAIL);

    const described = describeError(err);
    expect(described).toMatchObject({
      error: "DrizzleQueryError",
      detail: "a database query failed",
      code: "23505",
      table: "submissions",
      constraint: "submissions_email_key",
    });
    expect(described.stack).toMatch(/^\s+at /);
    expect(logged(err)).not.toMatch(/someone\.at\.risk|ezidi|sinjar|insert into|params/i);
  });

  it("keeps nothing of PGlite's own error, which holds the query and its parameters too", () => {
    // The shape PGlite 0.5 throws (its class is minified), under drizzle's error.
    const query = "select * from search_documents where document @@ websearch_to_tsquery($1)";
    const cause = postgresError(`relation "search_documents" does not exist`, { code: "42P01" });
    const err = new DrizzleQueryError(query, [WORDS], Object.assign(cause, { query, params: [WORDS], queryOptions: {} }));
    expect(describeError(err)).toMatchObject({ error: "DrizzleQueryError", code: "42P01" });
    expect(describeError(cause)).toMatchObject({ error: "DatabaseError", code: "42P01" });
    for (const e of [err, cause]) expect(logged(e)).not.toMatch(/ezidi|sinjar|select|search_documents/i);
  });

  it("quotes no value from PostgreSQL's own message, even when nothing wraps it", () => {
    const err = postgresError(`invalid input syntax for type uuid: "${WORDS}"`, { code: "22P02" });
    expect(describeError(err)).toMatchObject({ error: "DatabaseError", code: "22P02" });
    expect(logged(err)).not.toContain("sinjar");
  });

  it("keeps the message of an error that wraps a failed query, and says what it wraps", () => {
    const failed = new DrizzleQueryError("select $1", [WORDS], postgresError("canceling statement", { code: "57014" }));
    const err = new Error(`search failed: ${failed.message}`, { cause: failed });
    const described = describeError(err);
    expect(described).toMatchObject({
      error: "Error",
      detail: "search failed: [failed query]",
      cause: { error: "DrizzleQueryError", code: "57014" },
    });
    expect(logged(err)).not.toContain("sinjar");
  });

  it("describes any other error by its class, message and first frames, without repeating the message", () => {
    const err = new TypeError("cannot read properties of undefined");
    const described = describeError(err);
    expect(described).toMatchObject({ error: "TypeError", detail: "cannot read properties of undefined" });
    expect(
      String(described.stack)
        .split("\n")
        .every((line) => /^\s+at /.test(line)),
    ).toBe(true);
    expect(describeError("a thrown string")).toEqual({ error: "a thrown string" });
  });
});
