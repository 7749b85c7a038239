// A bundle precompiled at build time: its text, its digest, and the tape of
// the loader's schema-check results (src/model/schema-check.ts). scripts/build.mjs
// makes one for bundles/default.json and embeds it in dist/cli.cjs, so a hook
// process loading the default bundle neither validates it with zod nor hashes
// it with SHA-256 in not-yet-compiled JavaScript (~15–20 ms of a cold process).
// Nothing here is read from a file at run time: the form lives in the same
// build output as the loader that replays it, so it cannot be stale or
// corrupt; and it is used only for input equal to its text.
import { BundleLoadError, loadBundle, type LoadedBundle, type PrecompiledBundle } from "./load.js";
import { recordingCheck, type TapeEntry } from "../model/schema-check.js";
import { regexLiteCompiles } from "../evaluate/predicates.js";

/** Every `{pred: "regex_lite", value}` string in the bundle's JSON that compiles (a pattern that does not stays eager, and fails the load as before). */
function compilingPatterns(value: unknown, out: Set<string>): Set<string> {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (Array.isArray(v)) stack.push(...v);
    else {
      const o = v as Record<string, unknown>;
      if (o.pred === "regex_lite" && typeof o.value === "string" && regexLiteCompiles(o.value)) out.add(o.value);
      stack.push(...Object.values(o));
    }
  }
  return out;
}

/**
 * Load `text` (throws BundleLoadError as `loadBundle` does) and keep what a
 * later load of the same text can read back. A bundle that `extends` others
 * is refused: what it loads to depends on files the text does not hold.
 */
export function precompileBundle(text: string): { precompiled: PrecompiledBundle; loaded: LoadedBundle } {
  const tape: TapeEntry[] = [];
  const loaded = loadBundle(text, { check: recordingCheck(tape) });
  if (loaded.sources.length !== 1) throw new BundleLoadError("a bundle that extends others cannot be precompiled");
  const patterns = [...compilingPatterns(JSON.parse(text), new Set())];
  return { precompiled: { text, digest: loaded.digest, tape: JSON.stringify(tape), patterns }, loaded };
}
