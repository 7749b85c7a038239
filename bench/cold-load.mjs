// One cold start, measured in a fresh process (run by bench/run.mjs, once per
// bundle × implementation × run): import of dist/index.js, then the first
// loadEngine (shell grammar read from node_modules + Engine.load: bundle parse
// and compilation, automaton build, WASM and tree-sitter instantiation), then a
// second loadEngine in the same process (what a daemon pays to reload a bundle),
// then the first evaluate (JIT still cold).
// Usage: node bench/cold-load.mjs <default|generated> <wasm|twin> [atoms] [seed]
// Prints one JSON line.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateBundle } from "./gen-bundle.mjs";
import { buildEventSet } from "./events.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [which = "default", implementation = "wasm", atoms = "2000", seed = "1337"] = process.argv.slice(2);

// The bundle is handed over as JSON text in both cases, so parsing is inside the load.
const bundleText =
  which === "default" ? readFileSync(join(root, "bundles/default.json"), "utf8") : JSON.stringify(generateBundle({ atoms: Number(atoms), seed: Number(seed) }));
const { events } = buildEventSet({});
const event = events.find((e) => e.label === "rm -rf build").event;

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
let t = process.hrtime.bigint();
const lib = await import(join(root, "dist/index.js"));
const importMs = ms(t);

t = process.hrtime.bigint();
const engine = await lib.loadEngine({ bundle: bundleText, implementation });
const firstLoadMs = ms(t);

t = process.hrtime.bigint();
await lib.loadEngine({ bundle: bundleText, implementation });
const secondLoadMs = ms(t);

t = process.hrtime.bigint();
engine.evaluate(event, null, 1_700_000_000_000);
const firstEvaluateMs = ms(t);

process.stdout.write(
  JSON.stringify({ which, implementation, import_ms: importMs, first_load_ms: firstLoadMs, second_load_ms: secondLoadMs, first_evaluate_ms: firstEvaluateMs, skipped: engine.skipped.length }) + "\n",
);
