// How much per-session state a bundle's Tier 2 programs need (SPEC §8; seed 001
// `StateLayout`). Computed once, at bundle load, as the union of every
// program's declared registers; the session's register file must match it
// exactly — a state of another shape is refused, never padded.

export interface StateLayout {
  /** Saturating counters. */
  c: number;
  /** Flags. */
  f: number;
  /** Timestamps (ms). */
  t: number;
  /** Saturating accumulators (tokens, micro-USD). */
  a: number;
  /** Whether any program tracks the run of same-shape actions. */
  run: boolean;
}

/** The layout of a bundle without Tier 2 programs. */
export const EMPTY_LAYOUT: Readonly<StateLayout> = Object.freeze({ c: 0, f: 0, t: 0, a: 0, run: false });

/** Bytes of the shape digest plus the run length, when the layout has a run register. */
const RUN_BYTES = 32 + 8;

/**
 * Bytes of register state per session in its packed in-memory form: 8 bytes
 * per counter, timestamp and accumulator (an exact integer ≤ 2^53−1 held as an
 * f64/i64), 1 byte per flag, and 40 bytes for the run register (a 32-byte
 * SHA-256 digest and an 8-byte length). The JSON form a state directory stores
 * is larger; this is the number the memory budget is reasoned about with.
 */
export function sessionStateBytes(layout: StateLayout): number {
  return 8 * (layout.c + layout.t + layout.a) + layout.f + (layout.run ? RUN_BYTES : 0);
}

export function sameLayout(x: StateLayout, y: StateLayout): boolean {
  return x.c === y.c && x.f === y.f && x.t === y.t && x.a === y.a && x.run === y.run;
}

/** True when the layout has no registers: such a bundle needs no stored state at all. */
export function layoutIsEmpty(layout: StateLayout): boolean {
  return layout.c === 0 && layout.f === 0 && layout.t === 0 && layout.a === 0 && !layout.run;
}
