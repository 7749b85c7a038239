// A precompiled bundle (src/bundle/precompiled.ts) loads to the same bundle as
// the ordinary load of the same text — the default bundle, random bundles, and
// one with every skip reason — and decides the same; for any other text it is
// ignored.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadBundle, type LoadedBundle } from "../../src/bundle/load.js";
import { precompileBundle } from "../../src/bundle/precompiled.js";
import { Engine } from "../../src/engine.js";
import { compilePredicate } from "../../src/evaluate/predicates.js";
import { emptyClassification } from "../../src/model/classification.js";
import { bundleArb, eventArb, wordClassifier } from "../support/arbitraries.js";
import { leaf, t1 } from "../support/engine.js";

const DEFAULT_TEXT = readFileSync(join(import.meta.dirname, "../../bundles/default.json"), "utf8");

/** Everything a loaded bundle holds, functions named only as such (they are rebuilt from the same data). */
function shape(bundle: LoadedBundle): string {
  return JSON.stringify(bundle, (_k, v: unknown) =>
    typeof v === "function" ? "(function)" : v instanceof Map ? [...v] : ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v,
  );
}

const MESSY = JSON.stringify({
  schema_version: "2.0",
  bundle_id: "messy",
  surprise: true,
  facts: [{ id: "git.branch", type: "string" }],
  effect_classes: { entries: [{ tool: "mcp__db__*", effects: [{ verb: "write", target_class: "database" }] }, { tool: "[", effects: [] }] },
  artifacts: [
    t1("ok", leaf("command.program", "eq", "rm")),
    t1("ok", leaf("command.program", "eq", "rm")), // a repeated id
    { kind: "t9", artifact_id: "unknown-kind" },
    t1("float", leaf("session.tool_calls", "gt", 1.5)),
    t1("field", leaf("no.such.field", "eq", 1)),
    t1("pred", leaf("tool.name", "sounds_like", "x")),
    t1("pattern", leaf("command.raw", "regex_lite", "(")),
    { kind: "t1_predicate_tree", artifact_id: "body", body: { when: leaf("tool.name", "eq", "Bash") } },
    t1("opt", leaf("tool.name", "eq", "Bash"), "deny", { body: { optimize: { lever: "steer", params: { nope: 1 } } } }),
    t1("fact", leaf("fact.undeclared", "eq", "x")),
    { kind: "t2_program", artifact_id: "t2bad", body: { on: [], registers: {}, ops: [], fire: { all: [] }, verdict: "ask", reason: "r" } },
    { kind: "t2_program", artifact_id: "t2", body: { on: ["pre_tool_use"], registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 2 }, verdict: "ask", reason: "r" } },
    { kind: "exception", artifact_id: "ex", body: { when: leaf("tool.name", "eq", "Bash"), ground_key: "g", applies_to: { artifact_ids: ["ok"] } } },
  ],
});

describe("precompiled bundles", () => {
  for (const [name, text] of [
    ["the default bundle", DEFAULT_TEXT],
    ["a bundle with every skip reason and warnings", MESSY],
  ] as const) {
    it(`${name}: the replayed load is the ordinary load`, () => {
      const { precompiled, loaded } = precompileBundle(text);
      expect(shape(loadBundle(text, { precompiled }))).toBe(shape(loadBundle(text)));
      expect(shape(loaded)).toBe(shape(loadBundle(text)));
      expect(precompiled.digest).toBe(loadBundle(text).digest);
    });
  }

  it("the messy bundle's tape holds failures too (so failed checks replay as failures)", () => {
    const tape = JSON.parse(precompileBundle(MESSY).precompiled.tape) as { ok: boolean }[];
    expect(tape.some((e) => !e.ok)).toBe(true);
    expect(loadBundle(MESSY).skipped.length).toBeGreaterThan(5);
  });

  it("random bundles: replayed and ordinary loads agree, and so do their decisions", async () => {
    await fc.assert(
      fc.asyncProperty(bundleArb, fc.array(eventArb, { minLength: 1, maxLength: 3 }), async (bundle, events) => {
        const text = JSON.stringify(bundle);
        const { precompiled } = precompileBundle(text);
        expect(shape(loadBundle(text, { precompiled }))).toBe(shape(loadBundle(text)));
        const classify = (e: Parameters<typeof wordClassifier>[0]) => ({ ...emptyClassification(), ...wordClassifier(e) });
        const replayed = await Engine.load({ bundle: text, precompiled, classify });
        const ordinary = await Engine.load({ bundle: text, classify });
        for (const event of events) expect(JSON.stringify(replayed.evaluate(event, null, 1_000))).toBe(JSON.stringify(ordinary.evaluate(event, null, 1_000)));
      }),
      { numRuns: 100 },
    );
  });

  it("applies only to its own text: any other input loads the ordinary way", () => {
    const { precompiled } = precompileBundle(DEFAULT_TEXT);
    const changed = DEFAULT_TEXT.replace('"bundle_id": "', '"bundle_id": "x');
    expect(changed).not.toBe(DEFAULT_TEXT);
    expect(loadBundle(changed, { precompiled }).digest).toBe(loadBundle(changed).digest);
    expect(loadBundle(changed, { precompiled }).digest).not.toBe(precompiled.digest);
    // An object, even one equal to the text's JSON, is not the text.
    expect(shape(loadBundle(JSON.parse(MESSY), { precompiled: precompileBundle(MESSY).precompiled }))).toBe(shape(loadBundle(MESSY)));
  });

  it("its regex_lite patterns are the text's patterns that compile, and a replayed load compiles them on first match to the same matcher", () => {
    expect(precompileBundle(DEFAULT_TEXT).precompiled.patterns?.length).toBeGreaterThan(0);
    const bad = "(";
    const good = ["^feature/", "(^|,)[ugoa]*[ao][ugoa]*[+=][rwxXst]*w", "\\bprod(uction)?\\b", ".", "a{2,3}b|^$"];
    const text = JSON.stringify({
      schema_version: "2.0",
      bundle_id: "patterns",
      artifacts: [...good, bad].map((p, i) => t1(`p${i}`, leaf("command.raw", "regex_lite", p))),
    });
    const { patterns } = precompileBundle(text).precompiled;
    expect(new Set(patterns)).toEqual(new Set(good));
    const values: unknown[] = ["feature/x", "main", "u+w", "go+rwx", "a+w,o-x", "prod", "production db", "aab", "", "x", 7, null, ["prod"]];
    for (const p of good) {
      const eager = compilePredicate("regex_lite", p);
      const deferred = compilePredicate("regex_lite", p, new Set([p]));
      if (!eager.ok || !deferred.ok) throw new Error(`${p} does not compile`);
      for (const v of values) expect(deferred.match(v), `${p} on ${JSON.stringify(v)}`).toBe(eager.match(v));
    }
    expect(compilePredicate("regex_lite", bad, new Set()).ok).toBe(false);
  });

  it("a tape from another loader fails loudly rather than deciding anything", () => {
    const { precompiled } = precompileBundle(DEFAULT_TEXT);
    expect(() => loadBundle(DEFAULT_TEXT, { precompiled: { ...precompiled, tape: "[]" } })).toThrow(/tape ran out/);
  });
});
