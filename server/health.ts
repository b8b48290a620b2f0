/**
 * For whoever watches the instance: /healthz says it is alive (its database answers), /readyz that it
 * should get traffic (not draining, the database answers and has this build's newest migration).
 */
import type { RequestHandler } from "express";
import { CACHE_CONTROL } from "../app/lib/http";
import type { DatabaseHandle } from "../db/client.server";
import { describeError, type Logger } from "./logger";
import type { Lifecycle } from "./shutdown";

export function healthChecks(database: DatabaseHandle, logger: Logger, lifecycle: Lifecycle) {
  const live: RequestHandler = async (_req, res) => {
    res.setHeader("Cache-Control", CACHE_CONTROL.none);
    try {
      await database.ping();
      res.json({ status: "ok", database: database.kind });
    } catch (err) {
      logger.error("health check failed", describeError(err));
      res.status(503).json({ status: "error", database: database.kind });
    }
  };

  const ready: RequestHandler = async (_req, res) => {
    res.setHeader("Cache-Control", CACHE_CONTROL.none);
    if (lifecycle.draining) return void res.status(503).json({ status: "shutting down" });
    try {
      if (!(await database.migrated())) return void res.status(503).json({ status: "migrations pending" });
      res.json({ status: "ready" });
    } catch (err) {
      logger.error("readiness check failed", describeError(err));
      res.status(503).json({ status: "database unavailable" });
    }
  };

  return { live, ready };
}
