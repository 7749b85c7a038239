// A separate process appending to a ledger (bundled and run by append.test.ts):
//   node child.mjs LEDGER WORKER COUNT [crash]
// appends COUNT rows for WORKER; with `crash`, the last append writes half its
// line and the process kills itself (SIGKILL) while holding the lock — a real
// death mid-append.
import { fsyncSync, openSync, writeSync } from "node:fs";
import { appendDecision, type AppendBytes } from "../../src/ledger/append.js";
import { neutralDecision } from "../../src/model/decision.js";

const [path, worker, countText, mode] = process.argv.slice(2);
const count = Number(countText);
const dieHalfway: AppendBytes = (p, data) => {
  const fd = openSync(p, "a");
  writeSync(fd, data.subarray(0, data.length >> 1));
  fsyncSync(fd);
  process.kill(process.pid, "SIGKILL");
};
for (let i = 0; i < count; i++) {
  const event = { event_type: "pre_tool_use", session_id: `w${worker}`, tool_use_id: `${worker}-${i}`, tool_name: "Bash", tool_input: { command: `echo ${worker} ${i} ✓` } };
  const envelope = { decision: neutralDecision(), state: { c: [], f: [], t: [], a: [], run: null }, engine_version: "gatehouse/test", bundle_digest: `sha256:${"ab".repeat(32)}` };
  const crash = mode === "crash" && i === count - 1;
  await appendDecision({ path: path!, events: true, lockTimeoutMs: 60_000 }, { event, state_in: null, now_ms: 1_767_225_600_000 + i, envelope }, crash ? dieHalfway : undefined);
}
