/**
 * The yardsticks for the site's own server, one process each like the site, each sending exactly the bytes and
 * headers the site sends for a page: nginx with one worker serving the files compressed ahead of time
 * (gzip_static), the limit for a cached page, and a bare node:http server replaying the site's answer from
 * memory, the limit for Node.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { ensureDebianPackage } from "./debian-package.mjs";
import { killWithThisProcess, START_ARGS, START_ENV } from "./serve-build.mjs";

export const NGINX = "/usr/sbin/nginx";

/** Installs Debian's nginx when missing and this runs as root. */
export const ensureNginx = () => ensureDebianPackage("nginx", NGINX);

/** Headers that belong to the connection or the moment, which every server writes itself. */
const WRITTEN_BY_EACH_SERVER = new Set(["date", "connection", "keep-alive"]);

/**
 * The site's answer to a GET of `path` from a client that accepts gzip, as it came off the wire: its gzip bytes,
 * the HTML they hold, and its headers (name and value in turn, in the site's order and case) less those of
 * WRITTEN_BY_EACH_SERVER.
 */
export function capturePage(base, path) {
  return new Promise((resolve, reject) => {
    request(base + path, { headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const gzip = Buffer.concat(chunks);
        if (res.statusCode !== 200 || res.headers["content-encoding"] !== "gzip") {
          return reject(
            new Error(`${path}: ${res.statusCode}, ${res.headers["content-encoding"] ?? "no"} encoding; a gzip page was expected`),
          );
        }
        const headers = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!WRITTEN_BY_EACH_SERVER.has(res.rawHeaders[i].toLowerCase())) headers.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
        }
        resolve({ gzip, html: gunzipSync(gzip), headers });
      });
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/**
 * `pages` maps a path ("/about") to a capturePage() answer; each is written as {dir}{path}/index.html,
 * index.html.gz (the site's own gzip bytes) and headers.json.
 */
export function writeSiteFiles(dir, pages) {
  for (const [path, { html, gzip, headers }] of Object.entries(pages)) {
    const folder = join(dir, path);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "index.html"), html);
    writeFileSync(join(folder, "index.html.gz"), gzip);
    writeFileSync(join(folder, "headers.json"), JSON.stringify(headers));
  }
  // nginx's workers run as nobody: the folder, and the temporary folder it is in, must be readable by them.
  spawnSync("chmod", ["-R", "a+rX", dir]);
  chmodSync(join(dir, ".."), 0o755);
}

/** Headers nginx writes itself for a page: its type (with `charset`), length, encoding and Vary (gzip_static, gzip_vary). */
const NGINX_WRITES = new Set(["content-type", "content-length", "content-encoding", "vary"]);

/** One `add_header` per header of the site's answer that nginx does not write itself (ETag included: `etag off`). */
function addHeaders(headers) {
  const lines = [];
  for (let i = 0; i < headers.length; i += 2) {
    const [name, value] = [headers[i], headers[i + 1]];
    if (NGINX_WRITES.has(name.toLowerCase())) continue;
    if (/[$\\]/.test(value)) throw new Error(`${name}: a value with $ or \\ cannot be written in nginx's configuration as it is`);
    lines.push(`add_header ${name} "${value.replaceAll('"', '\\"')}";`);
  }
  return lines.join("\n      ");
}

/**
 * nginx with one worker (one process, like the site) sending the files of writeSiteFiles() as they are, with the
 * site's headers, or null (and it says so) where nginx cannot be had. nginx adds Server, Last-Modified and
 * Accept-Ranges of its own, a few bytes more than the site sends.
 */
export async function startNginxBaseline(dir, pages, port) {
  if (!ensureNginx()) {
    console.log("nginx is not installed and cannot be (not root, or no apt-get): the run has no nginx column.");
    return null;
  }
  const conf = join(dir, "..", `nginx-${port}.conf`);
  const locations = Object.entries(pages).map(
    ([path, { headers }]) => `
    location = ${path} {
      ${addHeaders(headers)}
      try_files ${path.replace(/\/?$/, "/")}index.html =404;
    }`,
  );
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/../nginx-${port}.pid;
error_log ${dir}/../nginx-${port}.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  charset utf-8;
  etag off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip off;
  gzip_static on;
  gzip_vary on;
  client_body_temp_path /tmp; proxy_temp_path /tmp; fastcgi_temp_path /tmp; uwsgi_temp_path /tmp; scgi_temp_path /tmp;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location / { return 404; }${locations.join("")}
  }
}
`,
  );
  const version = spawnSync(NGINX, ["-v"]).stderr.toString().trim().replace("nginx version: nginx/", "");
  return startBaseline(
    { name: "nginx", kind: `nginx ${version}, 1 worker, gzip_static: the site's gzip bytes and headers per page`, port },
    [NGINX, "-c", conf, "-g", "daemon off;"],
    "SIGQUIT",
  );
}

/** A bare node:http server in a process of its own, replaying the site's answers of writeSiteFiles() from memory. */
export function startNodeBaseline(dir, paths, port) {
  // The Node options and allocator settings the site runs with (npm start), so that the site's own code is the only difference.
  const nodeOptions = START_ARGS.filter((arg) => arg.startsWith("--"));
  const program = fileURLToPath(new URL("bare-node-server.mjs", import.meta.url));
  return startBaseline(
    {
      name: "node",
      kind: `bare node:http, ${process.version} ${nodeOptions.join(" ")}: the site's gzip bytes and headers per page`,
      port,
    },
    [process.execPath, ...nodeOptions, program, String(port), dir, ...paths],
    "SIGTERM",
    START_ENV,
  );
}

/** Starts a baseline's server, never to outlive this process, and waits until it answers at 127.0.0.1:port. */
async function startBaseline({ name, kind, port }, [command, ...args], stopSignal, env = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  const kill = () => child.kill(stopSignal);
  const forget = killWithThisProcess(kill);
  const stop = () =>
    new Promise((resolve) => {
      forget();
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", resolve);
      kill();
    });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { name, kind, base, stop };
}

async function waitFor(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}
