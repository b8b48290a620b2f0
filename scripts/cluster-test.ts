/**
 * `npm run test:cluster`: two instances of the built site on one PostgreSQL and Redis, behind nginx
 * (Debian's package) round-robin, under a steady load of page views and submissions. It checks that:
 *   - a rolling restart (SIGTERM one instance, start it again, then the other) fails no request;
 *   - each notification email goes out once;
 *   - a staff member signed in through the balancer is signed in on each instance;
 *   - the submission rate limit is shared by the instances;
 *   - a news change made through one instance shows on the other within a second.
 * `npm test` runs it when nginx, PostgreSQL and Redis are available. It ends with `N passed, N failed`
 * and writes test-results/cluster.json for the summary.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { Redis } from "ioredis";
import { completeSetup } from "../tests/e2e/staff/helpers";
import { startSmtpServer } from "../tests/helpers/smtp";
import { CHROMIUM_FLAGS } from "./lib/chromium.mjs";
import { scratchPostgres } from "./lib/scratch-postgres.mjs";
import { START_ARGS } from "./lib/serve-build.mjs";
import { ensureNginx, NGINX } from "./lib/static-baseline.mjs";

const root = join(import.meta.dirname, "..");
const BALANCER = 4700;
const PORTS = [4701, 4702];
const results: { name: string; ok: boolean; detail: string }[] = [];
const record = (name: string, ok: boolean, detail: string) => {
  results.push({ name, ok, detail });
  console.log(`${ok ? "✓" : "✗"} ${name}: ${detail}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function finish(skipped?: string): never {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  mkdirSync(join(root, "test-results"), { recursive: true });
  writeFileSync(join(root, "test-results", "cluster.json"), JSON.stringify({ passed, failed, skipped: skipped ?? null, results }, null, 2));
  if (skipped) console.log(`skipped: ${skipped}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

// What the test needs beyond Node: nginx (installed when missing, as root), PostgreSQL, Redis.
if (!ensureNginx()) finish("nginx is not installed and cannot be installed here");
const database = await scratchPostgres("cluster");
if (!database) finish("PostgreSQL does not answer at 127.0.0.1:5432");
const redis = new Redis("redis://127.0.0.1:6379", { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0 });
const redisAnswers = await redis.connect().then(
  () => redis.ping().then(() => true),
  () => false,
);
redis.disconnect();
if (!redisAnswers) {
  await database!.drop();
  finish("Redis does not answer at 127.0.0.1:6379");
}

const work = mkdtempSync(join(tmpdir(), "cluster-"));
const smtp = await startSmtpServer();
const env = {
  ...process.env,
  NODE_ENV: "production",
  SKIP_BUILD: "1",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  DATABASE_URL: database!.url,
  REDIS_URL: "redis://127.0.0.1:6379",
  SMTP_URL: smtp.url,
  NOTIFY_TO: "staff@example.org",
  SESSION_SECRET: randomBytes(32).toString("hex"),
  SITE_URL: `http://localhost:${BALANCER}`,
  // nginx is one hop; the load generator plays the visitors by naming their addresses one hop further.
  TRUST_PROXY: "2",
  SUBMISSION_RATE_LIMIT: "5",
  FORM_MIN_FILL_MS: "0",
};

const instances: (ChildProcess | null)[] = [null, null];
async function startInstance(i: number) {
  const child = spawn(process.execPath, START_ARGS, {
    cwd: root,
    env: { ...env, PORT: String(PORTS[i]) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  instances[i] = child;
  for (let t = 0; t < 300; t++) {
    const ready = await fetch(`http://127.0.0.1:${PORTS[i]}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (child.exitCode !== null) throw new Error(`instance ${i + 1} exited with ${child.exitCode}`);
    await sleep(100);
  }
  throw new Error(`instance ${i + 1} did not become ready`);
}
/** SIGTERM, then how it ended: "0" for a clean exit, else the code or the signal. */
async function stopInstance(i: number): Promise<string> {
  const child = instances[i]!;
  if (child.exitCode !== null || child.signalCode !== null) return `already gone (${child.exitCode ?? child.signalCode})`;
  const exited = new Promise<string>((r) => child.once("exit", (code, signal) => r(String(code ?? signal))));
  child.kill("SIGTERM");
  return exited;
}

