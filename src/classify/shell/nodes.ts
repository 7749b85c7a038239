// tree-sitter-bash node types: which ones the walk treats as statements,
// containers, redirections, substitutions, words and test expressions, and
// which it ignores (and why). test/classify/shell/node-types.test.ts checks
// this against the grammar's node-types.json: a grammar version that adds a
// named type fails until the type is placed here. Plus the few structural
// helpers the walk and the literal evaluator share.
import type { Node } from "web-tree-sitter";
import { excerpt } from "./gaps.js";

/** Statements: walked by `Walker.walkStatement` (src/classify/shell/walk.ts). */
export const STATEMENT_TYPES: ReadonlySet<string> = new Set([
  "c_style_for_statement", "case_statement", "command", "compound_statement", "declaration_command", "for_statement",
  "function_definition", "if_statement", "list", "negated_command", "pipeline", "redirected_statement", "subshell",
  "test_command", "unset_command", "variable_assignment", "variable_assignments", "while_statement",
]);

/** Containers: their named children are statements (walked) or words (their substitutions walked). */
export const CONTAINER_TYPES: ReadonlySet<string> = new Set([
  "program", "list", "negated_command", "subshell", "compound_statement", "do_group", "if_statement", "elif_clause",
  "else_clause", "while_statement", "for_statement", "c_style_for_statement", "case_statement", "case_item", "ERROR",
]);

/** Redirections: decoded by src/classify/shell/redirects.ts. */
export const REDIRECT_TYPES: ReadonlySet<string> = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);

/** Parts of a redirection read through it: the fd, the heredoc delimiter and body. */
export const REDIRECT_PART_TYPES: ReadonlySet<string> = new Set(["file_descriptor", "heredoc_start", "heredoc_end", "heredoc_body", "heredoc_content"]);

/** Commands inside words: walked (they run first) by `Walker.walkSubs`. */
export const SUBSTITUTION_TYPES: ReadonlySet<string> = new Set(["command_substitution", "process_substitution"]);

/** Expansions and substitutions: a word holding one is not a literal (src/classify/shell/words.ts). */
export const DYNAMIC_TYPES: ReadonlySet<string> = new Set([
  "simple_expansion", "expansion", "command_substitution", "process_substitution", "arithmetic_expansion",
]);

/** Word-like nodes decoded to a value by src/classify/shell/words.ts (the dynamic ones above too). */
export const WORD_TYPES: ReadonlySet<string> = new Set([
  "word", "string", "raw_string", "ansi_c_string", "translated_string", "concatenation", "command_name",
  "string_content", "number", "brace_expression", "regex", "extglob_pattern", "variable_name", "special_variable_name",
  "test_operator",
]);

/** `[ … ]` / `[[ … ]]` expressions: flattened into the test command's words by `Walker.walkTest`. */
export const TEST_EXPRESSION_TYPES: ReadonlySet<string> = new Set([
  "binary_expression", "unary_expression", "parenthesized_expression", "postfix_expression", "ternary_expression",
]);

/** Named types the walk does not visit as such, and why that loses nothing. */
export const IGNORED_TYPES: Readonly<Record<string, string>> = {
  comment: "never runs",
  array: "an assignment's value `(a b)`: kept as its text; substitutions inside are walked like any child",
  subscript: "`a[i]` in an assignment name or expansion: substitutions inside are walked like any child",
  _expression: "abstract supertype: never a node in a tree",
  _primary_expression: "abstract supertype: never a node in a tree",
  _statement: "abstract supertype: never a node in a tree",
};

/** A `$` or a backtick: something in the text may expand. */
export function hasExpansionSyntax(text: string): boolean {
  return text.includes("$") || text.includes("`");
}

export function hasSubstitutionSyntax(text: string): boolean {
  return text.includes("$(") || text.includes("`") || text.includes("<(") || text.includes(">(");
}

/** The statement a trailing redirection of `a | b` / `a && b` / `! a` binds to. */
export function lastStatement(node: Node): Node {
  let n = node;
  for (let guard = 0; guard < 10000; guard++) {
    if (n.type !== "list" && n.type !== "pipeline" && n.type !== "negated_command") return n;
    const kids = n.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
    const last = kids[kids.length - 1];
    if (!last) return n;
    n = last;
  }
  return n;
}

/**
 * A command node's children by role, in source order: its name, its
 * arguments, and its redirections (pushed onto `redirs`); `other` sees every
 * remaining child where it stands (assignments, nested statements).
 */
export function commandParts(node: Node, redirs: Node[], other?: (child: Node, type: string) => void): { nameNode: Node | null; args: Node[] } {
  let nameNode: Node | null = null;
  const args: Node[] = [];
  const kids = node.children;
  for (let k = 0; k < kids.length; k++) {
    const c = kids[k];
    if (!c) continue;
    const field = node.fieldNameForChild(k);
    if (field === "name") nameNode = c;
    else if (field === "argument") args.push(c);
    else if (field === "redirect") redirs.push(c);
    else {
      const type = c.type;
      if (REDIRECT_TYPES.has(type)) redirs.push(c);
      else other?.(c, type);
    }
  }
  return { nameNode, args };
}

/** The named children of a statement that are not comments (pipeline stages, list members). */
export function stagesOf(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
}

export function describeError(root: Node, src: string): string {
  const stack: Node[] = [root];
  let guard = 0;
  while (stack.length && guard++ < 10000) {
    const n = stack.pop()!;
    if (n.isMissing) return `missing ${JSON.stringify(n.type)} at offset ${n.startIndex}`;
    if (n.isError) return `unexpected ${JSON.stringify(excerpt(src.slice(n.startIndex, n.endIndex), 40))} at offset ${n.startIndex}`;
    if (!n.hasError) continue;
    for (let k = n.childCount - 1; k >= 0; k--) {
      const c = n.child(k);
      if (c) stack.push(c);
    }
  }
  return "syntax error";
}
