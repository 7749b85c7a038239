// Run a command line with `sh -c`, as an agent runs a hook command: the input
// on stdin, stdout and stderr collected, killed after a timeout.
import { spawn } from "node:child_process";
import type { HookRun } from "../install/self-test.js";

export function runShell(command: string, input: string, options: { cwd: string; env: Record<string, string | undefined>; timeoutMs: number }): Promise<HookRun> {
  return new Promise((done) => {
    const child = spawn("sh", ["-c", command], { cwd: options.cwd, env: options.env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.stdin.on("error", () => {}); // a hook that exits without reading its stdin
    child.on("error", (error) => {
      clearTimeout(timer);
      done({ exitCode: null, stdout: "", stderr: error.message });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString("utf8");
      done({ exitCode: timedOut ? null : code, stdout: Buffer.concat(out).toString("utf8"), stderr: timedOut ? `timed out after ${options.timeoutMs} ms` : stderr });
    });
    child.stdin.end(input);
  });
}
