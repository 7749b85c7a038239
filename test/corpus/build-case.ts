// From a spec (test/corpus/spec.ts) to its JSONL line: evaluate it, check
// exactly what the spec states (and nothing else), then record the whole
// envelope as the fixture that WASM-vs-twin and the browser compare against.
// Shared by scripts/corpus-build.ts (writes, or --check) and corpus.test.ts.
import { join } from "node:path";
import { Engine } from "../../src/engine.js";
import { canonicalJson } from "../../src/bundle/canonical.js";
import { jsonEqual } from "../../src/evaluate/predicates.js";
import { readGrammarFiles } from "../../src/node/grammar.js";
import { fileBaseResolver, readBundleFile } from "../../src/node/bundle-file.js";
import { skipIdentity } from "../../src/corpus/compare.js";
import { packageRoot } from "../../src/node/package-root.js";
import type { CaseSpec } from "./spec.js";

export const DEFAULT_NOW_MS = 1_767_225_600_000;

/** Engines per bundle (canonical JSON), for one implementation of the hot path. */
export function engineCache(implementation: "wasm" | "twin" = "wasm"): (bundle: unknown) => Promise<Engine> {
  const root = packageRoot();
  const grammar = readGrammarFiles();
  const engines = new Map<string, Promise<Engine>>();
  return (bundle) => {
    const resolved = typeof bundle === "string" ? readBundleFile(join(root, bundle)) : bundle;
    const key = canonicalJson(resolved);
    if (!engines.has(key)) engines.set(key, Engine.load({ bundle: resolved, grammar, implementation, resolveBase: fileBaseResolver(root) }));
    return engines.get(key)!;
  };
}

/** The spec's inputs as the JSONL line carries them. */
export function caseInputs(spec: CaseSpec) {
  return { name: spec.name, bundle: spec.bundle, event: spec.event, now_ms: spec.now_ms ?? DEFAULT_NOW_MS, state_in: spec.state_in ?? null };
}

/**
 * Evaluate `spec` and throw, naming the field, when anything it states does not
 * hold; return the case's JSONL line (inputs + the whole envelope).
 */
export async function buildCaseLine(spec: CaseSpec, engineFor: (bundle: unknown) => Promise<Engine>): Promise<string> {
  const base = caseInputs(spec);
  if (spec.expect_error !== undefined) {
    let got = "an envelope";
    try {
      (await engineFor(spec.bundle)).evaluate(spec.event, base.state_in, base.now_ms);
    } catch (error) {
      got = error instanceof Error ? error.name : String(error);
    }
    if (got !== spec.expect_error) throw new Error(`${spec.name}: expected error ${spec.expect_error}, got ${got}`);
    return JSON.stringify({ ...base, expected: { error: spec.expect_error } });
  }
  const engine = await engineFor(spec.bundle);
  const envelope = engine.evaluate(spec.event, base.state_in, base.now_ms);
  const d = envelope.decision as unknown as Record<string, unknown>;
  for (const [key, want] of Object.entries(spec.expect ?? {})) {
    const have = key === "unknown" ? (d.unknown as { shape: number }[]).map((u) => u.shape) : d[key];
    if (!jsonEqual(have, want)) throw new Error(`${spec.name}: decision.${key} expected ${JSON.stringify(want)}, got ${JSON.stringify(have)} (reason: ${d.reason})`);
  }
  if (spec.expect_state !== undefined && !jsonEqual(envelope.state, spec.expect_state))
    throw new Error(`${spec.name}: state_out expected ${JSON.stringify(spec.expect_state)}, got ${JSON.stringify(envelope.state)}`);
  // Skipped items are written and compared without their prose `detail` (src/corpus/compare.ts).
  const skipped = skipIdentity(engine.skipped);
  if (spec.expect_skipped !== undefined && !jsonEqual(skipped, spec.expect_skipped))
    throw new Error(`${spec.name}: skipped expected ${JSON.stringify(spec.expect_skipped)}, got ${JSON.stringify(skipped)}`);
  const expected: Record<string, unknown> = { decision: envelope.decision, state_out: envelope.state };
  if (spec.expect_skipped !== undefined) expected.skipped = skipped;
  return JSON.stringify({ ...base, expected });
}
