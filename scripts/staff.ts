/**
 * `npm run staff -- add <email> --role admin|staff | list | reset <email> | remove <email>`
 * Works on the configured database: DATABASE_URL, or the embedded one in DATA_DIR (through the running
 * server when there is one, since only one process may open it).
 */
import { resolve } from "node:path";
import { openDatabase } from "../db/client.server";
import { loadConfig } from "../server/config";
import { staffAccountsService } from "../app/staff/accounts.server";
import { createStaffAuth } from "../app/staff/auth.server";
import { runStaffCommand, USAGE } from "../app/staff/command.server";
import { sendToRunningServer } from "../server/control";
import { resolveSecret } from "../app/staff/secret.server";

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === "--help") {
  console.log(USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
const config = loadConfig(process.env);
const dataDir = resolve(config.DATA_DIR);

let result = config.DATABASE_URL ? null : await sendToRunningServer(dataDir, argv);
if (!result) {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir, poolSize: 2 });
  try {
    const secret = await resolveSecret(database.db, config.SESSION_SECRET);
    const auth = createStaffAuth({
      db: database.db,
      secret,
      siteUrl: config.SITE_URL,
      idleMinutes: config.STAFF_IDLE_MINUTES,
      appName: "Staff area",
      onPasskey: async () => {},
    });
    result = await runStaffCommand(staffAccountsService({ db: database.db, auth, siteUrl: config.SITE_URL }), argv);
  } finally {
    await database.close();
  }
}
(result.code === 0 ? console.log : console.error)(result.out);
process.exit(result.code);
