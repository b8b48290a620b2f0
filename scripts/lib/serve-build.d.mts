import type { ChildProcess } from "node:child_process";

export const START_ARGS: string[];
export const START_ENV: Record<string, string>;
export function serveBuild(
  port: number,
  env?: Record<string, string>,
  options?: { log?: string; translated?: boolean },
): Promise<{ base: string; stop: () => Promise<void>; child: ChildProcess }>;
export function killWithThisProcess(kill: () => void): () => void;
