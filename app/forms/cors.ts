/**
 * Cross-origin posts to the JSON endpoints, for the sites listed in ALLOWED_ORIGINS only. Every other
 * origin gets no CORS headers (a browser then refuses to send or read), and the endpoint's 403.
 */

/** Headers the original front end's client library sends, which a browser asks leave for first. */
const ALLOWED_REQUEST_HEADERS = "authorization, x-client-info, apikey, content-type, idempotency-key, x-region";

export function corsHeaders(origin: string | null | undefined, allowed: readonly string[]): Record<string, string> {
  const vary = { Vary: "Origin" };
  return origin && allowed.includes(origin) ? { ...vary, "Access-Control-Allow-Origin": origin } : vary;
}

/** The answer to a browser's preflight (OPTIONS) before a cross-origin POST. */
export function preflight(
  origin: string | null | undefined,
  allowed: readonly string[],
): { status: number; headers: Record<string, string> } {
  const headers = corsHeaders(origin, allowed);
  if (!headers["Access-Control-Allow-Origin"]) return { status: 403, headers };
  return {
    status: 204,
    headers: {
      ...headers,
      "Access-Control-Allow-Methods": "POST, OPTIONS",
      "Access-Control-Allow-Headers": ALLOWED_REQUEST_HEADERS,
      "Access-Control-Max-Age": "86400",
    },
  };
}
