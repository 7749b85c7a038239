// Calls on one session inside one daemon run one after another. The stores are
// atomic on their own (a file lock, a compare-and-set); queueing here only spares
// them the contention — 32 in-flight calls of one session would otherwise spin
// on the lock file or retry the CAS against each other. Sessions do not wait
// for each other.
import type { SessionStore, StoreScope, StoreUpdate } from "./session-store.js";
import type { SessionState } from "../state/session.js";
import { KeyedSerial } from "./keyed-serial.js";

export class SerializedStore implements SessionStore {
  private readonly serial = new KeyedSerial();

  constructor(private readonly inner: SessionStore) {}

  get kind(): string {
    return this.inner.kind;
  }

  get reachable(): boolean {
    return this.inner.reachable ?? true;
  }

  update<R>(sessionId: string, scope: StoreScope, fn: (state: SessionState | null) => StoreUpdate<R>): Promise<{ result: R; warnings: string[] }> {
    return this.serial.run(sessionId, () => this.inner.update(sessionId, scope, fn));
  }

  sessionsHeld(): Promise<number | null> {
    return this.inner.sessionsHeld();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
