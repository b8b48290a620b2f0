#!/usr/bin/env node
/**
 * Starts a browser tests' server as `npm start` would, on a database of its own with its inbox key made
 * (scripts/test/e2e-inbox-key.ts writes the recovery keys to E2E_RECOVERY_FILE). With E2E_DATABASE_URL: a fresh
 * PostgreSQL database of that name, on the server at TEST_POSTGRES_URL or 127.0.0.1:5432; otherwise DATA_DIR.
 */
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const env = { ...process.env };
if (process.env.E2E_DATABASE_URL) {
  const target = new URL(process.env.E2E_DATABASE_URL);
  const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" });
  await admin.connect();
  const name = target.pathname.slice(1);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  env.DATABASE_URL = target.toString();
}

const made = spawnSync(
  process.execPath,
  [join(root, "node_modules", "tsx", "dist", "cli.mjs"), join(root, "scripts", "test", "e2e-inbox-key.ts")],
  {
    stdio: "inherit",
    env,
  },
);
if (made.status !== 0) process.exit(made.status ?? 1);

const child = spawn(process.execPath, [join(root, "server", "start.mjs")], { stdio: "inherit", env });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
