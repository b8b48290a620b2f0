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

  it.each([
    ["PORT", "eighty"],
    ["SITE_URL", "not a url"],
    ["DATABASE_URL", "mysql://x"],
    ["EMBEDS", "sometimes"],
    ["SUBMISSION_RATE_LIMIT", "0"],
    ["SMTP_URL", "http://mail"],
    ["SESSION_SECRET", "short"],
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
