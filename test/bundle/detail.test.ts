// Every skipped item carries a one-line `detail`: the JSON path of the problem
// and what was expected (SPEC §4).
import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/bundle/detail.js";
import { loadBundle } from "../../src/bundle/load.js";
import { ONE_OF_EACH } from "../support/bundles.js";
import { bundleOf, leaf, t1 } from "../support/engine.js";

const detailOf = (artifact: unknown) => loadBundle(bundleOf([artifact])).skipped[0]?.detail;
const T1 = (body: Record<string, unknown>) => ({ kind: "t1_predicate_tree", artifact_id: "x", body });

describe("detail", () => {
  it("names the JSON path and what was expected for every skip reason", () => {
    expect(loadBundle(ONE_OF_EACH).skipped.map((s) => `${s.reason} ${s.detail}`)).toEqual([
      "below_floor artifacts[1].min_client_version: 99 is above this engine's capability 2",
      "float_present artifacts[2].body.when.value: a non-integer number (bundles carry integers only)",
      'unknown_kind artifacts[3].kind: expected t1_predicate_tree|t2_program|t3_hold|exception, got "t9_quantum"',
      'body_parse_error artifacts[4].body.verdict: expected allow|ask|hold|deny, got "maybe"',
      'unknown_field artifacts[5].body.when.field: unknown field "command.flavour" (command fields: command.raw|command.program|command.argv|command.simple)',
      'unknown_predicate artifacts[6].body.when.pred: unknown predicate "sounds_like" (expected eq|in|prefix|suffix|contains|keyword|glob|touch_set|regex_lite|gt|gte|lt|lte|exists|tld_in|cidr|effect_is)',
      "bad_pattern artifacts[7].body.when.value: regex_lite: error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
      "invalid_optimize_directive artifacts[8].body.optimize.params.dedupe_window_s: required (number) but missing",
      'body_parse_error artifacts[11].artifact_id: "good" repeats artifacts[0] (artifact ids are unique)',
      'same_layer_conflict artifacts[9].body.optimize: a different directive than "layer-b" on layer_path ["org"] (enforce)',
      'same_layer_conflict artifacts[10].body.optimize: a different directive than "layer-a" on layer_path ["org"] (enforce)',
      'body_parse_error effect_classes.entries[1].effects[0].verb: expected read|write|delete|execute|fetch|send|push|discard|destroy|install, got "teleport"',
      'unknown_field effect_classes.entries[2].selectors[0].field: unknown field "tool.colour" (tool fields: tool.name|tool.server|tool.input.*)',
      'unknown_predicate effect_classes.entries[3].selectors[0].pred: unknown predicate "smells" (expected eq|in|prefix|suffix|contains|keyword|glob|touch_set|regex_lite|gt|gte|lt|lte|exists|tld_in|cidr|effect_is)',
      "float_present effect_classes.entries[4].selectors[0].value: a non-integer number (bundles carry integers only)",
    ]);
  });

  it("finds the leaf inside nested trees", () => {
    const when = { all: [leaf("tool.name", "eq", "Bash"), { any: [leaf("command.raw", "prefix", "x"), { not: leaf("session.tokns", "gt", 1) }] }] };
    expect(detailOf(t1("x", when))).toBe('artifacts[0].body.when.all[1].any[1].not.field: unknown field "session.tokns" (session.* takes elapsed_ms|tool_calls|spend_micro_usd|tokens)');
    expect(detailOf(t1("x", { all: [leaf("command.argv", "in", "rm")] }))).toBe('artifacts[0].body.when.all[0].value: command.argv in: needs an array value, got "rm"');
  });

  it("picks the tree form the author meant; when none fits, says which forms exist", () => {
    expect(detailOf(T1({ when: { all: [{ field: "tool.name", pred: "eq", value: "x", colour: 1 }] }, verdict: "deny", reason: "" }))).toBe(
      "artifacts[0].body.when.all[0].colour: unknown key (not part of this object)",
    );
    expect(detailOf(T1({ when: { alll: [] }, verdict: "deny", reason: "" }))).toBe(
      'artifacts[0].body.when: expected a tree: {all: [...]}, {any: [...]}, {not: {...}} or a leaf {field, pred, value}, got keys ["alll"]',
    );
    expect(detailOf(T1({ when: { not: "x" }, verdict: "deny", reason: "" }))).toMatch(/^artifacts\[0\]\.body\.when\.not: expected a tree: .*got "x"$/);
  });

  it("says what is missing, extra or of the wrong type in bodies and envelopes", () => {
    expect(detailOf(T1({ when: { all: [] }, verdict: "deny" }))).toBe("artifacts[0].body.reason: required (string) but missing");
    expect(detailOf(T1({ when: { all: [] }, verdict: "deny", reason: "", colour: "red" }))).toBe("artifacts[0].body.colour: unknown key (not part of this object)");
    expect(detailOf({ kind: "t1_predicate_tree", artifact_id: "", body: {} })).toBe('artifacts[0].artifact_id: expected a string of at least 1 character(s), got ""');
    expect(detailOf({ kind: "t1_predicate_tree", artifact_id: "x", mode: "loud", body: {} })).toBe('artifacts[0].mode: expected enforce|monitor, got "loud"');
    expect(detailOf({ kind: "t3_hold", artifact_id: "x", body: { when: { all: [] }, reason: "", resolve: "later" } })).toBe('artifacts[0].body.resolve: expected ask_human|reinforcement, got "later"');
  });

  it("places t2 program problems inside the body", () => {
    const t2 = (body: Record<string, unknown>) => ({ kind: "t2_program", artifact_id: "p", body: { on: ["pre_tool_use"], registers: { c: 1 }, ops: [], fire: { reg: "c0", gte: 1 }, verdict: "deny", reason: "", ...body } });
    expect(detailOf(t2({ ops: [{ op: "INC_SAT", c: 3 }] }))).toBe("artifacts[0].body.ops[0].c: counter 3 is out of range (the program declares 1 counter)");
    expect(detailOf(t2({ ops: [{ op: "JUMP" }] }))).toMatch(/^artifacts\[0\]\.body\.ops\[0\]\.op: /);
    expect(detailOf(t2({ fire: { reg: "q9", gte: 1 } }))).toBe('artifacts[0].body.fire.reg: unknown register "q9" (expected c<N>, f<N>, t<N>, a<N> or run.len)');
    expect(detailOf(t2({ match: { alll: [] } }))).toMatch(/^artifacts\[0\]\.body\.match: expected a tree/);
  });

  it("is always one line", () => {
    for (const s of loadBundle(ONE_OF_EACH).skipped) expect(s.detail).not.toMatch(/\n/);
  });

  it("formats paths with identifier keys dotted and other keys quoted", () => {
    expect(formatPath(["artifacts", 3, "body", "when"])).toBe("artifacts[3].body.when");
    expect(formatPath(["overrides", "fs.wipe", "verdict"])).toBe('overrides["fs.wipe"].verdict');
    expect(formatPath([])).toBe("(root)");
  });
});
