/**
 * What the server builds once at start and every request shares: the database, the content being served
 * and the publishing step that replaces it, the caches, the staff area, the forms' limits, and the workers
 * that run beside the requests (the email outbox, retention, the content version's poll, the control
 * socket). `npm run staff` and the other commands build theirs here too, as a "command": the same services
 * without the workers, serving nothing.
 */
import { resolve } from "node:path";
import type { AppServices } from "../app/context.server";
import { contentFiles, firstEdition } from "../app/content/content.server";
import type { ContentStore } from "../app/content/store.server";
import { createSubmissionServices } from "../app/forms/service.server";
import { createAddressHasher } from "../app/lib/address-hash.server";
import { createLimitStore } from "../app/lib/limits.server";
import { blobStoreFor, createMediaStore, type MediaStore } from "../app/lib/media.server";
import { collectUnusedImages } from "../app/content/uploads.server";
import { newsFile } from "../app/news/news-file.server";
import { createNewsService } from "../app/news/service.server";
import { createSearchService } from "../app/search/service.server";
import { runStaffCommand } from "../app/staff/command.server";
import { scheduleRetention } from "../app/staff/retention.server";
import { lockEverySession, lockIdleSessions } from "../app/staff/inbox-keys.server";
import { reencryptSecondFactors, resolveSigningKeys, settleRotation, type SigningKeys } from "../app/staff/secret.server";
import { createStaffServices, type StaffServices } from "../app/staff/service.server";
import { openDatabase, type DatabaseHandle } from "../db/client.server";
import { pollContentVersion } from "../db/content-version.server";
import type { AppConfig } from "./config";
import { listenForControl } from "./control";
import { describeError, type Logger } from "./logger";
import { createMetrics, type Metrics } from "./metrics";
import { startOutboxWorker, type OutboxWorker } from "./outbox";
import { createContentPublishing, type Publisher, type PublishReport } from "./publishing";
import { createRenderCache, type RenderCache } from "./render-cache";

type Purpose = "server" | "command";

export interface ServiceOptions {
  /** Keep rendered pages in memory (server/render-cache.ts): every server but the development one. */
  keepPages?: boolean;
  /** The publishing step's retries and what it reports, for tests that watch it. */
  publishing?: { retryFirstMs?: number; report?: PublishReport };
  /** Tests: a new embedded database begins from this dump of a migrated one (openDatabase's loadDataDir). */
  loadDataDir?: Blob;
}

export interface Services {
  config: AppConfig;
  logger: Logger;
  database: DatabaseHandle;
  /** The content being served, and the publishing step that replaces it (server/publishing.ts). */
  publisher: Publisher;
  /** The pages kept in memory; null where nothing is kept (development, commands). */
  renderCache: RenderCache | null;
  /** What the request context is made of (app/context.server.ts), but for the page's own script. */
  app: Omit<AppServices, "enhanceScriptUrl">;
  metrics: Metrics | null;
  outbox: OutboxWorker | null;
  /** Stops the workers and closes the database. */
  close(): Promise<void>;
}