// Round robin; a request that cannot reach an instance (it is restarting) goes to the other. Submissions
// carry idempotency keys, so even a POST may be retried: the site stores it once.
const nginxConf = join(work, "nginx.conf");
writeFileSync(
  nginxConf,
  `worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 1000000;
  client_body_temp_path ${work}; proxy_temp_path ${work}; fastcgi_temp_path ${work}; uwsgi_temp_path ${work}; scgi_temp_path ${work};
  upstream site {
    server 127.0.0.1:${PORTS[0]} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${PORTS[1]} max_fails=1 fail_timeout=2s;
  }
  server {
    listen 127.0.0.1:${BALANCER};
    location / {
      proxy_pass http://site;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout non_idempotent;
      proxy_next_upstream_tries 2;
    }
  }
}
`,
);
const nginx = spawn(NGINX, ["-c", nginxConf, "-g", "daemon off;"], { stdio: "inherit" });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });

try {
  await Promise.all([startInstance(0), startInstance(1)]);
  const balancer = `http://localhost:${BALANCER}`;

  // --- Sessions: set up and sign in through the balancer; each instance then knows the session.
  const link = await new Promise<string>((resolve, reject) => {
    const cli = spawn(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "scripts/staff.ts", "add", "cluster.admin@example.org", "--role", "admin"],
      {
        cwd: root,
        env,
      },
    );
    let out = "";
    cli.stdout.on("data", (d) => (out += d));
    cli.on("exit", (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(out))));
  });
  const context = await browser.newContext({ baseURL: balancer });
  const page = await context.newPage();
  await completeSetup(page, link);
  const signedInOn = [];
  for (const port of PORTS) {
    const res = await page.goto(`http://localhost:${port}/admin/messages`);
    signedInOn.push(res?.status() === 200 && new URL(page.url()).pathname === "/admin/messages");
  }
  record(
    "sessions",
    signedInOn.every(Boolean),
    `signed in through nginx; /admin/messages answered 200 on ${signedInOn.filter(Boolean).length} of 2 instances`,
  );

  // --- Rate limits: five submissions per address in ten minutes, counted across both instances.
  const statuses = [];
  for (let n = 0; n < 6; n++) {
    const res = await fetch(`http://127.0.0.1:${PORTS[n % 2]}/api/submit-contact-form`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.99.99.99" },
      body: JSON.stringify({
        name: "Limit Tester",
        email: "limit@example.org",
        subject: "Limit",
        message: `Try ${n}`,
        agree_to_terms: true,
      }),
    });
    statuses.push(res.status);
  }
  const limitIds = statuses.filter((s) => s === 201).length;
  record(
    "rate limits",
    statuses.slice(0, 5).every((s) => s === 201) && statuses[5] === 429,
    `six submissions from one address, alternating instances: ${statuses.join(", ")}`,
  );

  // --- Steady load through the balancer while each instance is restarted in turn.
  const submitted = new Set<string>();
  let served = 0;
  const failures: string[] = [];
  let loading = true;
  const pages = ["/", "/about", "/communities/yazidis", "/communities/copts/news", "/contact", "/ideology/same-ideology"];
  const viewer = async (w: number) => {
    for (let n = w; loading; n++) {
      const path = pages[n % pages.length]!;
      try {
        const res = await fetch(balancer + path);
        await res.arrayBuffer();
        if (res.ok) served++;
        else failures.push(`GET ${path}: ${res.status}`);
      } catch (err) {
        failures.push(`GET ${path}: ${(err as Error).message} ${String((err as Error).cause ?? "")}`);
      }
      await sleep(10);
    }
  };
  const submitter = async (w: number) => {
    for (let n = 0; loading; n++) {
      const key = randomUUID();
      try {
        const res = await fetch(`${balancer}/api/submit-contact-form`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "idempotency-key": key,
            "x-forwarded-for": `10.${w}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: JSON.stringify({
            name: "Load Visitor",
            email: `load${w}-${n}@example.org`,
            subject: "Steady load",
            message: "Sent during a rolling restart",
            agree_to_terms: true,
          }),
        });
        const body = (await res.json()) as { id?: string };
        if (res.status === 201 && body.id) {
          submitted.add(body.id);
          served++;
        } else failures.push(`POST: ${res.status}`);
      } catch (err) {
        failures.push(`POST: ${(err as Error).message} ${String((err as Error).cause ?? "")}`);
      }
      await sleep(200);
    }
  };
  const load = [...[0, 1, 2, 3].map(viewer), ...[1, 2].map(submitter)];
  await sleep(2000);
  const exitCodes = [];
  for (const i of [0, 1]) {
    exitCodes.push(await stopInstance(i));
    await startInstance(i);
    await sleep(2000);
  }
  loading = false;
  await Promise.all(load);
  record(
    "rolling restart",
    failures.length === 0 && exitCodes.every((c) => c === "0"),
    `${served} requests served (${submitted.size} submissions), ${failures.length} failed${failures.length ? `: ${failures.slice(0, 5).join("; ")}` : ""}; both instances exited ${exitCodes.join(" and ")} on SIGTERM`,
  );

  // --- Email: every stored submission's notification, once.
  const expected = submitted.size + limitIds;
  for (let t = 0; t < 300 && smtp.mails.length < expected; t++) await sleep(100);
  await sleep(1500); // a duplicate, if any, would arrive now
  const perSubmission = new Map<string, number>();
  for (const mail of smtp.mails) {
    const id = /\/admin\/messages\/([0-9a-f-]{36})/.exec(mail.raw)?.[1];
    if (id) perSubmission.set(id, (perSubmission.get(id) ?? 0) + 1);
  }
  const missing = [...submitted].filter((id) => !perSubmission.has(id)).length;
  const twice = [...perSubmission.values()].filter((n) => n > 1).length;
  record(
    "email once",
    smtp.mails.length === expected && missing === 0 && twice === 0,
    `${expected} submissions stored, ${smtp.mails.length} emails received, ${missing} missing, ${twice} sent more than once`,
  );

  // --- News: saved through instance 1, shown by instance 2.
  await page.goto(`http://localhost:${PORTS[0]}/admin/news/new`);
  const title = `Cluster news ${randomUUID().slice(0, 8)}`;
  const other = `http://127.0.0.1:${PORTS[1]}/communities/assyrians`;
  await (await fetch(other)).text(); // instance 2 keeps the page in its render cache
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Excerpt/).fill("Saved on one instance, read on the other.");
  await page.getByLabel(/^Source/).fill("Test wire");
  await page.getByLabel(/^Publication date/).fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel(/^Address of the original article/).fill("https://news.example/cluster");
  await page.getByRole("checkbox", { name: "Assyrians", exact: true }).check();
  await page.getByRole("radio", { name: /^Published/ }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("status").filter({ hasText: "Saved. Visitors see the change now." }).waitFor();
  const saved = Date.now();
  let shownAfter = -1;
  for (let t = 0; t < 100; t++) {
    if ((await (await fetch(other)).text()).includes(title)) {
      shownAfter = Date.now() - saved;
      break;
    }
    await sleep(20);
  }
  record(
    "news",
    shownAfter >= 0 && shownAfter <= 1000,
    `saved through instance 1; instance 2 showed it after ${shownAfter < 0 ? "more than 2 s" : `${shownAfter} ms`}`,
  );
} catch (err) {
  record("cluster run", false, (err as Error).stack ?? String(err));
} finally {
  await browser.close();
  await Promise.all(instances.map((c) => c && c.exitCode === null && new Promise((r) => (c.once("exit", r), c.kill("SIGTERM")))));
  nginx.kill("SIGQUIT");
  await smtp.close();
  await database!.drop();
  if (results.every((r) => r.ok)) rmSync(work, { recursive: true, force: true });
  else console.log(`kept for a look: ${work} (nginx-error.log)`);
}
finish();
