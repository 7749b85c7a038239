// The Tier 2 register file of one session (SPEC §8; seed 001 `SessionState`,
// `RunState`). The zod schema is the single source of the type. Key order is
// the wire order of `state_in` / `state_out`: c, f, t, a, run.
//
// A state whose array lengths differ from the bundle's layout is malformed: it
// is refused with a StateLayoutError, never padded or truncated — two
// implementations could not agree which counter is which if one of them
// invented a slot. A *missing* state is `blankState(layout)`.
//
// A state may also be *unknown* (`unknown`: why): the store held one for this
// session but could not read it (a corrupt record, a queued update that did
// not parse, a store that failed). Its registers are then placeholders that
// no program reads: every Tier 2 program the event would run is inconclusive
// and answers the bundle's `on_unknown` (docs/evaluation.md "Unknown state").
// Restarting such a session blank would let it start counting again from zero.
import * as z from "zod";
import type { StateLayout } from "./state-layout.js";

// zod 4's `.int()` already limits numbers to the safe-integer range
// [-(2^53−1), 2^53−1]; counters and accumulators are also ≥ 0.
const Count = z.number().int().min(0);
/** An unknown state's reason is one line, at most this long. */
const UNKNOWN_WHY_MAX = 1000;

export const RunStateSchema = z.object({
  /** Lowercase hex SHA-256 of the last tracked action's shape; null before the first. */
  shape: z.string().nullable(),
  /** How many same-shape actions in a row, saturating. */
  len: Count,
});
export type RunState = z.infer<typeof RunStateSchema>;

export const SessionStateSchema = z.object({
  c: z.array(Count),
  f: z.array(z.boolean()),
  t: z.array(z.number().int()),
  a: z.array(Count),
  run: RunStateSchema.nullable(),
  /** Set when the session's real registers could not be read: one line saying why (absent on a known state). */
  unknown: z.string().min(1).max(UNKNOWN_WHY_MAX).optional(),
});
export type SessionState = z.infer<typeof SessionStateSchema>;

/** A state that cannot be used with the bundle's layout (wrong lengths, or not a state at all). */
export class StateLayoutError extends Error {
  override readonly name = "StateLayoutError";
}

/** The zeroed state for a layout: what a new or evicted session starts as. */
export function blankState(layout: StateLayout): SessionState {
  return {
    c: new Array<number>(layout.c).fill(0),
    f: new Array<boolean>(layout.f).fill(false),
    t: new Array<number>(layout.t).fill(0),
    a: new Array<number>(layout.a).fill(0),
    run: layout.run ? { shape: null, len: 0 } : null,
  };
}

/**
 * The unknown state for a layout: blank placeholders and why the real
 * registers cannot be read. Once unknown, a session stays unknown (every
 * program that would run answers `on_unknown`) until its record is restored
 * or removed by a person.
 */
export function unknownState(layout: StateLayout, why: string): SessionState {
  const line = why.replace(/\s+/g, " ").trim() || "unreadable";
  return { ...blankState(layout), unknown: line.length <= UNKNOWN_WHY_MAX ? line : `${line.slice(0, UNKNOWN_WHY_MAX - 1)}…` };
}

/** Whether the state's shape matches the layout. Nothing here pads. */
export function stateMatches(state: SessionState, layout: StateLayout): boolean {
  return (
    state.c.length === layout.c &&
    state.f.length === layout.f &&
    state.t.length === layout.t &&
    state.a.length === layout.a &&
    (state.run !== null) === layout.run
  );
}

/** A deep copy: registers are plain numbers and booleans, so slicing suffices. */
export function cloneState(state: SessionState): SessionState {
  return {
    c: state.c.slice(),
    f: state.f.slice(),
    t: state.t.slice(),
    a: state.a.slice(),
    run: state.run === null ? null : { shape: state.run.shape, len: state.run.len },
    ...(state.unknown === undefined ? {} : { unknown: state.unknown }),
  };
}

/** One line naming every array whose length disagrees with the layout, or null. */
export function layoutMismatch(state: SessionState, layout: StateLayout): string | null {
  const problems: string[] = [];
  for (const key of ["c", "f", "t", "a"] as const) {
    const have = state[key].length;
    const want = layout[key];
    if (have !== want) problems.push(`"${key}" has ${have} entr${have === 1 ? "y" : "ies"}, the layout needs ${want}`);
  }
  if (state.run === null && layout.run) problems.push(`"run" is null, the layout needs a run register`);
  if (state.run !== null && !layout.run) problems.push(`"run" is present, the layout has no run register`);
  return problems.length === 0 ? null : problems.join("; ");
}

function describeIssue(issue: z.core.$ZodIssue): string {
  let path = "state";
  for (const part of issue.path) path += typeof part === "number" ? `[${part}]` : `.${String(part)}`;
  return `${path}: ${issue.message}`;
}

/**
 * Parse a caller's state and check it against the layout. Throws a
 * StateLayoutError with a one-line message: the first schema problem, or every
 * array whose length is wrong. Never pads. Unknown keys are dropped.
 */
export function checkState(value: unknown, layout: StateLayout): SessionState {
  const parsed = SessionStateSchema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new StateLayoutError(`malformed session state: ${first ? describeIssue(first) : "invalid"}`);
  }
  const mismatch = layoutMismatch(parsed.data, layout);
  if (mismatch !== null) throw new StateLayoutError(`session state does not match the bundle's layout: ${mismatch}`);
  return parsed.data;
}
