// Part A — SPEC §9 (exceptions, monitor, the join, optimize), the neutral
// decision, on_unknown (§6.3) and MCP effect classes (§6.6).
import type { CaseSpec } from "../spec.js";
import { all, any, bash, bundle, event, exception, fired, leaf, neutral, t1, t3 } from "./helpers.js";

const ALWAYS = all();
const isBash = leaf("tool.name", "eq", "Bash");
const steer = (instruction: string) => ({ lever: "steer", params: { steer_instruction: instruction, dedupe_window_s: 60 } });
const prefixGuard = { lever: "prefix_guard", params: { pin_ttl: null } };
const effortClamp = { lever: "effort_clamp", params: { effort: "low", quality_floor: "medium" } };
const NOW = 1_767_225_600_000;

const HOLD_DEFAULTS = { resolve: "ask_human", directive_template_id: null, max_attempts: null, timeout_s: null, on_timeout: null, verdict_on_approve: null, verdict_on_reject: null };

/** A gap the default classifier reports: `bash -c "$X"` is shape 3 (dynamic script). */
const GAP = bash('bash -c "$X"');

export const specs: CaseSpec[] = [
  // the neutral decision
  {
    name: "neutral: no artifact fires → allow, undecided, every id null",
    bundle: bundle([t1("r", leaf("tool.name", "eq", "Write"))]),
    event: bash("ls"),
    expect: { verdict: "allow", artifact_id: null, atom_id: null, policy_public_id: null, dimension: null, mode: null, tier: null, undecided: true, hold: null, ground_key: null, would_have_verdict: null, optimize: null, rewrite: null, anomalies: [] },
  },
  {
    name: "neutral: an unknown event type is neutral, never an error, even with an always-true rule",
    bundle: bundle([t1("r", ALWAYS)]),
    event: { event_type: "telemetry_ping", session_id: "s1", tool_name: "Bash", tool_input: { command: "rm -rf /" } },
    expect: { verdict: "allow", artifact_id: null, undecided: true, effects: [], unknown: [], inconclusive_facts: [] },
  },
  {
    name: "neutral: an empty bundle allows; effects are still reported",
    bundle: bundle([]),
    event: event("Task", { description: "d", prompt: "p" }),
    expect: { verdict: "allow", undecided: true, effects: [{ verb: "execute", target_class: "subagent", attrs: { program: "Task" } }] },
  },
  {
    name: "an allow decided on purpose is not undecided",
    bundle: bundle([t1("ok", ALWAYS, "allow")]),
    event: bash("ls"),
    expect: { verdict: "allow", artifact_id: "ok", undecided: false, tier: 1, mode: "enforce" },
  },
  {
    name: "the decider fills artifact_id, atom_id, policy_public_id, dimension, mode, tier",
    bundle: bundle([t1("r", ALWAYS, "deny", { dimension: "cost" })]),
    event: bash("ls"),
    expect: { verdict: "deny", artifact_id: "r", atom_id: "atom.r", policy_public_id: "pol.r", dimension: "cost", mode: "enforce", tier: 1, undecided: false, ground_key: null },
  },

  // the join
  { name: "join: the most severe enforcing contribution decides (deny over ask and allow)", bundle: bundle([t1("a", ALWAYS, "ask"), t1("b", ALWAYS, "deny"), t1("c", ALWAYS, "allow")]), event: bash("ls"), expect: fired("b") },
  { name: "join: ask beats allow", bundle: bundle([t1("a", ALWAYS, "allow"), t1("b", ALWAYS, "ask")]), event: bash("ls"), expect: fired("b", "ask") },
  { name: "join: hold beats ask", bundle: bundle([t1("a", ALWAYS, "ask"), t1("b", ALWAYS, "hold")]), event: bash("ls"), expect: { ...fired("b", "hold"), hold: null } },
  { name: "join: equal severity and tier → bundle order (first wins)", bundle: bundle([t1("first", ALWAYS, "deny"), t1("second", ALWAYS, "deny")]), event: bash("ls"), expect: fired("first") },
  {
    name: "join: equal severity → the lower tier wins over bundle order (t1 hold beats an earlier t3 hold)",
    bundle: bundle([t3("h3", ALWAYS, { timeout_s: 30 }), t1("h1", ALWAYS, "hold"), t1("h1b", ALWAYS, "hold")]),
    event: bash("ls"),
    expect: { verdict: "hold", artifact_id: "h1", tier: 1, hold: null },
  },
  {
    name: "join: t3_hold decides with its HoldRequest",
    bundle: bundle([t3("h3", ALWAYS, { resolve: "reinforcement", directive_template_id: "tpl.slow-down", max_attempts: 2, timeout_s: 30, on_timeout: "deny", verdict_on_approve: "allow", verdict_on_reject: "deny" })]),
    event: bash("ls"),
    expect: {
      verdict: "hold",
      artifact_id: "h3",
      tier: 3,
      hold: { resolve: "reinforcement", directive_template_id: "tpl.slow-down", max_attempts: 2, timeout_s: 30, on_timeout: "deny", verdict_on_approve: "allow", verdict_on_reject: "deny" },
    },
  },
  {
    name: "join: t3_hold with only the required fields fills the rest with null",
    bundle: bundle([t3("h3", ALWAYS)]),
    event: bash("ls"),
    expect: { verdict: "hold", artifact_id: "h3", tier: 3, hold: HOLD_DEFAULTS },
  },
  {
    name: "join: a deny beats a t3 hold; hold is null when the decider is not a hold",
    bundle: bundle([t3("h3", ALWAYS, { timeout_s: 30 }), t1("d", ALWAYS, "deny")]),
    event: bash("ls"),
    expect: { ...fired("d"), tier: 1, hold: null },
  },
  {
    name: "join: a t3_hold whose tree does not hold contributes nothing",
    bundle: bundle([t3("h3", leaf("tool.name", "eq", "Write"))]),
    event: bash("ls"),
    expect: { ...neutral, hold: null },
  },

  // exceptions
  {
    name: "exception: a match rewrites the verdict and records ground_key; the rule stays the decider",
    bundle: bundle([t1("a", ALWAYS), exception("e", { applies_to: { artifact_ids: ["a"] } })]),
    event: bash("ls"),
    expect: { verdict: "allow", artifact_id: "a", ground_key: "gk.e", undecided: false },
  },
  {
    name: "exception: a tree that does not hold changes nothing",
    bundle: bundle([t1("a", ALWAYS), exception("e", { when: leaf("tool.name", "eq", "Write"), applies_to: { artifact_ids: ["a"] } })]),
    event: bash("ls"),
    expect: { verdict: "deny", artifact_id: "a", ground_key: null },
  },
  {
    name: "exception: the tree reads the event (Write under docs/ is excepted)",
    bundle: bundle([t1("writes", leaf("tool.name", "eq", "Write"), "ask"), exception("docs", { when: leaf("path.rel", "glob", "docs/**"), applies_to: { artifact_ids: ["writes"] } })]),
    event: event("Write", { file_path: "docs/guide.md", content: "x" }),
    expect: { verdict: "allow", artifact_id: "writes", ground_key: "gk.docs" },
  },
  {
    name: "exception: not applied before expiry (now_ms one below expires_at_ms)",
    bundle: bundle([t1("a", ALWAYS), exception("e", { expires_at_ms: NOW + 1 })]),
    event: bash("ls"),
    now_ms: NOW,
    expect: { verdict: "allow", ground_key: "gk.e" },
  },
  {
    name: "exception: expired at exactly now_ms == expires_at_ms",
    bundle: bundle([t1("a", ALWAYS), exception("e", { expires_at_ms: NOW })]),
    event: bash("ls"),
    now_ms: NOW,
    expect: { verdict: "deny", artifact_id: "a", ground_key: null },
  },
  {
    name: "exception: applies_to.artifact_ids not naming the rule does not apply",
    bundle: bundle([t1("a", ALWAYS), exception("e", { applies_to: { artifact_ids: ["b"] } })]),
    event: bash("ls"),
    expect: { verdict: "deny", ground_key: null },
  },
  {
    name: "exception: applies_to.policy_public_ids targets by policy",
    bundle: bundle([t1("a", ALWAYS), exception("e", { applies_to: { policy_public_ids: ["pol.a"] }, verdict: "ask" })]),
    event: bash("ls"),
    expect: { verdict: "ask", artifact_id: "a", ground_key: "gk.e" },
  },
  {
    name: "exception: applies_to.dimensions targets by dimension",
    bundle: bundle([t1("a", ALWAYS, "deny", { dimension: "cost" }), exception("e", { applies_to: { dimensions: ["cost"] } })]),
    event: bash("ls"),
    expect: { verdict: "allow", ground_key: "gk.e" },
  },
  {
    name: "exception: a dimension that differs does not apply",
    bundle: bundle([t1("a", ALWAYS, "deny", { dimension: "cost" }), exception("e", { applies_to: { dimensions: ["security"] } })]),
    event: bash("ls"),
    expect: { verdict: "deny", ground_key: null },
  },
  {
    name: "exception: every present applies_to list must name the contribution",
    bundle: bundle([t1("a", ALWAYS, "deny", { dimension: "cost" }), exception("e", { applies_to: { artifact_ids: ["a"], dimensions: ["security"] } })]),
    event: bash("ls"),
    expect: { verdict: "deny", ground_key: null },
  },
  {
    name: "exception: the first exception in bundle order that targets, holds and is live wins",
    bundle: bundle([
      t1("a", ALWAYS, "deny", { dimension: "cost" }),
      exception("wrong-dim", { applies_to: { dimensions: ["security"] }, verdict: "allow" }),
      exception("not-holding", { when: leaf("tool.name", "eq", "Write"), verdict: "allow" }),
      exception("expired", { expires_at_ms: 1, verdict: "allow" }),
      exception("by-policy", { applies_to: { policy_public_ids: ["pol.a"] }, verdict: "ask" }),
      exception("later", { verdict: "allow" }),
    ]),
    event: bash("ls"),
    expect: { verdict: "ask", artifact_id: "a", ground_key: "gk.by-policy" },
  },
  {
    name: "exception: rewriting one deny lets another enforcing deny decide",
    bundle: bundle([t1("a", ALWAYS), t1("b", ALWAYS), exception("e", { applies_to: { artifact_ids: ["a"] } })]),
    event: bash("ls"),
    expect: { verdict: "deny", artifact_id: "b", ground_key: null },
  },
  {
    name: "exception: verdict deny can tighten an allow rule",
    bundle: bundle([t1("ok", ALWAYS, "allow"), exception("tighten", { applies_to: { artifact_ids: ["ok"] }, verdict: "deny" })]),
    event: bash("ls"),
    expect: { verdict: "deny", artifact_id: "ok", ground_key: "gk.tighten" },
  },
  {
    name: "exception: a blanket exception also rewrites the built-in unknown-shape contribution",
    bundle: bundle([exception("trust", { applies_to: { dimensions: ["safety"] } })]),
    event: GAP,
    expect: { verdict: "allow", atom_id: "unknown.shape.3", artifact_id: null, ground_key: "gk.trust", unknown: [3] },
  },
  {
    name: "exception: ⊥ in an exception tree is reported",
    bundle: bundle([t1("a", ALWAYS), exception("e", { when: leaf("fact.change.approved", "eq", true) })], { facts: [{ id: "change.approved", type: "boolean" }] }),
    event: bash("ls"),
    expect: { verdict: "deny", ground_key: null, inconclusive_facts: ["fact.change.approved"] },
  },
  {
    name: "exception: a monitor exception does not rewrite an enforcing contribution",
    bundle: bundle([t1("a", ALWAYS), exception("e", {}, { mode: "monitor" })]),
    event: bash("ls"),
    expect: { verdict: "deny", artifact_id: "a", ground_key: null },
  },
  {
    name: "exception: a monitor exception rewrites a monitor contribution (what would have been excepted)",
    bundle: bundle([t1("m", ALWAYS, "deny", { mode: "monitor" }), exception("e", {}, { mode: "monitor" })]),
    event: bash("ls"),
    expect: { ...neutral, would_have_verdict: "allow", anomalies: [{ code: "monitor.would_have_allow", artifact_id: "m", atom_id: "atom.m" }] },
  },
  {
    name: "exception: an enforcing exception rewrites a monitor contribution too",
    bundle: bundle([t1("m", ALWAYS, "deny", { mode: "monitor" }), exception("e", { verdict: "ask" })]),
    event: bash("ls"),
    expect: { ...neutral, would_have_verdict: "ask", anomalies: [{ code: "monitor.would_have_ask", artifact_id: "m", atom_id: "atom.m" }] },
  },

  // monitor mode and enforcement_enabled
  {
    name: "monitor: never joins; anomaly per firing monitor artifact, would_have_verdict the most severe",
    bundle: bundle([t1("m1", ALWAYS, "ask", { mode: "monitor" }), t1("m2", ALWAYS, "deny", { mode: "monitor" }), t1("m3", ALWAYS, "hold", { mode: "monitor" })]),
    event: bash("ls"),
    expect: {
      ...neutral,
      mode: null,
      would_have_verdict: "deny",
      anomalies: [
        { code: "monitor.would_have_ask", artifact_id: "m1", atom_id: "atom.m1" },
        { code: "monitor.would_have_deny", artifact_id: "m2", atom_id: "atom.m2" },
        { code: "monitor.would_have_hold", artifact_id: "m3", atom_id: "atom.m3" },
      ],
    },
  },
  {
    name: "monitor: an enforcing ask decides while a monitor deny is only evidence",
    bundle: bundle([t1("m", ALWAYS, "deny", { mode: "monitor" }), t1("e", ALWAYS, "ask")]),
    event: bash("ls"),
    expect: { ...fired("e", "ask"), mode: "enforce", would_have_verdict: "deny", anomalies: [{ code: "monitor.would_have_deny", artifact_id: "m", atom_id: "atom.m" }] },
  },
  {
    name: "monitor: a monitor allow still records would_have_allow",
    bundle: bundle([t1("m", ALWAYS, "allow", { mode: "monitor" })]),
    event: bash("ls"),
    expect: { ...neutral, would_have_verdict: "allow", anomalies: [{ code: "monitor.would_have_allow", artifact_id: "m", atom_id: "atom.m" }] },
  },
  {
    name: "monitor: a monitor rule that does not fire adds nothing",
    bundle: bundle([t1("m", leaf("tool.name", "eq", "Write"), "deny", { mode: "monitor" })]),
    event: bash("ls"),
    expect: { ...neutral, would_have_verdict: null, anomalies: [] },
  },
  {
    name: "enforcement_enabled false: every artifact is monitor; the deny becomes evidence",
    bundle: bundle([t1("a", ALWAYS, "deny")], { enforcement_enabled: false }),
    event: bash("ls"),
    expect: { ...neutral, would_have_verdict: "deny", anomalies: [{ code: "monitor.would_have_deny", artifact_id: "a", atom_id: "atom.a" }] },
  },
  {
    name: "enforcement_enabled false: the built-in gap contribution is monitor too",
    bundle: bundle([], { enforcement_enabled: false }),
    event: GAP,
    expect: { ...neutral, would_have_verdict: "ask", unknown: [3], anomalies: [{ code: "monitor.would_have_ask", artifact_id: null, atom_id: "unknown.shape.3" }] },
  },
  {
    name: "enforcement_enabled defaults to true (the gate is enforced unless switched off)",
    bundle: { schema_version: "2.0", artifacts: [t1("a", ALWAYS)] },
    event: bash("ls"),
    expect: { ...fired("a"), mode: "enforce" },
  },

  // optimize
  {
    name: "optimize: the deepest layer_path is actual; shallower ones shadowed; rewrite mirrors actual",
    bundle: bundle([
      t1("shallow", ALWAYS, "allow", { layer_path: ["org"], body: { optimize: steer("be brief") } }),
      t1("deep", ALWAYS, "allow", { layer_path: ["org", "team"], body: { optimize: steer("use rg") } }),
    ]),
    event: bash("ls"),
    expect: {
      rewrite: { lever: "steer", artifact_id: "deep", steer_instruction: "use rg" },
      optimize: {
        actual: { artifact_id: "deep", atom_id: "atom.deep", policy_id: "pol.deep", layer_unit_id: "team", lever: "steer", reason: "deep fired" },
        monitor: null,
        shadowed: [{ artifact_id: "shallow", atom_id: "atom.shallow", policy_id: "pol.shallow", layer_unit_id: "org", lever: "steer", reason: "shallow fired" }],
      },
    },
  },
  {
    name: "optimize: equal depth → bundle order picks actual",
    bundle: bundle([
      t1("first", ALWAYS, "allow", { layer_path: ["a"], body: { optimize: effortClamp } }),
      t1("second", ALWAYS, "allow", { layer_path: ["b"], body: { optimize: prefixGuard } }),
    ]),
    event: bash("ls"),
    expect: { rewrite: { lever: "effort_clamp", artifact_id: "first", steer_instruction: null } },
  },
  {
    name: "optimize: a monitor directive is optimize.monitor, never the rewrite",
    bundle: bundle([t1("mon", ALWAYS, "allow", { mode: "monitor", layer_path: ["org"], body: { optimize: steer("hint") } })]),
    event: bash("ls"),
    expect: {
      rewrite: null,
      optimize: { actual: null, monitor: { artifact_id: "mon", atom_id: "atom.mon", policy_id: "pol.mon", layer_unit_id: "org", lever: "steer", reason: "mon fired" }, shadowed: [] },
    },
  },
  {
    name: "optimize: actual, monitor and shadowed together; empty layer_path has layer_unit_id null",
    bundle: bundle([
      t1("root", ALWAYS, "allow", { body: { optimize: prefixGuard } }),
      t1("team", ALWAYS, "allow", { layer_path: ["org", "team"], body: { optimize: effortClamp } }),
      t1("mon", ALWAYS, "allow", { mode: "monitor", layer_path: ["org"], body: { optimize: steer("hint") } }),
    ]),
    event: bash("ls"),
    expect: {
      rewrite: { lever: "effort_clamp", artifact_id: "team", steer_instruction: null },
      optimize: {
        actual: { artifact_id: "team", atom_id: "atom.team", policy_id: "pol.team", layer_unit_id: "team", lever: "effort_clamp", reason: "team fired" },
        monitor: { artifact_id: "mon", atom_id: "atom.mon", policy_id: "pol.mon", layer_unit_id: "org", lever: "steer", reason: "mon fired" },
        shadowed: [{ artifact_id: "root", atom_id: "atom.root", policy_id: "pol.root", layer_unit_id: null, lever: "prefix_guard", reason: "root fired" }],
      },
    },
  },
  {
    name: "optimize: a directive whose rule does not fire is not selected",
    bundle: bundle([t1("cold", leaf("tool.name", "eq", "Write"), "allow", { body: { optimize: steer("x") } })]),
    event: bash("ls"),
    expect: { optimize: null, rewrite: null },
  },
  {
    name: "optimize: the steer rewrite carries steer_instruction; other levers null (substitute)",
    bundle: bundle([t1("sub", isBash, "allow", { body: { optimize: { lever: "substitute", params: { pairs: [{ from: "grep", to: "rg" }] } } } })]),
    event: bash("grep -r x ."),
    expect: { rewrite: { lever: "substitute", artifact_id: "sub", steer_instruction: null } },
  },
  {
    name: "optimize: context_edit, loop_stop and narrow_output load and select",
    bundle: bundle([
      t1("ctx", ALWAYS, "allow", { layer_path: ["a"], body: { optimize: { lever: "context_edit", params: { trigger: 100000, keep: 3, clear_at_least: 5000, exclude_tools: ["Read"] } } } }),
      t1("loop", ALWAYS, "allow", { layer_path: ["a", "b"], body: { optimize: { lever: "loop_stop", params: { n_errors: 3, n_identical: 5, exempt_patterns: ["npm test"] } } } }),
      t1("narrow", ALWAYS, "allow", { layer_path: ["c"], body: { optimize: { lever: "narrow_output", params: { allowlist: [{ command_prefix: "npm test", filter: "tail -50" }] } } } }),
    ]),
    event: bash("ls"),
    expect: { rewrite: { lever: "loop_stop", artifact_id: "loop", steer_instruction: null } },
    expect_skipped: [],
  },
  {
    name: "optimize: rides along a deny decided by another rule",
    bundle: bundle([t1("deny", ALWAYS, "deny"), t1("hint", ALWAYS, "allow", { body: { optimize: steer("prefer git stash") } })]),
    event: bash("ls"),
    expect: { verdict: "deny", artifact_id: "deny", rewrite: { lever: "steer", artifact_id: "hint", steer_instruction: "prefer git stash" } },
  },

  // on_unknown with a hand-made gap
  { name: "on_unknown ask (default): a gap asks via unknown.shape.<n>, artifact_id null", bundle: bundle([]), event: GAP, expect: { verdict: "ask", artifact_id: null, atom_id: "unknown.shape.3", tier: 1, dimension: "safety", mode: "enforce", undecided: false, unknown: [3] } },
  { name: "on_unknown allow: a gap is let through (neutral), still reported", bundle: bundle([], { on_unknown: "allow" }), event: GAP, expect: { ...neutral, atom_id: null, unknown: [3] } },
  { name: "on_unknown deny: a gap is refused", bundle: bundle([], { on_unknown: "deny" }), event: GAP, expect: { verdict: "deny", artifact_id: null, atom_id: "unknown.shape.3", unknown: [3] } },
  {
    name: "on_unknown ask: a confident deny still wins over the gap",
    bundle: bundle([t1("no-data-delete", leaf("effect", "effect_is", { verb: "delete", target_class: "data_store" }))]),
    event: bash("rm -rf /data/x && $UNKNOWN"),
    expect: { verdict: "deny", artifact_id: "no-data-delete", unknown: [4] },
  },
  {
    name: "on_unknown deny: ties with a bundle deny go to the bundle artifact (the gap sorts last)",
    bundle: bundle([t1("any-bash", isBash)], { on_unknown: "deny" }),
    event: GAP,
    expect: { verdict: "deny", artifact_id: "any-bash", atom_id: "atom.any-bash", unknown: [3] },
  },
  {
    name: "on_unknown ask: the gap's ask beats a bundle allow",
    bundle: bundle([t1("ok", isBash, "allow")]),
    event: GAP,
    expect: { verdict: "ask", artifact_id: null, atom_id: "unknown.shape.3" },
  },
  { name: "on_unknown: post_tool_use never asks for a gap", bundle: bundle([], { on_unknown: "deny" }), event: { ...GAP, event_type: "post_tool_use" }, expect: { ...neutral, unknown: [3] } },
  {
    name: "on_unknown: the contribution names the FIRST gap's shape",
    bundle: bundle([]),
    event: bash("eval \"$A\"; perl -e 'system 1'"),
    expect: { verdict: "ask", atom_id: "unknown.shape.3", unknown: [3, 6] },
  },

  // MCP effect classes
  {
    name: "effect_classes: an entry gives effects to mcp__github__create_issue; an effect_is rule reads them",
    bundle: bundle([t1("no-remote-writes", leaf("effect", "effect_is", { verb: "send", target_class: "vcs_remote" }), "ask")], {
      effect_classes: { entries: [{ tool: "mcp__github__*", effects: [{ verb: "send", target_class: "vcs_remote" }], selectors: [{ field: "tool.name", pred: "suffix", value: "create_issue" }] }] },
    }),
    event: event("mcp__github__create_issue", { owner: "acme", repo: "app", title: "bug" }),
    expect: { verdict: "ask", artifact_id: "no-remote-writes", effects: [{ verb: "send", target_class: "vcs_remote", attrs: {} }] },
  },
  {
    name: "effect_classes: a selector that does not hold gives no effects",
    bundle: bundle([t1("no-remote-writes", leaf("effect", "effect_is", { verb: "send", target_class: "vcs_remote" }), "ask")], {
      effect_classes: { entries: [{ tool: "mcp__github__*", effects: [{ verb: "send", target_class: "vcs_remote" }], selectors: [{ field: "tool.name", pred: "suffix", value: "create_issue" }] }] },
    }),
    event: event("mcp__github__get_issue", { owner: "acme", repo: "app", number: 3 }),
    expect: { ...neutral, effects: [] },
  },
  {
    name: "effect_classes: the tool glob must match the server",
    bundle: bundle([t1("r", leaf("effect", "exists"))], { effect_classes: { entries: [{ tool: "mcp__github__*", effects: [{ verb: "push", target_class: "vcs_remote" }] }] } }),
    event: event("mcp__gitlab__create_issue", { title: "x" }),
    expect: { ...neutral, effects: [] },
  },
  {
    name: "effect_classes: entries accumulate; attrs are carried; selectors read tool.input",
    bundle: bundle([t1("prod-deploy", leaf("effect", "effect_is", { verb: "destroy", attrs: { is_production: true } }))], {
      effect_classes: {
        entries: [
          { tool: "mcp__cloud__*", effects: [{ verb: "fetch", target_class: "network_host" }] },
          { tool: "mcp__cloud__delete_*", effects: [{ verb: "destroy", target_class: "infrastructure", attrs: { is_production: true } }], selectors: [{ field: "tool.input.env", pred: "eq", value: "prod" }] },
        ],
      },
    }),
    event: event("mcp__cloud__delete_stack", { env: "prod", stack: "web" }),
    expect: {
      ...fired("prod-deploy"),
      effects: [
        { verb: "fetch", target_class: "network_host", attrs: {} },
        { verb: "destroy", target_class: "infrastructure", attrs: { is_production: true } },
      ],
    },
  },
  {
    name: "effect_classes: an MCP tool with no entry has no effects and no gap",
    bundle: bundle([]),
    event: event("mcp__notes__append", { text: "rm -rf /" }),
    expect: { ...neutral, effects: [], unknown: [] },
  },
  {
    name: "tool.server with any(): either server matches",
    bundle: bundle([t1("r", any(leaf("tool.server", "eq", "github"), leaf("tool.server", "eq", "gitlab")), "ask")]),
    event: event("mcp__gitlab__merge", {}),
    expect: fired("r", "ask"),
  },
];

export default specs;
