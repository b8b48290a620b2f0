import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { requestLine } from "./request-line";

const ISO = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z`;

describe("createLogger", () => {
  it("writes one JSON line per event: the level by name, the time, the message, then the event's fields", () => {
    const lines: string[] = [];
    const logger = createLogger("info", (line) => lines.push(line));
    logger.info("listening", { url: "http://127.0.0.1:3000", mode: "production" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^\\{"level":"info","time":"${ISO}","msg":"listening","url":"http://127\\.0\\.0\\.1:3000","mode":"production"\\}$`),
    );
    expect(Date.parse(JSON.parse(lines[0]!).time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("writes only the levels at or above its own, and nothing when silent", () => {
    const lines: string[] = [];
    const logger = createLogger("warn", (line) => lines.push(line));
    logger.debug("d");
    logger.info("i");
    logger.warn("w", { n: 1 });
    logger.error("e");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { level: "warn", time: expect.any(String), msg: "w", n: 1 },
      { level: "error", time: expect.any(String), msg: "e" },
    ]);
    const none: string[] = [];
    const silent = createLogger("silent", (line) => none.push(line));
    silent.error("e");
    expect(none).toEqual([]);
  });

  it("writes a request's line, made without pino, in the form pino writes every other line, and leaves it out below info", () => {
    const lines: string[] = [];
    const logger = createLogger("info", (line) => lines.push(line));
    const path = '/search/"quoted"\\ الإيزيديون\u2028';
    logger.info("request", { method: "GET", path, status: 404, ms: 1.5 });
    logger.lines!(requestLine("GET", path, 404, 1.5) + requestLine("HEAD", "/", 200, 0));
    const withoutTime = (line: string) => line.replace(new RegExp(`"time":"${ISO}"`), "");
    expect(withoutTime(lines[1]!)).toBe(withoutTime(lines[0]!));
    expect(JSON.parse(lines[2]!)).toEqual({
      level: "info",
      time: expect.any(String),
      msg: "request",
      method: "HEAD",
      path: "/",
      status: 200,
      ms: 0,
    });
    expect(lines).toHaveLength(3);
    expect(createLogger("warn", () => {}).lines).toBeNull();
  });

  it("writes an error passed as a field as JSON writes it: never its message or stack, which can quote a query's values", () => {
    const lines: string[] = [];
    const failed = new Error("Failed query: select … params: someone@example.org");
    createLogger("info", (line) => lines.push(line)).error("failed", { err: failed, error: failed });
    expect(JSON.parse(lines[0]!)).toEqual({ level: "error", time: expect.any(String), msg: "failed", err: {}, error: {} });
  });

  it("loses no line when the process ends: by process.exit, an uncaught exception, an unhandled rejection, or having nothing left to do", async () => {
    const logger = fileURLToPath(new URL("./logger.ts", import.meta.url));
    for (const end of ["process.exit(3)", "throw new Error('fatal')", "Promise.reject(new Error('fatal'))", ""]) {
      const script = `import { createLogger } from ${JSON.stringify(logger)};
        const log = createLogger("info");
        setImmediate(() => log.info("a later turn", { i: -1 }));
        for (let i = 0; i < 3000; i++) log.info("line", { i });
        ${end};`;
      const stdout = await new Promise<string>((resolve) =>
        execFile("npx", ["tsx", "--eval", script], { maxBuffer: 2 ** 24 }, (_error, out) => resolve(out)),
      );
      const lines = stdout.split("\n").filter(Boolean);
      expect(
        lines.slice(0, 3000).map((line) => JSON.parse(line).i),
        end,
      ).toEqual([...Array(3000).keys()]);
      expect(lines.length, end).toBe(end ? 3000 : 3001);
    }
  });
});
