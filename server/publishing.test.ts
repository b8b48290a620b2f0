/**
 * The publishing step's own rules, with steps that the test controls: one run at a time, changes that arrive
 * meanwhile published by one more run, a failure logged once, counted and retried until it succeeds, with
 * the edition before serving throughout. The faults themselves, on real databases: tests/integration/publishing.test.ts.
 */
import { describe, expect, it } from "vitest";
import { firstEditionSnapshot, type ContentSnapshot } from "../app/content/snapshot.server";
import type { NewsToIndex } from "../app/search/service.server";
import { createLogger } from "./logger";
import { createPublisher, type PublishStep } from "./publishing";

const FIRST = firstEditionSnapshot();
const edition = (version: string): ContentSnapshot => ({ ...FIRST, version });

/** Steps whose next edition, failures and pauses the test sets. */
function controlledSteps() {
  const calls = { builds: 0, indexed: [] as NewsToIndex[], drops: 0 };
  const control = {
    newest: "1",
    failBuild: 0,
    failIndex: 0,
    /** While set, a build waits for it. */
    gate: null as Promise<void> | null,
  };
  const steps = {
    async build() {
      calls.builds++;
      await control.gate;
      if (control.failBuild > 0) {
        control.failBuild--;
        throw Object.assign(new Error("connection terminated"), { code: "ECONNRESET" });
      }
      return edition(control.newest);
    },
    async index(_next: ContentSnapshot, news: NewsToIndex) {
      if (control.failIndex > 0) {
        control.failIndex--;
        throw Object.assign(new Error('relation "search_documents" does not exist'), { severity: "ERROR", code: "42P01" });
      }
      calls.indexed.push(news);
    },
    drop: () => void calls.drops++,
  };
  return { steps, calls, control };
}

function watched() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger("info", (line) => lines.push(JSON.parse(line)));
  const failed: PublishStep[] = [];
  const behind: boolean[] = [];
  const runs: string[] = [];
  return {
    lines,
    failed,
    behind,
    runs,
    options: {
      logger,
      retryFirstMs: 5,
      report: {
        failed: (step: PublishStep) => void failed.push(step),
        behind: (b: boolean) => void behind.push(b),
        ran: (event: "start" | "end") => void runs.push(event),
      },
    },
  };
}

describe("the publishing step", () => {
  it("runs one at a time: changes made during a run are published together by one more run", async () => {
    const { steps, calls, control } = controlledSteps();
    const watch = watched();
    const publisher = createPublisher(edition("0"), steps, watch.options);
    let open!: () => void;
    control.gate = new Promise((r) => (open = r));
    const first = publisher.publish();
    control.newest = "3";
    const during = [publisher.publish({ ids: ["a"] }), publisher.publish({ ids: ["b"] }), publisher.publish()];
    open();
    control.gate = null;
    expect(await Promise.all([first, ...during])).toEqual(Array(4).fill({ live: true }));
    expect(calls.builds).toBe(2);
    expect(calls.indexed.at(-1)).toEqual({ ids: ["a", "b"] });
    expect(watch.runs).toEqual(["start", "end", "start", "end"]);
    expect(publisher.current().version).toBe("3");
  });

  it("keeps the edition before while a step fails, logs the failure once, counts each, and retries until it succeeds", async () => {
    const { steps, calls, control } = controlledSteps();
    const watch = watched();
    const publisher = createPublisher(edition("0"), steps, watch.options);
    control.failIndex = 4;
    expect(await publisher.publish({ ids: ["owed"] })).toEqual({ live: false });
    expect(publisher.current().version).toBe("0");
    await expect.poll(() => publisher.current().version).toBe("1");
    expect(watch.failed).toEqual(["index", "index", "index", "index"]);
    const errors = watch.lines.filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ step: "index", version: "1", serving: "0", code: "42P01", retryInSeconds: 0.005 });
    // What a failed run owed is published by the run that succeeds, and nothing of the query's values is logged.
    expect(calls.indexed).toEqual([{ ids: ["owed"] }]);
    expect(JSON.stringify(errors)).not.toContain("search_documents");
    expect(watch.lines.filter((l) => l.level === "info").map((l) => l.msg)).toEqual([expect.stringMatching(/^publishing recovered/)]);
    expect(watch.behind.at(-1)).toBe(false);
    expect(calls.drops).toBe(1);
  });

  it("logs a second failure again when it is another one", async () => {
    const { steps, control } = controlledSteps();
    const watch = watched();
    const publisher = createPublisher(edition("0"), steps, watch.options);
    control.failBuild = 2;
    control.failIndex = 2;
    await publisher.publish();
    await expect.poll(() => publisher.current().version).toBe("1");
    expect(watch.lines.filter((l) => l.level === "error").map((l) => [l.step, l.code])).toEqual([
      ["build", "ECONNRESET"],
      ["index", "42P01"],
    ]);
  });

  it("publishes a version the poll sees once, and not again when it sees one it has published", async () => {
    const { steps, calls, control } = controlledSteps();
    const publisher = createPublisher(edition("0"), steps, watched().options);
    control.newest = "2";
    await publisher.publish();
    publisher.seen("2");
    publisher.seen("1");
    expect(calls.builds).toBe(1);
    control.newest = "5";
    publisher.seen("5");
    await expect.poll(() => publisher.current().version).toBe("5");
    expect(calls.builds).toBe(2);
  });

  it("swaps nothing and drops nothing when the database holds the edition it serves", async () => {
    const { steps, calls, control } = controlledSteps();
    const publisher = createPublisher(edition("1"), steps, watched().options);
    control.newest = "1";
    expect(await publisher.publish({ every: true })).toEqual({ live: true });
    expect(calls.indexed).toEqual([{ every: true }]);
    expect(calls.drops).toBe(0);
  });
});
