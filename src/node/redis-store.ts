// Session state in Redis, for a fleet of daemons behind a balancer.
//
// Each session is one hash {v: version, doc: JSON record}, and a list of the
// calls queued for it (src/state/journal.ts). The engine runs in Node between
// the read and the write, so the write is a compare-and-set on the version in
// a Lua script: it lands only if nobody wrote since our read, and on a
// conflict the script answers the current {v, doc, queued} at once, so the
// retry re-evaluates on fresh state without another round trip. Concurrent
// calls on one session from several daemons therefore never lose or double an
// increment. (WATCH/MULTI would need a connection per in-flight call; the CAS
// runs on one multiplexed connection.)
//
// Each round one writer wins, so a call can lose only to others' progress;
// past MAX_ATTEMPTS losses in a row it answers from the last committed state
// it was handed (never a blank one) and queues itself (RPUSH): the next
// winning write replays every queued call before its own and trims exactly
// those it applied, in the same script — each call is counted once.
//
// An outage is an error per call (StateStoreError; the caller applies its
// documented error posture), never a queue that hides it and never a crash:
// the offline queue is off, commands time out, and the client reconnects in
// the background, so calls succeed again as soon as Redis is back.
import type { Redis as RedisClient, RedisOptions } from "ioredis";
import { corruptWhy, decodeRecord, encodeRecord, recordWarning, sessionKey as recordKey } from "../state/record.js";
import { decodeQueued, encodeQueued, type Journal } from "../state/journal.js";
import { unknownState, type SessionState } from "../model/session-state.js";
import { StateStoreError, type SessionStore, type SessionUpdate, type StateStamp, type StoreResult } from "../state/store.js";

/** A session untouched this long expires (Redis drops the key). */
export const REDIS_SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
/** Compare-and-sets a call may lose before it answers from the last committed state and queues itself (each round, one writer wins). */
const MAX_ATTEMPTS = 64;
const KEY_PREFIX = "gatehouse:session:";

// KEYS[1] session key, KEYS[2] its queued calls. Answers {v, doc, queued…}.
const READ = `
local r = redis.call('HMGET', KEYS[1], 'v', 'doc')
return {r[1], r[2], redis.call('LRANGE', KEYS[2], 0, -1)}
`;

// KEYS[1] session key, KEYS[2] its queued calls, KEYS[3] where a corrupt record is kept aside ("" = none);
// ARGV: expected version ("0" = absent), new doc, ttl ms, how many queued calls the doc holds (from the head).
const COMPARE_AND_SET = `
local current = redis.call('HGET', KEYS[1], 'v')
if (current or '0') ~= ARGV[1] then
  local r = redis.call('HMGET', KEYS[1], 'v', 'doc')
  return {r[1], r[2], redis.call('LRANGE', KEYS[2], 0, -1)}
end
if KEYS[3] ~= '' then
  local old = redis.call('HGET', KEYS[1], 'doc')
  if old then redis.call('SET', KEYS[3], old, 'PX', ARGV[3]) end
end
redis.call('HSET', KEYS[1], 'v', tostring(tonumber(ARGV[1]) + 1), 'doc', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local consumed = tonumber(ARGV[4])
if consumed > 0 then redis.call('LTRIM', KEYS[2], consumed, -1) end
return 1
`;

type Snapshot = [string | null, string | null, string[]];
type CasReply = 1 | Snapshot;
interface CasClient extends RedisClient {
  gatehouseRead(key: string, queueKey: string): Promise<Snapshot>;
  gatehouseCas(key: string, queueKey: string, quarantineKey: string, expected: string, doc: string, ttlMs: string, consumed: string): Promise<CasReply>;
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
  /** Compare-and-sets lost in a row before a call queues itself (default 64). */
  maxAttempts?: number;
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
    private readonly maxAttempts: number,
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
    client.defineCommand("gatehouseRead", { numberOfKeys: 2, lua: READ });
    client.defineCommand("gatehouseCas", { numberOfKeys: 3, lua: COMPARE_AND_SET });
    const store = new RedisSessionStore(client, where, options.now ?? Date.now, Math.max(1, options.maxAttempts ?? MAX_ATTEMPTS));
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

