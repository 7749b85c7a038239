// Tier 2 over an unknown session state (SPEC §6.8; docs/evaluation.md
// "Unknown state"): the store held a state it could not read (a corrupt
// record, a failed store). Every program the event would run is inconclusive —
// `session.state` in inconclusive_facts — and answers the bundle's on_unknown,
// capped at the rule's own verdict; nothing is counted and the state comes back
// unchanged (still unknown). Tier 1 rules decide as always.
import type { CaseSpec } from "../spec.js";
import { bash, bundle, event, fired, leaf, neutral, t1, t2 } from "./helpers.js";

const WHY = "its stored record was corrupt: not JSON";
const unknown = (c: number[]) => ({ c, f: [], t: [], a: [], run: null, unknown: WHY });

/** Denies from the 26th Bash call on. */
const limit = t2("bash-limit", { match: leaf("tool.name", "eq", "Bash"), registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 26 }, verdict: "deny" });
/** Asks from the third Bash call on. */
const burst = t2("burst", { match: leaf("tool.name", "eq", "Bash"), registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 3 }, verdict: "ask" });
const wipe = t1("wipe", leaf("command.argv", "eq", "/"));
const inconclusive = { inconclusive_facts: ["session.state"] };

export const specs: CaseSpec[] = [
  {
    name: "state unknown: a deny-after-25 rule the call would run answers on_unknown (ask by default), nothing counted",
    bundle: bundle([limit]),
    event: bash("ls"),
    state_in: unknown([0]),
    expect: { ...fired("bash-limit", "ask"), tier: 2, atom_id: "atom.bash-limit", ...inconclusive },
    expect_state: unknown([0]),
  },
  {
    name: "state unknown: on_unknown deny makes a deny rule deny",
    bundle: bundle([limit], { on_unknown: "deny" }),
    event: bash("ls"),
    state_in: unknown([0]),
    expect: { ...fired("bash-limit", "deny"), tier: 2, ...inconclusive },
    expect_state: unknown([0]),
  },
  {
    name: "state unknown: on_unknown deny never lifts an ask rule above ask",
    bundle: bundle([burst], { on_unknown: "deny" }),
    event: bash("ls"),
    state_in: unknown([0]),
    expect: { ...fired("burst", "ask"), tier: 2, ...inconclusive },
    expect_state: unknown([0]),
  },
  {
    name: "state unknown: on_unknown allow contributes nothing but still reports the gap",
    bundle: bundle([limit], { on_unknown: "allow" }),
    event: bash("ls"),
    state_in: unknown([0]),
    expect: { ...neutral, ...inconclusive },
    expect_state: unknown([0]),
  },
  {
    name: "state unknown: a program whose match does not hold reads nothing (no gap)",
    bundle: bundle([limit]),
    event: event("Read", { file_path: "a.txt" }),
    state_in: unknown([0]),
    expect: { ...neutral, inconclusive_facts: [] },
    expect_state: unknown([0]),
  },
  {
    name: "state unknown: a program not listening to the event type reads nothing",
    bundle: bundle([limit]),
    event: { ...bash("ls"), event_type: "post_tool_use", tool_result: "ok" },
    state_in: unknown([0]),
    expect: { ...neutral, inconclusive_facts: [] },
    expect_state: unknown([0]),
  },
  {
    name: "state unknown: a Tier 1 deny still wins over the inconclusive ask",
    bundle: bundle([limit, wipe]),
    event: bash("rm -rf /"),
    state_in: unknown([0]),
    expect: { ...fired("wipe", "deny"), tier: 1, ...inconclusive },
    expect_state: unknown([0]),
  },
  {
    name: "state unknown: a monitor-mode rule records would_have_ask and does not join",
    bundle: bundle([{ ...limit, mode: "monitor" }]),
    event: bash("ls"),
    state_in: unknown([0]),
    expect: { ...neutral, would_have_verdict: "ask", anomalies: [{ code: "monitor.would_have_ask", artifact_id: "bash-limit", atom_id: "atom.bash-limit" }], ...inconclusive },
    expect_state: unknown([0]),
  },
  {
    name: "state unknown: an exception rewrites the inconclusive contribution like any other",
    bundle: bundle([limit, { kind: "exception", artifact_id: "ok-ls", body: { when: leaf("command.program", "eq", "ls"), ground_key: "gk.ls", applies_to: { artifact_ids: ["bash-limit"] } } }]),
    event: bash("ls"),
    state_in: unknown([0]),
    expect: { verdict: "allow", artifact_id: "bash-limit", ground_key: "gk.ls", undecided: false, ...inconclusive },
    expect_state: unknown([0]),
  },
  {
    name: "state unknown: the same rule over a known state past its limit denies (the contrast)",
    bundle: bundle([limit]),
    event: bash("ls"),
    state_in: { c: [49], f: [], t: [], a: [], run: null },
    expect: { ...fired("bash-limit", "deny"), tier: 2, inconclusive_facts: [] },
    expect_state: { c: [50], f: [], t: [], a: [], run: null },
  },
  {
    name: "state unknown: an empty reason is not a state (refused as malformed)",
    bundle: bundle([limit]),
    event: bash("ls"),
    state_in: { c: [0], f: [], t: [], a: [], run: null, unknown: "" },
    expect_error: "StateLayoutError",
  },
];

export default specs;
