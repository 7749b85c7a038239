// A bounded cache of classifications, for a long-lived host (`gatehouse serve`):
// agents repeat commands, and classifying one (shell parse, walk, effect
// tables) is most of an evaluation's cost. Off unless the host asks for it
// (EngineOptions.classificationCache), so in-process figures are never
// flattered by it.
//
// Correct by construction: a miss classifies the *projection* of the event —
// only the fields the key is made of, every other field at its default — so
// whatever the classifier reads, it can only read what the key holds, and a hit
// can never answer for an input the key did not see. The fields kept are the
// ones the classifier reads (tool name, tool input, env, host facts), and for an MCP tool
// also what the bundle's effect-class selectors may name (event type, agent,
// session, spend, facts). The bundle is fixed per engine (a cache lives and
// dies with its engine), and the inline-code grammars loaded so far are part
// of the key (a grammar loaded later changes what inline code classifies to).
// Entries are JSON text, and every hit parses its own copy: a caller may
// mutate what it gets (the engine adds the oversize gap) without touching
// what the next hit returns. (Deep-freezing shared objects instead cost more
// per miss, ~10 µs, than the copy costs per hit, ~2 µs.)
import { LRUCache } from "lru-cache";
import * as z from "zod";
import { isMcpTool } from "./classify/index.js";
import type { Classification } from "./model/classification.js";
import type { Event } from "./model/event.js";

export interface ClassificationCacheOptions {
  /** Entries at most (default 4,096); as many keys seen once are remembered besides (their characters count against `maxChars` apart). */
  entries?: number;
  /** An event whose keyed fields serialise to more characters than this is classified every time, never stored (default 16,384). */
  maxInputChars?: number;
  /** All entries together (key + classification as JSON, in characters) at most (default 32 Mi); the keys seen once, apart, as many. */
  maxChars?: number;
}

export const CLASSIFICATION_CACHE_DEFAULTS = { entries: 4_096, maxInputChars: 16_384, maxChars: 32 * 1024 * 1024 } as const satisfies Required<ClassificationCacheOptions>;

export const ClassificationCacheStatsSchema = z.object({
  entries: z.number().int(),
  /** What the entries weigh together (key + classification as JSON, in characters). */
  chars: z.number().int(),
  hits: z.number().int(),
  misses: z.number().int(),
  /** Events not cacheable: keyed fields too large, not plain JSON data, or nested too deep. */
  uncached: z.number().int(),
});
export type ClassificationCacheStats = z.infer<typeof ClassificationCacheStatsSchema>;

/** A classification and the host look-ups it asked for (Engine.hostWants), as plain data. */
export interface Wanting {
  classification: Classification;
  paths: string[];
  files: string[];
}

/** Deepest nesting the key serialiser walks; deeper input is simply not cached. */
const MAX_DEPTH = 64;

/** Entries are stored on the second sighting of their key (ClassificationCache.seenOnce). */
export class ClassificationCache {
  readonly limits: Required<ClassificationCacheOptions>;
  /** Each classification as JSON text: a hit parses a copy of its own for the caller. */
  private readonly lru: LRUCache<string, string>;
  /**
   * Keys seen once and not stored: an event is stored the second time its key comes, so a stream of
   * commands that never repeat costs a key and a look-up each, not a serialisation and an eviction.
   */
  private readonly seenOnce: LRUCache<string, true>;
  private hits = 0;
  private misses = 0;
  private uncached = 0;

  constructor(options: ClassificationCacheOptions = {}) {
    const limits = { ...CLASSIFICATION_CACHE_DEFAULTS, ...options };
    for (const [name, value] of Object.entries(limits))
      if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`classification cache: ${name} must be a positive integer, got ${value}`);
    this.limits = limits;
    this.lru = new LRUCache<string, string>({ max: limits.entries, maxSize: limits.maxChars });
    this.seenOnce = new LRUCache<string, true>({ max: limits.entries, maxSize: limits.maxChars, sizeCalculation: (_, key) => key.length });
  }

  /**
   * The classification of `event`: stored, or computed by `classify` from the
   * event's projection (and stored when it fits). `generation` names the
   * classifier's mutable context (inline grammars loaded so far).
   */
  classify(event: Event, generation: number, classify: (projected: Event) => Classification, hostInput?: unknown): Classification {
    return this.lookup(event, generation, false, classify, hostInput);
  }

  /**
   * The same for `Engine.hostWants`: the classification together with what it
   * wants the host to look at — a function of the same projection, so cached
   * under its own key (a collecting classification is stored apart from a plain one).
   */
  classifyWanting(event: Event, generation: number, classify: (projected: Event) => Wanting, hostInput?: unknown): Wanting {
    return this.lookup(event, generation, true, classify, hostInput);
  }

  /**
   * `hostInput`: the `host` of the event as the caller handed it in, before parsing (`event.host` is
   * parsed from it, and from nothing else). When it is frozen data all the way down (the daemon's
   * shared footprint, src/node/footprint.ts) it cannot change, so the key names it by identity
   * instead of serialising its few dozen paths on every call; another object, even an equal one,
   * is another key (a miss, never a wrong hit).
   */
  private lookup<T>(event: Event, generation: number, wanting: boolean, classify: (projected: Event) => T, hostInput: unknown): T {
    const wide = isMcpTool(event.tool_name);
    const key = keyOf(event, wide, generation, this.limits.maxInputChars, wanting, this.frozenHost(hostInput));
    if (key === null) {
      this.uncached++;
      return classify(projectionOf(event, wide));
    }
    const stored = this.lru.get(key);
    if (stored !== undefined) {
      this.hits++;
      return JSON.parse(stored) as T;
    }
    this.misses++;
    const value = classify(projectionOf(event, wide));
    if (!this.seenOnce.has(key)) {
      this.seenOnce.set(key, true);
      return value;
    }
    this.seenOnce.delete(key);
    const json = JSON.stringify(value);
    const size = key.length + json.length;
    if (size <= this.limits.maxChars) this.lru.set(key, json, { size });
    return value;
  }

  /** Frozen host objects seen, each with its number in keys and its JSON length (null: not frozen data, keyed by content). */
  private readonly frozenHosts = new WeakMap<object, FrozenHost | null>();
  private nextHostRef = 1;

  private frozenHost(host: unknown): FrozenHost | null {
    if (typeof host !== "object" || host === null) return null;
    let known = this.frozenHosts.get(host);
    if (known === undefined) {
      const budget = { left: this.limits.maxInputChars };
      known = frozenData(host, 0) && plainJson(host, 0, budget) ? { ref: this.nextHostRef++, chars: JSON.stringify(host).length } : null;
      this.frozenHosts.set(host, known);
    }
    return known;
  }

  stats(): ClassificationCacheStats {
    return { entries: this.lru.size, chars: this.lru.calculatedSize, hits: this.hits, misses: this.misses, uncached: this.uncached };
  }
}

