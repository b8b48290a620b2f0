/**
 * `npm run staff -- add <email> --role admin|staff | list | reset <email> | remove <email> | inbox-key | grant <email>`
 * Works on the configured database: DATABASE_URL, or the embedded one in DATA_DIR (through the running
 * server when there is one, since only one process may open it). `grant` reads a recovery key from standard
 * input (typed unseen at a terminal, or one line from a pipe): an argument would stay in the shell's history
 * and show in `ps`.
 */
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { inputPrompt, runStaffCommand, USAGE } from "../../app/staff/command.server";
import { loadConfig } from "../../server/config";
import { sendToRunningServer } from "../../server/control";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";

/** One line from standard input: at a terminal after a prompt, without echo; from a pipe, its first line. */
async function readLine(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return "";
  }
  // readline echoes to its output: a stream that drops everything keeps what is typed off the screen. The terminal
  // stops echoing (raw mode) as the interface is made, so the prompt comes after: nothing typed after it shows.
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: process.stdin, output: silent, terminal: true });
  lines.on("SIGINT", () => {
    process.stderr.write("\n");
    process.exit(130);
  });
  process.stderr.write(prompt);
  const answer = await new Promise<string>((done) => lines.question("", done));
  lines.close();
  process.stderr.write("\n");
  return answer;
}

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === "--help") {
  console.log(USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
const config = loadConfig(process.env);
const prompt = inputPrompt(argv);
const input = prompt ? await readLine(prompt) : undefined;

let result = config.DATABASE_URL ? null : await sendToRunningServer(resolve(config.DATA_DIR), argv, input);
if (!result) {
  const services = await createServices(config, createLogger("warn"), "command");
  try {
    result = await runStaffCommand(services.app.staff.accounts, argv, input);
  } finally {
    await services.close();
  }
}
(result.code === 0 ? console.log : console.error)(result.out);
process.exit(result.code);
