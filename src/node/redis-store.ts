// Session state in Redis, for a fleet of daemons behind a balancer.
//
// Each session is one hash {v: version, doc: JSON record}. The engine runs in
// Node between the read and the write, so the write is a compare-and-set on the
// version in a Lua script: it lands only if nobody wrote since our read, and on
// a conflict the script answers the current {v, doc} at once, so the retry
// re-evaluates on fresh state without another round trip. Concurrent calls on
// one session from several daemons therefore never lose or double an
// increment. (WATCH/MULTI would need a connection per in-flight call; the CAS
// runs on one multiplexed connection.)
//
// An outage is an error per call (StateStoreError; the caller applies its
// documented error posture), never a queue that hides it and never a crash:
// the offline queue is off, commands time out, and the client reconnects in
// the background, so calls succeed again as soon as Redis is back.
import type { Redis as RedisClient, RedisOptions } from "ioredis";
import { corruptWhy, decodeRecord, encodeRecord, recordWarning, sessionKey as recordKey } from "../state/record.js";
import { unknownState, type SessionState } from "../state/session.js";
import { StateStoreError, type SessionStore, type SessionUpdate, type StateStamp, type StoreResult } from "../state/store.js";

/** A session untouched this long expires (Redis drops the key). */
export const REDIS_SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
/** Conflicting writers retried before a call gives up (each round, one writer always wins). */
const MAX_ATTEMPTS = 64;
const KEY_PREFIX = "gatehouse:session:";

// KEYS[1] session key, KEYS[2] where a corrupt record is kept aside ("" = none);
// ARGV: expected version ("0" = absent), new doc, ttl ms.
const COMPARE_AND_SET = `
local current = redis.call('HGET', KEYS[1], 'v')
if (current or '0') ~= ARGV[1] then
  return redis.call('HMGET', KEYS[1], 'v', 'doc')
end
if KEYS[2] ~= '' then
  local old = redis.call('HGET', KEYS[1], 'doc')
  if old then redis.call('SET', KEYS[2], old, 'PX', ARGV[3]) end
end
redis.call('HSET', KEYS[1], 'v', tostring(tonumber(ARGV[1]) + 1), 'doc', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

type CasReply = 1 | [string | null, string | null];
interface CasClient extends RedisClient {
  gatehouseCas(key: string, quarantineKey: string, expected: string, doc: string, ttlMs: string): Promise<CasReply>;
}

/** `redis://host:port/db` without any password, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== "") u.password = "***";
    return u.toString();
  } catch {
    return "redis://(unparsable url)";
  }
}

/** The session's key: its id is input, so it is hashed — no id can name another key or grow one without bound. */
export function sessionKey(sessionId: string): string {
  return KEY_PREFIX + recordKey(sessionId);
}

export interface RedisStoreOptions {
  /** `redis://[user:password@]host:port/db` (or `rediss://`). */
  url: string;
  /** A command not answered in this long fails the call (ms). */
  commandTimeoutMs?: number;
  /** Connecting at start gives up after this long (ms). */
  connectTimeoutMs?: number;
  /** Told once when Redis goes away and once when it is back. */
  onStatus?: (line: string) => void;
  now?: () => number;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class RedisSessionStore implements SessionStore {
  private down = false;
  private started = false;
  /** Writes that lost the compare-and-set to another writer and were evaluated again. */
  conflicts = 0;

  private constructor(
    private readonly client: CasClient,
    private readonly where: string,
    private readonly now: () => number,
  ) {}

  /** Connect (failing at once, with one line, when Redis cannot be reached at start). */
  static async connect(options: RedisStoreOptions): Promise<RedisSessionStore> {
    const where = redactRedisUrl(options.url);
    if (!/^rediss?:$/.test(safeProtocol(options.url))) throw new StateStoreError(`${where}: --state wants a redis:// or rediss:// URL`);
    // Loaded on use: the hook process, which never talks to Redis, does not pay for the client.
    const { Redis } = await import("ioredis");
    const settings: RedisOptions = {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: options.commandTimeoutMs ?? 2_000,
      connectTimeout: options.connectTimeoutMs ?? 2_000,
      // Reconnect forever in the background, backing off to one try a second.
      retryStrategy: (times) => Math.min(times * 50, 1_000),
    };
    const client = new Redis(options.url, settings) as CasClient;
    client.defineCommand("gatehouseCas", { numberOfKeys: 2, lua: COMPARE_AND_SET });
    const store = new RedisSessionStore(client, where, options.now ?? Date.now);
    const tell = options.onStatus ?? (() => {});
    // Without an "error" listener an EventEmitter error would crash the process.
    let lastError = "connection closed";
    client.on("error", (error: Error) => {
      lastError = describe(error);
    });
    client.on("close", () => {
      if (store.down || !store.started) return;
      store.down = true;
      tell(`${where}: unreachable (${lastError}); calls that need session state fail until it is back`);
    });
    client.on("ready", () => {
      if (!store.down) return;
      store.down = false;
      tell(`${where}: reachable again`);
    });
    try {
      await client.connect();
      await client.ping();
    } catch (error) {
      client.disconnect();
      throw new StateStoreError(`${where}: cannot connect (${describe(error)})`);
    }
    store.started = true;
    return store;
  }

  async update<R>(sessionId: string, stamp: StateStamp, fn: (state: SessionState | null) => SessionUpdate<R>): Promise<StoreResult<R>> {
    const key = sessionKey(sessionId);
    let [version, doc] = await this.call(() => this.client.hmget(key, "v", "doc"));
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const warnings: string[] = [];
      const now = this.now();
      // A record that does not parse is kept aside (as the state directory renames it), not lost.
      const aside = `${key}:corrupt:${now}`;
      const stored = this.decode(doc, stamp, warnings, aside);
      const { state, result } = fn(stored.state);
      const record = encodeRecord(state, stamp, now);
      const reply = await this.call(() => this.client.gatehouseCas(key, stored.corrupt ? aside : "", version ?? "0", record, String(REDIS_SESSION_TTL_MS)));
      if (reply === 1) return { result, warnings };
      this.conflicts++;
      [version, doc] = reply; // someone else wrote first: evaluate again on what they wrote
    }
    throw new StateStoreError(`${this.where}: session state still contended after ${MAX_ATTEMPTS} attempts`);
  }

  get reachable(): boolean {
    return this.client.status === "ready";
  }

  async close(): Promise<void> {
    this.started = false; // closing is not an outage
    try {
      if (this.client.status === "ready") await this.client.quit();
    } catch {
      // Closing a connection that is already gone.
    }
    this.client.disconnect();
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new StateStoreError(`${this.where}: ${describe(error)}`);
    }
  }

  /** The stored state if it fits the stamp; otherwise null, with the warning the state directory gives. */
  private decode(doc: string | null, stamp: StateStamp, warnings: string[], aside: string): { state: SessionState | null; corrupt: boolean } {
    if (doc === null) return { state: null, corrupt: false };
    const decoded = decodeRecord(doc, stamp);
    if (decoded.problem === null) return { state: decoded.state, corrupt: false };
    if (decoded.problem === "layout") {
      warnings.push(recordWarning(this.where, decoded, null));
      return { state: null, corrupt: false };
    }
    // Kept aside by the compare-and-set that replaces it; the session's state is unknown from now on, never blank.
    warnings.push(recordWarning(this.where, decoded, aside));
    return { state: unknownState(stamp.layout, corruptWhy(decoded.detail, aside)), corrupt: true };
  }
}

function safeProtocol(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return "";
  }
}
