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
// ones the classifier reads (tool name, tool input, env), and for an MCP tool
// also what the bundle's effect-class selectors may name (event type, agent,
// session, spend, facts). The bundle is fixed per engine (a cache lives and
// dies with its engine), and the inline-code grammars loaded so far are part
// of the key (a grammar loaded later changes what inline code classifies to).
// Stored classifications are deep-frozen: a caller that mutates one throws
// instead of poisoning the entries every later hit returns.
import { LRUCache } from "lru-cache";
import * as z from "zod";
import { isMcpTool } from "./classify/index.js";
import type { Classification } from "./model/classification.js";
import type { Event } from "./model/event.js";

export interface ClassificationCacheOptions {
  /** Entries at most (default 4,096). */
  entries?: number;
  /** An event whose keyed fields serialise to more characters than this is classified every time, never stored (default 16,384). */
  maxInputChars?: number;
  /** All entries together (key + classification as JSON, in characters) at most (default 32 MiB). */
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

/** Deepest nesting the key serialiser walks; deeper input is simply not cached. */
const MAX_DEPTH = 64;

export class ClassificationCache {
  readonly limits: Required<ClassificationCacheOptions>;
  private readonly lru: LRUCache<string, Classification>;
  private hits = 0;
  private misses = 0;
  private uncached = 0;

  constructor(options: ClassificationCacheOptions = {}) {
    const limits = { ...CLASSIFICATION_CACHE_DEFAULTS, ...options };
    for (const [name, value] of Object.entries(limits))
      if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`classification cache: ${name} must be a positive integer, got ${value}`);
    this.limits = limits;
    this.lru = new LRUCache<string, Classification>({ max: limits.entries, maxSize: limits.maxChars });
  }

  /**
   * The classification of `event`: stored, or computed by `classify` from the
   * event's projection (and stored when it fits). `generation` names the
   * classifier's mutable context (inline grammars loaded so far).
   */
  classify(event: Event, generation: number, classify: (projected: Event) => Classification): Classification {
    const wide = isMcpTool(event.tool_name);
    const key = keyOf(event, wide, generation, this.limits.maxInputChars);
    if (key === null) {
      this.uncached++;
      return classify(projectionOf(event, wide));
    }
    const stored = this.lru.get(key);
    if (stored !== undefined) {
      this.hits++;
      return stored;
    }
    this.misses++;
    // A copy through JSON: nothing shared with the event (a `command` array, say), and its size for the bound.
    // Frozen whether or not it is stored, so a hit and a miss behave alike for the caller.
    const json = JSON.stringify(classify(projectionOf(event, wide)));
    const value = deepFreeze(JSON.parse(json) as Classification);
    if (key.length + json.length <= this.limits.maxChars) this.lru.set(key, value, { size: key.length + json.length });
    return value;
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
  };
}

/** The cache key of an event (null: not cacheable). Exactly the fields `projectionOf` keeps. */
export function keyOf(event: Event, wide: boolean, generation: number, maxChars: number): string | null {
  const parts: unknown[] = [event.tool_name, event.tool_input, event.env];
  if (wide) parts.push(event.event_type, event.agent, event.session, event.spend_delta, event.facts);
  const out = new KeyWriter(maxChars);
  out.text(`${wide ? "w" : "n"}${generation}:`);
  return out.value(parts, 0) ? out.result : null;
}

/**
 * An injective text for plain JSON-like data (what the daemon parses): strings
 * quoted, numbers exact (-0, NaN and ±Infinity distinct from null and 0),
 * `undefined` distinct from absent, objects by own enumerable keys in order
 * (another order is another key: a miss, never a wrong hit). Anything else —
 * a class instance, a function, a symbol, a sparse array, nesting past
 * MAX_DEPTH, more than the character budget — is not cacheable.
 */
class KeyWriter {
  result = "";
  constructor(private readonly budget: number) {}

  text(s: string): boolean {
    this.result += s;
    return this.result.length <= this.budget;
  }

  value(v: unknown, depth: number): boolean {
    switch (typeof v) {
      case "string":
        return this.text(JSON.stringify(v));
      case "number":
        return this.text(Object.is(v, -0) ? "-0" : String(v));
      case "boolean":
        return this.text(v ? "t" : "f");
      case "undefined":
        return this.text("u");
      case "bigint":
        return this.text(`${v}n`);
      case "object":
        break;
      default:
        return false; // function, symbol
    }
    if (v === null) return this.text("z");
    if (depth >= MAX_DEPTH) return false;
    if (Array.isArray(v)) {
      if (!this.text("[")) return false;
      for (let i = 0; i < v.length; i++) {
        if (!(i in v)) return false;
        if ((i > 0 && !this.text(",")) || !this.value(v[i], depth + 1)) return false;
      }
      return this.text("]");
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false;
    if (!this.text("{")) return false;
    let first = true;
    for (const k of Object.keys(v)) {
      if ((!first && !this.text(",")) || !this.text(JSON.stringify(k)) || !this.text(":")) return false;
      first = false;
      if (!this.value((v as Record<string, unknown>)[k], depth + 1)) return false;
    }
    return this.text("}");
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
