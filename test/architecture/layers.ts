// The layer rules, over any source tree (the real src/, or a planted fixture
// in the test): each top-level unit (a folder, or a file at the root) has a
// rank and a platform, and
//  - a file imports only its own unit or units of a LOWER rank (equal ranks are
//    siblings that do not know each other) — type-only imports included;
//  - a `pure` unit (the engine: runs in a browser too) imports only pure units,
//    no Node builtin, only the packages listed as pure, nothing outside the
//    tree and no computed specifier; a `browser` unit the same, plus its own
//    packages and `.wasm` assets;
//  - every package a file names is a runtime dependency of the package;
//  - no two files import each other, directly or round a loop (cycles());
//  - two folders kept apart inside a unit (`apart`) import neither each other,
//    whatever they share below them.
import { cycles, importGraph, type ImportGraph } from "./import-graph.js";

export type Platform = "pure" | "browser" | "node";

export interface Unit {
  rank: number;
  platform: Platform;
  /** One line: what the unit is (the docs table shows it). */
  what: string;
}

export interface LayerRules {
  /** Top-level folder name, or a root file's name (`engine.ts`). */
  units: Record<string, Unit>;
  /** Packages pure units may import (by package name). */
  purePackages: readonly string[];
  /** Packages a browser unit may import besides the pure ones. */
  browserPackages: readonly string[];
  /** The package's runtime `dependencies`: what any file may import. */
  dependencies: readonly string[];
  /** Folders inside a unit that import neither each other (`classify/shell` and `classify/effects`), and why. */
  apart?: ReadonlyArray<{ a: string; b: string; why: string }>;
}

export interface LayerReport {
  /** One line per broken rule, `file:line …`, sorted. */
  violations: string[];
  /** Import cycles between files: each strongly connected component, its files sorted. */
  cycles: string[][];
  graph: ImportGraph;
}

export const unitOf = (rel: string): string => (rel.includes("/") ? rel.slice(0, rel.indexOf("/")) : rel);

export function checkLayers(root: string, rules: LayerRules): LayerReport {
  const graph = importGraph(root);
  const violations: string[] = [];
  const unit = (rel: string): Unit | undefined => rules.units[unitOf(rel)];
  const name = (rel: string) => `${unitOf(rel)} (rank ${unit(rel)?.rank ?? "?"}, ${unit(rel)?.platform ?? "?"})`;

  for (const f of graph.files) if (unit(f.rel) === undefined) violations.push(`${f.rel}: unit ${unitOf(f.rel)} has no rank (add it to the table on purpose)`);

  for (const e of graph.edges) {
    const from = unit(e.from);
    const to = unit(e.to);
    if (from === undefined || to === undefined || unitOf(e.from) === unitOf(e.to)) continue;
    const types = e.typeOnly ? " (types only)" : "";
    if (to.rank >= from.rank)
      violations.push(`${e.from}:${e.line} ${to.rank === from.rank ? "sideways" : "upward"} import of ${e.to}${types}: ${name(e.from)} → ${name(e.to)}`);
    else if (from.platform !== "node" && to.platform !== "pure" && !(from.platform === "browser" && to.platform === "browser"))
      violations.push(`${e.from}:${e.line} imports ${e.to}${types}: a ${from.platform} unit reaches ${to.platform} code`);
  }

  for (const { a, b, why } of rules.apart ?? [])
    for (const e of graph.edges) {
      const [from, to] = e.from.startsWith(`${a}/`) && e.to.startsWith(`${b}/`) ? [a, b] : e.from.startsWith(`${b}/`) && e.to.startsWith(`${a}/`) ? [b, a] : [null, null];
      if (from !== null) violations.push(`${e.from}:${e.line} imports ${e.to}${e.typeOnly ? " (types only)" : ""}: ${from} and ${to} are kept apart (${why})`);
    }

  const pure = new Set(rules.purePackages);
  const browser = new Set([...rules.purePackages, ...rules.browserPackages]);
  const deps = new Set(rules.dependencies);
  for (const p of graph.packages) {
    const from = unit(p.from);
    if (from === undefined) continue;
    const at = `${p.from}:${p.line} imports ${JSON.stringify(p.specifier)}`;
    const builtin = p.pkg.startsWith("node:");
    if (!builtin && !deps.has(p.pkg)) violations.push(`${at}: ${p.pkg} is not a runtime dependency in package.json`);
    if (from.platform === "node") continue;
    if (builtin) violations.push(`${at}: a Node builtin in a ${from.platform} unit`);
    else if (from.platform === "pure" && !pure.has(p.pkg)) violations.push(`${at}: ${p.pkg} is not one of the packages the engine may use (Node-only, native or unlisted)`);
    else if (from.platform === "browser" && !browser.has(p.pkg) && !p.specifier.endsWith(".wasm"))
      violations.push(`${at}: ${p.pkg} is not one of the packages the browser page may use`);
  }
  for (const o of graph.outside) {
    const from = unit(o.from);
    if (from !== undefined && from.platform === "pure") violations.push(`${o.from}:${o.line} imports ${o.specifier}, outside the tree, from a pure unit`);
  }
  for (const c of graph.computed) {
    const from = unit(c.from);
    if (from !== undefined && from.platform !== "node") violations.push(`${c.from}:${c.line} imports a computed specifier (${c.expression}) in a ${from.platform} unit: it cannot be checked`);
  }

  return { violations: violations.sort(), cycles: cycles(graph.files.map((f) => f.rel), graph.edges), graph };
}
