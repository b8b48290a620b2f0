/**
 * Two instances of the built site on one PostgreSQL and Redis, behind nginx (Debian's package) round-robin,
 * as docs/deploy.md's "several servers" runs them. Skipped, with the reason in its title, where nginx,
 * PostgreSQL or Redis cannot be had.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Browser, type Page } from "@playwright/test";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_FLAGS, findChromium } from "../../scripts/lib/chromium.mjs";
import { scratchPostgres } from "../../scripts/lib/scratch-postgres.mjs";
import { START_ARGS, START_ENV } from "../../scripts/lib/serve-build.mjs";
import { ensureNginx, NGINX } from "../../scripts/lib/static-baseline.mjs";
import { completeSetup } from "../e2e/staff/helpers";
import { assertBuilt, root } from "../helpers/built-server";
import { hasPostgres } from "../helpers/databases";
import { startSmtpServer } from "../helpers/smtp";
import { makeInboxKeyIn } from "../helpers/inbox-key";

const BALANCER = 4700;
const PORTS = [4701, 4702] as const;

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis("redis://127.0.0.1:6379", { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0 });
  redis.on("error", () => {});
  const answers = await redis.connect().then(
    () => redis.ping().then(() => true),
    () => false,
  );
  redis.disconnect();
  return answers;
}

/** What the run needs beyond Node, or why it cannot run here. */
const missing = !hasPostgres
  ? "PostgreSQL does not answer at 127.0.0.1:5432"
  : !(await redisAnswers())
    ? "Redis does not answer at 127.0.0.1:6379"
    : !ensureNginx()
      ? "nginx is not installed and cannot be installed here (not root, or no apt-get)"
      : null;

