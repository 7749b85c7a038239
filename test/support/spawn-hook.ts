// Run `gatehouse hook …` as a real child process (bin/gatehouse.js → dist/cli.cjs,
// which `npm test` builds first), the way an agent runs it.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { scratchDir } from "./scratch.js";

export const BIN = fileURLToPath(new URL("../../bin/gatehouse.js", import.meta.url));
/** The launcher's code cache (src/node/code-cache.ts) for these runs: a temporary directory, never the fake $HOME. */
const CACHE_DIR = scratchDir("gatehouse-test-cache-");
/** Their state directory's parent ($XDG_STATE_HOME: session state, the code cache's digests): never under the fake $HOME. */
const STATE_HOME = scratchDir("gatehouse-test-state-");

export interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

export function runGatehouse(args: string[], stdin: string, env: Record<string, string> = {}, cwd?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? "", HOME: "/home/dev", GATEHOUSE_CACHE_DIR: CACHE_DIR, XDG_STATE_HOME: STATE_HOME, ...env }, cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, stderr, code }));
    child.stdin.on("error", () => {}); // a process that exits before reading all of stdin
    child.stdin.end(stdin);
  });
}

/** Run jobs with at most `limit` child processes at once (2 shared cores). */
export async function inBatches<T>(jobs: (() => Promise<T>)[], limit = 4): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return out;
}