export async function createServices(config: AppConfig, logger: Logger, purpose: Purpose, options: ServiceOptions = {}): Promise<Services> {
  const server = purpose === "server";
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: server ? 10 : 2,
    loadDataDir: options.loadDataDir,
  });
  const metrics = server ? createMetrics(database.db) : null;
  const renderCache = server && options.keepPages !== false ? createRenderCache() : null;
  if (renderCache) metrics?.watchRenderCache(() => renderCache.size.pages);
  const media = createMediaStore(database.db, blobStoreFor(database.kind, database.db, config.DATA_DIR));
  const content = createContentPublishing(database.db, media, {
    logger,
    report: { ...metrics?.publishing, ...options.publishing?.report },
    retryFirstMs: options.publishing?.retryFirstMs,
  });
  const contentStore = content.store;
  const news = createNewsService(database.db, content.publishNews);
  if (server) {
    const seededDocuments = await contentStore.seed(contentFiles);
    logger.info("database ready", { kind: database.kind, seededNewsItems: await news.seed(firstEdition().news), seededDocuments });
  }

  const keys = await resolveSigningKeys(database.db, config);
  if (server) await settleSigningKeys(database.db, keys, config.SESSION_ROTATION, logger);
  const secret = keys.current;
  // A command neither receives submissions nor signs anyone in: it needs no shared limits.
  const limits = server
    ? await createLimitStore({
        redisUrl: config.REDIS_URL,
        pgPool: database.pgPool,
        onSharedStore(reachable) {
          metrics?.sharedLimitStore(reachable);
          if (reachable) logger.info("the shared rate-limit store (Redis) answers: limits are shared by every instance");
          else logger.warn("the shared rate-limit store (Redis) is unreachable: each instance counts its own limits until it is back");
        },
      })
    : await createLimitStore({});
  const search = createSearchService(database.db, {
    limit: await limits.limit("search", config.SEARCH_RATE_LIMIT, 60),
    searched: (found) => metrics?.searched(found),
  });
  const publisher = await content.serve(
    { index: (next, newsToIndex) => search.index(next, newsToIndex), drop: () => renderCache?.clear() },
    server ? "database" : "files",
  );
  // At start the whole index is checked; from then on each new version is published as it is seen.
  if (server) await publisher.publish({ every: true });
  const poll = server ? pollContentVersion(database.db, publisher.current().version, (version) => publisher.seen(version)) : null;
  const outbox = server ? startOutbox(config, database, logger) : null;
  const app = {
    siteUrl: config.SITE_URL,
    embeds: config.EMBEDS,
    onionUrl: config.ONION_URL ?? null,
    database,
    liveContent: publisher.current,
    news,
    search,
    contentStore,
    translationStore: content.translations,
    media,
    hashAddress: createAddressHasher(secret),
    submissions: await createSubmissionServices(limits, {
      perTenMinutes: config.SUBMISSION_RATE_LIMIT,
      notify: outbox ? { includeDetails: config.NOTIFY_INCLUDE_DETAILS, siteUrl: config.SITE_URL } : null,
      stored: (kind: string, spam: boolean) => {
        metrics?.submissionStored(kind, spam);
        if (!spam) outbox?.kick();
      },
      logError: (message: string, err: unknown) => logger.error(message, describeError(err)),
      minFillMs: config.FORM_MIN_FILL_MS,
      allowedOrigins: config.ALLOWED_ORIGINS,
    }),
    staff: await createStaffServices(database, limits, {
      siteUrl: config.SITE_URL,
      keys,
      secret,
      idleMinutes: config.STAFF_IDLE_MINUTES,
      retentionDays: config.RETENTION_DAYS,
      appName: publisher.current().site.organization.name,
      logError: (message: string, err: unknown) => logger.error(message, describeError(err)),
    }),
  };
  if (server) logger.info("submission limits", { store: limits.kind, perTenMinutes: config.SUBMISSION_RATE_LIMIT });
  const stopWorkers = server ? await startWorkers(config, logger, database, app.staff, contentStore, media, metrics!, publisher) : null;

  return {
    config,
    logger,
    database,
    publisher,
    renderCache,
    app,
    metrics,
    outbox,
    async close() {
      await outbox?.stop();
      await stopWorkers?.();
      poll?.stop();
      await publisher.stop();
      await limits.close();
      await database.close();
    },
  };
}

/** After a rotation: second factors under the newest key, and sessions kept or ended as the operator chose. */
async function settleSigningKeys(db: DatabaseHandle["db"], keys: SigningKeys, mode: "keep" | "end", logger: Logger) {
  const { reencrypted, unreadable } = await reencryptSecondFactors(db, keys);
  if (reencrypted) logger.info("second factors re-encrypted under the newest secret", { accounts: reencrypted });
  if (unreadable.length) {
    logger.error("second factors that no listed secret can read: an admin must reset these accounts", { accountIds: unreadable });
  }
  const ended = await settleRotation(db, keys, mode);
  if (ended) logger.info("the secret was rotated: staff sessions ended (SESSION_ROTATION=end)", { sessions: ended });
}

function startOutbox(config: AppConfig, database: DatabaseHandle, logger: Logger): OutboxWorker | null {
  if (!config.SMTP_URL || !config.NOTIFY_TO) {
    logger.warn("notification email is off (set SMTP_URL and NOTIFY_TO); submissions are still stored");
    return null;
  }
  logger.info("notification email on");
  return startOutboxWorker({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, to: config.NOTIFY_TO, logger });
}

/** Retention and, on the embedded database, the control socket; resolves to the function that stops them. */
async function startWorkers(
  config: AppConfig,
  logger: Logger,
  database: DatabaseHandle,
  staff: StaffServices,
  contentStore: ContentStore,
  media: MediaStore,
  metrics: Metrics,
  publisher: Publisher,
) {
  // A restarted server begins with the inbox locked for everyone (issue 35).
  await lockEverySession(database.db);
  const retention = scheduleRetention(
    database,
    config.RETENTION_DAYS,
    (err) => logger.error("retention failed", describeError(err)),
    (result) => metrics.retentionRan(result),
    async () => {
      // A photograph uploaded in an editor that was never saved; a save changes none it did not name.
      await collectUnusedImages(database.db, media);
      // Unlocked sessions idle past the limit, whether or not they come back.
      await lockIdleSessions(database.db, config.STAFF_IDLE_MINUTES);
      // The whole index checked against the database: a news change whose instance stopped before indexing it is indexed.
      await publisher.publish({ every: true });
    },
  );
  // `npm run staff` and `npm run db:backup` cannot open the embedded database while this process has it: they ask us instead.
  const control =
    database.kind === "pglite" && !config.DATA_DIR.startsWith("memory://")
      ? await listenForControl(resolve(config.DATA_DIR), {
          staff: (argv, input) => runStaffCommand(staff.accounts, argv, input),
          backup: () => database.dumpDataDir!(),
          content: async () => ({
            ...(await contentStore.documents()),
            "news.yaml": await newsFile(database.db, contentFiles["news.yaml"]),
          }),
        })
      : null;
  return async () => {
    await retention.stop();
    await new Promise((done) => (control ? control.close(done) : done(undefined)));
  };
}
