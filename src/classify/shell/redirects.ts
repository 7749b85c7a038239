// Redirection decoding: a tree-sitter-bash redirect node → what it opens
// (`>`/`>>`/`<` a file, an fd duplication, a heredoc or herestring and the
// literal text it feeds in), shape 10 for targets the table cannot resolve,
// and how the redirections of a command set its stdin.
import type { Node } from "web-tree-sitter";
import type { Redirect } from "../../model/classification.js";
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import { literalArg, type Arg } from "../programs/args.js";
import { excerpt, type GapList } from "./gaps.js";
import { unescapeHeredoc } from "../text.js";
import { NAME_FRAGMENT_VARIABLES, withNameFragments } from "../path-vars.js";
import { resolvePathDetailed } from "../paths.js";
import type { RedirectKind, RedirectWord, StdinSource } from "../shell-analysis.js";
import { argOf, literalWord, wordFromNode, type Resolver, type Word } from "./words.js";

export type { RedirectKind, RedirectWord } from "../shell-analysis.js";

export interface RedirInfo {
  op: string;
  /** The target as written. */
  target: string;
  kind: RedirectKind;
  word: Word | null;
  /** heredoc/herestring: the literal fed in, or null when it expands anything. */
  text: string | null;
  /** heredoc whose body expands (`<<EOF` with `$X` in it): the body as written, its expansions unexpanded. */
  template?: string;
  /** herestring: the value when known anyway (`<<< $(base64 -d <<< …)`), else `text`. */
  resolved?: string | null;
  start: number;
  /** End of the part that belongs on the command line (heredoc bodies excluded). */
  end: number;
}

/** The value of a word when it can be known without running anything (the literal evaluator). */
export type WordResolver = (w: Word) => string | null;

/** fd duplications and closings: `>&2`, `2>&1`, `2>&1-`, `<&-`. */
const DUP_TARGET = /^(\d+-?|-)$/;

/** Decode `node` (a file/heredoc/herestring redirect) into `out`; a heredoc's nested redirects follow it. */
export function redirectInfo(node: Node, src: string, out: RedirInfo[], level: number, resolve: WordResolver, values?: Resolver): void {
  const text = (n: Node): string => src.slice(n.startIndex, n.endIndex);
  const type = node.type;
  if (type === "file_redirect") {
    let fd = "";
    let op = "";
    let dest: Node | null = null;
    const kids = node.children;
    for (let k = 0; k < kids.length; k++) {
      const c = kids[k];
      if (!c) continue;
      const field = node.fieldNameForChild(k);
      if (field === "descriptor") fd = text(c);
      else if (field === "destination") dest ??= c;
      else if (!c.isNamed) op = op || text(c);
    }
    const word = dest ? wordFromNode(dest, src, values) : null;
    const isDup = (op === ">&" || op === "<&") && (word === null || DUP_TARGET.test(word.value));
    out.push({
      op: fd + op,
      target: dest ? text(dest) : "",
      kind: isDup || op === ">&-" || op === "<&-" ? "dup" : "file",
      word,
      text: null,
      start: node.startIndex,
      end: node.endIndex,
    });
    return;
  }
  if (type === "herestring_redirect") {
    let fd = "";
    let wordNode: Node | null = null;
    const kids = node.children;
    for (let k = 0; k < kids.length; k++) {
      const c = kids[k];
      if (!c) continue;
      if (node.fieldNameForChild(k) === "descriptor") fd = text(c);
      else if (c.isNamed) wordNode ??= c;
    }
    const word = wordNode ? wordFromNode(wordNode, src) : null;
    out.push({
      op: fd + "<<<",
      target: wordNode ? text(wordNode) : "",
      kind: "herestring",
      word,
      text: word && !word.dynamic ? word.value : null,
      resolved: word ? resolve(word) : null,
      start: node.startIndex,
      end: node.endIndex,
    });
    return;
  }
  if (type === "heredoc_redirect") heredocInfo(node, src, out, level, resolve, values);
}

