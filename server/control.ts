/**
 * The embedded database can be open in one process only. While the server runs on it, `npm run staff`
 * and `npm run db:backup` hand their work to the server over a Unix socket in DATA_DIR, which only this
 * machine's users with access to that folder can open.
 */
import { existsSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { join } from "node:path";
import type { CommandResult } from "../app/staff/command.server";

const controlSocket = (dataDir: string) => join(dataDir, "control.sock");

interface ControlHandlers {
  /** `npm run staff -- …`; `input`: what the CLI read from standard input (a recovery key), never argv. */
  staff(argv: string[], input?: string): Promise<CommandResult>;
  /** A consistent copy of the embedded database (PGlite's own dump, gzipped tar). */
  backup(): Promise<Uint8Array>;
  /** `npm run content:export`: the content documents, path → text. */
  content(): Promise<Record<string, string>>;
}

/** A staff command's body: `{ argv, input }`, or a bare argv array (what an earlier CLI sends). */
function staffRequest(body: unknown): { argv: string[]; input?: string } {
  if (Array.isArray(body)) return { argv: body.map(String) };
  const { argv, input } = (body ?? {}) as { argv?: unknown; input?: unknown };
  return { argv: Array.isArray(argv) ? argv.map(String) : [], input: typeof input === "string" ? input : undefined };
}

export async function listenForControl(dataDir: string, handlers: ControlHandlers): Promise<Server> {
  const path = controlSocket(dataDir);
  rmSync(path, { force: true });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        if (req.url === "/backup") {
          const bytes = await handlers.backup();
          res.setHeader("Content-Type", "application/gzip").end(bytes);
          return;
        }
        if (req.url === "/content") {
          res.setHeader("Content-Type", "application/json").end(JSON.stringify(await handlers.content()));
          return;
        }
        const { argv, input } = staffRequest(JSON.parse(Buffer.concat(chunks).toString()));
        const result = await handlers.staff(argv, input);
        res.setHeader("Content-Type", "application/json").end(JSON.stringify(result));
      } catch {
        res.statusCode = 500;
        res.end(JSON.stringify({ code: 1, out: "The server could not do it; see its log." }));
      }
    });
  });
  await new Promise<void>((resolve, reject) =>
    server.listen({ path, readableAll: false, writableAll: false }, resolve).once("error", reject),
  );
  return server;
}

/** The running server's answer to a request on its control socket, or null when no server listens. */
function ask(dataDir: string, path: string, body: string): Promise<{ status: number; body: Buffer } | null> {
  const socketPath = controlSocket(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const req = request({ socketPath, path, method: "POST" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 500, body: Buffer.concat(chunks) }));
    });
    req.on("error", () => resolve(null));
    req.end(body);
  });
}

/**
 * The running server's answer, or null when no server listens (then the CLI opens the database itself).
 * `input` (a recovery key) travels in the body, so it never shows among a process's arguments.
 */
export async function sendToRunningServer(dataDir: string, argv: string[], input?: string): Promise<CommandResult | null> {
  const answer = await ask(dataDir, "/staff", JSON.stringify({ argv, input }));
  return answer && (JSON.parse(answer.body.toString()) as CommandResult);
}

/** A backup made by the running server, or null when no server listens. */
export async function backupFromRunningServer(dataDir: string): Promise<Buffer | null> {
  const answer = await ask(dataDir, "/backup", "");
  if (answer && answer.status !== 200) throw new Error("The running server could not make the backup; see its log.");
  return answer?.body ?? null;
}

/** The content documents of the running server, or null when no server listens. */
export async function contentFromRunningServer(dataDir: string): Promise<Record<string, string> | null> {
  const answer = await ask(dataDir, "/content", "");
  if (answer && answer.status !== 200) throw new Error("The running server could not read its content; see its log.");
  return answer && (JSON.parse(answer.body.toString()) as Record<string, string>);
}

/** Whether a server has the embedded database in DATA_DIR open right now. */
export const serverIsRunning = async (dataDir: string) => (await sendToRunningServer(dataDir, ["list"])) !== null;
