// Calls on one session inside one daemon run one after another. The stores are
// atomic on their own (a file lock, a compare-and-set); queueing here only spares
// them the contention — 32 in-flight calls of one session would otherwise spin
// on the lock file or retry the CAS against each other. Sessions do not wait
// for each other.
import type { Journal } from "../state/journal.js";
import type { SessionState } from "../model/session-state.js";
import type { SessionStore, SessionUpdate, StateStamp, StoreResult } from "../state/store.js";
import { KeyedSerial } from "./keyed-serial.js";

export class SerializedStore implements SessionStore {
  private readonly serial = new KeyedSerial();

  constructor(private readonly inner: SessionStore) {}

  update<R>(sessionId: string, stamp: StateStamp, fn: (state: SessionState | null) => SessionUpdate<R>, journal?: Journal): Promise<StoreResult<R>> {
    return this.serial.run(sessionId, () => this.inner.update(sessionId, stamp, fn, journal));
  }

  async close(): Promise<void> {
    await this.inner.close?.();
  }
}
