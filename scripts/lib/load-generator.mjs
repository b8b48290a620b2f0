/**
 * The load generator of the measuring scripts: wrk (Debian's package), a C program that leaves far more of
 * this 2-core machine to the server under test than autocannon, itself a Node process; autocannon only where
 * wrk cannot be had. It is only ever aimed at 127.0.0.1.
 */
import { execFile, spawnSync } from "node:child_process";
import autocannon from "autocannon";
import { ensureDebianPackage } from "./debian-package.mjs";
import { killWithThisProcess } from "./serve-build.mjs";

const WRK = "/usr/bin/wrk";

const MS_PER = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Requests per second, the 99th percentile latency in ms, and what went wrong, from `wrk --latency`'s report. */
function parseWrk(report) {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(report);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s|m)\b/m.exec(report);
  if (!rps || !p99) throw new Error(`wrk's report could not be read:\n${report}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  return {
    rps: Number(rps[1]),
    p99: Number(p99[1]) * MS_PER[p99[2]],
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(report)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

/** `{ name, load(url) }`: wrk when it is installed or can be, autocannon otherwise (and it says so). */
export function loadGenerator(options) {
  const generator = ensureDebianPackage("wrk", WRK) ? wrk(options) : autocannonInstead(options);
  return {
    name: generator.name,
    async load(url) {
      if (new URL(url).hostname !== "127.0.0.1") throw new Error(`the load generator only targets 127.0.0.1, not ${url}`);
      const result = await generator.run(url);
      if (result.non2xx || result.errors)
        console.log(`  ! ${url}: ${result.non2xx} non-2xx or 3xx responses, ${result.errors} socket errors`);
      return result;
    },
  };
}

function wrk({ connections, seconds, headers }) {
  const version = /^wrk (?:debian\/)?([\d.]+)/.exec(spawnSync(WRK, ["-v"]).stdout.toString())?.[1] ?? "";
  const headerArgs = Object.entries(headers).flatMap(([key, value]) => ["-H", `${key}: ${value}`]);
  return {
    name: `wrk ${version} (1 thread)`,
    // Asynchronous, so that the measuring script's timers (its memory sampler) keep running meanwhile;
    // and ended with the script, should it fail while wrk runs.
    run: (url) =>
      new Promise((resolve, reject) => {
        const child = execFile(WRK, ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", ...headerArgs, url], (error, stdout) => {
          forget();
          if (error) reject(error);
          else resolve(parseWrk(stdout));
        });
        const forget = killWithThisProcess(() => child.kill());
      }),
  };
}

function autocannonInstead({ connections, seconds, headers }) {
  console.log("wrk is not installed and cannot be (not root, or no apt-get): the load generator is autocannon.");
  return {
    name: "autocannon (wrk could not be had)",
    run: async (url) => {
      const r = await autocannon({ url, connections, duration: seconds, headers });
      return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
    },
  };
}
