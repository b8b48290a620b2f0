/**
 * The container files cannot be built on this machine (no base images, no Docker daemon): these checks
 * hold them to what the server needs, so they do not drift from it unnoticed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { START_ARGS, START_ENV } from "../scripts/lib/serve-build.mjs";

const root = join(__dirname, "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const dockerfile = read("Dockerfile");
const instructions = (name: string) => [...dockerfile.matchAll(new RegExp(`^${name} (.+)$`, "gm"))].map((m) => m[1]!);

describe("Dockerfile", () => {
  it("builds in one stage and runs in another, both on Node 24 LTS slim", () => {
    expect(instructions("FROM")).toEqual(["node:24-slim AS build", "node:24-slim"]);
  });

  it("runs as an unprivileged user, with the data folder as a volume it owns", () => {
    expect(instructions("USER")).toEqual(["node"]);
    expect(dockerfile).toMatch(/DATA_DIR=\/data/);
    expect(instructions("VOLUME")).toEqual(["/data"]);
    expect(dockerfile).toContain("chown node:node /data");
  });

  it("checks its health on /readyz and starts Node with the same options as npm start", () => {
    expect(dockerfile).toMatch(/HEALTHCHECK[^]*\/readyz/);
    const cmd = JSON.parse(instructions("CMD").at(-1)!) as string[];
    expect(cmd).toEqual(["node", ...START_ARGS]);
    // The allocator's settings too: glibc reads them only at process start (decision 006).
    expect(Object.keys(START_ENV).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(START_ENV)) expect(dockerfile).toContain(`${name}=${value}`);
  });

  it("copies every file the built server reads at run time", () => {
    const copied = instructions("COPY").filter((c) => c.startsWith("--from=build"));
    for (const path of ["/app/build", "/app/db/migrations", "/app/server/start.mjs", "/app/node_modules", "/app/package.json"]) {
      expect(copied.some((c) => c.includes(`${path} `))).toBe(true);
    }
    expect(dockerfile).toContain("SKIP_BUILD=1");
  });
});

describe("compose.yaml and Caddyfile", () => {
  const compose = parse(read("compose.yaml")) as {
    services: Record<string, { environment?: Record<string, string>; build?: string; image?: string; ports?: string[] }>;
  };

  it("runs the site twice on one PostgreSQL and Redis, behind Caddy terminating TLS", () => {
    const { site1, site2, postgres, redis, caddy } = compose.services;
    for (const site of [site1, site2]) {
      expect(site?.build).toBe(".");
      expect(site?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/site:.+@postgres:5432\/site$/);
      expect(site?.environment?.REDIS_URL).toBe("redis://redis:6379");
      expect(site?.environment?.SITE_URL).toMatch(/^https:\/\//);
    }
    expect(postgres?.image).toMatch(/^postgres:/);
    expect(redis?.image).toMatch(/^redis:/);
    expect(caddy?.image).toMatch(/^caddy:/);
    expect(caddy?.ports).toContain("443:443");
  });

  it("sends traffic round-robin to both instances and only to ready ones", () => {
    const caddyfile = read("Caddyfile");
    expect(caddyfile).toMatch(/reverse_proxy site1:3000 site2:3000/);
    expect(caddyfile).toContain("health_uri /readyz");
  });
});
