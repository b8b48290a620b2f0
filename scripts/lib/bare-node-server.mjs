/**
 * The bare node:http baseline, run by static-baseline.mjs in a process of its own so that it has an event loop
 * to itself: `node bare-node-server.mjs PORT DIR PATH…` answers each PATH with {DIR}{PATH}/index.html.gz, read
 * once (the very bytes nginx's gzip_static sends), and anything else with a 404. No framework, nothing per
 * request but a Map lookup; every client of a benchmark accepts gzip, so it is always sent.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";

const [port, dir, ...paths] = process.argv.slice(2);
const gzipped = new Map(paths.map((path) => [path, readFileSync(join(dir, path, "index.html.gz"))]));

createServer((req, res) => {
  const body = gzipped.get(req.url);
  if (!body) return res.writeHead(404).end();
  res
    .writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Encoding": "gzip",
      "Content-Length": body.length,
      Vary: "Accept-Encoding",
    })
    .end(body);
}).listen(Number(port), "127.0.0.1");