/** The event with only the keyed fields kept: what a miss classifies. */
export function projectionOf(event: Event, wide: boolean): Event {
  return {
    event_type: wide ? event.event_type : "",
    session_id: "",
    tool_use_id: "",
    tool_name: event.tool_name,
    tool_input: event.tool_input,
    tool_result: null,
    agent: wide ? event.agent : null,
    binding: null,
    env: event.env,
    session: wide ? event.session : null,
    spend_delta: wide ? event.spend_delta : null,
    facts: wide ? event.facts : null,
    host: event.host,
  };
}

/** A frozen host object's number in keys, and what its JSON would weigh against the size bound. */
export interface FrozenHost {
  ref: number;
  chars: number;
}

/**
 * The cache key of an event (null: not cacheable). Exactly the fields `projectionOf` keeps; the host
 * facts by their frozen object's number when `host` is given (0 in its place otherwise, so the two
 * forms never meet).
 */
export function keyOf(event: Event, wide: boolean, generation: number, maxChars: number, wanting = false, host: FrozenHost | null = null): string | null {
  const parts: unknown[] = [(wide ? 1 : 0) + (wanting ? 2 : 0), generation, event.tool_name, event.tool_input, event.env, host?.ref ?? 0, host === null ? event.host : 0];
  if (wide) parts.push(event.event_type, event.agent, event.session, event.spend_delta, event.facts);
  const budget = { left: maxChars - (host?.chars ?? 0) };
  if (!plainJson(parts, 0, budget)) return null;
  const key = JSON.stringify(parts);
  return key.length <= maxChars ? key : null;
}

/**
 * Is `v` frozen all the way down, with data properties only (no getter can answer differently
 * later), arrays and plain objects of primitives? Then what it holds can never change.
 */
function frozenData(v: unknown, depth: number): boolean {
  if (typeof v !== "object" || v === null) return typeof v !== "function";
  if (depth >= MAX_DEPTH || !Object.isFrozen(v)) return false;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return false;
  for (const d of Object.values(Object.getOwnPropertyDescriptors(v))) if (!("value" in d) || !frozenData(d.value, depth + 1)) return false;
  return true;
}

/**
 * Is `v` data that JSON text says exactly — so that `JSON.stringify` is an
 * injective key for it? Strings, finite numbers other than -0, booleans,
 * null, dense arrays and plain objects of such, nested at most MAX_DEPTH,
 * within the character budget (counted as the walk goes, so a huge input
 * stops early). Anything JSON would drop or merge (`undefined`, NaN, -0, a
 * class instance, a `toJSON`, a function, a hole) is not cacheable. An
 * object's keys are taken in order: another order is another key, a miss,
 * never a wrong hit.
 */
function plainJson(v: unknown, depth: number, budget: { left: number }): boolean {
  switch (typeof v) {
    case "string":
      return (budget.left -= v.length + 2) >= 0;
    case "number":
      return Number.isFinite(v) && !Object.is(v, -0) && (budget.left -= 8) >= 0;
    case "boolean":
      return (budget.left -= 5) >= 0;
    case "object":
      break;
    default:
      return false; // undefined, bigint, function, symbol
  }
  if (v === null) return (budget.left -= 4) >= 0;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!(i in v) || !plainJson(v[i], depth + 1, budget)) return false;
    return (budget.left -= v.length + 2) >= 0;
  }
  const proto = Object.getPrototypeOf(v);
  if ((proto !== Object.prototype && proto !== null) || "toJSON" in v) return false;
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    if ((budget.left -= k.length + 4) < 0 || !plainJson((v as Record<string, unknown>)[k], depth + 1, budget)) return false;
  }
  return true;
}
