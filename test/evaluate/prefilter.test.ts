// The keyword prefilter (SPEC §7) must never change a decision: on random
// bundles and events, filtered and unfiltered evaluations agree exactly —
// and so do the WASM hot path and its TypeScript twin.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadBundle } from "../../src/bundle/load.js";
import { bundleArb, eventArb, wordClassifier } from "../support/arbitraries.js";
import { engineWithClassification } from "../support/engine.js";

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
  it("index effect verbs, tool names and programs the tree needs; any-of keeps only what every branch needs", () => {
    const loaded = loadBundle({
      schema_version: "2.0",
      artifacts: [
        { kind: "t1_predicate_tree", artifact_id: "a", body: { when: { all: [{ field: "tool.name", pred: "eq", value: "Bash" }, { field: "effect", pred: "effect_is", value: { verb: "delete", target_class: "home_dir" } }] }, verdict: "deny", reason: "" } },
        { kind: "t1_predicate_tree", artifact_id: "b", body: { when: { any: [{ field: "effect", pred: "effect_is", value: { verb: "push" } }, { field: "command.program", pred: "eq", value: "git" }] }, verdict: "deny", reason: "" } },
        { kind: "t1_predicate_tree", artifact_id: "c", body: { when: { not: { field: "effect.verb", pred: "eq", value: "read" } }, verdict: "deny", reason: "" } },
      ],
    });
    expect(loaded.artifacts.map((a) => a.requiredFeatures)).toEqual([["tool:Bash", "verb:delete"], [], []]);
  });
});
