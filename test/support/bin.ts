// Runs the built `gatehouse` command (bin/gatehouse.js → dist/, built by
// `npm test` before vitest) as its own process, the way an agent's hook does.
import { spawn } from "node:child_process";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "../..");
export const BIN = join(ROOT, "bin/gatehouse.js");

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `gatehouse ARGS…` with `stdin` (none: stdin closed at once). */
export function runGatehouse(args: string[], options: { stdin?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env: options.env ?? process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.on("error", () => {}); // a command that exits before reading all of stdin
    child.stdin.end(options.stdin ?? "");
  });
}
