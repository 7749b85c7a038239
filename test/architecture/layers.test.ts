// The layers import one way (COMMON: src/model ← classify ← evaluate ← bundle
// ← engine ← node/cli/adapters/daemon/…): a file may import its own layer and
// the ones below it, never one above, and nothing up to the engine imports a
// `node:` module or a Node-only package (the engine runs in a browser too).
// Read from the source text, so a new file is checked the day it is added.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const src = join(root, "src");

/** Layer of a file under src/ (its path relative to src/, POSIX separators). */
function layerOf(file: string): number {
  // The session state's wire type and its layout are leaves (zod only) that the
  // envelope and the Tier 2 VMs read; the stores beside them are above the engine.
  if (file === "state/session.ts" || file === "state/layout.ts") return LAYER.model;
  const top = file.includes("/") ? file.slice(0, file.indexOf("/")) : file.replace(/\.ts$/, "");
  return LAYER_OF_TOP[top] ?? LAYER.edge;
}

const LAYER = { model: 0, classify: 1, evaluate: 2, bundle: 3, engine: 4, edge: 5 } as const;
const NAMES = Object.fromEntries(Object.entries(LAYER).map(([k, v]) => [v, k]));
const LAYER_OF_TOP: Record<string, number> = {
  model: LAYER.model,
  net: LAYER.model, // IP address arithmetic: pure, no imports
  "picomatch.d": LAYER.model,
  version: LAYER.model,
  classify: LAYER.classify,
  hotpath: LAYER.classify, // the WASM scan and its twin, below evaluate
  evaluate: LAYER.evaluate,
  bundle: LAYER.bundle, // compiles trees with evaluate's predicates
  engine: LAYER.engine,
  "engine-options": LAYER.engine,
  "classification-cache": LAYER.engine,
  grammars: LAYER.engine,
  "memory-bound": LAYER.engine,
};

/**
 * The one sanctioned exception: evaluate reads the loaded bundle's *types*
 * (LoadedArtifact, CompiledNode, FieldRef…) declared where the loader builds
 * them. Type-only imports vanish at build time, so no code runs upward.
 */
const typeOnlyAllowed = (from: number, to: number) => from === LAYER.evaluate && to === LAYER.bundle;

/** Packages only Node has: never below the edge. */
const NODE_ONLY_PACKAGES = new Set(["ioredis", "jsonc-parser", "shell-quote", "tree-sitter-bash"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** Every static import/export-from and dynamic import() of a TypeScript file. */
function importsOf(text: string): Import[] {
  const found: Import[] = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const m of code.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*"([^"]+)"/gms)) {
    const clause = m[3]!;
    const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
    const allTypes = named !== null && named[1]!.split(",").map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith("type "));
    found.push({ specifier: m[4]!, typeOnly: m[2] !== undefined || allTypes });
  }
  for (const m of code.matchAll(/^\s*import\s+"([^"]+)"/gm)) found.push({ specifier: m[1]!, typeOnly: false });
  for (const m of code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) found.push({ specifier: m[1]!, typeOnly: false });
  return found;
}

describe("layering", () => {
  const files = sourceFiles(src).map((path) => ({ path, rel: relative(src, path).split("\\").join("/") }));

  it("reads imports of every form", () => {
    const text = [
      'import { a } from "./a.js";',
      'import type { B } from "./b.js";',
      'import { type C, type D } from "./c.js";',
      'import { type E, f } from "./e.js";',
      'export { g } from "./g.js";',
      "import {\n  h,\n  i,\n} from \"./h.js\";",
      'const j = await import("./j.js");',
      '// import { k } from "./k.js";',
    ].join("\n");
    expect(importsOf(text)).toEqual([
      { specifier: "./a.js", typeOnly: false },
      { specifier: "./b.js", typeOnly: true },
      { specifier: "./c.js", typeOnly: true },
      { specifier: "./e.js", typeOnly: false },
      { specifier: "./g.js", typeOnly: false },
      { specifier: "./h.js", typeOnly: false },
      { specifier: "./j.js", typeOnly: false },
    ]);
  });

  it("no file imports a layer above its own", () => {
    const violations: string[] = [];
    for (const { path, rel } of files) {
      const from = layerOf(rel);
      for (const { specifier, typeOnly } of importsOf(readFileSync(path, "utf8"))) {
        if (!specifier.startsWith(".")) continue;
        const target = relative(src, resolve(dirname(path), specifier)).split("\\").join("/").replace(/\.js$/, ".ts");
        // Data and scripts outside src/ (the default bundle's JSON) are the edge's to import.
        if (target.startsWith("..")) {
          if (from < LAYER.edge) violations.push(`${rel} imports ${specifier}, outside src/`);
          continue;
        }
        const to = layerOf(target);
        if (to > from && !(typeOnly && typeOnlyAllowed(from, to))) violations.push(`${rel} (${NAMES[from]}) imports ${target} (${NAMES[to]})${typeOnly ? " (types)" : ""}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("nothing up to the engine imports node: modules or Node-only packages", () => {
    const violations: string[] = [];
    for (const { path, rel } of files) {
      if (layerOf(rel) > LAYER.engine) continue;
      for (const { specifier } of importsOf(readFileSync(path, "utf8"))) {
        const pkg = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
        if (specifier.startsWith("node:") || NODE_ONLY_PACKAGES.has(pkg)) violations.push(`${rel} imports ${specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("knows every top-level part of src/ (a new one is placed on purpose)", () => {
    const tops = new Set(files.map(({ rel }) => (rel.includes("/") ? rel.slice(0, rel.indexOf("/")) : rel.replace(/\.ts$/, ""))));
    const edge = ["adapters", "cli", "corpus", "daemon", "guard", "install", "ledger", "node", "redact", "shell-words", "state", "wasm.d", "web"];
    const unplaced = [...tops].filter((t) => LAYER_OF_TOP[t] === undefined && !edge.includes(t));
    expect(unplaced).toEqual([]);
  });
});
