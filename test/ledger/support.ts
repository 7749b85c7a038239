// Shared by the ledger tests: a real engine (default bundle), events that give
// each verdict, and ledgers written through the real append path.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import type { Engine } from "../../src/engine.js";
import { appendDecision, type LedgerTarget } from "../../src/ledger/append.js";
import { loadEngine } from "../../src/node/index.js";
import { afterAll } from "vitest";
import { scratchDir } from "../support/scratch.js";

let engine: Promise<Engine> | null = null;
export function defaultEngine(): Promise<Engine> {
  return (engine ??= loadEngine());
}

export function tempDir(prefix = "gh-ledger-"): string {
  return scratchDir(prefix);
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

/**
 * A real full disk: a 64 KiB tmpfs, mounted for this test file and unmounted
 * after it. Mounting needs root; `mounted` is false elsewhere (the tests then
 * skip, and the write-seam test stands in).
 */
export function tinyTmpfs(): { mounted: boolean; dir: string; fill: () => string[] } {
  const dir = tempDir("gh-ledger-tmpfs-");
  let mounted = false;
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "ignore" });
    mounted = true;
  } catch {
    // not root, or no tmpfs: the caller skips
  }
  afterAll(() => {
    if (mounted) execFileSync("umount", [dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  /** Fill the disk with 4 KiB files until it is full; returns them, so a test can free pages one at a time. */
  const fill = () => {
    const fillers: string[] = [];
    for (let i = 0; ; i++) {
      const f = `${dir}/filler-${fillers.length}-${i}`;
      try {
        writeFileSync(f, Buffer.alloc(4096, 1));
        fillers.push(f);
      } catch {
        if (existsSync(f)) unlinkSync(f);
        return fillers;
      }
    }
  };
  return { mounted, dir, fill };
}
