// Which list operator joins a simple command to what runs before it, read from
// the syntax tree (`list`, `pipeline`, the statements of `program`), never from
// the text: `cd build && rm -rf *` joins rm by `&&` to cd; `a | b` joins b by
// `|` to a; `a; b` and a newline by `;` and `\n`; `a & b` by `&`. The command
// the operator follows is the left operand's last simple command, when that is
// a simple command (`(cd x) && rm` follows a subshell: none). A command first
// in a compound statement (`then rm`, `{ rm; }`, `! rm`) is joined by none.
import type { Node } from "web-tree-sitter";
import type { ListOperator } from "../shell-analysis.js";

const OPERATORS: ReadonlySet<string> = new Set(["&&", "||", ";", "&", "|", "|&"]);
/** Nodes that are one simple command for the walker. */
const SIMPLE: ReadonlySet<string> = new Set(["command", "declaration_command", "unset_command", "test_command"]);
const MAX_CLIMB = 256;

export interface ListJoin {
  op: ListOperator;
  /** The simple command node the operator follows, or null (a subshell, a group, a negation, a loop …). */
  after: Node | null;
}

/** The operator before this simple command's statement, and the simple command it follows; null when none joins it. */
export function listJoinOf(node: Node): ListJoin | null {
  let s: Node = node;
  for (let level = 0; level < MAX_CLIMB; level++) {
    const p = s.parent;
    if (p === null) return null;
    if (p.type === "redirected_statement" && p.childForFieldName("body")?.id === s.id) {
      s = p;
      continue;
    }
    const prev = s.previousSibling;
    if (p.type === "list" || p.type === "pipeline") {
      if (prev === null) {
        s = p; // the left operand: joined as its list is
        continue;
      }
      return OPERATORS.has(prev.type) ? { op: prev.type as ListOperator, after: lastSimple(prev.previousSibling) } : null;
    }
    if (prev === null) return null;
    if (OPERATORS.has(prev.type)) return { op: prev.type as ListOperator, after: lastSimple(prev.previousSibling) };
    // Statements of the text on their own lines: no token stands between them.
    return p.type === "program" && prev.isNamed && prev.type !== "comment" ? { op: "\n", after: lastSimple(prev) } : null;
  }
  return null;
}

/** The last simple command of a statement when the statement ends in one (`a && b` → b; `x > f` → x), else null. */
function lastSimple(node: Node | null): Node | null {
  let n = node;
  for (let level = 0; n !== null && level < MAX_CLIMB; level++) {
    if (SIMPLE.has(n.type)) return n;
    if (n.type === "redirected_statement") n = n.childForFieldName("body");
    else if (n.type === "list" || n.type === "pipeline") n = n.lastNamedChild;
    else return null;
  }
  return null;
}
