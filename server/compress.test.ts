import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressPages } from "./compress";

/** A page of 400 different chunks: brotli keeps up with none of them, so React Router waits for "drain" often. */
const CHUNKS = Array.from({ length: 400 }, (_, i) => `<p>${i}: ${Math.random().toString(36).repeat(600)}</p>`);

describe("compressPages", () => {
  let server: Server;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

  beforeAll(async () => {
    process.on("warning", onWarning);
    const app = express();
    app.use(compressPages);
    // As @react-router/express writes a page: a web stream, each full buffer waited out with once("drain").
    app.get("/page", (_req, res) => {
      res.type("html");
      let sent = 0;
      const page = new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = CHUNKS[sent++];
          if (chunk === undefined) return controller.close();
          controller.enqueue(new TextEncoder().encode(chunk));
        },
      });
      void writeReadableStreamToWritable(page, res);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
  });
  afterAll(() => {
    process.off("warning", onWarning);
    server.close();
  });

  it.each([
    ["br", (body: Buffer) => brotliDecompressSync(body)],
    ["identity", (body: Buffer) => body],
  ])("streams a long page whole (%s) to a slow reader, and leaves no listener behind to warn of", async (encoding, decode) => {
    const { port } = server.address() as AddressInfo;
    const body = await new Promise<Buffer>((resolve, reject) => {
      request({ port, host: "127.0.0.1", path: "/page", headers: { "accept-encoding": encoding } }, (res) => {
        expect(res.headers["content-encoding"] ?? "identity").toBe(encoding);
        const parts: Buffer[] = [];
        // A reader on a slow network: the server's buffers fill, and it waits for them to drain.
        res.on("data", (part: Buffer) => {
          parts.push(part);
          res.pause();
          setTimeout(() => res.resume(), 2);
        });
        res.on("end", () => resolve(Buffer.concat(parts)));
        res.on("error", reject);
      })
        .on("error", reject)
        .end();
    });
    expect(decode(body).toString()).toBe(CHUNKS.join(""));
    await new Promise((r) => setImmediate(r));
    expect(warnings).toEqual([]);
  });
});
