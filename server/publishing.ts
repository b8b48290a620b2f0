/**
 * The publishing step: what happens, on every instance, when the content version moves (a save here, or a
 * change another instance made, seen by the poll). One function, in this order:
 *
 * 1. build the new edition from the database (app/content/snapshot.server.ts);
 * 2. bring the search index up to it (app/search/index.server.ts);
 * 3. swap it in: requests that start from now on read it;
 * 4. drop the pages kept from the edition before (server/render-cache.ts).
 *
 * One run at a time: changes that arrive during a run are published together, by one more run after it. If
 * a step fails, the edition before keeps serving; the failure is logged once (its class and code, never a
 * query's values) and counted, and the run is tried again, later and later, until it succeeds. Nothing here
 * rejects: no failed query, broken document or lost database can stop the process.
 */
import { createSnapshotBuilder, firstEditionSnapshot, type ContentSnapshot } from "../app/content/snapshot.server";
import { createContentStore } from "../app/content/store.server";
import { createTranslationStore } from "../app/content/translation-store.server";
import type { MediaStore } from "../app/lib/media.server";
import type { Published } from "../app/lib/published";
import type { NewsToIndex } from "../app/search/service.server";
import type { Database } from "../db/client.server";
import { isNewer } from "../db/content-version.server";
import { describeError, type Logger } from "./logger";

export type PublishStep = "build" | "index" | "swap";

export interface PublishSteps {
  /** The newest edition in the database. */
  build(): Promise<ContentSnapshot>;
  /** The search index brought up to `next`, and the news items named. */
  index(next: ContentSnapshot, news: NewsToIndex): Promise<void>;
  /** Forgets what was made from the edition before. */
  drop(): void;
}

export interface PublishReport {
  /** A run that brought an edition live, and how long it took. */
  published?(version: string, seconds: number): void;
  /** A run that failed, at which step. */
  failed?(step: PublishStep): void;
  /** Whether the edition served is older than the newest stored, for the metrics. */
  behind?(behind: boolean): void;
  /** Each run's start and end, for tests that watch them. */
  ran?(event: "start" | "end"): void;
}

export interface PublisherOptions {
  logger: Logger;
  report?: PublishReport;
  /** The first retry's wait, doubled at each failure up to `retryMostMs`. */
  retryFirstMs?: number;
  retryMostMs?: number;
}

