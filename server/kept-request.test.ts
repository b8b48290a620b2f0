import { describe, expect, it } from "vitest";
import { readKeptRequest } from "./kept-request";

const head = (...lines: string[]) => `${lines.join("\r\n")}\r\n\r\n`;
const read = (text: string) => readKeptRequest(text, 0);

describe("readKeptRequest", () => {
  it("reads a plain GET or HEAD for a path, with the headers a kept answer depends on, and where the next request starts", () => {
    const first = head(
      "GET /ar/about HTTP/1.1",
      "Host: site.example",
      "Connection: keep-alive",
      "Accept-Encoding: br, gzip",
      'If-None-Match:  W/"x" ',
      "User-Agent: Mozilla/5.0 (X11; é)",
    );
    const text = first + head("HEAD / HTTP/1.1", "host: site.example");
    expect(read(text)).toEqual({
      method: "GET",
      url: "/ar/about",
      headers: { "accept-encoding": "br, gzip", "if-none-match": 'W/"x"' },
      end: first.length,
    });
    expect(readKeptRequest(text, first.length)).toMatchObject({ method: "HEAD", url: "/", end: text.length });
  });

  it.each([
    ["another method", head("POST /about HTTP/1.1", "Host: a")],
    ["a lower-case method", head("get /about HTTP/1.1", "Host: a")],
    ["HTTP/1.0", head("GET /about HTTP/1.0", "Host: a")],
    ["an absolute target", head("GET http://a/about HTTP/1.1", "Host: a")],
    ["two spaces", head("GET  /about HTTP/1.1", "Host: a")],
    ["no Host", head("GET /about HTTP/1.1")],
    ["two Hosts", head("GET /about HTTP/1.1", "Host: a", "Host: b")],
    ["a body's length", head("GET /about HTTP/1.1", "Host: a", "Content-Length: 0")],
    ["a body's encoding", head("GET /about HTTP/1.1", "Host: a", "Transfer-Encoding: chunked")],
    ["Upgrade", head("GET /about HTTP/1.1", "Host: a", "Upgrade: websocket")],
    ["Expect", head("GET /about HTTP/1.1", "Host: a", "Expect: 100-continue")],
    ["Connection: close", head("GET /about HTTP/1.1", "Host: a", "Connection: close")],
    ["a validator twice", head("GET /about HTTP/1.1", "Host: a", "If-None-Match: a", "If-None-Match: b")],
    ["a folded line", head("GET /about HTTP/1.1", "Host: a", "Accept: text/html,", " text/plain")],
    ["a space before the colon", head("GET /about HTTP/1.1", "Host : a")],
    ["a bare line feed", "GET /about HTTP/1.1\r\nHost: a\nContent-Length: 5\r\n\r\n"],
    ["a control character", head("GET /about HTTP/1.1", "Host: a\u0000")],
    ["a head not yet whole", "GET /about HTTP/1.1\r\nHost: a\r\n"],
    ["a head longer than Node reads", head("GET /about HTTP/1.1", "Host: a", `Cookie: ${"x".repeat(16 * 1024)}`)],
  ])("leaves to Node's parser a request with %s", (_what, text) => {
    expect(read(text)).toBeNull();
  });
});
