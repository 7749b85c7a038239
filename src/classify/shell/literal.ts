// Literal evaluation: the value of a word, a `$(…)` or a pipeline stage when
// it is known without running anything — a literal, `$(echo rm)`,
// `$(printf … | base64 -d)`, `cat <<'EOF'` — using the literal producers
// (src/classify/shell/producers.ts). Pure functions over the syntax tree.
import type { Node } from "web-tree-sitter";
import { commandParts, REDIRECT_TYPES, stagesOf } from "./nodes.js";
import { PRODUCERS } from "./producers.js";
import { redirectExtraArgs, redirectInfo, type RedirInfo } from "./redirects.js";
import { wordFromNode, type Word } from "./words.js";
import { programName } from "../programs/name.js";

/** Recursion bound for literal evaluation (`$(echo … | base64 -d)` inside `$(…)` …). */
const MAX_LITERAL_LEVEL = 8;

/** The value of an expansion node when known: `$(literal producer)`. Variables are values.ts's. */
export function resolveExpansion(n: Node, src: string, level: number): string | null {
  return n.type === "command_substitution" ? literalOfSubstitution(n, src, level + 1) : null;
}

/** The value of a word when it is known without running anything: a literal, or `$(…)` of a literal producer. */
export function literalOfWord(w: Word, src: string, level = 0): string | null {
  if (!w.dynamic) return w.value;
  const n = w.node;
  if (!n || level > MAX_LITERAL_LEVEL) return null;
  const r = wordFromNode(n, src, (x) => resolveExpansion(x, src, level + 1));
  return r.dynamic ? null : r.value;
}

/** What `$(…)` / `<(…)` prints when its one statement is a literal producer (trailing newlines dropped). */
export function literalOfSubstitution(n: Node, src: string, level: number): string | null {
  const stmts = stagesOf(n);
  if (stmts.length !== 1) return null;
  const out = literalOfStatement(stmts[0], src, level + 1);
  return out === null ? null : out.replace(/\n+$/, "");
}

function literalOfStatement(stmt: Node, src: string, level: number): string | null {
  if (level > MAX_LITERAL_LEVEL) return null;
  const type = stmt.type;
  if (type === "pipeline") {
    const stages = stagesOf(stmt);
    return literalOfStages(stages, stages.length - 1, src, null, level);
  }
  if (type === "redirected_statement") {
    for (const r of stmt.children) {
      if (r?.type !== "heredoc_redirect") continue;
      // tree-sitter-bash hangs `cat <<EOF | base64 -d` under the heredoc node.
      const p = r.namedChildren.find((c) => c?.type === "pipeline");
      if (p) {
        const stages = stagesOf(p);
        const head = (): string | null => literalOfStage(stmt, src, null, level + 1);
        return literalOfStages(stages, stages.length - 1, src, head, level);
      }
    }
  }
  if (type === "command" || type === "redirected_statement") return literalOfStage(stmt, src, null, level);
  return null;
}

function literalOfStages(stages: Node[], k: number, src: string, head: (() => string | null) | null, level: number): string | null {
  if (k < 0) return null;
  const upstream = k > 0 ? () => literalOfStages(stages, k - 1, src, head, level + 1) : head;
  return literalOfStage(stages[k], src, upstream, level + 1);
}

/** What one pipeline stage writes to stdout, when it is a literal producer. */
export function literalOfStage(node: Node, src: string, upstream: (() => string | null) | null, level: number): string | null {
  if (level > MAX_LITERAL_LEVEL) return null;
  let cmdNode: Node | null = node;
  const redirNodes: Node[] = [];
  if (node.type === "redirected_statement") {
    cmdNode = node.childForFieldName("body");
    for (const c of node.children) if (c && REDIRECT_TYPES.has(c.type)) redirNodes.push(c);
  }
  if (!cmdNode || cmdNode.type !== "command") return null;
  return literalOfCommand(cmdNode, redirNodes, src, upstream, level, false);
}

/**
 * What a simple command writes, when it is a literal producer: to stdout
 * (`toFile` false: an output redirection sends nothing down the pipe), or
 * before its output redirections (`toFile` true: what `echo … > f` puts in f).
 */
export function literalOfCommand(cmdNode: Node, redirects: readonly Node[], src: string, upstream: (() => string | null) | null, level: number, toFile: boolean): string | null {
  if (level > MAX_LITERAL_LEVEL) return null;
  const redirNodes = [...redirects];
  const { nameNode, args } = commandParts(cmdNode, redirNodes);
  for (const r of redirNodes) args.push(...redirectExtraArgs(r));
  if (!nameNode) return null;
  const name = wordFromNode(nameNode, src);
  if (name.dynamic) return null;
  let input: (() => string | null) | null = upstream;
  for (const r of redirNodes.sort((a, b) => a.startIndex - b.startIndex)) {
    const infos: RedirInfo[] = [];
    redirectInfo(r, src, infos, 0, (w) => literalOfWord(w, src, 0));
    for (const info of infos) {
      if (info.kind === "heredoc") {
        const t = info.text;
        input = () => t;
      } else if (info.kind === "herestring") {
        const t = info.resolved !== undefined ? info.resolved : info.text;
        input = () => (t === null ? null : t + "\n");
      } else if (info.kind === "file" && info.op.replace(/^\d+/, "") === "<") {
        input = () => null;
      } else if (info.kind === "file" && /^(1?>|>>|>\||&>|&>>|1>>)$/.test(info.op)) {
        if (!toFile) return ""; // stdout goes to a file: nothing flows down the pipe
      }
    }
  }
  const producer = PRODUCERS[programName(name.value)];
  if (!producer) return null;
  const words = args.map((a) => wordFromNode(a, src));
  const lits: string[] = [];
  for (const w of words) {
    const l = literalOfWord(w, src, level + 1);
    if (l === null) return null;
    lits.push(l);
  }
  return producer(lits, words, input);
}
