import { describe, expect, it } from "vitest";
import { BundleLoadError, loadBundle } from "../../src/bundle/load.js";
import { canonicalJson } from "../../src/bundle/canonical.js";
import { ONE_OF_EACH } from "../support/bundles.js";
import { bundleOf, engineWithClassification, leaf, t1 } from "../support/engine.js";

const good = t1("good", leaf("tool.name", "eq", "Bash"));
const steer = { lever: "steer", params: { steer_instruction: "x", dedupe_window_s: 1 } };

describe("bundle loading", () => {
  it("skips one bad artifact of each reason, in precedence, and keeps the good ones", () => {
    const loaded = loadBundle(ONE_OF_EACH);
    expect(loaded.skipped.map(({ kind, id, reason }) => ({ kind, id, reason }))).toEqual([
      { kind: "t1_predicate_tree", id: "floor", reason: "below_floor" },
      { kind: "t1_predicate_tree", id: "float", reason: "float_present" },
      { kind: "t9_quantum", id: "kind", reason: "unknown_kind" },
      { kind: "t1_predicate_tree", id: "body", reason: "body_parse_error" },
      { kind: "t1_predicate_tree", id: "field", reason: "unknown_field" },
      { kind: "t1_predicate_tree", id: "pred", reason: "unknown_predicate" },
      { kind: "t1_predicate_tree", id: "pattern", reason: "bad_pattern" },
      { kind: "t1_predicate_tree", id: "optimize", reason: "invalid_optimize_directive" },
      { kind: "t1_predicate_tree", id: "good", reason: "body_parse_error" },
      { kind: "t1_predicate_tree", id: "layer-a", reason: "same_layer_conflict" },
      { kind: "t1_predicate_tree", id: "layer-b", reason: "same_layer_conflict" },
      { kind: "effect_class_entry", id: "mcp__x__*", reason: "body_parse_error" },
      { kind: "effect_class_entry", id: "mcp__y__*", reason: "unknown_field" },
      { kind: "effect_class_entry", id: "mcp__z__*", reason: "unknown_predicate" },
      { kind: "effect_class_entry", id: "mcp__f__*", reason: "float_present" },
    ]);
    expect(loaded.artifacts.map((a) => a.artifact_id)).toEqual(["good"]);
    expect(loaded.effectClasses).toHaveLength(1);
  });

  it("the good artifact around the bad ones still decides", async () => {
    const engine = await engineWithClassification(ONE_OF_EACH);
    const d = engine.evaluate({ event_type: "pre_tool_use", tool_name: "Bash", tool_input: { command: "ls" } }, null, 1).decision;
    expect(d).toMatchObject({ verdict: "deny", artifact_id: "good" });
  });

  it("reports the first problem in precedence order when an artifact has several", () => {
    const several = t1("several", leaf("command.flavour", "sounds_like", 1.5), "deny", { min_client_version: 1 });
    expect(loadBundle(bundleOf([several])).skipped[0]?.reason).toBe("float_present");
    const fieldAndPattern = t1("fp", { all: [leaf("command.flavour", "eq", "x"), leaf("command.raw", "regex_lite", "(")] });
    expect(loadBundle(bundleOf([fieldAndPattern])).skipped[0]?.reason).toBe("unknown_field");
    const shapeAndField = t1("sf", { all: [leaf("command.flavour", "eq", "x"), leaf("command.raw", "gt", "x")] });
    expect(loadBundle(bundleOf([shapeAndField])).skipped[0]?.reason).toBe("body_parse_error");
  });

  it("rejects a regex_lite over 1,024 bytes as bad_pattern", () => {
    expect(loadBundle(bundleOf([t1("long", leaf("command.raw", "regex_lite", "a".repeat(1025)))])).skipped[0]?.reason).toBe("bad_pattern");
    expect(loadBundle(bundleOf([t1("ok", leaf("command.raw", "regex_lite", "a".repeat(1024)))])).skipped).toEqual([]);
  });

  it("identical directives on one layer do not conflict; a different mode is a different layer", () => {
    const a = t1("a", { all: [] }, "allow", { layer_path: ["org"], body: { optimize: steer } });
    const b = t1("b", { all: [] }, "allow", { layer_path: ["org"], body: { optimize: steer } });
    const c = t1("c", { all: [] }, "allow", { layer_path: ["org"], mode: "monitor", body: { optimize: { lever: "prefix_guard", params: { pin_ttl: null } } } });
    expect(loadBundle(bundleOf([a, b, c])).skipped).toEqual([]);
  });

  it("fails the whole load on bundle-level errors with one clear message", () => {
    expect(() => loadBundle("{not json")).toThrow(BundleLoadError);
    expect(() => loadBundle("{not json")).toThrow(/not JSON/);
    expect(() => loadBundle("[]")).toThrow(/must be a JSON object/);
    expect(() => loadBundle({ schema_version: "3.0" })).toThrow(/3\.0.*major 2/);
    expect(() => loadBundle({ artifacts: [] })).toThrow(/schema_version/);
    expect(() => loadBundle({ schema_version: "2.0", on_unknown: "maybe" })).toThrow(/on_unknown/);
  });

  it("accepts JSON text and objects alike; the digest is over canonical bytes", () => {
    const obj = bundleOf([good]);
    const text = JSON.stringify(obj, null, 2);
    const reordered = Object.fromEntries(Object.entries(obj).reverse());
    const a = loadBundle(obj).digest;
    expect(loadBundle(text).digest).toBe(a);
    expect(loadBundle(reordered).digest).toBe(a);
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: null }] })).toBe('{"a":[1,{"c":null,"d":2}],"b":1}');
  });

  it("warns about unknown top-level keys", () => {
    expect(loadBundle({ ...bundleOf([]), colour: "blue" }).warnings.map((w) => w.detail).join()).toContain("colour");
  });
});

describe("bundle-level limits", () => {
  it("more content keywords than the automaton holds is a BundleLoadError, not a crash", async () => {
    const { Engine } = await import("../../src/engine.js");
    const artifacts = [t1("many", { any: Array.from({ length: 65_537 }, (_, i) => leaf("content", "keyword", `kw${i}`)) })];
    await expect(Engine.load({ bundle: bundleOf(artifacts), classify: () => ({ effects: [], unknown: [], simple: [], paths: [], urls: [] }) })).rejects.toThrow(BundleLoadError);
  });
});
