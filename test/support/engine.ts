// Test helpers: engines over inline bundles, with hand-built classifications
// where a test wants to pin the classifier's output.
import { Engine } from "../../src/engine.js";
import { emptyClassification, type Classification } from "../../src/model/classification.js";
import { readGrammarFiles } from "../../src/node/grammar.js";
import type { Event } from "../../src/model/event.js";

let grammar: ReturnType<typeof readGrammarFiles> | null = null;
export function grammarBytes() {
  return (grammar ??= readGrammarFiles());
}

export function bundleOf(artifacts: unknown[], extra: Record<string, unknown> = {}) {
  return { schema_version: "2.0", bundle_id: "test", artifacts, ...extra };
}

/** An engine whose classifier answers `classification` (or nothing) for every event. */
export function engineWithClassification(
  bundle: unknown,
  classification: Partial<Classification> | ((e: Event) => Partial<Classification>) = {},
  options: { implementation?: "wasm" | "twin"; prefilter?: boolean } = {},
): Promise<Engine> {
  const classify = (e: Event): Classification => ({
    ...emptyClassification(),
    ...(typeof classification === "function" ? classification(e) : structuredClone(classification)),
  });
  return Engine.load({ bundle, classify, ...options });
}

/** An engine with the real classifier. */
export function realEngine(bundle: unknown, options: { implementation?: "wasm" | "twin"; prefilter?: boolean } = {}): Promise<Engine> {
  return Engine.load({ bundle, grammar: grammarBytes(), ...options });
}

export const t1 = (id: string, when: unknown, verdict = "deny", extra: Record<string, unknown> = {}) => ({
  kind: "t1_predicate_tree",
  artifact_id: id,
  atom_id: `atom.${id}`,
  policy_public_id: `pol.${id}`,
  dimension: "security",
  ...extra,
  body: { when, verdict, reason: `${id} fired`, ...((extra.body as object) ?? {}) },
});

export const leaf = (field: string, pred: string, value?: unknown) => (value === undefined ? { field, pred } : { field, pred, value });

export const preToolUse = (tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}) => ({
  event_type: "pre_tool_use",
  session_id: "s1",
  tool_use_id: "t1",
  tool_name,
  tool_input,
  ...extra,
});
