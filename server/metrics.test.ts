import { describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { createMetrics } from "./metrics";

/** The value of one series line in Prometheus's text format. */
const value = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("request metrics", () => {
  // Only a scrape of /metrics reads the database (the outbox gauges); the registry alone does not.
  const metrics = () => createMetrics({} as Database);

  it("counts answers by method, route pattern and status, and times them by method and route", async () => {
    const m = metrics();
    m.requestAnswered("GET", "/about", 200, 0.0004);
    m.requestAnswered("GET", "/about", 200, 0.003);
    m.requestAnswered("GET", "/about", 304, 0.2);
    m.requestAnswered("HEAD", "/about", 200, 7);
    m.requestAnswered("POST", "/contact", 303, 0.02);
    const text = await m.registry.metrics();

    expect(text).toContain("# TYPE http_requests_total counter");
    expect(value(text, 'http_requests_total{method="GET",route="/about",status="200"}')).toBe(2);
    expect(value(text, 'http_requests_total{method="GET",route="/about",status="304"}')).toBe(1);
    expect(value(text, 'http_requests_total{method="HEAD",route="/about",status="200"}')).toBe(1);
    expect(value(text, 'http_requests_total{method="POST",route="/contact",status="303"}')).toBe(1);

    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    const get = (name: string, le?: string) =>
      value(text, `http_request_duration_seconds_${name}{method="GET",route="/about"${le === undefined ? "" : `,le="${le}"`}}`);
    // Buckets are cumulative: each counts every answer at most that long.
    expect([get("bucket", "0.001"), get("bucket", "0.005"), get("bucket", "0.1"), get("bucket", "0.25"), get("bucket", "+Inf")]).toEqual([
      1, 2, 2, 3, 3,
    ]);
    expect(get("count")).toBe(3);
    expect(get("sum")).toBeCloseTo(0.2034, 6);
    // Slower than the last bound: only in +Inf.
    expect(value(text, 'http_request_duration_seconds_bucket{method="HEAD",route="/about",le="5"}')).toBe(0);
    expect(value(text, 'http_request_duration_seconds_bucket{method="HEAD",route="/about",le="+Inf"}')).toBe(1);
  });

  it("reports no request series before the first answer, and the process's own metrics as before", async () => {
    const text = await metrics().registry.metrics();
    expect(text).not.toMatch(/^http_requests_total\{/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });
});
