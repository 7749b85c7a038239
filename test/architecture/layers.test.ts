// The layers of src/, enforced: the one rank table (docs/layers.md shows the
// same table; a test below holds them equal), read with the TypeScript parser
// (import-graph.ts) and checked by layers.ts — and the checker itself tested on
// planted trees, so a rule that stopped firing would fail here.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cycleThrough, importsOf } from "./import-graph.js";
import { checkLayers, type LayerRules, type Unit } from "./layers.js";
import { scratchDir } from "../support/scratch.js";

const root = join(import.meta.dirname, "../..");
const src = join(root, "src");

const u = (rank: number, platform: Unit["platform"], what: string): Unit => ({ rank, platform, what });

/**
 * Every unit of src/ (a folder, or a file at its root), lowest first. A unit
 * imports only units of a lower rank; units of one rank are siblings and
 * import neither each other. `pure` units are the engine (no I/O, run in a
 * browser too), `browser` the page, `node` the Node edges.
 */
export const RANKS: Record<string, Unit> = {
  model: u(0, "pure", "wire types (zod) and shared constants: event, decision, classification, trace, session state, exit codes"),
  net: u(0, "pure", "IP address arithmetic"),
  "version.ts": u(0, "pure", "engine version and bundle capability"),
  "picomatch.d.ts": u(0, "pure", "ambient types for picomatch/posix.js"),
  "wasm.d.ts": u(0, "pure", "ambient types for .wasm imports"),
  classify: u(1, "pure", "what an event's action would do: shell analysis, effects, paths, URLs, inline code"),
  hotpath: u(1, "pure", "the WASM scan (haystack, keyword automaton) and its TypeScript twin"),
  render: u(1, "pure", "decisions and traces as text for people"),
  redact: u(1, "pure", "secret-looking values found and replaced"),
  files: u(1, "node", "durable writes (atomic replace, fsynced append) and the cross-process file lock"),
  "shell-words.ts": u(1, "node", "shell command lines split and quoted"),
  evaluate: u(2, "pure", "trees, fields, predicates, Tier 2 VMs, exceptions, the join, the trace; the compiled form of a bundle"),
  bundle: u(3, "pure", "bundle loading: composition, the two-stage parse, tree compilation, lint"),
  "classification-cache.ts": u(4, "pure", "classifications of events seen before, kept for the daemon"),
  "grammars.ts": u(4, "pure", "which grammar files the engine needs"),
  "memory-bound.ts": u(4, "pure", "the per-event WASM memory bound, summed"),
  "engine-options.ts": u(5, "pure", "what a host hands Engine.load"),
  "engine.ts": u(6, "pure", "the Engine: load once, evaluate an event (collect, join, trace)"),
  state: u(7, "pure", "session stores: the store interface, the in-memory store, the record format"),
  corpus: u(7, "pure", "conformance corpus cases: schema, run, compare"),
  guard: u(7, "node", "the touch-set write guard (seed 004): spec, judge, records, sweep"),
  install: u(7, "node", "agents' settings files: plan, edit in place, inspect, self-test"),
  ledger: u(7, "node", "the hash-chained decision ledger: append, verify, replay"),
  adapters: u(8, "pure", "agents' hook protocols: payload in, answer out"),
  node: u(9, "node", "the engine in Node: grammar and bundle files, state dir, Redis, hook forwarding, the library entries"),
  daemon: u(10, "node", "gatehouse serve: the loopback HTTP service"),
  web: u(10, "browser", "the browser page and its engine entry"),
  cli: u(11, "node", "the gatehouse command"),
};

/** What the engine may import: none of them needs Node (the page bundles them all). */
const PURE_PACKAGES = ["@assemblyscript/loader", "@noble/hashes", "ignore", "lru-cache", "picomatch", "re2js", "tldts", "web-tree-sitter", "zod"];
/** The page also edits JSON text in place. */
const BROWSER_PACKAGES = ["jsonc-parser"];

/**
 * Folders inside a unit that import neither each other. The shell walker and the effect table meet only
 * through what lies below both: the analysis they hand over (classify/shell-analysis.ts) and the program
 * registry interface (classify/programs/known.ts), whose implementation the engine hands the walker.
 */
export const APART: NonNullable<LayerRules["apart"]> = [
  { a: "classify/shell", b: "classify/effects", why: "they meet through classify/shell-analysis.ts and classify/programs/known.ts, injected by the engine" },
];

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
const RULES: LayerRules = { units: RANKS, purePackages: PURE_PACKAGES, browserPackages: BROWSER_PACKAGES, dependencies: Object.keys(pkg.dependencies), apart: APART };

