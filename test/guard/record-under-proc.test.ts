// A spec whose recordFile lies under /proc (issue 22 item 5): Node's recursive
// mkdir there never returned, so the guard spun until the agent's hook timeout
// let the write through. Now the record cannot be written, and the guard
// answers as docs/guard.md says: a block still blocks (exit 2, the record's
// failure a second stderr line), its own failure fails open (exit 1).
// `spawnSync`'s timeout is only a hang guard (the old code never returned), not a limit.
import { spawnSync } from "node:child_process";
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN } from "../support/bin.js";
import { scratchDir } from "../support/scratch.js";

const root = realpathSync(scratchDir("gatehouse-guard-proc-"));
const checkout = join(root, "checkout");
mkdirSync(join(checkout, "src"), { recursive: true });

const HANG_GUARD_MS = 300_000;
const guard = (recordFile: string, stdin: string) => {
  const specFile = join(root, `spec-${recordFile.replace(/\W/g, "_")}.json`);
  writeFileSync(specFile, JSON.stringify({ version: 1, gate: "out_of_contract_write", sessionCwd: checkout, touchSet: ["src/**"], recordFile }));
  return spawnSync(process.execPath, [BIN, "guard", "--config", specFile], { input: stdin, encoding: "utf8", timeout: HANG_GUARD_MS, killSignal: "SIGKILL" });
};
const write = (path: string) => JSON.stringify({ session_id: "s", cwd: checkout, hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: path, content: "x" } });

describe.each(["/proc/gatehouse-records/records.jsonl", "/proc/self/gatehouse/records.jsonl", "/sys/gatehouse/records.jsonl"])("recordFile %s", (recordFile) => {
  it("a write outside the touch set is blocked (exit 2); the record's failure is a second stderr line", () => {
    const run = guard(recordFile, write(join(checkout, "README.md")));
    expect(run.signal).toBeNull(); // returned, not killed by the hang guard
    expect(run.status).toBe(2);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/README\.md/);
    expect(lines[1]).toMatch(new RegExp(`^gatehouse guard: could not append to the record file ${recordFile}: E[A-Z]+`));
  });

  it("the guard's own failure (stdin not JSON) fails open with exit 1", () => {
    const run = guard(recordFile, "{not json");
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/failing open/);
    expect(run.stderr).toMatch(/could not append to the record file/);
  });
});
