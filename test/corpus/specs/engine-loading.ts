// Part A — loading (SPEC §4). Below the bundle level nothing fails the load:
// each bad artifact / effect-class entry is skipped with one reason (the first
// in precedence order) and a good artifact beside it still decides. Above it,
// the whole load fails (BundleLoadError).
import type { CaseSpec } from "../spec.js";
import { all, bash, bundle, fired, leaf, t1 } from "./helpers.js";

const good = t1("good", leaf("tool.name", "eq", "Bash"));
const T1 = "t1_predicate_tree";

/** The bad artifact is skipped with `reason`; `good` still denies `ls`. */
function skip(name: string, bad: unknown, reason: string, kind = T1, id?: string, extra: Record<string, unknown> = {}): CaseSpec {
  const badId = id ?? String((bad as { artifact_id?: unknown }).artifact_id ?? "");
  return {
    name,
    bundle: bundle([good, bad], extra),
    event: bash("ls"),
    expect: fired("good"),
    expect_skipped: [{ kind, id: badId, reason }],
  };
}

/** An effect_classes entry that is dropped; the good artifact still decides. */
function entry(name: string, e: Record<string, unknown>, reason: string): CaseSpec {
  return {
    name,
    bundle: bundle([good], { effect_classes: { entries: [e] } }),
    event: bash("ls"),
    expect: fired("good"),
    expect_skipped: [{ kind: "effect_class_entry", id: String(e.tool ?? ""), reason }],
  };
}

const opt = (id: string, optimize: unknown, extra: Record<string, unknown> = {}) => t1(id, all(), "allow", { ...extra, body: { optimize } });

function badLever(lever: string, params: unknown, what: string): CaseSpec {
  return skip(`invalid_optimize_directive: ${lever} ${what}`, opt(`opt-${lever}`, { lever, params }), "invalid_optimize_directive");
}

function loadError(name: string, b: Record<string, unknown>): CaseSpec {
  return { name, bundle: b, event: bash("ls"), expect_error: "BundleLoadError" };
}