describe("the layers of src/", () => {
  const report = checkLayers(src, RULES);

  it("has no upward or sideways import, no Node in the engine, nothing unplaced", () => {
    expect(report.violations).toEqual([]);
  });

  it("has no import cycle between files, anywhere in src/", () => {
    const shown = (c: string[]) => cycleThrough(c[0]!, new Set(c), report.graph.edges).join(" → ");
    expect(report.cycles.map(shown)).toEqual([]);
  });

  it("reads a real tree: hundreds of files and imports of every kind", () => {
    expect(report.graph.files.length).toBeGreaterThan(300);
    expect(report.graph.edges.some((e) => e.typeOnly)).toBe(true);
    expect(report.graph.packages.some((p) => p.pkg === "node:fs")).toBe(true);
  });

  it("is the table docs/layers.md shows", () => {
    const doc = readFileSync(join(root, "docs/layers.md"), "utf8");
    const rows = [...doc.matchAll(/^\| (\d+) \| `([^`]+)` \| (pure|browser|node) \| (.+) \|$/gm)].map((m) => [m[2]!, { rank: Number(m[1]), platform: m[3], what: m[4]!.trim() }] as const);
    expect(Object.fromEntries(rows)).toEqual(RANKS);
    const order = rows.map(([, r]) => r.rank);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("is the rank list ARCHITECTURE.md shows", () => {
    const doc = readFileSync(join(root, "ARCHITECTURE.md"), "utf8");
    const shown = [...doc.matchAll(/^- `([^`]+)` \((\d+)\)$/gm)].flatMap((m) => m[1]!.split(", ").map((unit) => [unit, Number(m[2])] as const));
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(Object.entries(RANKS).map(([unit, r]) => [unit, r.rank])));
  });
});

describe("the import reader (TypeScript's parser)", () => {
  it("reads every form a module names another by", () => {
    const text = [
      'import { a } from "./a.js";',
      "import { b } from './b.js';",
      'import type { C } from "./c.js";',
      'import { type D, type E } from "./d.js";',
      'import { type F, g } from "./f.js";',
      'import "fs";',
      "import './side.js';",
      'import * as ns from "./ns.js";',
      'import def, { h } from "./def.js";',
      'export { i } from "./i.js";',
      'export * from "./star.js";',
      'export type { J } from "./j.js";',
      'import k = require("./k.js");',
      "const l = await import('./l.js');",
      'const m = require("ioredis");',
      'const n = require.resolve("tree-sitter-bash/package.json");',
      'type O = import("./o.js").O;',
      "const p = await import(`./p.js`);",
      "const q = await import(name);",
      '// import { r } from "./r.js";',
      '/* import { s } from "./s.js"; */',
      'const t = "import { u } from \'./u.js\'";',
      "import {\n  v,\n  w,\n} from \"./v.js\";",
    ].join("\n");
    expect(importsOf(text).map(({ specifier, typeOnly, computed }) => [specifier, typeOnly, computed ?? false])).toEqual([
      ["./a.js", false, false],
      ["./b.js", false, false],
      ["./c.js", true, false],
      ["./d.js", true, false],
      ["./f.js", false, false],
      ["fs", false, false],
      ["./side.js", false, false],
      ["./ns.js", false, false],
      ["./def.js", false, false],
      ["./i.js", false, false],
      ["./star.js", false, false],
      ["./j.js", true, false],
      ["./k.js", false, false],
      ["./l.js", false, false],
      ["ioredis", false, false],
      ["tree-sitter-bash/package.json", false, false],
      ["./o.js", true, false],
      ["./p.js", false, false],
      ["name", false, true],
      ["./v.js", false, false],
    ]);
  });
});

