import { z } from "zod";
import { LEVELS } from "./log-levels";

/** An age public key: X25519 (`age1…`) or post-quantum hybrid (`age1pq1…`), in Bech32. */
const AGE_RECIPIENT = /^age1[02-9ac-hj-np-z]{50,}$/;

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), `must start with ${protocols.join(" or ")}`);

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  SITE_URL: z
    .url({ message: "must be an absolute URL such as https://example.org" })
    .default("http://localhost:3000")
    .transform((v) => v.replace(/\/+$/, "")),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
  DATA_DIR: z.string().default("./data"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * Versioned secrets, newest first: `3:<secret>,2:<secret>`. The first signs and encrypts; the others are
   * only read, so that a rotation locks no one out (docs/deploy.md, Rotating the secret). Replaces SESSION_SECRET.
   */
  SESSION_SECRETS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const entries = v.split(",").map((entry) => {
        const [, version, value] = /^\s*(\d{1,9}):(.*?)\s*$/.exec(entry) ?? [];
        if (version === undefined) ctx.addIssue({ code: "custom", message: "each entry must be <version>:<secret>, such as 2:…" });
        else if (value!.length < 32)
          ctx.addIssue({ code: "custom", message: `the secret of version ${version} must be at least 32 characters` });
        return { version: Number(version), value: value ?? "" };
      });
      const versions = entries.map((e) => e.version);
      if (versions.some((n, i) => i > 0 && n >= versions[i - 1]!)) {
        ctx.addIssue({ code: "custom", message: "list each version once, newest (highest) first" });
      }
      return entries;
    }),
  /** After a rotation, staff sessions signed with a secret still listed are kept (keep) or ended (end). */
  SESSION_ROTATION: z.enum(["keep", "end"]).default("keep"),
  SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
  MAIL_FROM: z.string().default("Website <no-reply@localhost>"),
  NOTIFY_TO: z.string().optional(),
  REDIS_URL: optionalUrl(["redis://", "rediss://"]),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "" || v === "false") return false;
      if (v === "true") return true;
      if (/^\d+$/.test(v)) return Number(v);
      if (/^[\w.:/, -]+$/.test(v)) return v; // loopback, uniquelocal, or a list of addresses/subnets
      ctx.addIssue({ code: "custom", message: "must be true, false, a hop count, or addresses" });
      return z.NEVER;
    }),
  SUBMISSION_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Site searches allowed per address per minute (the results page answers 429 beyond). */
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
  /** A form sent sooner than this after it was shown is taken for a script and filed as spam. */
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** Other sites whose pages may post to the JSON endpoints (CORS), as origins: https://example.org. */
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const list = v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean);
      for (const origin of list) {
        if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
          ctx.addIssue({ code: "custom", message: `"${origin}" is not an origin such as https://example.org` });
        }
      }
      return list;
    }),
  EMBEDS: z.enum(["consent", "auto"]).default("consent"),
  /** A staff session ends after this many idle minutes (and after 12 hours in any case). */
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  /** Submissions marked done are deleted this many days later; spam after 30 days. */
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Notification email carries the submission's text only when this is true; by default, a link to the inbox. */
  NOTIFY_INCLUDE_DETAILS: z
    .enum(["true", "false"], { message: "must be true or false" })
    .default("false")
    .transform((v) => v === "true"),
  /**
   * After SIGTERM, how long the server keeps serving while /readyz already answers 503, so that a load
   * balancer's health check can move traffic away before it stops accepting connections.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  /** Serves /metrics to requests carrying `Authorization: Bearer <token>`; unset, /metrics is 404. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * age public keys (age1…), separated by commas or spaces: `npm run db:backup` encrypts every backup to them.
   * The matching private keys are kept off the server (`npm run backup:keygen`).
   */
  BACKUP_RECIPIENTS: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const keys = v.split(/[\s,]+/).filter(Boolean);
      for (const key of keys) {
        if (!AGE_RECIPIENT.test(key)) ctx.addIssue({ code: "custom", message: `"${key.slice(0, 20)}…" is not an age public key (age1…)` });
      }
      return keys;
    }),
  /**
   * The site's Tor onion service (http://<56 characters>.onion): every HTML answer then carries Onion-Location,
   * so Tor Browser offers it, and the privacy policy states it (docs/deploy.md, An onion address).
   */
  ONION_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, "") : undefined))
    .refine(
      (v) => v === undefined || /^https?:\/\/([a-z0-9-]+\.)*[a-z2-7]{56}\.onion$/.test(v),
      "must be an onion service's address: http://<56 characters>.onion",
    ),
  LOG_LEVEL: z.enum(LEVELS).default("info"),
});

const checkedSchema = configSchema.refine((c) => !(c.SESSION_SECRET && c.SESSION_SECRETS), {
  path: ["SESSION_SECRETS"],
  message: "set SESSION_SECRETS or SESSION_SECRET, not both (list the old SESSION_SECRET in SESSION_SECRETS, as 1:…)",
});

export type AppConfig = z.infer<typeof configSchema>;

/** Every variable the server reads. */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape) as (keyof AppConfig)[];

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = checkedSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