export const specs: CaseSpec[] = [
  // every skip reason
  skip("below_floor: min_client_version above the engine capability", t1("floor", all(), "deny", { min_client_version: 99 }), "below_floor"),
  { name: "below_floor: min_client_version at the capability loads", bundle: bundle([good, t1("at-floor", all(), "ask", { min_client_version: 2 })]), event: bash("ls"), expect: fired("good"), expect_skipped: [] },
  skip("float_present: a non-integer leaf value", t1("float", leaf("session.tokens", "gt", 1.5)), "float_present"),
  skip("float_present: a float anywhere in the artifact, even an unknown envelope key", { ...t1("float-env", all()), weight: 0.5 }, "float_present"),
  skip("unknown_kind: an unknown artifact kind", { kind: "t9_quantum", artifact_id: "quantum", body: {} }, "unknown_kind", "t9_quantum"),
  skip("unknown_kind: a missing kind", { artifact_id: "kindless", body: {} }, "unknown_kind", ""),
  skip("body_parse_error: a verdict outside the four", t1("maybe", all(), "maybe"), "body_parse_error"),
  skip("body_parse_error: a missing reason", { kind: T1, artifact_id: "no-reason", body: { when: all(), verdict: "deny" } }, "body_parse_error"),
  skip("body_parse_error: an unknown body key (bodies are strict)", t1("extra-key", all(), "deny", { body: { colour: "red" } }), "body_parse_error"),
  skip("body_parse_error: a leaf value of the wrong shape (gt with a string)", t1("gt-string", leaf("session.tokens", "gt", "five")), "body_parse_error"),
  skip("body_parse_error: effect_is on a field other than effect", t1("effect-is-field", leaf("path.class", "effect_is", { verb: "read" })), "body_parse_error"),
  skip("body_parse_error: effect_is with an unknown verb", t1("bad-verb", leaf("effect", "effect_is", { verb: "teleport" })), "body_parse_error"),
  skip("body_parse_error: an envelope with an empty artifact_id", { kind: T1, artifact_id: "", body: { when: all(), verdict: "deny", reason: "x" } }, "body_parse_error", T1, ""),
  skip("body_parse_error: an exception verdict of hold", { kind: "exception", artifact_id: "exc-hold", body: { when: all(), ground_key: "g", applies_to: {}, verdict: "hold" } }, "body_parse_error", "exception"),
  skip("body_parse_error: a t3_hold with an unknown resolve", { kind: "t3_hold", artifact_id: "hold-bad", body: { when: all(), reason: "x", resolve: "pray" } }, "body_parse_error", "t3_hold"),
  {
    name: "body_parse_error: a repeated artifact_id skips the later one; the first decides",
    bundle: bundle([good, t1("good", all(), "allow")]),
    event: bash("ls"),
    expect: fired("good"),
    expect_skipped: [{ kind: T1, id: "good", reason: "body_parse_error" }],
  },
  skip("unknown_field: a field outside the vocabulary", t1("field", leaf("command.flavour", "eq", "x")), "unknown_field"),
  skip("unknown_field: an unknown session member", t1("session-colour", leaf("session.colour", "eq", "x")), "unknown_field"),
  skip("unknown_field: an unknown agent member", t1("agent-mood", leaf("agent.mood", "eq", "x")), "unknown_field"),
  skip("unknown_field: tool.input. with an empty path segment", t1("input-dots", leaf("tool.input.a..b", "eq", "x")), "unknown_field"),
  skip("unknown_predicate: a predicate outside the vocabulary", t1("pred", leaf("command.raw", "sounds_like", "x")), "unknown_predicate"),
  skip("bad_pattern: regex_lite with a lookahead (not linear-time)", t1("lookahead", leaf("command.raw", "regex_lite", "(?=rm)")), "bad_pattern"),
  skip("bad_pattern: regex_lite with a backreference", t1("backref", leaf("command.raw", "regex_lite", "(a)\\1")), "bad_pattern"),
  skip("bad_pattern: regex_lite that does not compile", t1("unbalanced", leaf("command.raw", "regex_lite", "(")), "bad_pattern"),
  skip("bad_pattern: regex_lite of 1,025 bytes", t1("long", leaf("command.raw", "regex_lite", "a".repeat(1025))), "bad_pattern"),
  skip("bad_pattern: regex_lite of 1,025 bytes counted in UTF-8 (512 × é + a: 513 characters)", t1("long-utf8", leaf("command.raw", "regex_lite", "é".repeat(512) + "a")), "bad_pattern"),
  { name: "bad_pattern: regex_lite of exactly 1,024 bytes loads", bundle: bundle([good, t1("max", leaf("command.raw", "regex_lite", "a".repeat(1024)))]), event: bash("ls"), expect: fired("good"), expect_skipped: [] },
  skip("bad_pattern: cidr that is not a block", t1("cidr33", leaf("url.host", "cidr", "10.0.0.0/33")), "bad_pattern"),

  // precedence when an artifact has several problems
  skip("precedence: below_floor before float_present", t1("floor-float", leaf("session.tokens", "gt", 1.5), "deny", { min_client_version: 9 }), "below_floor"),
  skip("precedence: float_present before unknown_field and unknown_predicate", t1("float-field", leaf("command.flavour", "sounds_like", 1.5)), "float_present"),
  skip("precedence: unknown_kind before body_parse_error", { kind: "nope", artifact_id: "kind-body", body: 7 }, "unknown_kind", "nope"),
  skip("precedence: body_parse_error before unknown_field", t1("shape-field", all(leaf("command.flavour", "eq", "x"), leaf("command.raw", "gt", "x"))), "body_parse_error"),
  skip("precedence: unknown_field before unknown_predicate", t1("field-pred", all(leaf("command.raw", "sounds_like", "x"), leaf("command.flavour", "eq", "x"))), "unknown_field"),
  skip("precedence: unknown_predicate before bad_pattern", t1("pred-pattern", all(leaf("command.raw", "regex_lite", "("), leaf("command.raw", "sounds_like", "x"))), "unknown_predicate"),
  skip("precedence: bad_pattern before invalid_optimize_directive", t1("pattern-opt", leaf("command.raw", "regex_lite", "("), "allow", { body: { optimize: { lever: "steer", params: {} } } }), "bad_pattern"),

  // invalid_optimize_directive — each lever with the wrong params
  badLever("effort_clamp", { effort: "low" }, "missing quality_floor"),
  badLever("context_edit", { trigger: -1, keep: 1, clear_at_least: 1, exclude_tools: [] }, "negative trigger"),
  badLever("context_edit", { trigger: 1, keep: 1, clear_at_least: 1, exclude_tools: "Bash" }, "exclude_tools not a list"),
  badLever("prefix_guard", { pin_ttl: 60 }, "pin_ttl a number"),
  badLever("loop_stop", { n_errors: 3, n_identical: 3 }, "missing exempt_patterns"),
  badLever("narrow_output", { allowlist: [{ command_prefix: "ls", filter: "head", extra: 1 }] }, "allowlist item with an extra key"),
  badLever("steer", { steer_instruction: "be brief" }, "missing dedupe_window_s"),
  badLever("steer", { steer_instruction: "be brief", dedupe_window_s: 60, colour: "red" }, "with an extra param"),
  badLever("substitute", { pairs: [{ from: "npm" }] }, "pair missing to"),
  badLever("turbo", {}, "(an unknown lever)"),
  skip("invalid_optimize_directive: a directive with an extra top-level key", opt("opt-extra", { lever: "prefix_guard", params: { pin_ttl: null }, when: "always" }), "invalid_optimize_directive"),

  // same_layer_conflict
  {
    name: "same_layer_conflict: two different directives on one layer and mode drop both",
    bundle: bundle([
      good,
      opt("layer-a", { lever: "steer", params: { steer_instruction: "x", dedupe_window_s: 1 } }, { layer_path: ["org"] }),
      opt("layer-b", { lever: "prefix_guard", params: { pin_ttl: "1h" } }, { layer_path: ["org"] }),
    ]),
    event: bash("ls"),
    expect: { ...fired("good"), optimize: null, rewrite: null },
    expect_skipped: [
      { kind: T1, id: "layer-a", reason: "same_layer_conflict" },
      { kind: T1, id: "layer-b", reason: "same_layer_conflict" },
    ],
  },
  {
    name: "same_layer_conflict: identical directives on one layer do not conflict",
    bundle: bundle([
      opt("same-a", { lever: "prefix_guard", params: { pin_ttl: null } }, { layer_path: ["org"] }),
      opt("same-b", { lever: "prefix_guard", params: { pin_ttl: null } }, { layer_path: ["org"] }),
    ]),
    event: bash("ls"),
    expect: { verdict: "allow", artifact_id: "same-a", rewrite: { lever: "prefix_guard", artifact_id: "same-a", steer_instruction: null } },
    expect_skipped: [],
  },
  {
    name: "same_layer_conflict: a different mode is a different layer",
    bundle: bundle([
      opt("enf", { lever: "prefix_guard", params: { pin_ttl: null } }, { layer_path: ["org"] }),
      opt("mon", { lever: "steer", params: { steer_instruction: "x", dedupe_window_s: 1 } }, { layer_path: ["org"], mode: "monitor" }),
    ]),
    event: bash("ls"),
    expect: { verdict: "allow", artifact_id: "enf" },
    expect_skipped: [],
  },
  {
    name: "same_layer_conflict: a different layer path is no conflict",
    bundle: bundle([
      opt("org", { lever: "prefix_guard", params: { pin_ttl: null } }, { layer_path: ["org"] }),
      opt("team", { lever: "steer", params: { steer_instruction: "x", dedupe_window_s: 1 } }, { layer_path: ["org", "team"] }),
    ]),
    event: bash("ls"),
    expect: { verdict: "allow", artifact_id: "org" },
    expect_skipped: [],
  },

  // effect_classes entries
  entry("effect_class_entry: an unknown verb is body_parse_error", { tool: "mcp__x__*", effects: [{ verb: "teleport", target_class: "vcs_remote" }] }, "body_parse_error"),
  entry("effect_class_entry: no effects is body_parse_error", { tool: "mcp__x__*", effects: [] }, "body_parse_error"),
  entry("effect_class_entry: a selector with an unknown field", { tool: "mcp__y__*", effects: [{ verb: "read", target_class: "unknown" }], selectors: [{ field: "tool.colour", pred: "eq", value: "x" }] }, "unknown_field"),
  entry("effect_class_entry: a selector reading the classification is unknown_field", { tool: "mcp__c__*", effects: [{ verb: "read", target_class: "unknown" }], selectors: [{ field: "command.raw", pred: "eq", value: "x" }] }, "unknown_field"),
  entry("effect_class_entry: a selector with an unknown predicate", { tool: "mcp__z__*", effects: [{ verb: "read", target_class: "unknown" }], selectors: [{ field: "tool.input.q", pred: "smells", value: "x" }] }, "unknown_predicate"),
  entry("effect_class_entry: a float is float_present", { tool: "mcp__f__*", effects: [{ verb: "read", target_class: "unknown" }], selectors: [{ field: "tool.input.n", pred: "gt", value: 0.5 }] }, "float_present"),
  entry("effect_class_entry: a selector regex that does not compile is bad_pattern", { tool: "mcp__r__*", effects: [{ verb: "read", target_class: "unknown" }], selectors: [{ field: "tool.input.q", pred: "regex_lite", value: "(" }] }, "bad_pattern"),

  // bundle-level errors: the whole load fails
  loadError("BundleLoadError: schema_version major 3", { schema_version: "3.0", bundle_id: "x", artifacts: [] }),
  loadError("BundleLoadError: schema_version major 1", { schema_version: "1.9", bundle_id: "x", artifacts: [] }),
  loadError("BundleLoadError: schema_version missing", { bundle_id: "x", artifacts: [] }),
  loadError("BundleLoadError: schema_version not a string", { schema_version: 2, bundle_id: "x", artifacts: [] }),
  loadError("BundleLoadError: schema_version not a version", { schema_version: "two", bundle_id: "x", artifacts: [] }),
  loadError("BundleLoadError: artifacts is an object, not a list", { schema_version: "2.0", bundle_id: "x", artifacts: { a: good } }),
  loadError("BundleLoadError: artifacts is a string", { schema_version: "2.0", bundle_id: "x", artifacts: "none" }),
  loadError("BundleLoadError: on_unknown outside allow/ask/deny", { schema_version: "2.0", on_unknown: "maybe", artifacts: [] }),
  loadError("BundleLoadError: enforcement_enabled not a boolean", { schema_version: "2.0", enforcement_enabled: "yes", artifacts: [] }),
  loadError("BundleLoadError: a fact declaration of an unknown type", { schema_version: "2.0", facts: [{ id: "x", type: "float" }], artifacts: [] }),
  loadError("BundleLoadError: effect_classes.entries not a list", { schema_version: "2.0", effect_classes: { entries: {} }, artifacts: [] }),
  {
    name: "schema_version 2.7 (same major) loads; minor versions are accepted",
    bundle: { schema_version: "2.7", bundle_id: "x", artifacts: [good] },
    event: bash("ls"),
    expect: fired("good"),
    expect_skipped: [],
  },
  {
    name: "an unknown top-level key is a warning, never an error",
    bundle: { schema_version: "2.0", bundle_id: "x", colour: "blue", artifacts: [good] },
    event: bash("ls"),
    expect: fired("good"),
    expect_skipped: [],
  },
  {
    name: "a non-object artifact entry is skipped as unknown_kind, the rest load",
    bundle: bundle([good, "not an artifact", 42]),
    event: bash("ls"),
    expect: fired("good"),
    expect_skipped: [
      { kind: "", id: "", reason: "unknown_kind" },
      { kind: "", id: "", reason: "unknown_kind" },
    ],
  },
];

export default specs;
