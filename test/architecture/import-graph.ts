// The import graph of a source tree, read with the TypeScript compiler's own
// parser (never a regex): every form a module can name another by — static
// import/export-from (single or double quotes, type-only or not), side-effect
// `import "x"`, `import x = require("x")`, dynamic `import("x")`, `require("x")`
// and `require.resolve("x")`, and `import("x")` in a type position. The layers
// test (layers.test.ts) checks it; `bash scripts/run-ts.sh test/architecture/import-graph.ts`
// prints the figures (upward imports, cycles).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export interface ImportRef {
  specifier: string;
  /** `import type`, `export type`, every named binding `type`, or `import("x")` in a type: erased at build. */
  typeOnly: boolean;
  /** 1-based line of the reference. */
  line: number;
  /** A dynamic import/require whose argument is not a string literal: it cannot be checked. */
  computed?: true;
}

const literalText = (node: ts.Node | undefined): string | null =>
  node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

/** Every module reference in one file's text. */
export function importsOf(text: string, fileName = "file.ts"): ImportRef[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: ImportRef[] = [];
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const add = (node: ts.Node, specifier: string, typeOnly: boolean) => found.push({ specifier, typeOnly, line: lineOf(node) });
  const addCall = (node: ts.CallExpression) => {
    const arg = node.arguments[0];
    const spec = literalText(arg);
    if (spec !== null) add(node, spec, false);
    else found.push({ specifier: arg === undefined ? "" : arg.getText(sf), typeOnly: false, line: lineOf(node), computed: true });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const spec = literalText(node.moduleSpecifier)!;
      const clause = node.importClause;
      let typeOnly = false;
      if (clause !== undefined) {
        if (clause.isTypeOnly) typeOnly = true;
        else if (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings))
          typeOnly = clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly);
      }
      add(node, spec, typeOnly);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      const spec = literalText(node.moduleSpecifier);
      if (spec !== null) {
        const named = node.exportClause !== undefined && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
        add(node, spec, node.isTypeOnly || (named !== null && named.length > 0 && named.every((e) => e.isTypeOnly)));
      }
      return;
    }
    if (ts.isImportEqualsDeclaration(node)) {
      if (ts.isExternalModuleReference(node.moduleReference)) {
        const spec = literalText(node.moduleReference.expression);
        if (spec !== null) add(node, spec, node.isTypeOnly);
      }
      return;
    }
    if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      const spec = ts.isLiteralTypeNode(arg) ? literalText(arg.literal) : null;
      if (spec !== null) add(node, spec, true);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) addCall(node);
      else if (ts.isIdentifier(callee) && callee.text === "require") addCall(node);
      else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === "require" && callee.name.text === "resolve") addCall(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

export interface SourceFile {
  /** Relative to the tree's root, POSIX separators (`engine.ts`, `model/exit-codes.ts`). */
  rel: string;
  path: string;
  imports: ImportRef[];
}

export function sourceFiles(root: string): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((e) => {
        const path = join(dir, e.name);
        return e.isDirectory() ? walk(path) : /\.(ts|tsx|mts|cts)$/.test(e.name) ? [path] : [];
      });
  return walk(root).map((path) => ({ path, rel: relative(root, path).split("\\").join("/"), imports: importsOf(readFileSync(path, "utf8"), path) }));
}

/** The file a relative specifier names, relative to the root (`.js` → `.ts`, a folder → its index.ts); null outside the root. */
export function resolveRelative(root: string, from: SourceFile, specifier: string, exists: (rel: string) => boolean): string | null {
  const target = relative(root, resolve(dirname(from.path), specifier)).split("\\").join("/");
  if (target.startsWith("..")) return null;
  for (const candidate of [target.replace(/\.(m|c)?js$/, ".$1ts"), target, `${target}.ts`, `${target}/index.ts`]) if (exists(candidate)) return candidate;
  return target.replace(/\.(m|c)?js$/, ".$1ts");
}

/** The package a bare specifier names (`@scope/name`, `name`); `node:x` and Node's bare builtins as `node:x`. */
export function packageOf(specifier: string): string {
  if (specifier.startsWith("node:")) return `node:${specifier.slice(5).split("/")[0]}`;
  const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
  return NODE_BUILTINS.has(name) ? `node:${name}` : name;
}

const NODE_BUILTINS = new Set(
  // `module.builtinModules` without importing node:module here: the list Node 20 ships, `node:`-less forms.
  ["assert", "async_hooks", "buffer", "child_process", "cluster", "console", "constants", "crypto", "dgram", "diagnostics_channel", "dns", "domain", "events", "fs", "http", "http2", "https", "inspector", "module", "net", "os", "path", "perf_hooks", "process", "punycode", "querystring", "readline", "repl", "stream", "string_decoder", "sys", "timers", "tls", "trace_events", "tty", "url", "util", "v8", "vm", "wasi", "worker_threads", "zlib"],
);

export interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
  line: number;
}

export interface ImportGraph {
  files: SourceFile[];
  /** Imports of files inside the root. */
  edges: Edge[];
  /** Bare imports (packages and builtins), with the package each names. */
  packages: { from: string; specifier: string; pkg: string; line: number }[];
  /** Relative imports that leave the root, and dynamic imports that name no literal. */
  outside: { from: string; specifier: string; line: number }[];
  computed: { from: string; expression: string; line: number }[];
}

export function importGraph(root: string): ImportGraph {
  const files = sourceFiles(root);
  const known = new Set(files.map((f) => f.rel));
  const graph: ImportGraph = { files, edges: [], packages: [], outside: [], computed: [] };
  for (const f of files)
    for (const i of f.imports) {
      if (i.computed) graph.computed.push({ from: f.rel, expression: i.specifier, line: i.line });
      else if (i.specifier.startsWith(".")) {
        const to = resolveRelative(root, f, i.specifier, (rel) => known.has(rel));
        if (to === null) graph.outside.push({ from: f.rel, specifier: i.specifier, line: i.line });
        else graph.edges.push({ from: f.rel, to, typeOnly: i.typeOnly, line: i.line });
      } else graph.packages.push({ from: f.rel, specifier: i.specifier, pkg: packageOf(i.specifier), line: i.line });
    }
  return graph;
}

/**
 * The import cycles between files: each strongly connected component of two or
 * more files (or a file importing itself), its files sorted, the components
 * sorted by their first file (Tarjan's algorithm, iterative). Type-only imports
 * count: a cycle of types is still two files that cannot be read one without the other.
 */
export function cycles(files: readonly string[], edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  const self = new Set<string>();
  for (const e of edges) {
    if (!next.has(e.to)) continue;
    next.get(e.from)?.push(e.to);
    if (e.from === e.to) self.add(e.from);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const succ = next.get(frame.node)!;
      if (frame.i < succ.length) {
        const w = succ[frame.i++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        if (component.length > 1 || self.has(frame.node)) out.push(component.sort());
      }
    }
  }
  return out.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** One shortest cycle through `start` inside its component, for the message (`a.ts → b.ts → a.ts`). */
export function cycleThrough(start: string, component: ReadonlySet<string>, edges: readonly { from: string; to: string }[]): string[] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (component.has(e.from) && component.has(e.to)) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const prev = new Map<string, string>();
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    for (const w of next.get(queue[q]!) ?? []) {
      if (w === start) {
        const path = [start];
        for (let at = queue[q]!; at !== start; at = prev.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, queue[q]!);
        queue.push(w);
      }
    }
  }
  return [start];
}
