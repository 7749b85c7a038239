// PROVISIONAL: the session-store interface the daemon codes against until issue 6's
// store interface (src/state/…) lands on main; then this file goes and the
// stores implement that one.
import type { StateLayout } from "../state/layout.js";
import type { SessionState } from "../state/session.js";

/** What a stored state must match to be used: the bundle's layout (and, for the record, its digest). */
export interface StoreScope {
  layout: StateLayout;
  bundleDigest: string;
}

export interface StoreUpdate<R> {
  state: SessionState;
  result: R;
}

export interface SessionStore {
  readonly kind: string;
  /** False while a remote store cannot be reached (absent: always reachable). */
  readonly reachable?: boolean;
  /**
   * Read the session's state (null: none, or unusable — a warning says why),
   * run `fn`, write what it returns: atomically per session. `fn` may run more
   * than once (an optimistic store retries on a conflict), so it must be pure.
   */
  update<R>(sessionId: string, scope: StoreScope, fn: (state: SessionState | null) => StoreUpdate<R>): Promise<{ result: R; warnings: string[] }>;
  /** Sessions held, for /healthz; null when the store cannot say cheaply. */
  sessionsHeld(): Promise<number | null>;
  close(): Promise<void>;
}
