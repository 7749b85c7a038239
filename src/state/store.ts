// One interface for every place a session's Tier 2 state lives between
// events: the state directory of per-call hook processes
// (src/node/state-dir.ts), the in-memory LRU of in-process hosts and the
// daemon (src/state/memory-store.ts), and a Redis store for a fleet of daemons.
//
// The unit of work is the whole read-evaluate-write of one event: `update`
// hands `fn` the session's stored state and persists the state `fn` returns,
// atomically per session, so concurrent calls on one session never lose or
// double an increment. `fn` must be synchronous and pure (the engine's
// `evaluate` is): a store may run it more than once and keep only the last
// run (the state directory evaluates once on the last committed state before
// it queues for the lock; Redis retries a lost compare-and-set).
import type { StateLayout } from "../model/state-layout.js";
import type { Journal } from "./journal.js";
import type { SessionState } from "../model/session-state.js";

/** What a stored state must match to be reused: the bundle's register layout. */
export type { StateStamp } from "./stamp.js";
import type { StateStamp } from "./stamp.js";

export interface SessionUpdate<R> {
  /** The state to store: the envelope's `state`. */
  state: SessionState;
  /** Whatever the caller wants back (the envelope, the state it was given). */
  result: R;
}

export interface StoreResult<R> {
  result: R;
  /** One line each: a quarantined corrupt record, a layout change, an expired session. Never fatal. */
  warnings: string[];
}

export interface SessionStore {
  /**
   * Run `fn` on the session's stored state — null when there is none, or when
   * it could not be used (corrupt, another layout: a warning says which) —
   * and store the state it returns, as one atomic step per session.
   * Rejects with a StateStoreError when the store itself fails (unwritable
   * directory, Redis down); an error thrown by `fn` propagates as is and
   * nothing is stored.
   *
   * Under contention a store waits its turn up to a bound. Past it, the result
   * is `fn` of the last committed state — never a blank one — and, given a
   * `journal`, the call is queued for the next committing call to replay
   * (src/state/journal.ts), so it is still counted exactly once; a warning
   * says so. Without a journal such a call is not stored (a warning says so).
   */
  update<R>(sessionId: string, stamp: StateStamp, fn: (state: SessionState | null) => SessionUpdate<R>, journal?: Journal): Promise<StoreResult<R>>;
  /** Flush and release resources (a daemon calls this on SIGTERM). */
  close?(): Promise<void>;
}

/** The store could not read or write a session's state: one line naming what and where. */
export class StateStoreError extends Error {
  override readonly name = "StateStoreError";
}

/** A store that cannot be used (no state directory could be named): every update fails with `error`, under the caller's error posture. */
export function unavailableStore(error: StateStoreError): SessionStore {
  return {
    update: () => Promise.reject(error),
  };
}
