/** Installs a program from Debian's packages for a measuring script, when it is missing and this runs as root. */
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";

/** True when `binary` is there, after installing `name` if need be; a package's service is kept from starting. */
export function ensureDebianPackage(name, binary) {
  if (existsSync(binary)) return true;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) return false;
  console.log(`Installing ${name} from Debian's packages (once)…`);
  const policy = "/usr/sbin/policy-rc.d";
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    const install = () =>
      spawnSync("apt-get", ["install", "-y", "--no-install-recommends", name], {
        stdio: "ignore",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    // The package lists may be missing or stale on a fresh machine: refresh them only when they are.
    if (install().status !== 0) {
      spawnSync("apt-get", ["update"], { stdio: "ignore" });
      install();
    }
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
  return existsSync(binary);
}
