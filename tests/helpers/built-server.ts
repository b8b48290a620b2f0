/** Starts the built production server (build/server/index.js) in this process or as a child process. */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { RunningServer, StartOptions } from "../../server/app";
import { embeddedDataDir, migratedEmbeddedDump } from "./databases";

export const root = resolve(__dirname, "..", "..");
const entry = join(root, "build", "server", "index.js");

export function assertBuilt() {
  if (!existsSync(entry)) throw new Error("build/server/index.js is missing: run `npm run build` first (npm test does it for you)");
}

/**
 * The built server in this process, on the embedded database in memory (begun from the migrated one), so that
 * a test can reach its Express app or its services, and see what it writes.
 */
export async function startBuiltServerHere(
  env: Record<string, string> = {},
  options: Pick<StartOptions, "log" | "services"> = {},
): Promise<RunningServer> {
  assertBuilt();
  const { startServer } = (await import(pathToFileURL(entry).href)) as { startServer(options: StartOptions): Promise<RunningServer> };
  return startServer({
    env: { NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: "memory://", SITE_URL: "https://alliance.example", ...env },
    clientDir: join(root, "build", "client"),
    handleSignals: false,
    ...options,
    services: { loadDataDir: await migratedEmbeddedDump(), ...options.services },
  });
}

/** The built server in a child process (as `npm start` runs it), what it has written so far, stopped with SIGTERM. */
export async function startBuiltServer(
  env: Record<string, string> = {},
): Promise<{ url: string; output(): string; close(): Promise<void> }> {
  return closable(await spawnServer(env));
}

/** A child server as a test holds it: where it listens, what it wrote, and how to stop it (SIGTERM). */
export function closable(server: ChildServer) {
  return {
    url: server.url,
    output: server.output,
    close: async () => {
      server.child.kill("SIGTERM");
      await server.exited;
    },
  };
}

export interface ChildServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * `npm start` without the build step, in a child process, for signal and start-up tests. Without a DATA_DIR or
 * DATABASE_URL, on an embedded database of its own, begun migrated (a copy of the run's template) and removed
 * when it exits: a server in memory:// creates and migrates its database at each start, twice the CPU.
 */
export function spawnServer(env: Record<string, string>): Promise<ChildServer> {
  assertBuilt();
  const own = env.DATA_DIR || env.DATABASE_URL ? null : embeddedDataDir("server-");
  const child = spawn(process.execPath, [join(root, "server", "start.mjs")], {
    cwd: root,
    // No drain on SIGTERM unless a test asks for one: each test's server stops at once.
    env: {
      ...process.env,
      SKIP_BUILD: "1",
      HOST: "127.0.0.1",
      PORT: "0",
      SHUTDOWN_DRAIN_MS: "0",
      ...(own && { DATA_DIR: own.dir }),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (own) child.once("exit", own.remove);
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return new Promise((resolveStart, reject) => {
    // Creating the embedded database alone takes 20 s and more on a machine busy with other work.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 150_000);
    const onData = () => {
      const m = /"msg":"listening","url":"([^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveStart({ child, url: m[1]!, output: () => out, exited });
      }
    };
    child.stdout!.on("data", onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code}`), { output: out, code }));
    });
  });
}