function heredocInfo(node: Node, src: string, out: RedirInfo[], level: number, resolve: WordResolver, values?: Resolver): void {
  const text = (n: Node): string => src.slice(n.startIndex, n.endIndex);
  let fd = "";
  let op = "<<";
  let startNode: Node | null = null;
  let bodyNode: Node | null = null;
  const nested: Node[] = [];
  let end = node.startIndex;
  const kids = node.children;
  for (let k = 0; k < kids.length; k++) {
    const c = kids[k];
    if (!c) continue;
    const field = node.fieldNameForChild(k);
    const ct = c.type;
    if (field === "descriptor") {
      fd = text(c);
      end = Math.max(end, c.endIndex);
    } else if (ct === "<<" || ct === "<<-") {
      op = ct;
      end = Math.max(end, c.endIndex);
    } else if (ct === "heredoc_start") {
      startNode = c;
      end = Math.max(end, c.endIndex);
    } else if (ct === "heredoc_body") bodyNode = c;
    else if (field === "redirect") {
      nested.push(c);
      end = Math.max(end, c.endIndex);
    }
  }
  const delim = startNode ? text(startNode) : "";
  let bodyText: string | null = null;
  let template: string | undefined;
  if (bodyNode) {
    const rawBody = text(bodyNode);
    if (/['"\\]/.test(delim)) bodyText = rawBody; // a quoted delimiter: the body is literal
    else if (bodyHasExpansion(bodyNode)) template = op === "<<-" ? rawBody.replace(/^\t+/gm, "") : rawBody;
    else bodyText = unescapeHeredoc(rawBody);
    if (bodyText !== null && op === "<<-") bodyText = bodyText.replace(/^\t+/gm, "");
  } else {
    bodyText = "";
  }
  out.push({ op: fd + op, target: delim, kind: "heredoc", word: null, text: bodyText, ...(template !== undefined ? { template } : {}), start: node.startIndex, end });
  if (level < 8) for (const n of nested) redirectInfo(n, src, out, level + 1, resolve, values);
}

function bodyHasExpansion(body: Node): boolean {
  for (const c of body.namedChildren) {
    if (!c) continue;
    const t = c.type;
    if (t === "simple_expansion" || t === "expansion" || t === "command_substitution" || t === "arithmetic_expansion") return true;
  }
  return false;
}

/** `values`: the variables known where the redirection stands (a `> "$D/x"` target). */
export function redirectInfos(nodes: readonly Node[], src: string, resolve: WordResolver, values?: Resolver): RedirInfo[] {
  const out: RedirInfo[] = [];
  for (const n of nodes) redirectInfo(n, src, out, 0, resolve, values);
  return out;
}

/** `> out a b`: tree-sitter-bash files `a b` as extra destinations; bash passes them as arguments. */
export function redirectExtraArgs(r: Node): Node[] {
  const out: Node[] = [];
  if (r.type === "file_redirect") {
    let seen = false;
    for (let k = 0; k < r.childCount; k++) {
      if (r.fieldNameForChild(k) !== "destination") continue;
      if (seen) out.push(r.child(k)!);
      seen = true;
    }
  } else if (r.type === "heredoc_redirect") {
    const kids = r.children;
    for (let k = 0; k < kids.length; k++) if (kids[k] && r.fieldNameForChild(k) === "argument") out.push(kids[k]!);
  }
  return out;
}

/**
 * A target whose only expansions are the temp directory and file-name fragments (`> "$f"` after `f=$(mktemp)`,
 * `> /tmp/out.$$`): it lies in the temp directory, which the path table places without knowing its value.
 */
function inTemp(w: Word): boolean {
  if (w.subst || w.vars.some((v) => v !== "TMPDIR" && !NAME_FRAGMENT_VARIABLES.has(v))) return false;
  const r = resolvePathDetailed(withNameFragments(w.value) ?? w.value, null);
  return r.class === "temp_path" && !r.dynamic;
}

/** Shape 10: a file redirection whose target the table cannot resolve. */
export function checkRedirectTargets(infos: readonly RedirInfo[], raw: string, gaps: GapList): void {
  for (const i of infos) {
    if (i.kind !== "file" || !i.word) continue;
    const w = i.word;
    let why: string | null = null;
    if (w.dynamic) {
      // `< <(cmd)` reads a pipe, not a path; the substitution itself is walked.
      if (w.node?.type !== "process_substitution" && !inTemp(w)) why = "an unresolved variable or substitution";
    } else if (w.value.includes("~")) why = "a `~`";
    else if (/[*?[]/.test(w.value)) why = "a glob";
    if (why) gaps.add(GAP_SHAPE.REDIRECT_TARGET, `redirection target ${excerpt(i.target)} contains ${why}`, raw);
  }
}

/** The redirections as the effect table reads them (the node-free form a ParsedCommand keeps). */
export function redirectWords(infos: readonly RedirInfo[]): RedirectWord[] {
  return infos.map((i) => ({ op: i.op, kind: i.kind, target: i.word ? argOf(i.word) : literalArg(i.target, i.target) }));
}

/** The wire form (`[op, target as written]`). */
export function wireRedirects(r: readonly RedirectWord[]): Redirect[] {
  return r.map((x): Redirect => [x.op, x.target.raw]);
}

export interface StdinState {
  stdin: StdinSource | null;
  stdinLiteral: (() => string | null) | null;
}

/** What a command reads on stdin after its redirections (`<<EOF`, `<<<`, `< file`, `< <(cmd)`). */
export function applyStdin(
  infos: readonly RedirInfo[],
  current: StdinState,
  procSub: (w: Word) => { stdin: StdinSource; literal: () => string | null } | null,
): StdinState {
  let { stdin, stdinLiteral } = current;
  for (const i of infos) {
    const fd = /^\d+/.exec(i.op)?.[0] ?? "";
    if (fd !== "" && fd !== "0") continue;
    if (i.kind === "heredoc") {
      const t = i.text;
      stdin = { kind: "heredoc", text: t };
      stdinLiteral = () => t;
    } else if (i.kind === "herestring") {
      const t = i.resolved !== undefined ? i.resolved : i.text;
      stdin = { kind: "herestring", text: i.text };
      stdinLiteral = () => t;
    } else if (i.kind === "file" && (i.op === "<" || i.op === "0<" || i.op === "<>")) {
      const p = i.word ? procSub(i.word) : null;
      if (p) {
        stdin = p.stdin;
        stdinLiteral = p.literal;
      } else {
        stdin = { kind: "file", path: i.word ? i.word.value : i.target };
        stdinLiteral = null;
      }
    }
  }
  return { stdin, stdinLiteral };
}

/**
 * tree-sitter-bash drops a lone `-` operand right before a redirection
 * (`make -f - <<EOF`, `cat - <<EOF`): the text between the command and its
 * first redirection that no node holds. Only `-`: anything else there is the
 * grammar's error to report.
 */
export function lostWords(body: Node, redirs: readonly Node[], src: string): Word[] {
  if (redirs.length === 0) return [];
  const first = Math.min(...redirs.map((r) => r.startIndex));
  if (first <= body.endIndex) return [];
  const out: Word[] = [];
  const gap = src.slice(body.endIndex, first);
  for (const m of gap.matchAll(/(?<=^|\s)-(?=\s|$)/g)) {
    const w = literalWord("-");
    w.start = body.endIndex + (m.index ?? 0);
    w.end = w.start + 1;
    out.push(w);
  }
  return out;
}
