#!/usr/bin/env node
/**
 * For the browser tests on PostgreSQL: creates a fresh database (named in E2E_DATABASE_URL, on the server
 * at TEST_POSTGRES_URL or 127.0.0.1:5432), then starts the site on it, as `npm start` would.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const target = new URL(process.env.E2E_DATABASE_URL);
const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" });
await admin.connect();
const name = target.pathname.slice(1);
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();

const child = spawn(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), "..", "..", "server", "start.mjs")], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: target.toString() },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
