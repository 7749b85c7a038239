// Shared by the ledger tests: a real engine (default bundle), events that give
// each verdict, and ledgers written through the real append path.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Engine } from "../../src/engine.js";
import { appendDecision, type LedgerTarget } from "../../src/ledger/append.js";
import { loadEngine } from "../../src/node/index.js";

let engine: Promise<Engine> | null = null;
export function defaultEngine(): Promise<Engine> {
  return (engine ??= loadEngine());
}

export function tempDir(prefix = "gh-ledger-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

const env = { cwd: "/home/dev/project", home: "/home/dev", path_dirs: [], additional_dirs: [] };
export const bash = (command: string, session = "s1", id = "u1") => ({
  event_type: "pre_tool_use",
  session_id: session,
  tool_use_id: id,
  tool_name: "Bash",
  tool_input: { command },
  env,
});
export const write = (file_path: string, content: string, session = "s1") => ({
  event_type: "pre_tool_use",
  session_id: session,
  tool_use_id: "w1",
  tool_name: "Write",
  tool_input: { file_path, content },
  env,
});

/** Commands that give deny, allow, ask and allow again, cycled. */
export const COMMANDS = ["rm -rf ~", "ls -la", "git reset --hard", "echo hi", "git push --force origin main", "cat README.md"];

/** Append `n` decisions (through the real append path) and return the path. */
export async function writeLedger(path: string, n: number, options: Omit<LedgerTarget, "path"> = { events: true }, now = 1_767_225_600_000): Promise<string> {
  const e = await defaultEngine();
  for (let i = 0; i < n; i++) {
    const event = bash(COMMANDS[i % COMMANDS.length]!, `s${i % 3}`, `u${i}`);
    const envelope = e.evaluate(event, null, now + i * 1000);
    await appendDecision({ path, ...options }, { event, state_in: null, now_ms: now + i * 1000, envelope });
  }
  return path;
}
