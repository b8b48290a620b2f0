/**
 * What the server builds once at start and every request shares: the database, the caches, the staff
 * area, the forms' limits, and the workers that run beside the requests (the email outbox, retention, the
 * content version's poll, the control socket). `npm run staff` and the other commands build theirs here
 * too, as a "command": the same services without the workers.
 */
import { resolve } from "node:path";
import type { AppServices } from "../app/context.server";
import { content, contentFiles, serveContentFrom, siteContentFrom } from "../app/content/content.server";
import { createContentStore, type ContentStore } from "../app/content/store.server";
import { createSubmissionServices } from "../app/forms/services.server";
import { createAddressHasher } from "../app/lib/address-hash.server";
import { createLimitStore } from "../app/lib/limits.server";
import { blobStoreFor, createMediaStore, type MediaStore } from "../app/lib/media.server";
import { collectUnusedImages } from "../app/content/uploads.server";
import { newsFile } from "../app/news/export.server";
import { createNewsService } from "../app/news/service.server";
import { createSearchService } from "../app/search/service.server";
import { runStaffCommand } from "../app/staff/command.server";
import { scheduleRetention } from "../app/staff/retention.server";
import { reencryptSecondFactors, resolveSigningKeys, settleRotation, type SigningKeys } from "../app/staff/secret.server";
import { createStaffServices, type StaffServices } from "../app/staff/services.server";
import { openDatabase, type DatabaseHandle } from "../db/client.server";
import { announceContentVersion, watchContentVersion, type ContentVersion } from "../db/content-version.server";
import type { AppConfig } from "./config";
import { listenForControl } from "./control";
import { describeError, type Logger } from "./logger";
import { createMetrics, type Metrics } from "./metrics";
import { startOutboxWorker, type OutboxWorker } from "./outbox";

type Purpose = "server" | "command";

export interface Services {
  config: AppConfig;
  logger: Logger;
  database: DatabaseHandle;
  contentVersion: ContentVersion;
  /** What the request context is made of (app/context.server.ts), but for the page's own script. */
  app: Omit<AppServices, "enhanceScriptUrl">;
  metrics: Metrics | null;
  outbox: OutboxWorker | null;
  /** Stops the workers and closes the database. */
  close(): Promise<void>;
}

export async function createServices(config: AppConfig, logger: Logger, purpose: Purpose): Promise<Services> {
  const server = purpose === "server";
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: server ? 10 : 2 });
  const contentVersion = server ? await watchContentVersion(database.db) : announceContentVersion(database.db);
  const news = createNewsService(database.db, contentVersion);
  const contentStore = createContentStore(
    database.db,
    (documents) => void siteContentFrom(documents),
    () => contentVersion.changed(),
  );
  const media = createMediaStore(database.db, blobStoreFor(database.kind, database.db, config.DATA_DIR));
  if (server) {
    const seededDocuments = await serveContentFrom(contentStore, media, contentVersion, (err) =>
      logger.error("content reload failed", describeError(err)),
    );
    logger.info("database ready", { kind: database.kind, seededNewsItems: await news.seed(content.news), seededDocuments });
  }

  const keys = await resolveSigningKeys(database.db, config);
  if (server) await settleSigningKeys(database.db, keys, config.SESSION_ROTATION, logger);
  const secret = keys.current;
  // A command neither receives submissions nor signs anyone in: it needs no shared limits.
  const metrics = server ? createMetrics(database.db) : null;
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
    content: () => content,
    limit: await limits.limit("search", config.SEARCH_RATE_LIMIT, 60),
    searched: (found) => metrics?.searched(found),
  });
  // After the content's own rebuild (added first, in serveContentFrom), so the index reads the new content.
  if (server) await search.follow(contentVersion);
  const outbox = server ? startOutbox(config, database, logger) : null;
  const app = {
    siteUrl: config.SITE_URL,
    embeds: config.EMBEDS,
    onionUrl: config.ONION_URL ?? null,
    database,
    news,
    search,
    contentStore,
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
      appName: content.site.organization.name,
    }),
  };
  if (server) logger.info("submission limits", { store: limits.kind, perTenMinutes: config.SUBMISSION_RATE_LIMIT });
  const stopWorkers = server ? await startWorkers(config, logger, database, app.staff, contentStore, media, metrics!) : null;

  return {
    config,
    logger,
    database,
    contentVersion,
    app,
    metrics,
    outbox,
    async close() {
      await outbox?.stop();
      await stopWorkers?.();
      contentVersion.stop();
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
) {
  const retention = scheduleRetention(
    database,
    config.RETENTION_DAYS,
    (err) => logger.error("retention failed", describeError(err)),
    (result) => metrics.retentionRan(result),
    // A photograph uploaded in an editor that was never saved is otherwise kept until someone saves a page.
    () => collectUnusedImages(database.db, media),
  );
  // `npm run staff` and `npm run db:backup` cannot open the embedded database while this process has it: they ask us instead.
  const control =
    database.kind === "pglite" && !config.DATA_DIR.startsWith("memory://")
      ? await listenForControl(resolve(config.DATA_DIR), {
          staff: (argv) => runStaffCommand(staff.accounts, argv),
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
