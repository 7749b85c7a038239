// Compound statements and what a variable holds after them (values.ts): a
// subshell changes nothing outside it; an assignment in a branch, a loop body
// or after `&&`/`||` may not have run, so it is unknown afterwards; a `for`
// loop's variable takes each value of its list. The walker (walk.ts) hands
// these statement types here with the two traversals they need.
import type { Node } from "web-tree-sitter";
import { forListValues } from "./command-words.js";
import type { Env } from "./context.js";
import { stagesOf } from "./nodes.js";
import { conditional, EMPTY, isolated, type Vars } from "./values.js";

export interface ScopedOps {
  /** Walk these children (statements walked, words' substitutions walked); the output command. */
  children(nodes: ReadonlyArray<Node | null>, e: Env): number | null;
  /** Walk the substitutions under a node. */
  subs(node: Node, e: Env): void;
}

/** `subshell`, `list`, `if_statement`, `case_statement`, `for_statement`, `while_statement`, `c_style_for_statement`. */
export function walkScoped(node: Node, type: string, e: Env, vars: Vars, ops: ScopedOps): number | null {
  switch (type) {
    case "subshell":
      return isolated(vars, () => ops.children(node.namedChildren, e));
    case "list": {
      const kids = stagesOf(node);
      let out = kids.length ? ops.children([kids[0]], e) : null;
      conditional(vars, [() => (out = ops.children(kids.slice(1), e) ?? out)], false);
      return out;
    }
    case "if_statement":
    case "case_statement": {
      let out: number | null = null;
      const branches: Array<() => void> = [];
      const head: Array<Node | null> = [];
      for (const child of node.namedChildren) {
        const ct = child?.type;
        if (ct === "elif_clause" || ct === "else_clause" || ct === "case_item") branches.push(() => (out = ops.children([child], e) ?? out));
        else if (type === "case_statement") ops.children([child], e);
        else head.push(child);
      }
      conditional(vars, [() => (out = ops.children(head, e) ?? out), ...branches], true);
      return out;
    }
    case "for_statement": {
      let out: number | null = null;
      const v = node.childForFieldName("variable");
      const list = forListValues(node, e);
      conditional(vars, [() => {
        if (v) vars.set(e.src.slice(v.startIndex, v.endIndex), list);
        out = ops.children(node.namedChildren, e);
      }], false);
      return out;
    }
    case "while_statement": {
      let out: number | null = null;
      conditional(vars, [() => (out = ops.children(node.namedChildren, e))], false);
      return out;
    }
    case "c_style_for_statement": {
      // `for ((i=0; i<n; i++))`: every name in the header changes as the loop runs.
      let out: number | null = null;
      conditional(vars, [() => {
        for (const child of node.namedChildren) {
          if (!child) continue;
          if (child.type === "do_group" || child.type === "compound_statement") out = ops.children([child], e);
          else {
            ops.subs(child, e);
            for (const m of e.src.slice(child.startIndex, child.endIndex).matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) vars.set(m[0], null);
          }
        }
      }], false);
      return out;
    }
    default:
      return ops.children(node.namedChildren, e);
  }
}

/**
 * `export`/`declare`/`local`/`readonly`/`typeset` and `unset`: which names they
 * export, reset or make opaque (arrays, namerefs); `record` stores the values
 * of the `NAME=value` parts (the walker's, which also sees command variables).
 */
export function declareVariables(node: Node, keyword: string, env: Env, record: (exported: boolean) => void): void {
  const flags = node.namedChildren.filter((c) => c?.type === "word").map((c) => env.src.slice(c!.startIndex, c!.endIndex));
  const vars = env.scope.vars;
  if (node.type === "unset_command") {
    // `unset D` empties D: `rm -rf "$D"/*` is then `rm -rf /*`.
    if (!flags.includes("-f")) {
      for (const c of node.namedChildren) if (c && c.type === "variable_name") vars.set(env.src.slice(c.startIndex, c.endIndex), [EMPTY]);
    }
  } else {
    const opaque = flags.some((f) => /^-[a-zA-Z]*[aAn]/.test(f)); // arrays, namerefs: not plain values
    const exported = keyword === "export" || flags.some((f) => /^-[a-zA-Z]*x/.test(f));
    record(exported);
    for (const c of node.namedChildren) {
      if (!c) continue;
      const name = c.type === "variable_name" ? env.src.slice(c.startIndex, c.endIndex) : c.type === "variable_assignment" ? env.src.slice(c.startIndex, c.childForFieldName("name")?.endIndex ?? c.startIndex) : null;
      if (name === null) continue;
      if (opaque) vars.set(name, null);
      else if (c.type === "variable_name" && keyword === "local") vars.set(name, [EMPTY]);
      if (exported) vars.export(name);
    }
  }
}
