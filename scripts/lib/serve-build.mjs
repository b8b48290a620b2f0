/** Starts the production build (server/start.mjs) on 127.0.0.1 for a measuring script, and waits until it answers. */
import { execFileSync, spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The environment and Node options `npm start` runs the server with (package.json): `NAME=value` words,
 * then `node` and its arguments. Read from there, so what is measured is what is served.
 */
const startWords = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).scripts.start.split(/\s+/);
const nodeAt = startWords.indexOf("node");
export const START_ENV = Object.fromEntries(startWords.slice(0, nodeAt).map((word) => word.split("=")));
export const START_ARGS = startWords.slice(nodeAt + 1);

let signalsEndTheScript = false;

/**
 * Runs `kill` when this script ends, however it ends: done, failed, Ctrl-C or SIGTERM (a signal would otherwise
 * skip the exit handlers and leave servers running). Returns what cancels it, for a child stopped on purpose.
 */
export function killWithThisProcess(kill) {
  if (!signalsEndTheScript) {
    signalsEndTheScript = true;
    for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));
  }
  process.once("exit", kill);
  return () => process.off("exit", kill);
}

/**
 * `log`: a file the server's standard output (its log) is appended to, as `npm start >> site.log` would;
 * without it the output is dropped. The level is warn unless `env` sets LOG_LEVEL. `translated`: the database
 * holds a published Arabic translation of the Yazidis page first (scripts/bench/translated-page.ts), as issue
 * 34's budgets measure `/ar/communities/yazidis`.
 */
export async function serveBuild(port, env = {}, { log, translated = false } = {}) {
  const output = log ? openSync(log, "a") : "ignore";
  const serverEnv = {
    ...process.env,
    ...START_ENV,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    // No load balancer in front to drain for.
    SHUTDOWN_DRAIN_MS: "0",
    DATA_DIR: env.DATA_DIR ?? mkdtempSync(join(tmpdir(), "measure-")),
    ...env,
  };
  if (translated) {
    const script = new URL("../bench/translated-page.ts", import.meta.url).pathname;
    const tsx = new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url).pathname;
    execFileSync(process.execPath, [tsx, script], { env: serverEnv, stdio: ["ignore", "ignore", "inherit"] });
  }
  const child = spawn(process.execPath, START_ARGS, { env: serverEnv, stdio: ["ignore", output, "inherit"] });
  if (typeof output === "number") closeSync(output);
  const forget = killWithThisProcess(() => child.kill("SIGTERM"));
  const stop = () =>
    new Promise((resolve) => {
      forget();
      if (child.exitCode !== null) return resolve();
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop, child };
    } catch {
      /* still starting (or building) */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error("the server did not start");
}
