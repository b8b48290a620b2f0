/**
 * The log's line for one answer, `{"level":"info","time":…,"msg":"request","method":…,"path":…,"status":…,"ms":…}`,
 * made here rather than by pino: it is the one line written per request, and at tens of thousands a second
 * pino's general path (merging, serialising any object, a level formatter) cost the front thread and the app's
 * thread more than answering a kept page (decision 007). Every other event is pino's (server/logger.ts), in the
 * same form; logger.test.ts holds the two to it. Apart from the logger so that the front thread loads no pino.
 */

/** `,"time":"<ISO>"`, made once per millisecond rather than once per line. */
export const isoTime = (() => {
  let at = 0;
  let text = "";
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      text = `,"time":"${new Date(now).toISOString()}"`;
    }
    return text;
  };
})();

/** One answer's line, newline included; `path` is already without its query string (answered.ts). */
export const requestLine = (method: string, path: string, status: number, ms: number) =>
  `{"level":"info"${isoTime()},"msg":"request","method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}}\n`;
