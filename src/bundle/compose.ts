// Composition (SPEC §4): `extends` loads other bundles first — in order,
// recursively, cycles refused — and `overrides` changes what they define. The
// result is one plain bundle (no `extends`, no `overrides`) that loads the same
// way anywhere; the digest is taken over it.
//
// Pure: bundles named in `extends` are fetched through a resolver the caller
// passes (Node reads files relative to the extending bundle; the browser knows
// only `gatehouse:default`). A bundle without `extends` and `overrides`
// resolves to itself, unchanged.
import { canonicalJson } from "./canonical.js";
import { located, type Where } from "./detail.js";
import { applyOverrides, artifactIdOf, type Placed } from "./overrides.js";
import type { SkippedItem } from "./skip.js";
import { BundleLoadError, parseTopLevel } from "./top-level.js";
import { TOP_LEVEL_KEYS } from "./schema.js";
import type { BundleWarning } from "./warning.js";
import { zodCheck, type SchemaCheck } from "../model/schema-check.js";

/** The embedded default bundle's name in `extends`. */
export const DEFAULT_BUNDLE_REF = "gatehouse:default";

/** Deepest chain of `extends` followed. */
export const MAX_EXTENDS_DEPTH = 16;

/** A bundle a resolver found: its JSON (object or text), a name to show, and an identity for cycle checks. */
export interface BaseBundle {
  value: unknown;
  /** How messages name it: `gatehouse:default`, `policies/base.json`. */
  source: string;
  /** Same bundle ⇔ same key (an absolute path; `gatehouse:default`). */
  key: string;
}

/**
 * Finds a bundle named in `extends`. `fromKey` is the key of the bundle that
 * names it (null for the bundle being loaded, when it has no file). Throws
 * (preferably a BundleLoadError) when it cannot.
 */
export type BaseResolver = (ref: string, fromKey: string | null) => BaseBundle;

/** Where each resolved artifact / effect-class entry was written. */
export interface Origin {
  source: string | null;
  index: number;
}

export interface Composition {
  /** The resolved bundle: a plain bundle object. */
  bundle: Record<string, unknown>;
  artifactOrigins: Origin[];
  entryOrigins: Origin[];
  warnings: BundleWarning[];
  /** Malformed `overrides` entries. */
  skipped: SkippedItem[];
  /** Every bundle composed, bases first, the bundle itself last (its source, or null). */
  sources: (string | null)[];
}

export interface ComposeOptions {
  resolveBase?: BaseResolver | null;
  /** The bundle's own identity (its file), so a base naming it back is a cycle, and relative paths resolve. */
  key?: string | null;
  /** How schemas are checked (zod's safeParse; a precompiled bundle replays recorded results: src/bundle/precompiled.ts). */
  check?: SchemaCheck;
}



interface Resolved {
  raw: Record<string, unknown>;
  enforcement_enabled: boolean;
  on_unknown: unknown;
  facts: { id: string; type: string }[];
  entries: Placed[];
  artifacts: Placed[];
}

function refsOf(value: unknown): string[] {
  if (value === undefined) return [];
  return typeof value === "string" ? [value] : (value as string[]);
}

const sameSpot = (a: Placed, b: Placed) => a.key === b.key && a.index === b.index;

/** Effect-class entries clash when they name the same tool glob with the same selectors. */
function entryKey(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  return typeof v.tool === "string" ? canonicalJson([v.tool, v.selectors ?? []]) : null;
}

class Composer {
  readonly warnings: BundleWarning[] = [];
  readonly skipped: SkippedItem[] = [];
  readonly sources: (string | null)[] = [];

  constructor(
    private readonly resolveBase: BaseResolver | null,
    private readonly check: SchemaCheck,
  ) {}