describe.skipIf(missing !== null)(`two instances behind nginx${missing ? ` (skipped: ${missing})` : ""}`, () => {
  let work: string;
  let database: Awaited<ReturnType<typeof scratchPostgres>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let nginx: ChildProcess;
  let browser: Browser;
  let page: Page;
  let env: Record<string, string | undefined>;
  const instances: (ChildProcess | null)[] = [null, null];
  const balancer = `http://localhost:${BALANCER}`;
  /** Submissions stored through the balancer, by id: each must cause one email. */
  const stored = new Set<string>();

  async function startInstance(i: number) {
    const child = spawn(process.execPath, START_ARGS, {
      cwd: root,
      env: { ...env, ...START_ENV, PORT: String(PORTS[i]) },
      stdio: ["ignore", "ignore", "inherit"],
    });
    instances[i] = child;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${PORTS[i]}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      if (child.exitCode !== null) throw new Error(`instance ${i + 1} exited with ${child.exitCode}`);
      await sleep(100);
    }
  }

  /** SIGTERM, then how it ended: "0" for a clean exit, else the code or the signal. */
  function stopInstance(i: number): Promise<string> {
    const child = instances[i]!;
    if (child.exitCode !== null || child.signalCode !== null)
      return Promise.resolve(`already gone (${child.exitCode ?? child.signalCode})`);
    const exited = new Promise<string>((r) => child.once("exit", (code, signal) => r(String(code ?? signal))));
    child.kill("SIGTERM");
    return exited;
  }

  /**
   * Until nginx itself sends traffic to the instance again: its readiness is not enough, because nginx's
   * passive check keeps a server it saw fail out of the rotation for fail_timeout.
   */
  async function untilBalancerUses(port: number) {
    for (;;) {
      const res = await fetch(`${balancer}/healthz`).catch(() => null);
      if (res?.headers.get("x-upstream")?.endsWith(`:${port}`)) return;
      await sleep(100);
    }
  }

  beforeAll(async () => {
    assertBuilt();
    work = mkdtempSync(join(tmpdir(), "cluster-"));
    database = await scratchPostgres("cluster");
    // Migrated and given its inbox key before the instances start, as an operator's first setup would.
    await makeInboxKeyIn({ databaseUrl: database!.url });
    smtp = await startSmtpServer();
    env = {
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
      SITE_URL: balancer,
      // nginx is one hop; the load generator plays the visitors by naming their addresses one hop further.
      TRUST_PROXY: "2",
      SUBMISSION_RATE_LIMIT: "5",
      FORM_MIN_FILL_MS: "0",
      SHUTDOWN_DRAIN_MS: "1500",
    };
    // Round robin with nginx's passive health check; a request that cannot reach an instance goes to the other.
    // Submissions carry idempotency keys, so even a POST may be retried: the site stores it once.
    writeFileSync(
      join(work, "nginx.conf"),
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
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
    );
    nginx = spawn(NGINX, ["-c", join(work, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
    await Promise.all([startInstance(0), startInstance(1)]);
    browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_FLAGS });
    page = await (await browser.newContext({ baseURL: balancer })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all(instances.map((c) => c && c.exitCode === null && new Promise((r) => (c.once("exit", r), c.kill("SIGTERM")))));
    nginx?.kill("SIGQUIT");
    await smtp?.close();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it("a staff member signed in through nginx is signed in on each instance", async () => {
    const link = await new Promise<string>((resolve, reject) => {
      const cli = spawn(
        process.execPath,
        ["node_modules/tsx/dist/cli.mjs", "scripts/ops/staff.ts", "add", "cluster.admin@example.org", "--role", "admin"],
        {
          cwd: root,
          env,
        },
      );
      let out = "";
      cli.stdout.on("data", (d) => (out += d));
      cli.on("exit", (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(out))));
    });
    await completeSetup(page, link);
    for (const port of PORTS) {
      const res = await page.goto(`http://localhost:${port}/admin/messages`);
      expect(res?.status(), `instance on ${port}`).toBe(200);
      expect(new URL(page.url()).pathname).toBe("/admin/messages");
    }
  });

  it("counts the submission limit across instances: the sixth from one address in ten minutes is refused", async () => {
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
      const body = (await res.json()) as { id?: string };
      if (body.id) stored.add(body.id);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("restarts one instance after the other under load without failing a request; each drains and exits 0", async () => {
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
        try {
          const res = await fetch(`${balancer}/api/submit-contact-form`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "idempotency-key": randomUUID(),
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
            stored.add(body.id);
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
    const exits = [];
    for (const i of [0, 1]) {
      exits.push(await stopInstance(i));
      await startInstance(i);
      await untilBalancerUses(PORTS[i]!);
    }
    loading = false;
    await Promise.all(load);
    console.log(`rolling restart: ${served} requests served through nginx, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(100);
    expect(exits).toEqual(["0", "0"]);
  });

  it("sends each stored submission's notification email once", async () => {
    const perSubmission = new Map<string, number>();
    const count = () => {
      perSubmission.clear();
      for (const mail of smtp.mails) {
        const id = /\/admin\/messages\/([0-9a-f-]{36})/.exec(mail.raw)?.[1];
        if (id) perSubmission.set(id, (perSubmission.get(id) ?? 0) + 1);
      }
      return [...stored].filter((id) => perSubmission.has(id)).length;
    };
    await expect.poll(count, { timeout: 60_000, interval: 200 }).toBe(stored.size);
    await sleep(1500); // a duplicate, if any, would arrive now
    count();
    expect(smtp.mails.length).toBe(stored.size);
    expect([...perSubmission.values()].filter((n) => n > 1)).toEqual([]);
  });

  it("shows a news item saved through one instance on the other, which had kept the page", async () => {
    const other = `http://127.0.0.1:${PORTS[1]}/communities/assyrians`;
    await (await fetch(other)).text();
    expect((await fetch(other)).headers.get("x-render-cache")).toBe("hit");
    const title = `Cluster news ${randomUUID().slice(0, 8)}`;
    await page.goto(`http://localhost:${PORTS[0]}/admin/news/new`);
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
    // Each instance reads the content version four times a second; a busy machine may take longer, so no limit is asserted here.
    await expect.poll(async () => (await (await fetch(other)).text()).includes(title), { timeout: 30_000, interval: 50 }).toBe(true);
    console.log(`news: instance 2 showed the item ${Date.now() - saved} ms after instance 1 saved it`);
  });
});
