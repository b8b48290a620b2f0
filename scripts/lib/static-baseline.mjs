/**
 * The yardsticks for the site's own server, each sending exactly the bytes the site sends for a page: nginx
 * serving files compressed ahead of time (gzip_static), the limit for a cached page, and a bare node:http
 * server sending one gzip buffer per page, the limit for Node.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { ensureDebianPackage } from "./debian-package.mjs";
import { killWithThisProcess, START_ARGS, START_ENV } from "./serve-build.mjs";

export const NGINX = "/usr/sbin/nginx";

/** Installs Debian's nginx when missing and this runs as root. */
export const ensureNginx = () => ensureDebianPackage("nginx", NGINX);

/** `files` maps a path ("/about") to its HTML; each is written as {dir}{path}/index.html and index.html.gz (level 9). */
export function writeSiteFiles(dir, files) {
  for (const [path, html] of Object.entries(files)) {
    const folder = join(dir, path);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "index.html"), html);
    writeFileSync(join(folder, "index.html.gz"), gzipSync(html, { level: 9 }));
  }
  // nginx's workers run as nobody: the folder, and the temporary folder it is in, must be readable by them.
  spawnSync("chmod", ["-R", "a+rX", dir]);
  chmodSync(join(dir, ".."), 0o755);
}

/** nginx sending the files of writeSiteFiles() as they are, or null (and it says so) where nginx cannot be had. */
export async function startNginxBaseline(dir, port) {
  if (!ensureNginx()) {
    console.log("nginx is not installed and cannot be (not root, or no apt-get): the run has no nginx column.");
    return null;
  }
  const conf = join(dir, "..", `nginx-${port}.conf`);
  // gzip_vary: the site and the bare Node server send Vary too, so every response carries the same headers.
  writeFileSync(
    conf,
    `worker_processes auto;
pid ${dir}/../nginx-${port}.pid;
error_log ${dir}/../nginx-${port}.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
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
    location / { try_files $uri/index.html =404; }
  }
}
`,
  );
  const version = spawnSync(NGINX, ["-v"]).stderr.toString().trim().replace("nginx version: nginx/", "");
  return startBaseline(
    { name: "nginx", kind: `nginx ${version}, gzip_static, level 9, ${availableParallelism()} workers`, port },
    [NGINX, "-c", conf, "-g", "daemon off;"],
    "SIGQUIT",
  );
}

/** A bare node:http server in a process of its own, sending the .gz files of writeSiteFiles() from memory. */
export function startNodeBaseline(dir, paths, port) {
  // The Node options and allocator settings the site runs with (npm start), so that the site's own code is the only difference.
  const nodeOptions = START_ARGS.filter((arg) => arg.startsWith("--"));
  const program = fileURLToPath(new URL("bare-node-server.mjs", import.meta.url));
  return startBaseline(
    { name: "node", kind: `bare node:http, ${process.version} ${nodeOptions.join(" ")}, one gzip buffer (level 9) per page`, port },
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
