/**
 * Compression of the pages Express renders (a kept page is answered already compressed, before Express).
 */
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import type { RequestHandler, Response } from "express";

// A small brotli window: pages are tens of KB, and the default 4 MB window costs more to set up per
// response than the compression itself (measured on /about: 188 → 250 requests/s). A 304 has no body:
// the library would still label it gzip.
const compress = compression({
  threshold: 1024,
  brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 16 } },
  filter: (req, res) => res.statusCode !== 304 && compression.filter(req, res),
});

type Listener = ((...args: unknown[]) => void) & { listener?: unknown };

/**
 * `compression` hands `res.on("drain")` to its zlib stream but leaves `res.off` on the response
 * (expressjs/compression#135, open), so a listener taken off is never taken off the stream. React Router
 * writes a streamed page with `once("drain")` at every full buffer: a long staff page left one listener a
 * chunk on the stream, each called again at every later drain, and Node warned of a leak
 * (MaxListenersExceededWarning on BrotliCompress). Here the stream gets one listener for the response's
 * life, which calls the ones waiting now; `off` and `once` reach that list.
 */
const drainListenersComeOff: RequestHandler = (_req, res, next) => {
  const forward = res.on;
  const removeListener = res.removeListener;
  const waiting = new Set<Listener>();
  let forwarded = false;
  function on(this: Response, type: string | symbol, listener: Listener) {
    if (type !== "drain") return forward.call(this, type, listener);
    if (!forwarded) {
      forwarded = true;
      forward.call(this, "drain", (...args: unknown[]) => {
        for (const waiter of [...waiting]) waiter.apply(res, args);
      });
    }
    waiting.add(listener);
    return this;
  }
  function off(this: Response, type: string | symbol, listener: Listener) {
    if (type !== "drain") return removeListener.call(this, type, listener);
    // `once` wraps a listener: `off` names the one it wrapped.
    for (const waiter of waiting) {
      if (waiter === listener || waiter.listener === listener) {
        waiting.delete(waiter);
        break;
      }
    }
    return this;
  }
  res.on = res.addListener = on as Response["on"];
  res.off = res.removeListener = off as Response["off"];
  next();
};

export const compressPages: RequestHandler[] = [compress, drainListenersComeOff];
