// Predicates compiled once at bundle load into plain matchers over one field
// value. Multi-valued fields call the matcher per value (any match wins).
import picomatch from "picomatch/posix.js";
import { RE2JS } from "re2js";
import { getPublicSuffix } from "tldts";
import { matchKeyword } from "../hotpath/index.js";
import { inCidr, parseCidr, type Cidr } from "../net/ip.js";
import { TARGET_CLASSES, VERBS } from "../model/classification.js";
import { compileTouchSet } from "../model/touch-set.js";
import type { Matcher } from "./compiled.js";
import type { Predicate } from "./vocabulary.js";

export type PredicateCompilation =
  | { ok: true; match: Matcher }
  | { ok: false; reason: "body_parse_error" | "bad_pattern"; message: string };

export const REGEX_LITE_MAX_BYTES = 1024;

const isString = (v: unknown): v is string => typeof v === "string";
const isInteger = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isScalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

/** Structural JSON equality (objects by key set, arrays by order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ak = Object.keys(a);
  const bo = b as Record<string, unknown>;
  if (ak.length !== Object.keys(bo).length) return false;
  return ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && jsonEqual((a as Record<string, unknown>)[k], bo[k]));
}

const patternError = (pred: string, message: string): PredicateCompilation => ({
  ok: false,
  reason: "bad_pattern",
  message: `${pred}: ${message}`,
});

/** Check a leaf value's shape for its predicate (body_parse_error territory). */
export function checkPredicateValue(pred: Predicate, value: unknown): string | null {
  switch (pred) {
    case "eq":
      return value === undefined ? "a value" : null;
    case "in":
      return Array.isArray(value) ? null : "an array value";
    case "prefix":
    case "suffix":
    case "contains":
    case "glob":
    case "regex_lite":
      return isString(value) ? null : "a string value";
    case "keyword":
      return isString(value) && value.length > 0 ? null : "a non-empty string value";
    case "touch_set":
    case "tld_in":
      return Array.isArray(value) && value.every(isString) ? null : "an array of strings";
    case "cidr":
      return isString(value) || (Array.isArray(value) && value.every(isString)) ? null : "a CIDR string or array of them";
    case "gt":
    case "gte":
    case "lt":
    case "lte":
      return isInteger(value) ? null : "an integer value";
    case "exists":
      return value === undefined || typeof value === "boolean" ? null : "a boolean value or none";
    case "effect_is":
      return checkEffectPattern(value);
  }
}

function checkEffectPattern(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "an object {verb?, target_class?, attrs?}";
  for (const [k, v] of Object.entries(value)) {
    if (k === "verb") {
      if (!(VERBS as readonly unknown[]).includes(v)) return `a known verb (got ${JSON.stringify(v)})`;
    } else if (k === "target_class") {
      if (!(TARGET_CLASSES as readonly unknown[]).includes(v)) return `a known target_class (got ${JSON.stringify(v)})`;
    } else if (k === "attrs") {
      if (typeof v !== "object" || v === null || Array.isArray(v) || !Object.values(v).every(isScalar))
        return "attrs as an object of scalars";
    } else return `only verb, target_class and attrs (got ${JSON.stringify(k)})`;
  }
  return null;
}

function compileRegexLite(pattern: string): PredicateCompilation {
  if (new TextEncoder().encode(pattern).length > REGEX_LITE_MAX_BYTES)
    return patternError("regex_lite", `pattern longer than ${REGEX_LITE_MAX_BYTES} bytes`);
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (error) {
    return patternError("regex_lite", error instanceof Error ? error.message : String(error));
  }
  return { ok: true, match: (v) => isString(v) && re.matcher(v).find() };
}

/** Does this regex_lite pattern compile (what a bundle's load accepts)? */
export const regexLiteCompiles = (pattern: string): boolean => compileRegexLite(pattern).ok;

/**
 * A regex_lite pattern already known to compile, compiled on its first match: a hook process whose event
 * reaches no such leaf never runs re2js's compiler (1–3 ms of CPU there for the default bundle's two).
 */
function deferredRegexLite(pattern: string): PredicateCompilation {
  let re: RE2JS | null = null;
  return { ok: true, match: (v) => isString(v) && (re ??= RE2JS.compile(pattern)).matcher(v).find() };
}

const NO_PATTERNS: ReadonlySet<string> = new Set();

function compileGlob(pattern: string): PredicateCompilation {
  try {
    const re = picomatch.makeRe(pattern, { dot: true });
    return { ok: true, match: (v) => isString(v) && re.test(v) };
  } catch (error) {
    return patternError("glob", error instanceof Error ? error.message : String(error));
  }
}

