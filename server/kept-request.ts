/**
 * The requests the front thread answers straight from the bytes a connection sent, without Node's HTTP
 * server: a GET or HEAD in HTTP/1.1 for a path, with no body, its head whole in what was read, every line of
 * the plainest form. Browsers, crawlers and load balancers send almost nothing else for a page.
 *
 * This is a recogniser, not a parser: it says yes only where there is one reading, and no to everything else
 * (another method or version, a body's headers, Upgrade or Expect, a Connection other than keep-alive, a
 * header twice that an answer depends on, a line out of form, a bare LF, a control character, a head cut
 * across reads). A connection it says no to goes, with every byte not yet answered, to Node's HTTP server
 * (llhttp), which reads it as it always did. So what it accepts is a strict subset of what llhttp reads the
 * same way, and nothing can be smuggled between the two readings (decision 007).
 */
import type { KeptPageRequestHeaders } from "./kept-page";

export interface KeptRequest {
  method: "GET" | "HEAD";
  /** The request target as sent: a kept page's key. */
  url: string;
  headers: KeptPageRequestHeaders;
  /** Where the next request starts, in the text read. */
  end: number;
}

/** Node's own limit on a request's head (--max-http-header-size); a longer one is Node's to refuse. */
const MAX_HEAD = 16 * 1024;
const REQUEST_LINE = /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.1$/;
/** A token, a colon, optional blanks, a value of visible characters, blanks and obs-text (RFC 9110, 5.5). */
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[\t ]*([\t \x21-\x7e\x80-\xff]*?)[\t ]*$/;

/**
 * The request whose head starts at `from` in `text` (bytes read as latin1, one character a byte), if it is one
 * the front thread may answer from memory; null for anything else.
 */
export function readKeptRequest(text: string, from: number): KeptRequest | null {
  const end = text.indexOf("\r\n\r\n", from);
  if (end < 0 || end - from > MAX_HEAD) return null;
  const lines = text.slice(from, end).split("\r\n");
  const request = REQUEST_LINE.exec(lines[0]!);
  if (!request) return null;
  const headers: KeptPageRequestHeaders = {};
  let hosts = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = HEADER_LINE.exec(lines[i]!);
    if (!line) return null;
    const name = line[1]!.toLowerCase();
    switch (name) {
      case "host":
        hosts++;
        break;
      case "connection":
        if (line[2]!.toLowerCase() !== "keep-alive") return null;
        break;
      case "accept-encoding":
      case "if-none-match":
      case "if-modified-since":
      case "cache-control":
        if (headers[name] !== undefined) return null;
        headers[name] = line[2]!;
        break;
      case "content-length":
      case "transfer-encoding":
      case "upgrade":
      case "expect":
        return null;
    }
  }
  // HTTP/1.1 asks for exactly one Host; Node answers its absence with 400.
  if (hosts !== 1) return null;
  return { method: request[1] as KeptRequest["method"], url: request[2]!, headers, end: end + 4 };
}
