// Part A — Tier 2 (SPEC §8): saturating-register programs over the session's
// register file, threaded through cases by state_in → expect_state.
import { createHash } from "node:crypto";
import type { CaseSpec } from "../spec.js";
import { bash, bundle, event, fired, leaf, neutral, t1, t2 } from "./helpers.js";

const NOW = 1_767_225_600_000;
const MAX = 9007199254740991;

/** Counts Bash calls; asks at the third. */
const counter = t2("burst", {
  match: leaf("tool.name", "eq", "Bash"),
  registers: { c: 1 },
  ops: [{ op: "INC_SAT", c: 0 }],
  fire: { reg: "c0", gte: 3 },
  verdict: "ask",
});
const COUNTER = bundle([counter]);
const st = (c: number[], extra: Partial<Record<"f" | "t" | "a", unknown[]>> & { run?: unknown } = {}) => ({ c, f: [], t: [], a: [], run: null, ...extra });

/** A sliding window: reset the counter when the stamp is older than 1 s, count, restamp; deny at 3 within the window. */
const windowed = bundle([
  t2("window", {
    registers: { c: 1, t: 1 },
    ops: [{ op: "RESET_IF_OLDER", t: 0, window_ms: 1000, c: [0] }, { op: "INC_SAT", c: 0 }, { op: "STAMP", t: 0 }],
    fire: { reg: "c0", gte: 3 },
  }),
]);

/** Runs of the same action shape (tool ‖ first effect {verb, target_class} ‖ program); deny at the third in a row. */
const runs = bundle([t2("same-again", { registers: { run: true }, ops: [{ op: "RUN" }], fire: { reg: "run.len", gte: 3 } })]);
const shapeOf = (tool: string, effect: unknown, program: string) =>
  createHash("sha256").update([tool, effect === null ? "" : JSON.stringify(effect), program].join("\n")).digest("hex");
const READ_SHAPE = shapeOf("Read", { target_class: "workspace_file", verb: "read" }, "");
const WRITE_SHAPE = shapeOf("Write", { target_class: "workspace_file", verb: "write" }, "");
const read = event("Read", { file_path: "README.md" });
const write = event("Write", { file_path: "README.md", content: "x" });

/** Token budget: accumulate spend.tokens on post events; deny when over 1,000. */
const budget = bundle([
  t2("token-budget", { on: ["post_tool_use"], registers: { a: 1 }, ops: [{ op: "ADD_SAT", a: 0, from: "spend.tokens" }], fire: { reg: "a0", gte: 1000 } }),
]);
const post = (spend_delta?: unknown) => ({ ...bash("ls"), event_type: "post_tool_use", tool_result: "ok", ...(spend_delta === undefined ? {} : { spend_delta }) });