/** A touch set (src/model/touch-set.ts); a pattern git would give up on is `bad_pattern`. */
function compileTouchSetPredicate(patterns: string[]): PredicateCompilation {
  const compiled = compileTouchSet(patterns);
  if (!compiled.ok) return patternError("touch_set", compiled.message);
  const { touchSet } = compiled;
  // Event paths may carry Windows separators or a leading ./; absolute and
  // `../` paths are in no touch set.
  return { ok: true, match: (v) => isString(v) && touchSet.includes(v.replace(/\\/g, "/").replace(/^\.\//, "")) };
}

function compileCidr(value: string | string[]): PredicateCompilation {
  const blocks: Cidr[] = [];
  for (const text of Array.isArray(value) ? value : [value]) {
    const cidr = parseCidr(text);
    if (cidr === null) return patternError("cidr", `not a CIDR block: ${JSON.stringify(text)}`);
    blocks.push(cidr);
  }
  return { ok: true, match: (v) => isString(v) && blocks.some((b) => inCidr(v, b)) };
}

function compileEffectIs(pattern: Record<string, unknown>): Matcher {
  const attrs = (pattern.attrs ?? {}) as Record<string, unknown>;
  return (v) => {
    if (typeof v !== "object" || v === null) return false;
    const effect = v as { verb?: unknown; target_class?: unknown; attrs?: Record<string, unknown> };
    if (pattern.verb !== undefined && effect.verb !== pattern.verb) return false;
    if (pattern.target_class !== undefined && effect.target_class !== pattern.target_class) return false;
    const have = effect.attrs ?? {};
    return Object.entries(attrs).every(([k, want]) => Object.prototype.hasOwnProperty.call(have, k) && jsonEqual(have[k], want));
  };
}

/**
 * Compile a predicate with a value whose shape `checkPredicateValue` already
 * accepted. `exists` is answered by the tree (it asks about presence, not values).
 * `compiledPatterns`: regex_lite patterns known to compile (a precompiled bundle's,
 * src/bundle/precompiled.ts), compiled on first match instead of here.
 */
export function compilePredicate(pred: Predicate, value: unknown, compiledPatterns: ReadonlySet<string> = NO_PATTERNS): PredicateCompilation {
  switch (pred) {
    case "eq":
      // Scalars compare by identity (the common case, and the hot one); objects structurally.
      if (isScalar(value)) return { ok: true, match: (v) => v === value };
      return { ok: true, match: (v) => jsonEqual(v, value) };
    case "in": {
      const options = value as unknown[];
      if (options.every(isScalar)) {
        const set = new Set(options);
        return { ok: true, match: (v) => isScalar(v) && set.has(v) };
      }
      return { ok: true, match: (v) => options.some((o) => jsonEqual(v, o)) };
    }
    case "prefix": {
      const s = value as string;
      return { ok: true, match: (v) => isString(v) && v.startsWith(s) };
    }
    case "suffix": {
      const s = value as string;
      return { ok: true, match: (v) => isString(v) && v.endsWith(s) };
    }
    case "contains": {
      const s = value as string;
      return { ok: true, match: (v) => isString(v) && v.includes(s) };
    }
    case "keyword": {
      const s = value as string;
      return { ok: true, match: (v) => isString(v) && matchKeyword(v, s) };
    }
    case "glob":
      return compileGlob(value as string);
    case "touch_set":
      return compileTouchSetPredicate(value as string[]);
    case "regex_lite":
      return compiledPatterns.has(value as string) ? deferredRegexLite(value as string) : compileRegexLite(value as string);
    case "gt": {
      const n = value as number;
      return { ok: true, match: (v) => isInteger(v) && v > n };
    }
    case "gte": {
      const n = value as number;
      return { ok: true, match: (v) => isInteger(v) && v >= n };
    }
    case "lt": {
      const n = value as number;
      return { ok: true, match: (v) => isInteger(v) && v < n };
    }
    case "lte": {
      const n = value as number;
      return { ok: true, match: (v) => isInteger(v) && v <= n };
    }
    case "exists":
      return { ok: true, match: () => true };
    case "tld_in": {
      const set = new Set((value as string[]).map((s) => s.toLowerCase().replace(/^\./, "")));
      return {
        ok: true,
        match: (v) => {
          if (!isString(v)) return false;
          const host = v.toLowerCase();
          return set.has(host) || set.has(getPublicSuffix(host) ?? "");
        },
      };
    }
    case "cidr":
      return compileCidr(value as string | string[]);
    case "effect_is":
      return { ok: true, match: compileEffectIs(value as Record<string, unknown>) };
  }
}

