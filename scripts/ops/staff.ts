/**
 * `npm run staff -- add <email> --role admin|staff | list | reset <email> | remove <email>`
 * Works on the configured database: DATABASE_URL, or the embedded one in DATA_DIR (through the running
 * server when there is one, since only one process may open it).
 */
import { resolve } from "node:path";
import { runStaffCommand, USAGE } from "../../app/staff/command.server";
import { loadConfig } from "../../server/config";
import { sendToRunningServer } from "../../server/control";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === "--help") {
  console.log(USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
const config = loadConfig(process.env);

let result = config.DATABASE_URL ? null : await sendToRunningServer(resolve(config.DATA_DIR), argv);
if (!result) {
  const services = await createServices(config, createLogger("warn"), "command");
  try {
    result = await runStaffCommand(services.app.staff.accounts, argv);
  } finally {
    await services.close();
  }
}
(result.code === 0 ? console.log : console.error)(result.out);
process.exit(result.code);
