// The author's warnings: no enforcing artifact, reason placeholders that can
// render empty, unknown placeholders, undeclared facts — each with where.
import { describe, expect, it } from "vitest";
import { loadBundle } from "../../src/bundle/load.js";
import { DECISION_WARNING_CODES } from "../../src/bundle/warning.js";
import { bundleOf, engineWithClassification, leaf, t1 } from "../support/engine.js";

const warnings = (bundle: unknown) => loadBundle(bundle).warnings;
const codes = (bundle: unknown) => warnings(bundle).map((w) => w.code);
const withReason = (id: string, when: unknown, reason: string) => t1(id, when, "deny", { body: { reason } });
const effect = (value: Record<string, unknown>) => leaf("effect", "effect_is", value);

describe("no_enforcing_artifact", () => {
  it("when every artifact is skipped: the bundle would allow everything", () => {
    expect(warnings(bundleOf([t1("a", leaf("command.flavour", "eq", "x"))]))).toEqual([
      { code: "no_enforcing_artifact", detail: "artifacts: no active rule (t1/t2/t3): every event without an unknown shape is allowed" },
    ]);
    expect(codes(bundleOf([]))).toEqual(["no_enforcing_artifact"]);
  });
  it("when every rule is monitor-only, or enforcement is disabled, or only exceptions remain", () => {
    expect(warnings(bundleOf([t1("a", { all: [] }, "deny", { mode: "monitor" })]))[0]!.detail).toBe(
      "artifacts: 1 active rule(s), all monitor-only: every event without an unknown shape is allowed",
    );
    expect(warnings({ ...bundleOf([t1("a", { all: [] })]), enforcement_enabled: false })[0]!.detail).toBe(
      "enforcement_enabled: false makes all 1 rule(s) monitor-only: every event without an unknown shape is allowed",
    );
    const exception = { kind: "exception", artifact_id: "e", body: { when: { all: [] }, ground_key: "g", applies_to: {} } };
    expect(codes(bundleOf([exception]))).toEqual(["no_enforcing_artifact"]);
  });
  it("not when one rule enforces", () => {
    expect(codes(bundleOf([t1("a", { all: [] }, "deny", { mode: "monitor" }), t1("b", { all: [] })]))).toEqual([]);
  });
});

describe("placeholder_may_be_empty", () => {
  const one = (artifact: unknown, extra: Record<string, unknown> = {}) => warnings(bundleOf([artifact, t1("enforcer", { all: [] })], extra)).map((w) => w.detail);

  it("a tree true through a keyword, a not, or exists:false quotes nothing", () => {
    expect(one(withReason("k", leaf("content", "keyword", "prod"), "saw {{match}}"))).toEqual([
      "artifacts[0].body.reason: {{match}} renders empty when the rule fires through when: a content keyword leaf quotes nothing",
    ]);
    expect(one(withReason("n", { not: leaf("tool.name", "eq", "Bash") }, "{{target}}"))).toEqual([
      "artifacts[0].body.reason: {{target}} renders empty when the rule fires through when: a `not` quotes nothing",
    ]);
    expect(one(withReason("e", { all: [] }, "{{target}}"))).toEqual(["artifacts[0].body.reason: {{target}} renders empty when the rule fires through when: an empty `all` quotes nothing"]);
  });

  it("{{program}} and {{class}} need an effect: a branch of an any through another field can leave them empty", () => {
    const when = { any: [effect({ verb: "delete" }), leaf("command.raw", "contains", "rm")] };
    expect(one(withReason("p", when, "{{program}} {{class}} {{target}}"))).toEqual([
      'artifacts[0].body.reason: {{program}} renders empty when the rule fires through when.any[1]: field "command.raw" is not an effect',
      'artifacts[0].body.reason: {{class}} renders empty when the rule fires through when.any[1]: field "command.raw" is not an effect',
    ]);
  });

  it("an all quotes its first leaf that can quote: a keyword before an effect is fine", () => {
    expect(one(withReason("ok", { all: [leaf("content", "keyword", "rm"), effect({ verb: "delete" })] }, "{{program}} deletes {{target}} ({{class}})"))).toEqual([]);
  });

  it("{{program}} of an MCP effect class without a program attr can be empty, unless the pattern pins program", () => {
    const entries = { effect_classes: { entries: [{ tool: "mcp__db__*", effects: [{ verb: "destroy", target_class: "database" }] }] } };
    expect(one(withReason("m", effect({ verb: "destroy", target_class: "database" }), "{{program}}"), entries)).toEqual([
      "artifacts[0].body.reason: {{program}} renders empty when the rule fires through when: an effect from the bundle's effect_classes matches it without a `program` attr",
    ]);
    expect(one(withReason("m", effect({ verb: "destroy", target_class: "database", attrs: { program: "psql" } }), "{{program}}"), entries)).toEqual([]);
    expect(one(withReason("m", effect({ verb: "delete" }), "{{program}}"), entries)).toEqual([]);
  });

  it("a t2 program without match leaves its placeholders as written", () => {
    const t2 = { kind: "t2_program", artifact_id: "p", body: { on: ["pre_tool_use"], registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 3 }, verdict: "ask", reason: "{{program}} again" } };
    expect(one(t2)).toEqual(["artifacts[0].body.reason: {{program}} stays as written: a t2_program without `match` has nothing to quote"]);
  });

  it("the warning is true: such a rule does render an empty placeholder", async () => {
    const bundle = bundleOf([withReason("k", leaf("content", "keyword", "prod"), "saw [{{match}}]")]);
    const engine = await engineWithClassification(bundle);
    const d = engine.evaluate({ event_type: "pre_tool_use", tool_name: "Bash", tool_input: { command: "deploy prod" } }, null, 1).decision;
    expect(d.reason).toBe("saw []");
  });
});

describe("unknown_placeholder and undeclared_fact", () => {
  it("{{tgt}} and {{ target }} are shown as written", () => {
    expect(warnings(bundleOf([withReason("u", effect({ verb: "delete" }), "{{tgt}} {{ target }}")]))).toEqual([
      { code: "unknown_placeholder", detail: "artifacts[0].body.reason: {{tgt}}, {{ target }} is shown as written (placeholders: {{command}}, {{target}}, {{program}}, {{class}}, {{match}})" },
    ]);
  });
  it("an undeclared fact names where it is read, once per id", () => {
    const when = { all: [leaf("fact.deploy.window", "eq", "open"), { any: [leaf("fact.deploy.window", "eq", "x")] }] };
    expect(warnings(bundleOf([t1("f", when)]))).toEqual([
      { code: "undeclared_fact", detail: 'artifacts[0].body.when.all[0].field: fact "deploy.window" is read but not declared in the bundle\'s facts (and 1 more place)' },
    ]);
  });
  it("decisions carry only the warnings that change evaluation", async () => {
    expect(DECISION_WARNING_CODES).toEqual(["unknown_top_level_key", "undeclared_fact"]);
    const engine = await engineWithClassification({ ...bundleOf([t1("f", leaf("fact.x", "eq", 1), "deny", { mode: "monitor" })]), colour: 1 });
    expect(engine.bundleWarnings.map((w) => w.code)).toEqual(["unknown_top_level_key", "undeclared_fact", "no_enforcing_artifact"]);
    const d = engine.evaluate({ event_type: "pre_tool_use", tool_name: "Bash", tool_input: {} }, null, 1).decision;
    expect(d.warnings).toEqual(["colour: unknown top-level key ignored", 'artifacts[0].body.when.field: fact "x" is read but not declared in the bundle\'s facts']);
  });
});
