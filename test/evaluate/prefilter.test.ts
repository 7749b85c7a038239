// The keyword prefilter (SPEC §7) must never change a decision: on random
// bundles and events, filtered and unfiltered evaluations agree exactly —
// and so do the WASM hot path and its TypeScript twin.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildEventSet } from "../../bench/events.mjs";
import { generateBundle } from "../../bench/gen-bundle.mjs";
import { loadBundle } from "../../src/bundle/load.js";
import { CorpusCaseSchema } from "../../src/corpus/case.js";
import { Engine } from "../../src/engine.js";
import { fileBaseResolver, readBundleFile } from "../../src/node/bundle-file.js";
import { packageRoot } from "../../src/node/package-root.js";
import { bundleArb, eventArb, wordClassifier } from "../support/arbitraries.js";
import { engineWithClassification, grammarBytes, realEngine } from "../support/engine.js";

describe("prefilter (content keywords and event features)", () => {
  it("filtered and unfiltered evaluation give identical envelopes (and WASM = twin)", async () => {
    await fc.assert(
      fc.asyncProperty(bundleArb, fc.array(eventArb, { minLength: 1, maxLength: 4 }), async (bundle, events) => {
        const filtered = await engineWithClassification(bundle, wordClassifier, { prefilter: true });
        const unfiltered = await engineWithClassification(bundle, wordClassifier, { prefilter: false });
        const twin = await engineWithClassification(bundle, wordClassifier, { prefilter: true, implementation: "twin" });
        for (const event of events) {
          const a = JSON.stringify(filtered.evaluate(event, null, 1_000));
          expect(JSON.stringify(unfiltered.evaluate(event, null, 1_000))).toBe(a);
          expect(JSON.stringify(twin.evaluate(event, null, 1_000))).toBe(a);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("actually skips: an artifact requiring an absent keyword is indexed by it", () => {
    const loaded = loadBundle({
      schema_version: "2.0",
      artifacts: [
        {
          kind: "t1_predicate_tree",
          artifact_id: "k",
          body: { when: { all: [{ field: "content", pred: "keyword", value: "drop" }, { not: { field: "content", pred: "keyword", value: "dry-run" } }] }, verdict: "deny", reason: "" },
        },
        {
          kind: "t1_predicate_tree",
          artifact_id: "either",
          body: { when: { any: [{ field: "content", pred: "keyword", value: "drop" }, { field: "tool.name", pred: "eq", value: "Bash" }] }, verdict: "deny", reason: "" },
        },
      ],
    });
    expect(loaded.keywords).toEqual(["drop", "dry-run"]);
    expect([...loaded.artifacts[0]!.required]).toEqual([0]);
    expect([...loaded.artifacts[1]!.required]).toEqual([]);
  });
});

describe("event-feature requirements", () => {
  it("index effect verbs and target classes, tool names and programs the tree needs; any-of needs one atom of each branch", () => {
    const loaded = loadBundle({
      schema_version: "2.0",
      artifacts: [
        { kind: "t1_predicate_tree", artifact_id: "a", body: { when: { all: [{ field: "tool.name", pred: "eq", value: "Bash" }, { field: "effect", pred: "effect_is", value: { verb: "delete", target_class: "home_dir" } }] }, verdict: "deny", reason: "" } },
        { kind: "t1_predicate_tree", artifact_id: "b", body: { when: { any: [{ field: "effect", pred: "effect_is", value: { verb: "push" } }, { field: "command.program", pred: "eq", value: "git" }] }, verdict: "deny", reason: "" } },
        { kind: "t1_predicate_tree", artifact_id: "c", body: { when: { not: { field: "effect.verb", pred: "eq", value: "read" } }, verdict: "deny", reason: "" } },
        { kind: "t1_predicate_tree", artifact_id: "d", body: { when: { field: "command.program", pred: "in", value: ["rm", "rmdir", "unlink"] }, verdict: "deny", reason: "" } },
        {
          kind: "t1_predicate_tree",
          artifact_id: "e",
          body: { when: { any: [{ all: [{ field: "content", pred: "keyword", value: "drop" }, { field: "tool.name", pred: "eq", value: "Bash" }] }, { all: [{ field: "content", pred: "keyword", value: "truncate" }, { field: "tool.name", pred: "eq", value: "Bash" }] }] }, verdict: "deny", reason: "" },
        },
        { kind: "t1_predicate_tree", artifact_id: "f", body: { when: { not: { any: [{ field: "tool.name", pred: "eq", value: "Read" }, { field: "command.program", pred: "in", value: ["ls", "cat"] }] } }, verdict: "deny", reason: "" } },
      ],
    });
    expect(loaded.artifacts.map((a) => a.requiredFeatures)).toEqual([["tclass:home_dir", "tool:Bash", "verb:delete"], [], [], [], ["tool:Bash"], []]);
    expect(loaded.artifacts.map((a) => a.requiredOneOf)).toEqual([[], [["program:git", "verb:push"]], [], [["program:rm", "program:rmdir", "program:unlink"]], [["k:0", "k:1"]], []]);
  });
});

describe("the index visits only what could match", () => {
  const many = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));
  const bash = (command: string) => ({ event_type: "pre_tool_use", session_id: "s", tool_name: "Bash", tool_input: { command } });

  it("artifacts filed under absent keywords and features are never candidates; the rest are, once each, in bundle order", async () => {
    const bundle = {
      schema_version: "2.0",
      artifacts: [
        ...many(50, (i) => ({ kind: "t1_predicate_tree", artifact_id: `kw${i}`, body: { when: { all: [{ field: "content", pred: "keyword", value: `zzq${i}` }, { field: "tool.name", pred: "eq", value: "Bash" }] }, verdict: "deny", reason: "" } })),
        ...many(50, (i) => ({ kind: "t1_predicate_tree", artifact_id: `prog${i}`, body: { when: { field: "command.program", pred: "in", value: [`noprog${i}`, `nope${i}`] }, verdict: "deny", reason: "" } })),
        ...many(50, (i) => ({ kind: "exception", artifact_id: `ex${i}`, body: { when: { field: "tool.name", pred: "eq", value: `NoTool${i}` }, ground_key: "g", applies_to: {} } })),
        { kind: "t1_predicate_tree", artifact_id: "rm", body: { when: { field: "command.program", pred: "in", value: ["rm", "shred"] }, verdict: "deny", reason: "no rm" } },
        { kind: "t1_predicate_tree", artifact_id: "always", body: { when: { not: { field: "tool.name", pred: "eq", value: "Read" } }, verdict: "ask", reason: "" } },
      ],
    };
    const engine = await engineWithClassification(bundle, wordClassifier);
    const { trace } = engine.explain(bash("rm -rf build"), null, 1, () => 0);
    // Traced, the ruled-out rules are counted (keyword-filed) or listed as filtered (feature-filed), never evaluated.
    expect(trace.artifacts.filter((a) => a.outcome !== "filtered").map((a) => a.artifact_id)).toEqual(["rm", "always"]);
    expect(trace.prefilter.ruled_out).toBe(100); // 50 filed under keywords (unlisted) + 50 listed as filtered
    expect(trace.prefilter.unlisted).toBe(50);
    expect(trace.join.exceptions.every((e) => e.outcome === "not_evaluated")).toBe(true);
    const filteredProg = trace.artifacts.find((a) => a.artifact_id === "prog7")!;
    expect(filteredProg.missing!.one_of).toEqual([["program:nope7", "program:noprog7"]]);
    expect(engine.evaluate(bash("rm -rf build"), null, 1).decision.artifact_id).toBe("rm");
  });

  it("random bundles: every artifact whose tree holds unfiltered is a candidate (soundness of the index)", async () => {
    await fc.assert(
      fc.asyncProperty(bundleArb, fc.array(eventArb, { minLength: 1, maxLength: 4 }), async (bundle, events) => {
        const engine = await engineWithClassification(bundle, wordClassifier, { prefilter: false });
        const indexed = await engineWithClassification(bundle, wordClassifier);
        for (const event of events) {
          const all = engine.explain(event, null, 1_000, () => 0).trace;
          const some = indexed.explain(event, null, 1_000, () => 0).trace;
          const fired = all.artifacts.filter((a) => a.outcome === "fired").map((a) => a.artifact_id);
          expect(some.artifacts.filter((a) => a.outcome === "fired").map((a) => a.artifact_id)).toEqual(fired);
          expect(some.join.exceptions.filter((e) => e.outcome === "held").map((e) => e.artifact_id)).toEqual(all.join.exceptions.filter((e) => e.outcome === "held").map((e) => e.artifact_id));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("prefilter on = off on generated bundles and the corpus", () => {
  const { events } = buildEventSet({ peerDir: join(import.meta.dirname, "../../../shared/peer-cases") });

  it("generated bundles (bench/gen-bundle.mjs, three seeds, with unmatchable artifacts) decide every benchmark event alike", async () => {
    for (const seed of [1, 2, 3]) {
      const bundle = generateBundle({ atoms: 300, seed, unmatchable: 300 });
      const text = JSON.stringify(bundle);
      const on = await realEngine(text);
      const off = await realEngine(text, { prefilter: false });
      const twin = await realEngine(text, { implementation: "twin" });
      let state: unknown = null;
      let stateOff: unknown = null;
      events.forEach((e: { event: unknown }, i: number) => {
        const a = on.evaluate(e.event, state, 1_700_000_000_000 + i * 1000);
        const b = off.evaluate(e.event, stateOff, 1_700_000_000_000 + i * 1000);
        expect(JSON.stringify(b), `seed ${seed} event ${i}`).toBe(JSON.stringify(a));
        expect(JSON.stringify(twin.evaluate(e.event, state, 1_700_000_000_000 + i * 1000))).toBe(JSON.stringify(a));
        state = a.state;
        stateOff = b.state;
      });
    }
  });

  it("every corpus case gives the same envelope (or the same error) with the prefilter off", async () => {
    const dir = join(import.meta.dirname, "../corpus");
    const cases = readdirSync(dir)
      .filter((f) => f.endsWith(".jsonl"))
      .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => CorpusCaseSchema.parse(JSON.parse(l))));
    expect(cases.length).toBeGreaterThan(100);
    const resolveBase = fileBaseResolver(packageRoot());
    const engines = new Map<string, Promise<[Engine, Engine]>>();
    const pair = (bundle: unknown) => {
      const key = JSON.stringify(bundle);
      let p = engines.get(key);
      if (p === undefined)
        engines.set(key, (p = Promise.all([true, false].map((prefilter) => Engine.load({ bundle, grammar: grammarBytes(), resolveBase, prefilter }))) as Promise<[Engine, Engine]>));
      return p;
    };
    const outcome = (engine: Engine, c: (typeof cases)[number]) => {
      try {
        return JSON.stringify(engine.evaluate(c.event, c.state_in, c.now_ms));
      } catch (error) {
        return `${(error as Error).name}`;
      }
    };
    let compared = 0;
    for (const c of cases) {
      const bundle = typeof c.bundle === "string" ? readBundleFile(join(packageRoot(), c.bundle)) : c.bundle;
      let engines2: [Engine, Engine];
      try {
        engines2 = await pair(bundle);
      } catch {
        continue; // a case about a bundle that does not load
      }
      expect(outcome(engines2[1], c), c.name).toBe(outcome(engines2[0], c));
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });
});