  resolve(input: unknown, source: string | null, key: string | null, chain: string[]): Resolved {
    const { top, raw } = parseTopLevel(input, source, this.check);
    const here: Where = { source, path: [] };
    if (source !== null) {
      for (const k of Object.keys(raw))
        if (!TOP_LEVEL_KEYS.includes(k)) this.warnings.push({ code: "unknown_top_level_key", detail: located({ source, path: [k] }, "unknown top-level key ignored") });
    }
    const own: Resolved = {
      raw,
      enforcement_enabled: top.enforcement_enabled,
      on_unknown: top.on_unknown,
      facts: top.facts,
      entries: top.effect_classes.entries.map((value, index) => ({ value, source, key, index })),
      artifacts: top.artifacts.map((value, index) => ({ value, source, key, index })),
    };
    const refs = refsOf(top.extends);
    if (refs.length === 0 && top.overrides === undefined) {
      this.sources.push(source);
      return own;
    }
    if (chain.length > MAX_EXTENDS_DEPTH) throw new BundleLoadError(`${source ?? "bundle"}: extends nests deeper than ${MAX_EXTENDS_DEPTH} bundles`);

    const bases: Resolved[] = refs.map((ref, i) => {
      const where = `${source === null ? "" : `${source}: `}extends[${i}] ${JSON.stringify(ref)}`;
      if (this.resolveBase === null)
        throw new BundleLoadError(`${where}: this loader cannot fetch other bundles (pass a resolver: loadEngine in Node, loadBrowserEngine in a browser)`);
      let base: BaseBundle;
      try {
        base = this.resolveBase(ref, key);
      } catch (error) {
        throw new BundleLoadError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (base.key === key || chain.includes(base.key))
        throw new BundleLoadError(`extends cycle: ${[...chain.map((k) => k), base.key].join(" → ")}`);
      return this.resolve(base.value, base.source, base.key, [...chain, base.key]);
    });

    const inherited = this.merge(bases);
    const ownIds = new Set(own.artifacts.flatMap((a) => artifactIdOf(a.value) ?? []));
    const overridden = applyOverrides(inherited.artifacts, top.overrides ?? {}, here, ownIds);
    this.warnings.push(...overridden.warnings);
    this.skipped.push(...overridden.skipped);
    const merged = this.merge([{ ...inherited, artifacts: overridden.artifacts }, own]);
    // Scalars: this bundle's when it sets them, else the last base's.
    const last = bases[bases.length - 1];
    merged.enforcement_enabled = "enforcement_enabled" in raw ? top.enforcement_enabled : (last?.enforcement_enabled ?? true);
    merged.on_unknown = "on_unknown" in raw ? top.on_unknown : (last?.on_unknown ?? "ask");
    merged.raw = raw;
    this.sources.push(source);
    return merged;
  }

  /** Later parts win on a clash of facts and effect-class entries; artifacts append (one spot included once). */
  private merge(parts: Resolved[]): Resolved {
    const facts = new Map<string, { id: string; type: string }>();
    const entries: Placed[] = [];
    const entryAt = new Map<string, number>();
    const artifacts: Placed[] = [];
    const seen = new Map<string, Placed>();
    for (const part of parts) {
      for (const f of part.facts) facts.set(f.id, f);
      for (const e of part.entries) {
        const k = entryKey(e.value);
        const i = k === null ? undefined : entryAt.get(k);
        if (i !== undefined) entries[i] = e;
        else {
          if (k !== null) entryAt.set(k, entries.length);
          entries.push(e);
        }
      }
      for (const a of part.artifacts) {
        // A base reached twice (a diamond) contributes its artifacts once; any other repeat stays,
        // and the loader skips it as a repeated id.
        const id = artifactIdOf(a.value);
        const earlier = id === null ? undefined : seen.get(id);
        if (earlier !== undefined && sameSpot(earlier, a) && canonicalJson(earlier.value) === canonicalJson(a.value)) continue;
        if (id !== null && earlier === undefined) seen.set(id, a);
        artifacts.push(a);
      }
    }
    const first = parts[0]!;
    return { raw: first.raw, enforcement_enabled: first.enforcement_enabled, on_unknown: first.on_unknown, facts: [...facts.values()], entries, artifacts };
  }
}

/**
 * Resolve `input` (a bundle object or JSON text). Throws BundleLoadError when
 * it or a bundle it extends cannot load as a whole, or `extends` cycles.
 */
export function composeBundle(input: unknown, options: ComposeOptions = {}): Composition {
  const composer = new Composer(options.resolveBase ?? null, options.check ?? zodCheck);
  const key = options.key ?? null;
  const resolved = composer.resolve(input, null, key, key === null ? [] : [key]);
  const { raw } = resolved;
  const composed = raw.extends !== undefined || raw.overrides !== undefined;
  let bundle: Record<string, unknown> = raw;
  if (composed) {
    const { extends: _e, overrides: _o, ...rest } = raw;
    bundle = {
      schema_version: raw.schema_version,
      bundle_id: raw.bundle_id ?? "",
      enforcement_enabled: resolved.enforcement_enabled,
      on_unknown: resolved.on_unknown,
      facts: resolved.facts,
      effect_classes: { entries: resolved.entries.map((e) => e.value) },
      artifacts: resolved.artifacts.map((a) => a.value),
      ...Object.fromEntries(Object.entries(rest).filter(([k]) => !TOP_LEVEL_KEYS.includes(k))),
    };
  }
  return {
    bundle,
    artifactOrigins: resolved.artifacts.map((a) => ({ source: a.source, index: a.index })),
    entryOrigins: resolved.entries.map((e) => ({ source: e.source, index: e.index })),
    warnings: composer.warnings,
    skipped: composer.skipped,
    sources: composer.sources,
  };
}
