/**
 * The embedded database can be open in one process only. While the server runs on it, `npm run staff`
 * hands its command to the server over a Unix socket in DATA_DIR, which only this machine's users with
 * access to that folder can open.
 */
import { existsSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { join } from "node:path";
import type { StaffAccounts } from "./accounts.server";
import { runStaffCommand, type CommandResult } from "./command.server";

export const controlSocket = (dataDir: string) => join(dataDir, "staff.sock");

export async function listenForStaffCommands(dataDir: string, accounts: StaffAccounts): Promise<Server> {
  const path = controlSocket(dataDir);
  rmSync(path, { force: true });
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      try {
        const argv = JSON.parse(body) as string[];
        const result = await runStaffCommand(accounts, Array.isArray(argv) ? argv.map(String) : []);
        res.setHeader("Content-Type", "application/json").end(JSON.stringify(result));
      } catch {
        res.statusCode = 500;
        res.end(JSON.stringify({ code: 1, out: "The server could not run the command; see its log." }));
      }
    });
  });
  await new Promise<void>((resolve, reject) =>
    server.listen({ path, readableAll: false, writableAll: false }, resolve).once("error", reject),
  );
  return server;
}

/** The running server's answer, or null when no server listens (then the CLI opens the database itself). */
export function sendToRunningServer(dataDir: string, argv: string[]): Promise<CommandResult | null> {
  const socketPath = controlSocket(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const req = request({ socketPath, path: "/", method: "POST" }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve(JSON.parse(body) as CommandResult));
    });
    req.on("error", () => resolve(null));
    req.end(JSON.stringify(argv));
  });
}
