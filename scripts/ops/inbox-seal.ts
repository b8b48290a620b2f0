/**
 * `npm run inbox:seal`: seals the submissions stored before sealing to the inbox key, drops their clear columns
 * and rewrites the tables so that no clear copy is left (app/staff/seal-existing.server.ts). Needs only the
 * inbox key's public key. On PostgreSQL the site keeps serving meanwhile; the embedded database must be
 * closed, so the site is stopped first. docs/deploy.md, Sealed submissions, has the runbook.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { NoInboxKey } from "../../app/forms/submissions.server";
import { sealExistingSubmissions } from "../../app/staff/seal-existing.server";
import { loadConfig } from "../../server/config";
import { serverIsRunning } from "../../server/control";

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const config = loadConfig(process.env);
let target: { databaseUrl: string } | { dataDir: string };
if (config.DATABASE_URL) {
  target = { databaseUrl: config.DATABASE_URL };
} else {
  if (config.DATA_DIR.startsWith("memory://")) fail("DATA_DIR is memory://: there is no stored database to seal.");
  const dataDir = resolve(config.DATA_DIR);
  if (await serverIsRunning(dataDir)) {
    fail(
      "Stop the site first: the embedded database can be open in one process only, and sealing replaces its files.\n" +
        "Stop the server, run npm run inbox:seal, then start it again.",
    );
  }
  if (!existsSync(join(dataDir, "pglite", "PG_VERSION"))) fail(`There is no embedded database in ${dataDir}.`);
  target = { dataDir };
}

try {
  const outcome = await sealExistingSubmissions(target);
  if (!outcome.done) {
    console.log("Nothing to do: every submission is sealed, and no clear copy is left in the tables.");
  } else {
    const { contact_submissions: messages, join_submissions: volunteers } = outcome.counts;
    console.log(
      `Sealed ${messages} message${messages === 1 ? "" : "s"} and ${volunteers} volunteer sign-up${volunteers === 1 ? "" : "s"}.`,
    );
    console.log("The clear columns are dropped and the tables rewritten: the database holds no clear copy of them.");
    console.log(
      "Now destroy every backup, replica, WAL archive and disk snapshot made before this: they still hold clear copies (docs/deploy.md).",
    );
  }
  process.exit(0);
} catch (err) {
  if (err instanceof NoInboxKey) {
    fail("There is no inbox key yet. An administrator must first make one with: npm run staff -- inbox-key");
  }
  console.error(err);
  process.exit(1);
}
