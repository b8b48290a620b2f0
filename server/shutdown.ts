/**
 * Stopping without losing a request. On SIGTERM (a deploy, a rolling restart) the instance first drains:
 * /readyz answers 503 at once and every answer asks its client to reconnect elsewhere, while it keeps
 * serving for SHUTDOWN_DRAIN_MS, long enough for a load balancer's health check to move traffic away.
 * Then it stops accepting connections, finishes what is in flight and stops its services. SIGINT (Ctrl-C)
 * skips the drain.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describeError, type Logger } from "./logger";

/** Whether this instance is on its way out: read by readiness, and by every answer's Connection header. */
export interface Lifecycle {
  draining: boolean;
}

/** What stopping needs of the listening server: node:http's, or the front thread (server/front-thread.ts). */
export interface ClosableServer {
  close(done?: () => void): unknown;
  closeIdleConnections(): void;
  closeAllConnections(): void;
}

interface ShutdownOptions {
  server: ClosableServer;
  /** Told when draining begins (the front thread stops answering kept pages itself). */
  onDraining?: () => void;
  logger: Logger;
  lifecycle: Lifecycle;
  drainMs: number;
  /** Requests being answered now, for the log. */
  inFlight: () => number;
  /** After the last request: workers, caches, the database. */
  stopServices: () => Promise<void>;
}

/** Connections still open after this long are cut: a client that never finishes must not hold the exit. */
const FORCE_CLOSE_MS = 10_000;

export function gracefulShutdown({ server, onDraining, logger, lifecycle, drainMs, inFlight, stopServices }: ShutdownOptions) {
  let closing: Promise<void> | null = null;

  const stop = (drain: boolean) =>
    (closing ??= (async () => {
      lifecycle.draining = true;
      onDraining?.();
      if (drain && drainMs > 0) {
        logger.info("draining: not ready, still serving", { ms: drainMs });
        await sleep(drainMs);
      }
      logger.info("shutting down: finishing in-flight requests", { inFlight: inFlight() });
      const closed = new Promise<void>((done) => server.close(() => done()));
      // Connections that finish their request while we wait are closed as soon as they go idle.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), FORCE_CLOSE_MS);
      await closed;
      clearInterval(sweep);
      clearTimeout(force);
      await stopServices();
      logger.info("stopped");
    })());

  return {
    /** Stops at once, without draining (tests, and anything that starts the server itself). */
    close: () => stop(false),
    /** SIGTERM drains first; SIGINT stops at once. Either way the process then exits. */
    handleSignals() {
      const onSignal = (signal: NodeJS.Signals, drain: boolean) => {
        logger.info("signal received", { signal });
        stop(drain).then(
          () => process.exit(0),
          (err) => {
            logger.error("shutdown failed", describeError(err));
            process.exit(1);
          },
        );
      };
      process.once("SIGTERM", () => onSignal("SIGTERM", true));
      process.once("SIGINT", () => onSignal("SIGINT", false));
    },
  };
}
