#!/usr/bin/env node
// The floor under the p99 event: how long web-tree-sitter alone takes on the
// benchmark's ~2.3 KB build script, before any of Gatehouse's walk runs —
// the parse, a full `children` walk of the tree, and a TreeCursor pass that
// reads each node's type, span, namedness and field (what a cursor-based
// walker, or a plain-object mirror of the tree, would pay). Best of N calls
// after warm-up, in-process (the optimising WebAssembly tier, as the library
// and the daemon run). docs/performance.md "The parse tail".
//
//   node bench/parse-floor.mjs [--runs N]
import { createRequire } from "node:module";
import { Language, Parser } from "web-tree-sitter";
import { buildEventSet } from "./events.mjs";

const require = createRequire(import.meta.url);
const runsAt = process.argv.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 500;

await Parser.init();
const parser = new Parser();
parser.setLanguage(await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm")));
const row = buildEventSet({}).events.find((r) => r.label.startsWith("long build script"));
if (row === undefined) throw new Error("bench/events.mjs has no long build script row");
const text = row.command;

/** Best wall time of `runs` calls after 50 unrecorded ones, in µs. */
function best(fn, runs = RUNS) {
  for (let i = 0; i < 50; i++) fn();
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    min = Math.min(min, Number(process.hrtime.bigint() - t) / 1000);
  }
  return min;
}

let tree = parser.parse(text);
const parse = best(() => {
  tree.delete();
  tree = parser.parse(text);
});
const countChildren = (node) => node.children.reduce((n, child) => n + countChildren(child), 1);
const nodes = countChildren(tree.rootNode);
const childrenWalk = best(() => countChildren(tree.rootNode));
function cursorMirror() {
  const cursor = tree.walk();
  const build = () => {
    const node = { type: cursor.nodeType, start: cursor.startIndex, end: cursor.endIndex, named: cursor.nodeIsNamed, field: cursor.currentFieldName, children: [] };
    if (cursor.gotoFirstChild()) {
      do node.children.push(build());
      while (cursor.gotoNextSibling());
      cursor.gotoParent();
    }
    return node;
  };
  const root = build();
  cursor.delete();
  return root;
}
const mirror = best(cursorMirror);

const line = (label, us) => `${label.padEnd(44)} ${us.toFixed(1).padStart(8)} µs`;
console.log(`web-tree-sitter on the ${text.length}-character build script (${nodes} nodes), best of ${RUNS}:`);
console.log(line("parse", parse));
console.log(line("full walk through node.children", childrenWalk));
console.log(line("TreeCursor pass reading type/span/field", mirror));
console.log(`per node: children walk ${((childrenWalk / nodes) * 1000).toFixed(0)} ns, cursor pass ${((mirror / nodes) * 1000).toFixed(0)} ns`);
