// The bounded serialiser that feeds the haystack: identical to JSON.stringify
// within its bounds, flagged (never a throw) beyond them; and the engine turns
// deep or huge input into unknown shape 1 / a warning at every front door.
import fc from "fast-check";
import { describe, expect, it, test } from "vitest";
import { boundedJson, INPUT_CAP, INPUT_DEPTH_CAP } from "../../src/hotpath/index.js";
import { main } from "../../src/cli/main.js";
import { realEngine } from "../support/engine.js";
import { memoryIo } from "../support/io.js";

/** `{"a":{"a":…}}` nested `depth` levels with `leaf` inside, built without recursion. */
function nested(depth: number, leaf: unknown = "needle", array = false): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = array ? [v] : { a: v };
  return v;
}

describe("boundedJson", () => {
  test("equals JSON.stringify on any JSON value within the bounds", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (v) => {
        const r = boundedJson(v);
        expect(r).toEqual({ text: JSON.stringify(v), truncated: false });
      }),
      { numRuns: 400 },
    );
  });

  test("equals JSON.stringify on JS values JSON.stringify accepts (undefined members, NaN, -0, Dates, boxed primitives)", () => {
    const samples: unknown[] = [
      { a: undefined, b: () => 1, c: Symbol("s"), d: 1 },
      [undefined, () => 1, NaN, Infinity, -0],
      { when: new Date(0), n: new Number(3), s: new String("x"), b: new Boolean(false) },
      undefined,
      "lone \ud800 surrogate",
      { "k\"ey": "v\n\u2028" },
    ];
    for (const v of samples) expect(boundedJson(v).text).toBe(JSON.stringify(v) ?? "null");
  });

  test("a prefix of the full text, flagged, when over the length", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.integer({ min: 0, max: 60 }), (v, cap) => {
        const full = JSON.stringify(v);
        const r = boundedJson(v, cap);
        if (full.length <= cap) expect(r).toEqual({ text: full, truncated: false });
        else {
          expect(r.truncated).toBe(true);
          expect(r.text.length).toBeLessThanOrEqual(cap);
          // A string longer than the room is cut before it is escaped, and the cut text is cut again at the room:
          // either way the result is the full text's first characters.
          expect(full.startsWith(r.text)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("stops at the depth cap and on cycles, and never throws on BigInt, throwing getters or proxies", () => {
    expect(boundedJson(nested(INPUT_DEPTH_CAP - 1)).truncated).toBe(false);
    expect(boundedJson(nested(INPUT_DEPTH_CAP + 1)).truncated).toBe(true);
    expect(boundedJson(nested(100_000, "x", true)).truncated).toBe(true);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(boundedJson(cyclic).truncated).toBe(true);
    expect(boundedJson({ n: 10n })).toEqual({ text: '{"n":"10"}', truncated: false });
    const hostile = { get boom() { throw new Error("no"); } };
    expect(boundedJson(hostile).truncated).toBe(true);
    const trap = new Proxy({}, { ownKeys: () => { throw new Error("trap"); } });
    expect(boundedJson(trap).truncated).toBe(true);
  });

  it("never copies a huge string whole: the text is bounded", () => {
    const r = boundedJson({ content: "x".repeat(20_000_000) });
    expect(r.truncated).toBe(true);
    expect(r.text.length).toBe(INPUT_CAP + 1);
  });
});

describe("deep or huge input at every front door", () => {
  const bundle = {
    schema_version: "2.0",
    bundle_id: "deep",
    artifacts: [{ kind: "t1_predicate_tree", artifact_id: "kw", body: { when: { field: "content", pred: "keyword", value: "needle" }, verdict: "deny", reason: "needle: {{match}}" } }],
  };
  const depths = fc.integer({ min: INPUT_DEPTH_CAP + 1, max: 20_000 });

  test("library: shell tools get unknown shape 1, other tools a warning, never a throw", async () => {
    const engine = await realEngine(bundle);
    await fc.assert(
      fc.asyncProperty(depths, fc.boolean(), fc.constantFrom("Bash", "Write", "mcp__srv__tool", "Read"), async (depth, array, tool) => {
        const deep = nested(depth, "needle", array);
        const input = tool === "Bash" ? { command: "ls", extra: deep } : tool === "Write" ? { file_path: "a.txt", content: deep } : { x: deep };
        const pre = engine.evaluate({ event_type: "pre_tool_use", tool_name: tool, tool_input: input }, null, 1);
        if (tool === "Bash") expect(pre.decision.unknown.map((u) => u.shape)).toContain(1);
        else expect(pre.decision.warnings.join(" ")).toMatch(/memory bound/);
        const post = engine.evaluate({ event_type: "post_tool_use", tool_name: "Read", tool_input: { file_path: "a" }, tool_result: deep }, null, 2);
        expect(post.decision.warnings.join(" ")).toMatch(/memory bound/);
      }),
      { numRuns: 12 },
    );
  });

  it("a reason quoting a deep witness renders within the bound", async () => {
    const engine = await realEngine({
      schema_version: "2.0",
      artifacts: [{ kind: "t1_predicate_tree", artifact_id: "q", body: { when: { field: "tool.input.x", pred: "exists" }, verdict: "deny", reason: "got {{match}}" } }],
    });
    const r = engine.evaluate({ event_type: "pre_tool_use", tool_name: "Write", tool_input: { file_path: "a", x: nested(10_000) } }, null, 1);
    expect(r.decision.verdict).toBe("deny");
    expect(r.decision.reason.startsWith('got {"a":{"a":')).toBe(true);
  });

  it("eval: a deep line is evaluated (shape 1), not an error", async () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    const line = `{"event_type":"pre_tool_use","tool_name":"Bash","tool_input":{"command":"ls","x":${deep}}}`;
    const { io, out } = memoryIo({ stdin: line });
    expect(await main(["eval", "-"], io)).toBe(0);
    expect(JSON.parse(out[0]!).decision.unknown.map((u: { shape: number }) => u.shape)).toContain(1);
  });

  it("check: a command over the bound is shape 1 (ask), not a crash", async () => {
    const { io, out } = memoryIo();
    expect(await main(["check", "--json", "--command", `echo ${"x ".repeat(300_000)}`], io)).toBe(3);
    expect(JSON.parse(out[0]!).decision.unknown.map((u: { shape: number }) => u.shape)).toContain(1);
  });
});