export function createPublisher(initial: ContentSnapshot, steps: PublishSteps, options: PublisherOptions) {
  const { logger, report = {} } = options;
  const retryFirstMs = options.retryFirstMs ?? 1_000;
  const retryMostMs = options.retryMostMs ?? 60_000;
  const state = {
    live: initial,
    /** The newest version this instance knows exists. */
    known: initial.version,
    /** What the next run owes: news items to index, or all of them. */
    owed: { every: false, ids: new Set<string>() },
    running: null as Promise<Published> | null,
    /** The run that follows the current one, shared by everyone who asked meanwhile. */
    next: null as Promise<Published> | null,
    failures: 0,
    /** What the last failure logged was, so that a failure repeated on every retry is logged once. */
    logged: null as string | null,
    retry: null as NodeJS.Timeout | null,
    stopped: false,
  };

  async function runOnce(): Promise<Published> {
    const owed = state.owed;
    state.owed = { every: false, ids: new Set() };
    const started = performance.now();
    let step: PublishStep = "build";
    report.ran?.("start");
    try {
      const next = await steps.build();
      if (isNewer(next.version, state.known)) state.known = next.version;
      const news: NewsToIndex = owed.every ? { every: true } : { ids: [...owed.ids] };
      const changed = next.version !== state.live.version;
      if (!changed && !owed.every && !owed.ids.size) return succeeded();
      step = "index";
      await steps.index(next, news);
      if (changed) {
        step = "swap";
        state.live = next;
        steps.drop();
        report.published?.(next.version, (performance.now() - started) / 1000);
      }
      return succeeded();
    } catch (err) {
      // Owed again, with whatever arrived meanwhile.
      if (owed.every) state.owed.every = true;
      for (const id of owed.ids) state.owed.ids.add(id);
      return failed(step, err);
    } finally {
      report.ran?.("end");
    }
  }

  function succeeded(): Published {
    if (state.failures)
      logger.info("publishing recovered: visitors see the newest content", { version: state.live.version, failures: state.failures });
    state.failures = 0;
    state.logged = null;
    report.behind?.(isNewer(state.known, state.live.version));
    return { live: true };
  }

  function failed(step: PublishStep, err: unknown): Published {
    state.failures++;
    report.failed?.(step);
    report.behind?.(true);
    const wait = Math.min(retryFirstMs * 2 ** (state.failures - 1), retryMostMs);
    const details = describeError(err);
    const signature = JSON.stringify([step, details.error, details.code, details.detail]);
    if (signature !== state.logged) {
      state.logged = signature;
      logger.error("publishing failed: the content before it keeps serving, and it is tried again", {
        step,
        version: state.known,
        serving: state.live.version,
        retryInSeconds: wait / 1000,
        ...details,
      });
    }
    if (!state.stopped) {
      if (state.retry) clearTimeout(state.retry);
      state.retry = setTimeout(() => {
        state.retry = null;
        void publish();
      }, wait);
      state.retry.unref();
    }
    return { live: false };
  }

  /** Starts a run now, or, while one runs, joins the one that follows it. */
  function publish(news?: NewsToIndex): Promise<Published> {
    if (news && "every" in news) state.owed.every = true;
    else for (const id of news?.ids ?? []) state.owed.ids.add(id);
    if (state.retry) {
      clearTimeout(state.retry);
      state.retry = null;
    }
    if (!state.running) return start();
    state.next ??= state.running.then(() => {
      state.next = null;
      return start();
    });
    return state.next;
  }

  function start(): Promise<Published> {
    const run = runOnce().finally(() => {
      if (state.running === run) state.running = null;
    });
    state.running = run;
    return run;
  }

  return {
    /** The edition being served: each request takes it once, when it starts. */
    current: () => state.live,
    publish,
    /** The poll saw the version move: publishes it unless this instance already has or is about to. */
    seen(version: string) {
      if (!isNewer(version, state.known)) return;
      state.known = version;
      void publish();
    },
    /** No more retries; resolves once the run in progress, if any, has ended. */
    async stop() {
      state.stopped = true;
      if (state.retry) clearTimeout(state.retry);
      await state.next;
      await state.running;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;

/**
 * The content store and its publisher, wired to each other: a save is checked against the served edition,
 * and published once it is committed. `serve` builds the first edition to serve and starts publishing; a
 * change made before it throws.
 */
export function createContentPublishing(db: Database, media: MediaStore, options: PublisherOptions) {
  const wired: { publisher?: Publisher } = {};
  const publisher = () => {
    if (!wired.publisher) throw new Error("a change was made before the content was served");
    return wired.publisher;
  };
  const store = createContentStore(db, {
    basis: () => wired.publisher?.current() ?? firstEditionSnapshot(),
    assemble: (documents) => builder.assemble(documents),
    publish: () => publisher().publish(),
  });
  const builder = createSnapshotBuilder(store, media);
  return {
    store,
    /** The translations of the documents (issue 34): a published one goes live as a save does. */
    translations: createTranslationStore(db, { publish: () => publisher().publish() }),
    /** Publishes a change of the news here: the items it touched are indexed with the edition. */
    publishNews: (ids: string[]) => publisher().publish({ ids }),
    /**
     * Serves the newest edition in the database (the files' first edition while it cannot be built, which the
     * publisher then keeps trying to replace) and publishes every later one through `steps`. A command, which
     * serves nothing, starts from the files' edition without reading the database.
     */
    async serve(steps: Omit<PublishSteps, "build">, from: "database" | "files" = "database"): Promise<Publisher> {
      const initial =
        from === "files"
          ? firstEditionSnapshot()
          : await builder.build().catch((err: unknown) => {
              options.logger.error("the stored content cannot be built: the files' first edition serves until it can", describeError(err));
              return firstEditionSnapshot();
            });
      wired.publisher = createPublisher(initial, { build: () => builder.build(), ...steps }, options);
      return wired.publisher;
    },
  };
}
