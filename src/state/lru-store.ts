// The daemon's in-memory session store: a bounded LRU. A session pushed out by
// newer ones simply comes back blank (SPEC §8: a missing state is the blank
// state), so the bound costs accuracy of old sessions, never memory.
// No I/O: the whole read-evaluate-write of one call runs synchronously, so it is
// atomic in one process without a lock.
import type { SessionStore, StoreScope, StoreUpdate } from "../daemon/session-store.js";
import { sameLayout, type StateLayout } from "./layout.js";
import type { SessionState } from "./session.js";

interface Entry {
  state: SessionState;
  layout: StateLayout;
}

export const DEFAULT_MAX_SESSIONS = 10_000;

export class LruSessionStore implements SessionStore {
  readonly kind = "memory";
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  private readonly entries = new Map<string, Entry>();

  constructor(readonly maxSessions = DEFAULT_MAX_SESSIONS) {
    if (!Number.isSafeInteger(maxSessions) || maxSessions < 1) throw new RangeError(`maxSessions must be a positive integer, got ${maxSessions}`);
  }

  async update<R>(sessionId: string, scope: StoreScope, fn: (state: SessionState | null) => StoreUpdate<R>): Promise<{ result: R; warnings: string[] }> {
    const warnings: string[] = [];
    const held = this.entries.get(sessionId);
    let state: SessionState | null = null;
    if (held !== undefined) {
      // A SIGHUP may have loaded a bundle whose programs need other registers.
      if (sameLayout(held.layout, scope.layout)) state = held.state;
      else warnings.push(`session state of another bundle layout was dropped; the session restarts blank`);
    }
    const { state: next, result } = fn(state); // if it throws, the held state stays as it was
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { state: next, layout: scope.layout });
    if (this.entries.size > this.maxSessions) this.entries.delete(this.entries.keys().next().value!);
    return { result, warnings };
  }

  async sessionsHeld(): Promise<number> {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}