  async update<R>(sessionId: string, stamp: StateStamp, fn: (state: SessionState | null) => SessionUpdate<R>, journal?: Journal): Promise<StoreResult<R>> {
    const key = sessionKey(sessionId);
    const queueKey = `${key}:queued`;
    let [version, doc, queued] = await this.call(() => this.client.gatehouseRead(key, queueKey));
    for (let attempt = 0; attempt < this.maxAttempts; attempt++) {
      const warnings: string[] = [];
      const now = this.now();
      // A record that does not parse is kept aside (as the state directory renames it), not lost.
      const aside = `${key}:corrupt:${now}`;
      const stored = this.decode(doc, stamp, warnings, aside);
      const replayed = journal === undefined ? { state: stored.state, consumed: 0 } : await this.replay(queued, stored.state, stamp, journal, key, now, warnings);
      const { state, result } = fn(replayed.state);
      const record = encodeRecord(state, stamp, now);
      const reply = await this.call(() =>
        this.client.gatehouseCas(key, queueKey, stored.corrupt ? aside : "", version ?? "0", record, String(REDIS_SESSION_TTL_MS), String(replayed.consumed)),
      );
      if (reply === 1) return { result, warnings };
      this.conflicts++;
      [version, doc, queued] = reply; // someone else wrote first: evaluate again on what they wrote
    }
    // Past the bound: answered on the last committed state (the one the last lost round handed back, with what
    // is queued), and the call itself queued for the next write to apply.
    const warnings: string[] = [];
    const now = this.now();
    // (A corrupt record is reported and kept aside by the write that replaces it, not by this call.)
    const stored = this.decode(doc, stamp, [], `${key}:corrupt:${now}`);
    const replayed = journal === undefined ? { state: stored.state } : await this.replay(queued, stored.state, stamp, journal, key, now, warnings);
    const { result } = fn(replayed.state);
    const head = `${this.where}: session state lost the compare-and-set ${this.maxAttempts} times in a row to other calls of this session; answered from its last committed state`;
    if (journal === undefined) return { result, warnings: [...warnings, `${head}; this call's update is not stored (the caller gave no way to replay it)`] };
    await this.call(() => this.client.multi().rpush(queueKey, encodeQueued(journal.call, stamp)).pexpire(queueKey, REDIS_SESSION_TTL_MS).exec());
    return { result, warnings: [...warnings, `${head}, and this call's update is queued for the next call to apply`] };
  }

  /** Apply the queued calls in order; a call that does not parse is kept aside and makes the state unknown. */
  private async replay(queued: string[], state: SessionState | null, stamp: StateStamp, journal: Journal, key: string, now: number, warnings: string[]): Promise<{ state: SessionState | null; consumed: number }> {
    let out = state;
    for (let i = 0; i < queued.length; i++) {
      const decoded = decodeQueued(queued[i]!, stamp.layout);
      let why: string | null = decoded.problem === "corrupt" ? decoded.detail : null;
      if (decoded.problem === null) {
        try {
          out = journal.replay(decoded.call, out);
        } catch (error) {
          why = `cannot be replayed (${describe(error)})`;
        }
      } else if (decoded.problem === "layout") warnings.push(`${this.where}: a queued call is dropped: ${decoded.detail}`);
      if (why !== null) {
        const aside = `${key}:corrupt:${now}:queued:${i}`;
        await this.call(() => this.client.set(aside, queued[i]!, "PX", REDIS_SESSION_TTL_MS));
        warnings.push(`${this.where}: a queued call is corrupt (${why}); kept as ${aside}; the session's state is unknown from now on`);
        out = unknownState(stamp.layout, `a queued update was corrupt: ${why}; kept as ${aside}`);
      }
    }
    return { state: out, consumed: queued.length };
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
