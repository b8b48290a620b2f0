/**
 * The bare node:http baseline, run by static-baseline.mjs in a process of its own so that it has an event loop
 * to itself: `node bare-node-server.mjs PORT DIR PATH…` answers each PATH with the site's own answer, read once
 * from {DIR}{PATH}/: the gzip bytes (index.html.gz) and the header list the site sent them with (headers.json),
 * written as the site writes a kept page, one writeHead with the list and one end. Anything else gets a 404.
 * No framework, nothing per request but a Map lookup; every client of a benchmark accepts gzip, so it is always sent.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";

const [port, dir, ...paths] = process.argv.slice(2);
const answers = new Map(
  paths.map((path) => [
    path,
    { body: readFileSync(join(dir, path, "index.html.gz")), headers: JSON.parse(readFileSync(join(dir, path, "headers.json"), "utf8")) },
  ]),
);

createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) return res.writeHead(404).end();
  res.writeHead(200, answer.headers).end(answer.body);
}).listen(Number(port), "127.0.0.1");
