// The trace shows each artifact's own tree as its bundle wrote it — carried
// by the loaded artifact, not looked up again by id in the raw bundle.
import { describe, expect, it } from "vitest";
import { bundleOf, realEngine } from "../support/engine.js";

const bash = (command: string) => ({
  event_type: "pre_tool_use",
  session_id: "s",
  tool_name: "Bash",
  tool_input: { command },
  env: { cwd: "/home/dev/project", home: "/home/dev" },
});

describe("the trace's authored trees", () => {
  it("an id whose first artifact was skipped traces the tree of the one that loaded", async () => {
    const engine = await realEngine(
      bundleOf([
        // Skipped (a predicate that does not exist): its id is free for the next artifact.
        { kind: "t1_predicate_tree", artifact_id: "dup", body: { when: { field: "command.program", pred: "no_such_pred", value: "ls" }, verdict: "deny", reason: "first" } },
        { kind: "t1_predicate_tree", artifact_id: "dup", body: { when: { field: "command.program", pred: "eq", value: "rm" }, verdict: "deny", reason: "second" } },
      ]),
    );
    expect(engine.skipped.map((s) => s.id)).toEqual(["dup"]);
    const { trace } = engine.explain(bash("rm x"), null, 1, () => 0);
    const dup = trace.artifacts.find((a) => a.artifact_id === "dup")!;
    expect(dup.outcome).toBe("fired");
    expect(dup.tree!.leaf).toEqual({ field: "command.program", pred: "eq", value: "rm" });
  });

  it("a Tier 2 program's match tree is shown as written", async () => {
    const engine = await realEngine(
      bundleOf([
        { kind: "t2_program", artifact_id: "count.rm", body: { on: ["pre_tool_use"], match: { any: [{ field: "command.program", pred: "eq", value: "rm" }] }, registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 1 }, verdict: "ask", reason: "rm" } },
      ]),
    );
    const { trace } = engine.explain(bash("rm x"), null, 1, () => 0);
    const t2 = trace.artifacts.find((a) => a.artifact_id === "count.rm")!;
    expect(t2.tree!.node).toBe("any");
    expect(t2.tree!.children[0]!.leaf).toEqual({ field: "command.program", pred: "eq", value: "rm" });
  });
});
