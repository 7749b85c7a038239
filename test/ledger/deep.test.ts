// Deep input at the ledger's doors. A hook payload JSON.parse accepts may nest
// 100,000 levels (the engine answers it as unknown shape 1); JSON.stringify and
// any recursive walk overflow the stack a few thousand levels down. So such an
// event is recorded by its digest only, and a ledger line nested that deep is
// damage that verify, show and replay report — never an internal error.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalJson, sha256Hex } from "../../src/bundle/canonical.js";
import { main } from "../../src/cli/main.js";
import { appendDecision } from "../../src/ledger/append.js";
import { MAX_EVENT_DEPTH } from "../../src/ledger/line.js";
import { verifyLedger, verifyPassed } from "../../src/ledger/verify.js";
import { memoryIo } from "../support/io.js";
import { bash, defaultEngine, tempDir } from "./support.js";

const dir = tempDir("gh-ledger-deep-");
/** A Bash event whose tool_input holds an array nested `depth` levels deep (built by JSON.parse, as a hook's stdin is). */
const deepEvent = (depth: number, command = "rm -rf ~") => JSON.parse(`{"event_type":"pre_tool_use","session_id":"s1","tool_name":"Bash","tool_input":{"command":${JSON.stringify(command)},"x":${"[".repeat(depth)}${"]".repeat(depth)}}}`);

describe("deep events and lines", () => {
  it("an event nested 100,000 levels deep is appended by digest only, the decision kept; the chain verifies", async () => {
    const engine = await defaultEngine();
    const event = deepEvent(100_000);
    const envelope = engine.evaluate(event, null, 1_767_225_600_000);
    const path = join(dir, "deep.jsonl");
    for (const redact of [false, true]) {
      const result = await appendDecision({ path, events: true, redact }, { event, state_in: null, now_ms: 1_767_225_600_000, envelope });
      expect(result.eventDropped).toBe(true);
      expect(result.row).not.toHaveProperty("event");
      expect(result.row.event_digest).toBe(`sha256:${sha256Hex(canonicalJson(event))}`);
      expect(result.row.decision.verdict).toBe(envelope.decision.verdict);
    }
    expect(verifyPassed(verifyLedger(path))).toBe(true);
    // An event within the bound keeps its event, so it replays.
    const shallow = deepEvent(MAX_EVENT_DEPTH - 10);
    const kept = await appendDecision({ path, events: true }, { event: shallow, state_in: null, now_ms: 1, envelope: engine.evaluate(shallow, null, 1) });
    expect(kept.eventDropped).toBe(false);
    expect(verifyPassed(verifyLedger(path))).toBe(true);
    const r = memoryIo();
    expect(await main(["replay", path], r.io)).toBe(0);
  });

  it("--ledger-redact walks an event nested past the stack's reach, and keeps a __proto__ member a member", async () => {
    const engine = await defaultEngine();
    const token = "ghp_" + "a".repeat(36);
    const event = JSON.parse(`{"event_type":"pre_tool_use","session_id":"s1","tool_name":"Bash","tool_input":{"command":"echo ${token}","__proto__":{"k":"v"},"x":${"[".repeat(2_000)}"${token}"${"]".repeat(2_000)}}}`);
    const result = await appendDecision({ path: join(dir, "redact.jsonl"), events: true, redact: true }, { event, state_in: null, now_ms: 1, envelope: engine.evaluate(event, null, 1) });
    const text = readFileSync(join(dir, "redact.jsonl"), "utf8");
    expect(text).not.toContain(token);
    expect(result.row.redacted).toEqual(["github_token"]);
    expect(Object.keys(result.row.event!.tool_input as object)).toEqual(["command", "__proto__", "x"]);
  });

  it("a line nested 100,000 levels deep: verify names it, show skips it, replay fails having compared nothing", async () => {
    const path = join(dir, "hostile.jsonl");
    const row = { seq: 1, now_ms: 1, session_id: "s", tool_use_id: "", event_digest: `sha256:${"0".repeat(64)}`, event: deepEvent(100_000) };
    writeFileSync(path, `${canonicalJson(row)}\n`);
    const verify = memoryIo();
    expect(await main(["ledger", "verify", path], verify.io)).toBe(1);
    expect(verify.out[0]).toMatch(/line 1 \(where seq 1 was due\): not a row — not a ledger row: nested more than \d+ levels deep/);
    const show = memoryIo();
    expect(await main(["ledger", "show", path], show.io)).toBe(0);
    expect(show.err[0]).toMatch(/1 line\(s\) .* are not rows and were skipped/);
    const replay = memoryIo();
    expect(await main(["replay", path], replay.io)).toBe(1);
    expect(replay.err).toContain(`gatehouse replay: no line of ${path} could be compared`);
    expect(readFileSync(path, "utf8").length).toBeGreaterThan(200_000);
  });

  it("eval --ledger of a deep event: answered, recorded without its event, one line saying so", async () => {
    const events = join(dir, "events.jsonl");
    writeFileSync(events, `${JSON.stringify(bash("ls"))}\n${JSON.stringify(deepEvent(10, "x")).replace("[[[[[[[[[[", "[".repeat(50_000)).replace("]]]]]]]]]]", "]".repeat(50_000))}\n`);
    const ledger = join(dir, "eval.jsonl");
    const r = memoryIo();
    expect(await main(["eval", "--ledger", ledger, "--ledger-events", events], r.io)).toBe(0);
    expect(r.out.map((l) => JSON.parse(l).decision.verdict)).toEqual(["allow", "ask"]);
    expect(r.err).toEqual(["gatehouse eval: line 2: the event is too large or nested too deep for a ledger row; recorded without it (not replayable)"]);
    expect(verifyLedger(ledger).rows).toBe(2);
  });
});
