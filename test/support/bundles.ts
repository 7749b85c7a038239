// Shared test bundles.
import { bundleOf, leaf, t1 } from "./engine.js";

const good = t1("good", leaf("tool.name", "eq", "Bash"));
const steer = { lever: "steer", params: { steer_instruction: "x", dedupe_window_s: 1 } };

/** One bad artifact per skip reason, and the effect-class entry reasons. */
export const ONE_OF_EACH = bundleOf(
  [
    good,
    t1("floor", { all: [] }, "deny", { min_client_version: 99 }),
    t1("float", leaf("session.tokens", "gt", 1.5)),
    { kind: "t9_quantum", artifact_id: "kind", body: {} },
    { kind: "t1_predicate_tree", artifact_id: "body", body: { when: { all: [] }, verdict: "maybe", reason: "" } },
    t1("field", leaf("command.flavour", "eq", "x")),
    t1("pred", leaf("command.raw", "sounds_like", "x")),
    t1("pattern", leaf("command.raw", "regex_lite", "(?=lookahead)")),
    t1("optimize", { all: [] }, "allow", { body: { optimize: { lever: "steer", params: { steer_instruction: "x" } } } }),
    t1("layer-a", { all: [] }, "allow", { layer_path: ["org"], body: { optimize: steer } }),
    t1("layer-b", { all: [] }, "allow", { layer_path: ["org"], body: { optimize: { lever: "prefix_guard", params: { pin_ttl: "1h" } } } }),
    t1("good", { all: [] }), // a repeated id is a body_parse_error for the later one
  ],
  {
    effect_classes: {
      entries: [
        { tool: "mcp__github__*", effects: [{ verb: "push", target_class: "vcs_remote" }] },
        { tool: "mcp__x__*", effects: [{ verb: "teleport", target_class: "vcs_remote" }] },
        { tool: "mcp__y__*", effects: [{ verb: "read", target_class: "unknown" }], selectors: [{ field: "tool.colour", pred: "eq", value: "x" }] },
        { tool: "mcp__z__*", effects: [{ verb: "read", target_class: "unknown" }], selectors: [{ field: "tool.input.q", pred: "smells", value: "x" }] },
        { tool: "mcp__f__*", effects: [{ verb: "read", target_class: "unknown" }], selectors: [{ field: "tool.input.n", pred: "gt", value: 0.5 }] },
      ],
    },
  },
);

