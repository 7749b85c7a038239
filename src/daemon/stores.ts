// The three places the daemon can keep session state (docs/daemon.md "Session
// state"), each behind the one store interface (src/state/store.ts) and
// wrapped so calls on one session queue inside this daemon, plus what
// /healthz reports about it.
import { readdirSync } from "node:fs";
import type { RedisSessionStore } from "../node/redis-store.js";
import { StateDirStore } from "../node/state-dir.js";
import { MemorySessionStore } from "../state/memory-store.js";
import type { SessionStore } from "../state/store.js";
import { SerializedStore } from "./session-queue.js";

export interface DaemonStore {
  readonly kind: "memory" | "state-dir" | "redis";
  /** Calls on one session run one after another through this. */
  readonly store: SessionStore;
  /** Sessions held; null where counting would be costly (Redis: a scan of the database). */
  held(): number | null;
  /** False while the store cannot be reached (Redis down). */
  reachable(): boolean;
  close(): Promise<void>;
}

export function memoryStore(maxSessions?: number): DaemonStore {
  const memory = new MemorySessionStore({ maxSessions });
  return { kind: "memory", store: new SerializedStore(memory), held: () => memory.size, reachable: () => true, close: async () => {} };
}

export function stateDirStore(dir: string): DaemonStore {
  const files = new StateDirStore(dir);
  return {
    kind: "state-dir",
    store: new SerializedStore(files),
    held: () => {
      try {
        return readdirSync(files.sessionsDir).filter((name) => name.endsWith(".json")).length;
      } catch {
        return 0; // not created yet: no session has been written
      }
    },
    // Write-through: every answered call's state is already on disk.
    reachable: () => true,
    close: async () => {},
  };
}

export function redisStore(redis: RedisSessionStore): DaemonStore {
  return { kind: "redis", store: new SerializedStore(redis), held: () => null, reachable: () => redis.reachable, close: () => redis.close() };
}