describe("the checker, on planted trees", () => {
  const made: string[] = [];
  afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

  const FIXTURE_RULES: LayerRules = {
    units: {
      low: u(0, "pure", "a leaf"),
      mid: u(1, "pure", "above it"),
      side: u(1, "pure", "a sibling of mid"),
      page: u(2, "browser", "a page"),
      edge: u(2, "node", "a Node edge"),
    },
    purePackages: ["zod"],
    browserPackages: ["jsonc-parser"],
    dependencies: ["zod", "jsonc-parser", "ioredis", "tree-sitter-bash"],
    apart: [{ a: "mid/shell", b: "mid/effects", why: "planted" }],
  };

  /** A tree of files (path → text) in a fresh temp dir. */
  function plant(files: Record<string, string>): string {
    const dir = scratchDir("gatehouse-layers-");
    made.push(dir);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  const CLEAN = {
    "low/a.ts": 'import * as z from "zod";\nexport const a = z.string();\n',
    "mid/b.ts": 'import { a } from "../low/a.js";\nexport const b = a;\n',
    "side/c.ts": "import { a } from '../low/a.js';\nexport const c = a;\n",
    "page/d.ts": 'import { b } from "../mid/b.js";\nimport { parse } from "jsonc-parser";\nimport wasm from "tree-sitter-bash/tree-sitter-bash.wasm";\nexport const d = [b, parse, wasm];\n',
    "edge/e.ts": 'import { readFileSync } from "node:fs";\nimport { Redis } from "ioredis";\nimport { b } from "../mid/b.js";\nimport { c } from "../side/c.js";\nexport const e = [readFileSync, Redis, b, c, require.resolve(name)];\n',
  };
  const check = (extra: Record<string, string>) => checkLayers(plant({ ...CLEAN, ...extra }), FIXTURE_RULES);

  it("passes a clean tree", () => {
    const report = check({});
    expect(report.violations).toEqual([]);
    expect(report.cycles).toEqual([]);
  });

  it("fails a planted upward import, of any form, type-only too", () => {
    for (const line of ['import { b } from "../mid/b.js";', "import { b } from '../mid/b.js';", 'import type { B } from "../mid/b.js";', 'export * from "../mid/b.js";', 'import "../edge/e.js";', 'const x = await import("../page/d.js");', 'type T = import("../mid/b.js").T;']) {
      const report = check({ "low/up.ts": `${line}\n` });
      expect(report.violations, line).toHaveLength(1);
      expect(report.violations[0], line).toMatch(/^low\/up\.ts:1 upward import of /);
    }
  });

  it("fails a sideways import between siblings of one rank", () => {
    expect(check({ "mid/x.ts": 'import { c } from "../side/c.js";\n' }).violations).toEqual([
      "mid/x.ts:1 sideways import of side/c.ts: mid (rank 1, pure) → side (rank 1, pure)",
    ]);
  });

  it("fails Node in the engine: builtins (with or without node:), native or unlisted packages, computed specifiers", () => {
    const cases: Record<string, RegExp> = {
      'import "fs";': /Node builtin in a pure unit/,
      'import { join } from "node:path";': /Node builtin in a pure unit/,
      'import Bash from "tree-sitter-bash";': /tree-sitter-bash is not one of the packages the engine may use/,
      'const r = require("ioredis");': /ioredis is not one of the packages the engine may use/,
      "const m = await import(name);": /computed specifier/,
      'import data from "../../outside.json";': /outside the tree/,
    };
    for (const [line, message] of Object.entries(cases)) {
      const report = check({ "mid/n.ts": `${line}\n` });
      expect(report.violations, line).toHaveLength(1);
      expect(report.violations[0], line).toMatch(message);
    }
  });

  it("fails a package that is not a runtime dependency, and a page that reaches Node code", () => {
    expect(check({ "edge/f.ts": 'import ts from "typescript";\n' }).violations).toEqual(['edge/f.ts:1 imports "typescript": typescript is not a runtime dependency in package.json']);
    expect(check({ "page/g.ts": 'import { readFileSync } from "fs";\n' }).violations).toEqual(['page/g.ts:1 imports "fs": a Node builtin in a browser unit']);
    expect(check({ "page/h.ts": 'import Bash from "tree-sitter-bash";\n' }).violations).toEqual(['page/h.ts:1 imports "tree-sitter-bash": tree-sitter-bash is not one of the packages the browser page may use']);
  });

  it("fails a planted import between folders kept apart, either way, type-only too, and passes what both import below them", () => {
    const apart = {
      "mid/known.ts": "export interface Known { has(p: string): boolean }\n",
      "mid/shell/walk.ts": 'import type { Known } from "../known.js";\nexport const walk = (k: Known) => k.has("rm");\n',
      "mid/effects/table.ts": 'import type { Known } from "../known.js";\nexport const table: Known = { has: (p) => p === "rm" };\n',
    };
    expect(check(apart).violations).toEqual([]);
    expect(check({ ...apart, "mid/shell/up.ts": 'import { table } from "../effects/table.js";\nexport const t = table;\n' }).violations).toEqual([
      "mid/shell/up.ts:1 imports mid/effects/table.ts: mid/shell and mid/effects are kept apart (planted)",
    ]);
    expect(check({ ...apart, "mid/effects/back.ts": 'import type { walk } from "../shell/walk.js";\nexport type W = typeof walk;\n' }).violations).toEqual([
      "mid/effects/back.ts:1 imports mid/shell/walk.ts (types only): mid/effects and mid/shell are kept apart (planted)",
    ]);
  });

  it("fails a unit without a rank", () => {
    expect(check({ "stray/s.ts": "export const s = 1;\n", "loose.ts": "export const l = 1;\n" }).violations).toEqual([
      "loose.ts: unit loose.ts has no rank (add it to the table on purpose)",
      "stray/s.ts: unit stray has no rank (add it to the table on purpose)",
    ]);
  });

  it("finds a planted cycle, inside one unit and round three files, type-only imports included", () => {
    const two = check({ "mid/p.ts": 'import type { Q } from "./q.js";\nexport type P = Q;\n', "mid/q.ts": 'import { b } from "./b.js";\nimport type { P } from "./p.js";\nexport type Q = P | typeof b;\n' });
    expect(two.violations).toEqual([]);
    expect(two.cycles).toEqual([["mid/p.ts", "mid/q.ts"]]);
    const three = check({ "edge/x.ts": 'import "./y.js";\n', "edge/y.ts": "import './z.js';\n", "edge/z.ts": 'export * from "./x.js";\n', "edge/self.ts": 'import "./self.js";\n' });
    expect(three.cycles).toEqual([["edge/self.ts"], ["edge/x.ts", "edge/y.ts", "edge/z.ts"]]);
    expect(cycleThrough("edge/x.ts", new Set(three.cycles[1]), three.graph.edges)).toEqual(["edge/x.ts", "edge/y.ts", "edge/z.ts", "edge/x.ts"]);
  });
});
