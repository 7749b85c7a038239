// An in-process SessionStore: a bounded LRU of session states. For hosts that
// evaluate in-process (the OpenCode plugin, the ACP library function) and the
// base of the daemon's warm store. An evicted session comes back blank —
// exactly what a missing state means (SPEC §8). `update` runs `fn`
// synchronously between reading and writing its entry, so it is atomic per
// session within the process.
import { sameLayout, type StateLayout } from "../model/state-layout.js";
import { sessionKey } from "./record.js";
import type { SessionState } from "../model/session-state.js";
import type { SessionStore, SessionUpdate, StateStamp, StoreResult } from "./store.js";

interface Entry {
  layout: StateLayout;
  bundleDigest: string;
  state: SessionState;
}

export interface MemoryStoreOptions {
  /** Sessions kept; the least recently updated is evicted beyond this (default 10,000). */
  maxSessions?: number;
}

/**
 * The entry's key: a short id itself (an agent's session id is a UUID), a long one by its digest, so a
 * megabyte-long id costs 64 bytes to hold. The prefixes keep the two apart; hashing every call's id cost
 * the daemon a SHA-256 per request (~3 µs).
 */
const SHORT_ID = 128;
const memoryKey = (sessionId: string): string => (sessionId.length <= SHORT_ID ? `=${sessionId}` : `#${sessionKey(sessionId)}`);

export class MemorySessionStore implements SessionStore {
  private readonly entries = new Map<string, Entry>();
  readonly maxSessions: number;

  constructor(options: MemoryStoreOptions = {}) {
    this.maxSessions = Math.max(1, options.maxSessions ?? 10_000);
  }

  /** Sessions held now. */
  get size(): number {
    return this.entries.size;
  }

  // No journal needed: `fn` runs between the read and the write with nothing in between, so no call ever waits.
  async update<R>(sessionId: string, stamp: StateStamp, fn: (state: SessionState | null) => SessionUpdate<R>): Promise<StoreResult<R>> {
    const key = memoryKey(sessionId);
    const entry = this.entries.get(key);
    const warnings: string[] = [];
    let state: SessionState | null = null;
    if (entry !== undefined) {
      if (sameLayout(entry.layout, stamp.layout)) state = entry.state;
      else warnings.push(`gatehouse: session state restarts blank: it was kept for bundle ${entry.bundleDigest}, whose register layout differs from ${stamp.bundleDigest}'s`);
    }
    const out = fn(state);
    this.entries.delete(key);
    this.entries.set(key, { layout: { ...stamp.layout }, bundleDigest: stamp.bundleDigest, state: out.state });
    while (this.entries.size > this.maxSessions) this.entries.delete(this.entries.keys().next().value as string);
    return { result: out.result, warnings };
  }
}
