// The per-event memory bound: regions are allocated at load, so evaluating
// any event — including one far over every cap — never grows WASM memory.
import { describe, expect, it } from "vitest";
import { EVENT_MEMORY_BOUND_BYTES } from "../../src/memory-bound.js";
import { PER_EVENT_MEMORY_BYTES } from "../../src/hotpath/limits.js";
import { WASM_VM_MEMORY_BYTES } from "../../src/evaluate/tier2/vm-wasm.js";
import { realEngine } from "../support/engine.js";

const counter = {
  kind: "t2_program",
  artifact_id: "runs",
  body: { on: ["pre_tool_use"], registers: { c: 1, run: true }, ops: [{ op: "INC_SAT", c: 0 }, { op: "RUN" }], fire: { reg: "run.len", gte: 1000 }, verdict: "ask", reason: "r" },
};
const kw = { kind: "t1_predicate_tree", artifact_id: "kw", body: { when: { field: "content", pred: "keyword", value: "needle" }, verdict: "deny", reason: "needle" } };

describe("per-event memory bound", () => {
  it("is the documented constant: hot path + Tier 2 VM", () => {
    expect(EVENT_MEMORY_BOUND_BYTES).toBe(PER_EVENT_MEMORY_BYTES + WASM_VM_MEMORY_BYTES);
    expect(EVENT_MEMORY_BOUND_BYTES).toBe(850_812);
  });

  it("an oversize event never grows linear memory; shell input becomes shape 1, other input a warning", async () => {
    const engine = await realEngine({ schema_version: "2.0", artifacts: [counter, kw] });
    const before = engine.linearMemoryBytes;
    expect(before).toBeGreaterThan(0);
    const huge = "x ".repeat(600_000) + " needle";
    const write = engine.evaluate({ event_type: "pre_tool_use", tool_name: "Write", tool_input: { file_path: "a.txt", content: huge } }, null, 1);
    expect(write.decision.warnings.join()).toMatch(/memory bound/);
    const bash = engine.evaluate({ event_type: "pre_tool_use", tool_name: "Bash", tool_input: { command: `echo ${huge}` } }, null, 2);
    expect(bash.decision.unknown.map((u) => u.shape)).toContain(1);
    expect(bash.decision.verdict).toBe("ask");
    const post = engine.evaluate({ event_type: "post_tool_use", tool_name: "Read", tool_input: { file_path: "a" }, tool_result: { output: huge.repeat(3) } }, null, 3);
    expect(post.decision.warnings.join()).toMatch(/memory bound/);
    for (let i = 0; i < 50; i++) engine.evaluate({ event_type: "pre_tool_use", tool_name: "Bash", tool_input: { command: `ls ${i}` } }, null, 10 + i);
    expect(engine.linearMemoryBytes).toBe(before);
  });
});
