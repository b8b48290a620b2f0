/**
 * Runs a benchmark on the services `npm run staff` builds: first on an embedded database in a folder of its
 * own, then on a scratch PostgreSQL database if one is reachable. Each is closed and removed afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scratchPostgres } from "../lib/scratch-postgres.mjs";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { createServices, type Services } from "../../server/services";

const servicesOn = (env: Record<string, string>, purpose: "server" | "command") =>
  createServices(loadConfig({ SITE_URL: "http://localhost", ...env }), createLogger("warn"), purpose);

/**
 * `name` names the temporary folder and database; `purpose` "server" builds what a running server has (the
 * content served and followed, the search index kept), for what a staff save costs.
 */
export async function onEachDatabase(
  name: string,
  measure: (label: string, services: Services) => Promise<void>,
  purpose: "server" | "command" = "command",
) {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const embedded = await servicesOn({ DATA_DIR: dir }, purpose);
  try {
    await measure("Embedded (PGlite)", embedded);
  } finally {
    await embedded.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const scratch = await scratchPostgres(name.replace(/-/g, "_"));
  if (!scratch) {
    console.log("\nPostgreSQL: not reachable, skipped.");
    return;
  }
  const server = await servicesOn({ DATABASE_URL: scratch.url }, purpose);
  try {
    await measure("PostgreSQL", server);
  } finally {
    await server.close();
    await scratch.drop();
  }
}
