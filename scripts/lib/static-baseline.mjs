/**
 * The yardstick for the site's own server: the same HTML files served by nginx (Debian's package, gzip
 * on the fly as nginx is usually set up), or, where nginx cannot be had, by a small Node static server.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import express from "express";
import compression from "compression";

export const NGINX = "/usr/sbin/nginx";

/** Installs Debian's nginx when missing and this runs as root; its service is kept from starting. */
export function ensureNginx() {
  if (existsSync(NGINX)) return true;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) return false;
  console.log("Installing nginx from Debian's packages (once)…");
  const policy = "/usr/sbin/policy-rc.d";
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    const install = () =>
      spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx"], {
        stdio: "ignore",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    if (install().status !== 0) {
      spawnSync("apt-get", ["update"], { stdio: "ignore" });
      install();
    }
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
  return existsSync(NGINX);
}

/** `files` maps a path ("/about") to its HTML; each is written as {dir}{path}/index.html. */
export function writeSiteFiles(dir, files) {
  for (const [path, html] of Object.entries(files)) {
    const folder = join(dir, path);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "index.html"), html);
  }
  // nginx's workers run as nobody: the folder, and the temporary folder it is in, must be readable by them.
  spawnSync("chmod", ["-R", "a+rX", dir]);
  chmodSync(join(dir, ".."), 0o755);
}

export async function startStaticBaseline(dir, port) {
  if (ensureNginx()) {
    const conf = join(dir, "..", `nginx-${port}.conf`);
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
  gzip on;
  client_body_temp_path /tmp; proxy_temp_path /tmp; fastcgi_temp_path /tmp; uwsgi_temp_path /tmp; scgi_temp_path /tmp;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location / { try_files $uri/index.html =404; }
  }
}
`,
    );
    const child = spawn(NGINX, ["-c", conf, "-g", "daemon off;"], { stdio: "inherit" });
    await waitFor(`http://127.0.0.1:${port}/`);
    return {
      kind: `nginx (${spawnSync(NGINX, ["-v"]).stderr.toString().trim().replace("nginx version: ", "")}, gzip level 1, ${availableParallelism()} workers)`,
      base: `http://127.0.0.1:${port}`,
      stop: () => new Promise((r) => (child.once("exit", r), child.kill("SIGQUIT"))),
    };
  }
  console.log("nginx is not installed and cannot be (not root, or no apt-get): measuring against a small Node static server instead.");
  const app = express();
  app.use(compression({ level: 1 }));
  app.use(express.static(dir, { index: "index.html", redirect: false }));
  const server = createServer(app).listen(port, "127.0.0.1");
  await waitFor(`http://127.0.0.1:${port}/`);
  return {
    kind: "Node static server (express.static + compression)",
    base: `http://127.0.0.1:${port}`,
    stop: () => new Promise((r) => server.close(r)),
  };
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
