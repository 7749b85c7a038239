// What every language adapter shares: name bindings (a name assigned a
// literal earlier resolves to it; assigned twice, to either), memoised
// expression values (each call is read, and recorded, once), bounds on work,
// and the visit of every call in the tree — calls inside functions, lambdas
// and blocks included, since the analysis cannot tell which ones run.
import type { Node, Tree } from "web-tree-sitter";
import { applyRow, Recorder, type ApiRow, type Call } from "./api.js";
import { carriedContent } from "./carriers.js";
import { alt, UNKNOWN, type Value } from "./value.js";

/** Inline code over this many bytes is not read (dynamic): matches the shell's per-command bound. */
export const MAX_CODE_BYTES = 16 * 1024;
const MAX_NODES = 50_000;
const MAX_EVAL_DEPTH = 150;

/** What a name is bound to: an expression, a computed value, or each element of an iterable expression (a loop variable). */
export type Binding = Node | Value | { each: Node };

export abstract class CodeReader {
  readonly rec = new Recorder();
  protected readonly bindings = new Map<string, Binding[]>();
  private readonly memo = new Map<number, Value>();
  private readonly active = new Set<number>();
  private readonly resolving = new Set<string>();
  private depth = 0;

  constructor(
    protected readonly rows: Map<string, ApiRow>,
    protected readonly language: string,
    /** Calls whose value carries the contents they were given (carriers.ts). */
    private readonly carriers: ReadonlySet<string> = new Set(),
  ) {}

  /** Record a binding of `name` (an expression node, or a value the adapter computed). */
  protected bind(name: string, b: Binding): void {
    const list = this.bindings.get(name);
    if (list) list.push(b);
    else this.bindings.set(name, [b]);
  }

  /** `left = right` (field names per grammar): hand both nodes to `to` when both are there. */
  protected assign(node: Node, to: (left: Node, right: Node) => void, left = "left", right = "right"): void {
    const l = node.childForFieldName(left);
    const r = node.childForFieldName(right);
    if (l && r) to(l, r);
  }

  /** `x += …`: the name no longer holds a known literal. */
  protected forget(node: Node, field = "left"): void {
    const n = node.childForFieldName(field);
    if (n?.type === "identifier") this.bind(n.text, UNKNOWN);
  }

  /** A bound name's value (every binding, as alternatives), or undefined when the code never binds it. */
  protected lookup(name: string): Value | undefined {
    const list = this.bindings.get(name);
    if (!list) return undefined;
    if (this.resolving.has(name)) return UNKNOWN; // `x = x + "a"`
    this.resolving.add(name);
    try {
      return alt(list.map((b) => this.bindingValue(b)));
    } finally {
      this.resolving.delete(name);
    }
  }

  private bindingValue(b: Binding): Value {
    if ("each" in b) {
      const it = this.value(b.each);
      if (it.k === "list" && it.items.length > 0) return alt(it.items);
      // Iterating a glob's matches (a path pattern) yields paths the pattern names.
      return it.k === "obj" && it.type === "path" ? it : UNKNOWN;
    }
    return isNode(b) ? this.value(b) : b;
  }

  /** The value of an expression node, evaluated once. */
  value(node: Node): Value {
    const cached = this.memo.get(node.id);
    if (cached !== undefined) return cached;
    if (this.active.has(node.id) || this.depth > MAX_EVAL_DEPTH) {
      if (this.depth > MAX_EVAL_DEPTH) this.rec.dyn(`the ${this.language} code nests too deeply to read`);
      return UNKNOWN;
    }
    this.active.add(node.id);
    this.depth++;
    let v: Value;
    try {
      v = this.evaluate(node);
    } finally {
      this.depth--;
      this.active.delete(node.id);
    }
    this.memo.set(node.id, v);
    return v;
  }

  /** Apply the row for `call.api`, if any, and return what the call evaluates to. */
  protected invoke(call: Call): Value {
    const row = this.rows.get(call.api);
    if (row) applyRow(row, call, this.rec);
    return this.returns(call) ?? (this.carriers.has(call.api) ? carriedContent(call) : null) ?? UNKNOWN;
  }

  /** Does a tree with an error node really not parse? A language may forgive its grammar's known gaps. */
  protected parseFails(_root: Node): boolean {
    return true;
  }

  /** Read a whole tree: bindings first, then every call node. */
  read(tree: Tree): void {
    const root = tree.rootNode;
    if (root.hasError && this.parseFails(root)) this.rec.dyn(`the ${this.language} code does not parse`);
    const nodes: Node[] = [];
    const stack: Node[] = [root];
    while (stack.length > 0) {
      const n = stack.pop()!;
      nodes.push(n);
      if (nodes.length > MAX_NODES) {
        this.rec.dyn(`the ${this.language} code is too large to read`);
        return;
      }
      for (let i = n.childCount - 1; i >= 0; i--) stack.push(n.child(i)!);
    }
    for (const n of nodes) this.collect(n);
    for (const n of nodes) if (this.isCall(n)) this.value(n);
  }

  /** Record the bindings a node introduces (assignments, imports, loop variables, parameters). */
  protected abstract collect(node: Node): void;
  protected abstract isCall(node: Node): boolean;
  protected abstract evaluate(node: Node): Value;
  /** The value a call returns when the language knows it (a joined path, a module), else null. */
  protected abstract returns(call: Call): Value | null;
}

function isNode(b: Node | Value): b is Node {
  return !("k" in b);
}

/** Named children of a node, in order. */
export function namedChildren(node: Node): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < node.namedChildCount; i++) out.push(node.namedChild(i)!);
  return out;
}

/** Children under a field name (web-tree-sitter types them nullable). */
export function fieldChildren(node: Node, name: string): Node[] {
  return node.childrenForFieldName(name).filter((n): n is Node => n !== null);
}