export const specs: CaseSpec[] = [
  // INC_SAT counting across cases
  { name: "t2 INC_SAT: a missing state is blank; first call counts to 1", bundle: COUNTER, event: bash("ls"), state_in: null, expect: neutral, expect_state: st([1]) },
  { name: "t2 INC_SAT: second call counts to 2, below the threshold", bundle: COUNTER, event: bash("ls"), state_in: st([1]), expect: neutral, expect_state: st([2]) },
  { name: "t2 INC_SAT: third call reaches c0 >= 3 and fires at tier 2", bundle: COUNTER, event: bash("ls"), state_in: st([2]), expect: { ...fired("burst", "ask"), tier: 2, atom_id: "atom.burst" }, expect_state: st([3]) },
  { name: "t2 INC_SAT: keeps firing past the threshold", bundle: COUNTER, event: bash("ls"), state_in: st([7]), expect: { ...fired("burst", "ask"), tier: 2 }, expect_state: st([8]) },
  { name: "t2 match: ops do not run when match does not hold (state unchanged)", bundle: COUNTER, event: event("Read", { file_path: "a" }), state_in: st([2]), expect: neutral, expect_state: st([2]) },
  { name: "t2 on: ops do not run for an event type not listed", bundle: COUNTER, event: { ...bash("ls"), event_type: "post_tool_use" }, state_in: st([2]), expect: neutral, expect_state: st([2]) },
  { name: "t2: an unknown event type returns the state unchanged", bundle: COUNTER, event: { ...bash("ls"), event_type: "telemetry" }, state_in: st([2]), expect: neutral, expect_state: st([2]) },
  {
    name: "t2 INC_SAT: by and cap (by 5, cap 12: 10 → 12)",
    bundle: bundle([t2("capped", { registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0, by: 5, cap: 12 }], fire: { reg: "c0", eq: 12 } })]),
    event: bash("ls"),
    state_in: st([10]),
    expect: { ...fired("capped"), tier: 2 },
    expect_state: st([12]),
  },
  {
    name: "t2 INC_SAT: saturates at 9,007,199,254,740,991",
    bundle: bundle([t2("sat", { registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0, by: 10 }], fire: { reg: "c0", eq: MAX } })]),
    event: bash("ls"),
    state_in: st([MAX - 3]),
    expect: { ...fired("sat"), tier: 2 },
    expect_state: st([MAX]),
  },
  {
    name: "t2 DEC_SAT: floors at 0",
    bundle: bundle([t2("dec", { registers: { c: 1 }, ops: [{ op: "DEC_SAT", c: 0, by: 5 }], fire: { reg: "c0", eq: 0 }, verdict: "ask" })]),
    event: bash("ls"),
    state_in: st([3]),
    expect: { ...fired("dec", "ask"), tier: 2 },
    expect_state: st([0]),
  },
  {
    name: "t2 SET / CLEAR: flags, with fire on f0",
    bundle: bundle([t2("flags", { registers: { f: 2 }, ops: [{ op: "SET", f: 0 }, { op: "CLEAR", f: 1 }], fire: { all: [{ reg: "f0", eq: 1 }, { reg: "f1", eq: 0 }] } })]),
    event: bash("ls"),
    state_in: { c: [], f: [false, true], t: [], a: [], run: null },
    expect: { ...fired("flags"), tier: 2 },
    expect_state: { c: [], f: [true, false], t: [], a: [], run: null },
  },

  // RESET_IF_OLDER windows and STAMP
  { name: "t2 RESET_IF_OLDER: inside the window the count goes on (2 → 3 fires)", bundle: windowed, event: bash("ls"), now_ms: NOW, state_in: st([2], { t: [NOW - 500] }), expect: { ...fired("window"), tier: 2 }, expect_state: st([3], { t: [NOW] }) },
  { name: "t2 RESET_IF_OLDER: age exactly window_ms is not older (no reset)", bundle: windowed, event: bash("ls"), now_ms: NOW, state_in: st([2], { t: [NOW - 1000] }), expect: { ...fired("window"), tier: 2 }, expect_state: st([3], { t: [NOW] }) },
  { name: "t2 RESET_IF_OLDER: older than the window resets the counter (2 → 0 → 1)", bundle: windowed, event: bash("ls"), now_ms: NOW, state_in: st([2], { t: [NOW - 1001] }), expect: neutral, expect_state: st([1], { t: [NOW] }) },
  {
    name: "t2 since: fire when the last stamp is less than 500 ms old",
    bundle: bundle([t2("rapid", { registers: { t: 1 }, ops: [], fire: { since: "t0", lt_ms: 500 }, verdict: "ask" })]),
    event: bash("ls"),
    now_ms: NOW,
    state_in: st([], { t: [NOW - 499] }),
    expect: { ...fired("rapid", "ask"), tier: 2 },
    expect_state: st([], { t: [NOW - 499] }),
  },
  {
    name: "t2 since: gte_ms does not hold for a recent stamp",
    bundle: bundle([t2("idle", { registers: { t: 1 }, ops: [], fire: { since: "t0", gte_ms: 500 }, verdict: "ask" })]),
    event: bash("ls"),
    now_ms: NOW,
    state_in: st([], { t: [NOW - 499] }),
    expect: neutral,
    expect_state: st([], { t: [NOW - 499] }),
  },

  // ANOMALY
  {
    name: "t2 ANOMALY: records its code in anomalies and never decides",
    bundle: bundle([t2("watch", { registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }, { op: "ANOMALY", code: "burst.observed", if: { reg: "c0", gte: 2 } }], fire: { any: [] } })]),
    event: bash("ls"),
    state_in: st([1]),
    expect: { ...neutral, anomalies: [{ code: "burst.observed", artifact_id: "watch", atom_id: "atom.watch" }] },
    expect_state: st([2]),
  },
  {
    name: "t2 ANOMALY: an if that does not hold records nothing",
    bundle: bundle([t2("watch", { registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }, { op: "ANOMALY", code: "burst.observed", if: { reg: "c0", gte: 2 } }], fire: { any: [] } })]),
    event: bash("ls"),
    state_in: st([0]),
    expect: { ...neutral, anomalies: [] },
    expect_state: st([1]),
  },
  {
    name: "t2 ANOMALY: codes come before monitor anomalies; both beside an enforcing decision",
    bundle: bundle([
      t1("m", leaf("tool.name", "eq", "Bash"), "deny", { mode: "monitor" }),
      t2("tick", { registers: {}, ops: [{ op: "ANOMALY", code: "tick" }], fire: { all: [] }, verdict: "ask" }),
    ]),
    event: bash("ls"),
    expect: {
      ...fired("tick", "ask"),
      would_have_verdict: "deny",
      anomalies: [
        { code: "tick", artifact_id: "tick", atom_id: "atom.tick" },
        { code: "monitor.would_have_deny", artifact_id: "m", atom_id: "atom.m" },
      ],
    },
    expect_state: st([]),
  },

  // RUN
  { name: "t2 RUN: first action starts a run of 1", bundle: runs, event: read, state_in: null, expect: neutral, expect_state: st([], { run: { shape: READ_SHAPE, len: 1 } }) },
  { name: "t2 RUN: the same shape again extends the run (2 → 3) and fires", bundle: runs, event: read, state_in: st([], { run: { shape: READ_SHAPE, len: 2 } }), expect: { ...fired("same-again"), tier: 2 }, expect_state: st([], { run: { shape: READ_SHAPE, len: 3 } }) },
  { name: "t2 RUN: a different shape restarts the run at 1", bundle: runs, event: write, state_in: st([], { run: { shape: READ_SHAPE, len: 2 } }), expect: neutral, expect_state: st([], { run: { shape: WRITE_SHAPE, len: 1 } }) },

  // ADD_SAT and ⊥ sources
  { name: "t2 ADD_SAT: spend.tokens accumulates (600 + 500 ≥ 1000 fires)", bundle: budget, event: post({ tokens: 500, micro_usd: 10 }), state_in: st([], { a: [600] }), expect: { ...fired("token-budget"), tier: 2, inconclusive_facts: [] }, expect_state: st([], { a: [1100] }) },
  { name: "t2 ADD_SAT: below the budget does not fire", bundle: budget, event: post({ tokens: 100 }), state_in: st([], { a: [600] }), expect: { ...neutral, inconclusive_facts: [] }, expect_state: st([], { a: [700] }) },
  { name: "t2 ADD_SAT: an absent source is ⊥ — inconclusive, accumulator unchanged", bundle: budget, event: post(), state_in: st([], { a: [600] }), expect: { ...neutral, inconclusive_facts: ["spend.tokens"] }, expect_state: st([], { a: [600] }) },
  {
    name: "t2 ADD_SAT: session.tokens as source",
    bundle: bundle([t2("session-budget", { registers: { a: 1 }, ops: [{ op: "ADD_SAT", a: 0, from: "session.tokens" }], fire: { reg: "a0", gte: 10 } })]),
    event: bash("ls", { session: { tokens: 12 } }),
    expect: { ...fired("session-budget"), tier: 2 },
    expect_state: st([], { a: [12] }),
  },

  // several programs share one union layout (bundle order offsets)
  {
    name: "t2 layout: two programs' c0 are distinct slots of the union layout",
    bundle: bundle([
      t2("bash-count", { match: leaf("tool.name", "eq", "Bash"), registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { any: [] } }),
      t2("all-count", { registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0, by: 10 }], fire: { reg: "c0", gte: 20 } }),
    ]),
    event: event("Read", { file_path: "a" }),
    state_in: st([4, 15]),
    expect: { ...fired("all-count"), tier: 2 },
    expect_state: st([4, 25]),
  },
  {
    name: "t2 join: a tier-1 deny beats a tier-2 deny (lower tier first)",
    bundle: bundle([t2("t2-deny", { registers: {}, ops: [], fire: { all: [] } }), t1("t1-deny", leaf("tool.name", "eq", "Bash"))]),
    event: bash("ls"),
    expect: { ...fired("t1-deny"), tier: 1 },
    expect_state: st([]),
  },
  {
    name: "t2 monitor: a monitor program that fires is evidence only",
    bundle: bundle([t2("watch", { registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 1 } }, { mode: "monitor" })]),
    event: bash("ls"),
    expect: { ...neutral, would_have_verdict: "deny", anomalies: [{ code: "monitor.would_have_deny", artifact_id: "watch", atom_id: "atom.watch" }] },
    expect_state: st([1]),
  },
  {
    name: "t2 match with a ⊥ fact: ops skipped, the fact reported",
    bundle: bundle([t2("prod-only", { match: leaf("fact.repo.production", "eq", true), registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 1 } })], { facts: [{ id: "repo.production", type: "boolean" }] }),
    event: bash("ls"),
    state_in: st([0]),
    expect: { ...neutral, inconclusive_facts: ["fact.repo.production"] },
    expect_state: st([0]),
  },
  { name: "t2: a bundle without programs has the empty layout", bundle: bundle([]), event: bash("ls"), state_in: null, expect: neutral, expect_state: st([]) },
  {
    name: "t2 skip: a register reference beyond the declared count is body_parse_error",
    bundle: bundle([t1("good", leaf("tool.name", "eq", "Bash")), t2("oob", { registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 1 }] })]),
    event: bash("ls"),
    expect: fired("good"),
    expect_skipped: [{ kind: "t2_program", id: "oob", reason: "body_parse_error" }],
    expect_state: st([]),
  },
  {
    name: "t2 skip: RUN without registers.run is body_parse_error",
    bundle: bundle([t1("good", leaf("tool.name", "eq", "Bash")), t2("runless", { registers: {}, ops: [{ op: "RUN" }] })]),
    event: bash("ls"),
    expect: fired("good"),
    expect_skipped: [{ kind: "t2_program", id: "runless", reason: "body_parse_error" }],
  },
  {
    name: "t2 skip: a match tree with an unknown field is unknown_field",
    bundle: bundle([t1("good", leaf("tool.name", "eq", "Bash")), t2("bad-match", { match: leaf("tool.colour", "eq", "x"), registers: {} })]),
    event: bash("ls"),
    expect: fired("good"),
    expect_skipped: [{ kind: "t2_program", id: "bad-match", reason: "unknown_field" }],
  },

  // state layout errors: refused, never padded
  { name: "StateLayoutError: c has 2 entries, the layout needs 1", bundle: COUNTER, event: bash("ls"), state_in: st([1, 1]), expect_error: "StateLayoutError" },
  { name: "StateLayoutError: c is empty, the layout needs 1 (never padded)", bundle: COUNTER, event: bash("ls"), state_in: st([]), expect_error: "StateLayoutError" },
  { name: "StateLayoutError: run missing where the layout has a run register", bundle: runs, event: read, state_in: st([]), expect_error: "StateLayoutError" },
  { name: "StateLayoutError: a negative counter is malformed", bundle: COUNTER, event: bash("ls"), state_in: st([-1]), expect_error: "StateLayoutError" },
  { name: "StateLayoutError: a state that is not an object", bundle: COUNTER, event: bash("ls"), state_in: "blank", expect_error: "StateLayoutError" },
  { name: "TypeError: a non-object event is refused", bundle: COUNTER, event: "rm -rf /", expect_error: "TypeError" },
];

export default specs;
