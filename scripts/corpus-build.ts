// Build test/corpus/*.jsonl from test/corpus/specs/*.ts (see test/corpus/spec.ts).
// Usage: scripts/run-ts.sh scripts/corpus-build.ts [--check]
//   --check  rebuild in memory and fail if any committed .jsonl differs.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Engine } from "../src/engine.js";
import { canonicalJson } from "../src/bundle/canonical.js";
import { jsonEqual } from "../src/evaluate/predicates.js";
import { readGrammarFiles } from "../src/node/grammar.js";
import { fileBaseResolver, readBundleFile } from "../src/node/bundle-file.js";
import { skipIdentity } from "../src/corpus/compare.js";
import { packageRoot } from "../src/node/package-root.js";
import type { CaseSpec } from "../test/corpus/spec.js";
import { SPEC_FILES } from "../test/corpus/specs/index.js";

const root = packageRoot();
const grammar = readGrammarFiles();
const engines = new Map<string, Promise<Engine>>();
const engineFor = (bundle: unknown) => {
  const resolved = typeof bundle === "string" ? readBundleFile(join(root, bundle)) : bundle;
  const key = canonicalJson(resolved);
  if (!engines.has(key)) engines.set(key, Engine.load({ bundle: resolved, grammar, resolveBase: fileBaseResolver(root) }));
  return engines.get(key)!;
};

async function build(spec: CaseSpec): Promise<string> {
  const now_ms = spec.now_ms ?? 1_767_225_600_000;
  const state_in = spec.state_in ?? null;
  const base = { name: spec.name, bundle: spec.bundle, event: spec.event, now_ms, state_in };
  if (spec.expect_error !== undefined) {
    let got = "an envelope";
    try {
      (await engineFor(spec.bundle)).evaluate(spec.event, state_in, now_ms);
    } catch (error) {
      got = error instanceof Error ? error.name : String(error);
    }
    if (got !== spec.expect_error) throw new Error(`${spec.name}: expected error ${spec.expect_error}, got ${got}`);
    return JSON.stringify({ ...base, expected: { error: spec.expect_error } });
  }
  const engine = await engineFor(spec.bundle);
  const envelope = engine.evaluate(spec.event, state_in, now_ms);
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

const check = process.argv.includes("--check");
let failures = 0;
let total = 0;
for (const [file, specs] of Object.entries(SPEC_FILES)) {
  const names = new Set<string>();
  const lines: string[] = [];
  for (const spec of specs) {
    if (names.has(spec.name)) throw new Error(`${file}: duplicate case name ${spec.name}`);
    names.add(spec.name);
    try {
      lines.push(await build(spec));
    } catch (error) {
      failures++;
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  total += specs.length;
  const path = join(root, "test/corpus", `${file}.jsonl`);
  const text = lines.join("\n") + "\n";
  if (check) {
    let old = "";
    try {
      old = readFileSync(path, "utf8");
    } catch {}
    if (old !== text) {
      failures++;
      process.stderr.write(`${path} is out of date: run scripts/run-ts.sh scripts/corpus-build.ts\n`);
    }
  } else if (failures === 0) writeFileSync(path, text);
}
const stale = readdirSync(join(root, "test/corpus")).filter((f) => f.endsWith(".jsonl") && !(f.replace(/\.jsonl$/, "") in SPEC_FILES));
if (stale.length > 0) process.stderr.write(`note: .jsonl without a spec file: ${stale.join(", ")}\n`);
process.stderr.write(`${total} case specs, ${failures} failure(s)\n`);
process.exit(failures > 0 ? 1 : 0);
