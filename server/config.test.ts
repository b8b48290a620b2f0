import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.SITE_URL).toBe("http://localhost:3000");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toBe("./data");
    expect(c.TRUST_PROXY).toBe(false);
    expect(c.SUBMISSION_RATE_LIMIT).toBe(10);
    expect(c.EMBEDS).toBe("consent");
  });

  it("reads each variable", () => {
    const c = loadConfig({
      PORT: "8080",
      SITE_URL: "https://example.org/",
      DATABASE_URL: "postgres://u@db/site",
      TRUST_PROXY: "1",
      SUBMISSION_RATE_LIMIT: "25",
      EMBEDS: "auto",
      SMTP_URL: "smtp://mail:25",
    });
    expect(c).toMatchObject({ PORT: 8080, SITE_URL: "https://example.org", TRUST_PROXY: 1, SUBMISSION_RATE_LIMIT: 25, EMBEDS: "auto" });
  });

  it("reads versioned secrets newest first, and age public keys", () => {
    const recipient = "age1nef4lvqrj0mdzjqpwpg0euyd96rc7m0hulhjkmzwevv6ep4fk5dqd63h9f";
    const c = loadConfig({ SESSION_SECRETS: `3:${"c".repeat(32)}, 1:${"a".repeat(32)}`, BACKUP_RECIPIENTS: `${recipient}, ${recipient}` });
    expect(c.SESSION_SECRETS).toEqual([
      { version: 3, value: "c".repeat(32) },
      { version: 1, value: "a".repeat(32) },
    ]);
    expect(c.SESSION_ROTATION).toBe("keep");
    expect(c.BACKUP_RECIPIENTS).toEqual([recipient, recipient]);
    expect(() => loadConfig({ SESSION_SECRET: "a".repeat(32), SESSION_SECRETS: `2:${"b".repeat(32)}` })).toThrow(/not both/);
  });

  it.each([
    ["PORT", "eighty"],
    ["SITE_URL", "not a url"],
    ["DATABASE_URL", "mysql://x"],
    ["EMBEDS", "sometimes"],
    ["SUBMISSION_RATE_LIMIT", "0"],
    ["SMTP_URL", "http://mail"],
    ["SESSION_SECRET", "short"],
    ["SESSION_SECRETS", `2:${"b".repeat(32)},1:short`],
    ["SESSION_SECRETS", `1:${"a".repeat(32)},2:${"b".repeat(32)}`], // oldest first
    ["SESSION_SECRETS", "b".repeat(40)], // no version
    ["SESSION_ROTATION", "sometimes"],
    ["BACKUP_RECIPIENTS", "AGE-SECRET-KEY-1QQQQ"], // a private key where the public one belongs
  ])("rejects a bad %s with a message naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe("the documentation of the settings", () => {
  const read = (file: string) => readFileSync(join(__dirname, "..", file), "utf8");

  it("names every variable the server reads, in the README's table and in .env.example", () => {
    const table = read("README.md").split("## Configure it")[1]!.split("\n## ")[0]!;
    const example = read(".env.example");
    for (const name of CONFIG_VARIABLES) {
      expect(table, `README: ${name}`).toContain(`\`${name}\``);
      if (name !== "NODE_ENV") expect(example, `.env.example: ${name}`).toMatch(new RegExp(`^#? ?${name}=`, "m"));
    }
  });
});
