// The walk: every command node of a tree-sitter-bash tree becomes zero or
// more ParsedCommands (after wrappers are peeled and inline scripts parsed),
// and every construct the analysis cannot see through becomes a gap.
import type { Node, Parser } from "web-tree-sitter";
import type { Redirect, SimpleCommand } from "../../model/classification.js";
import type { FindContext, ParsedCommand, StdinSource } from "./types.js";
import { GapList, SHAPE, excerpt } from "./gaps.js";
import {
  SHELLS,
  awkCommands,
  awkProgram,
  base64DecodeFlags,
  cmdScript,
  echoOutput,
  gitAliasUse,
  interpreterUse,
  powershellScript,
  printfOutput,
  shellInvocation,
} from "./inline.js";
import {
  braceExpand,
  decodeBase64Text,
  isObfuscatedProgramWord,
  placeholderWord,
  literalWord,
  programName,
  splitWords,
  unescapeHeredoc,
  utf8Length,
  wordFromNode,
  wordFromNodeSpan,
  type Word,
} from "./words.js";
import { STDIN_CONSUMING_WRAPPERS, fedByInput, isWrapper, peelWrapper, scanOptions } from "./wrappers.js";

export const MAX_COMMAND_BYTES = 16 * 1024;
export const MAX_SIMPLE_COMMANDS = 256;
export const MAX_WRAPPER_DEPTH = 4;
/** Statement nesting the walker follows before calling the text oversize. */
const MAX_NESTING = 120;
/** Recursion bound for literal-output evaluation (`$(echo … | base64 -d)`). */
const MAX_LITERAL_LEVEL = 8;

const STATEMENT_TYPES = new Set([
  "c_style_for_statement",
  "case_statement",
  "command",
  "compound_statement",
  "declaration_command",
  "for_statement",
  "function_definition",
  "if_statement",
  "list",
  "negated_command",
  "pipeline",
  "redirected_statement",
  "subshell",
  "test_command",
  "unset_command",
  "variable_assignment",
  "variable_assignments",
  "while_statement",
]);

const CONTAINER_TYPES = new Set([
  "program",
  "list",
  "negated_command",
  "subshell",
  "compound_statement",
  "do_group",
  "if_statement",
  "elif_clause",
  "else_clause",
  "while_statement",
  "for_statement",
  "c_style_for_statement",
  "case_statement",
  "case_item",
  "ERROR",
]);

const REDIRECT_TYPES = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);

function isStatement(node: Node): boolean {
  return STATEMENT_TYPES.has(node.type);
}

// Every property read of a web-tree-sitter node (`type`, `endIndex`, `isNamed`,
// …) marshals the node into WebAssembly memory and calls in, at ~0.2 µs a
// read: the walk reads each one once per visit and keeps it in a local.

interface Scope {
  functions: Set<string>;
  /** Shell variables assigned a literal in this text (null: assigned something else). */
  vars: Map<string, string | null>;
  /** Alias name → value; null when the value is not a literal. */
  aliases: Map<string, string | null>;
  expanding: Set<string>;
}

function newScope(): Scope {
  return { functions: new Set(), vars: new Map(), aliases: new Map(), expanding: new Set() };
}

/** Where in the walk we are: everything a command inherits from its surroundings. */
interface Env {
  src: string;
  hasSubs: boolean;
  depth: number;
  inSub: boolean;
  wrappers: string[];
  stdin: StdinSource | null;
  /** The literal text on stdin when it can be known (pipe from `echo '…'`, a literal heredoc). */
  stdinLiteral: (() => string | null) | null;
  redirects: Redirect[];
  scope: Scope;
  level: number;
  /** `command` for gaps found while parsing this text as a whole (the outer command of an inline script). */
  gapCommand: string;
  /** Which parsed tree `src` belongs to: node ids are unique only within one tree. */
  tree: number;
}

/** One simple command being resolved: its surroundings plus what peeling has changed. */
interface CmdCtx {
  env: Env;
  raw: string;
  redirects: Redirect[];
  stdin: StdinSource | null;
  stdinLiteral: (() => string | null) | null;
  wrappers: string[];
  find: FindContext | null;
  /** The words came from shell text (aliases and functions apply). */
  fromText: boolean;
}

interface RedirInfo {
  op: string;
  target: string;
  kind: "file" | "dup" | "heredoc" | "herestring";
  word: Word | null;
  /** heredoc/herestring: the literal fed in, or null when it expands anything. */
  text: string | null;
  /** herestring: the value when known anyway (`<<< $(base64 -d <<< …)`), else `text`. */
  resolved?: string | null;
  start: number;
  /** End of the part that belongs on the command line (heredoc bodies excluded). */
  end: number;
}

export class Analyzer {
  readonly commands: ParsedCommand[] = [];
  readonly gaps = new GapList();
  private simpleCount = 0;
  private stopped = false;
  /** Redirections tree-sitter attached to a list/pipeline, waiting for its last statement (by node id). */
  private readonly pendingRedirects = new Map<string, Node[]>();
  /** Output command of each walked substitution, by node id (`bash < <(curl …)`). */
  private readonly substOut = new Map<string, number | null>();
  private treeSeq = 0;

  constructor(private readonly parser: Parser) {}

  rootEnv(text: string): Env {
    return {
      src: text,
      hasSubs: hasSubstitutionSyntax(text),
      depth: 0,
      inSub: false,
      wrappers: [],
      stdin: null,
      stdinLiteral: null,
      redirects: [],
      scope: newScope(),
      level: 0,
      gapCommand: "",
      tree: 0,
    };
  }

  // ------------------------------------------------------------------ text

  /** Parse `text` and walk it; returns the index of its output command. */
  analyzeText(text: string, env: Env): number | null {
    if (this.stopped) return null;
    const tree = this.parser.parse(text);
    if (!tree) {
      this.gaps.add(SHAPE.PARSE_ERROR, "the parser returned no tree", env.gapCommand);
      return null;
    }
    try {
      const root = tree.rootNode;
      if (root.hasError) {
        this.gaps.add(SHAPE.PARSE_ERROR, `the Bash grammar rejects part of the text: ${describeError(root, text)}`, env.gapCommand);
      }
      return this.walkStatement(root, { ...env, src: text, hasSubs: hasSubstitutionSyntax(text), tree: ++this.treeSeq });
    } finally {
      tree.delete();
    }
  }

  /** Analyze an already-split command (no shell parsing of its words). */
  analyzeWords(words: Word[], env: Env): void {
    if (words.length === 0) return;
    const raw = words.map((w) => w.raw).join(" ");
    this.simpleCount++;
    this.processWords(words, 0, {
      env,
      raw,
      redirects: [],
      stdin: null,
      stdinLiteral: null,
      wrappers: [],
      find: null,
      fromText: false,
    });
  }

  private stop(reason: string, command: string): void {
    if (!this.stopped) this.gaps.add(SHAPE.OVERSIZE, reason, command);
    this.stopped = true;
  }

  // ------------------------------------------------------------ statements

  private walkStatement(node: Node, env: Env): number | null {
    if (this.stopped) return null;
    if (env.level > MAX_NESTING) {
      this.stop(`statements nested deeper than ${MAX_NESTING} levels`, env.gapCommand);
      return null;
    }
    const e: Env = { ...env, level: env.level + 1 };
    const type = node.type;
    const pending = this.pendingRedirects.size > 0 ? this.pendingRedirects.get(nodeKey(env, node)) : undefined;
    if (pending) {
      this.pendingRedirects.delete(nodeKey(env, node));
      if (type === "command") return this.walkCommand(node, e, pending, []);
      return this.walkWithRedirects(node, pending, e, node);
    }
    switch (type) {
      case "command":
        return this.walkCommand(node, e, [], []);
      case "redirected_statement":
        return this.walkRedirected(node, e);
      case "pipeline":
        return this.walkStages(node.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment"), e, null);
      case "function_definition":
        return this.walkFunction(node, e);
      case "variable_assignment":
      case "variable_assignments":
        this.walkSubs(node, e, 0);
        this.recordAssignments(node, e);
        return null;
      case "declaration_command":
      case "unset_command":
        return this.walkDeclaration(node, e);
      case "test_command":
        return this.walkTest(node, e);
      case "comment":
      case "heredoc_body":
        return null;
      default:
        if (type === "for_statement") {
          const v = node.childForFieldName("variable");
          if (v) env.scope.vars.set(env.src.slice(v.startIndex, v.endIndex), null);
        }
        if (CONTAINER_TYPES.has(type)) {
          let out: number | null = null;
          // Only named children matter (no anonymous token is a statement or
          // container type): skip reading `;`, `then`, `do`, … at all.
          for (const child of node.namedChildren) {
            if (!child || this.stopped) continue;
            const ct = child.type;
            if (STATEMENT_TYPES.has(ct) || CONTAINER_TYPES.has(ct)) {
              const o = this.walkStatement(child, e);
              if (o !== null) out = o;
            } else {
              this.walkSubs(child, e, 0);
            }
          }
          return out;
        }
        this.walkSubs(node, e, 0);
        return null;
    }
  }

  /** `a | b | c`: each stage's stdin is the previous stage's output command. */
  private walkStages(
    stages: Node[],
    env: Env,
    first: { out: number | null; literal: () => string | null } | null,
  ): number | null {
    let prevOut: number | null = first ? first.out : null;
    let prevLiteral: (() => string | null) | null = first ? first.literal : null;
    let hasUpstream = first !== null;
    let out: number | null = null;
    for (const stage of stages) {
      if (this.stopped) break;
      const senv: Env = hasUpstream
        ? { ...env, stdin: prevOut !== null ? { kind: "pipe", upstream: prevOut } : null, stdinLiteral: prevLiteral }
        : env;
      const o = this.walkStatement(stage, senv);
      out = o;
      prevOut = o;
      const upstream = prevLiteral;
      const src = env.src;
      prevLiteral = hasUpstream
        ? () => this.literalOfStage(stage, src, upstream, 0)
        : () => this.literalOfStage(stage, src, null, 0);
      hasUpstream = true;
    }
    return out;
  }

  private walkRedirected(node: Node, env: Env): number | null {
    const body = node.childForFieldName("body");
    const redirNodes: Node[] = [];
    const quirkPipelines: Node[] = [];
    const quirkRights: Node[] = [];
    for (const child of node.children) {
      if (!child || (body !== null && child.id === body.id)) continue;
      const ct = child.type;
      if (REDIRECT_TYPES.has(ct)) {
        redirNodes.push(child);
        if (ct === "heredoc_redirect") {
          // tree-sitter-bash hangs what follows `<<EOF` on the same line
          // (`| sh`, `&& next`) under the heredoc node.
          const kids = child.children;
          for (let k = 0; k < kids.length; k++) {
            const c = kids[k];
            if (!c) continue;
            if (c.type === "pipeline") quirkPipelines.push(c);
            else if (child.fieldNameForChild(k) === "right") quirkRights.push(c);
          }
        }
      } else if (ct === "ERROR") {
        this.walkStatement(child, env);
      } else if (child.isNamed) {
        this.walkSubs(child, env, 0);
      }
    }
    let out: number | null;
    const bodyType = body ? body.type : "";
    if (body && redirNodes.length > 0 && (bodyType === "list" || bodyType === "pipeline" || bodyType === "negated_command")) {
      // tree-sitter-bash hangs `a | b > out` / `a && b > out` on the whole
      // list; Bash binds the redirection to the last command only.
      const key = nodeKey(env, lastStatement(body));
      this.pendingRedirects.set(key, [...(this.pendingRedirects.get(key) ?? []), ...redirNodes]);
      out = this.walkStatement(body, env);
    } else if (body && bodyType === "command") {
      out = this.walkCommand(body, env, redirNodes, []);
    } else {
      out = this.walkWithRedirects(body, redirNodes, env, node);
    }
    for (const p of quirkPipelines) {
      const src = env.src;
      const stages = p.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
      out = this.walkStages(stages, env, { out, literal: () => this.literalOfStage(node, src, env.stdinLiteral, 0) });
    }
    for (const r of quirkRights) {
      const o = this.walkStatement(r, env);
      if (o !== null) out = o;
    }
    return out;
  }

  /** A compound statement (or nothing: `> file`) under redirections that apply to every command in it. */
  private walkWithRedirects(body: Node | null, redirNodes: Node[], env: Env, stmt: Node): number | null {
    const infos = this.redirectInfos(redirNodes, env);
    for (const r of redirNodes) this.walkSubs(r, env, 0);
    const start = Math.min(stmt.startIndex, ...infos.map((i) => i.start));
    const raw = body
      ? env.src.slice(start, Math.max(body.endIndex, ...infos.map((i) => i.end)))
      : env.src.slice(start, Math.max(start, ...infos.map((i) => i.end)));
    this.checkRedirectTargets(infos, raw);
    const { stdin, stdinLiteral } = this.applyStdin(infos, env);
    const redirects = [...env.redirects, ...infos.map((i): Redirect => [i.op, i.target])];
    if (body) return this.walkStatement(body, { ...env, redirects, stdin, stdinLiteral });
    // A bare redirection (`> file`) still opens, creates or truncates its target.
    return this.emitBare(raw, redirects, stdin, env);
  }

  private walkFunction(node: Node, env: Env): number | null {
    const name = node.childForFieldName("name");
    if (name) env.scope.functions.add(env.src.slice(name.startIndex, name.endIndex));
    const body = node.childForFieldName("body");
    const fenv: Env = { ...env, stdin: null, stdinLiteral: null };
    for (const child of node.children) {
      if (!child || (name !== null && child.id === name.id)) continue;
      if (body !== null && child.id === body.id) this.walkStatement(body, fenv);
      else if (child.isNamed) this.walkSubs(child, fenv, 0);
    }
    return null;
  }

  /** Remember `x=literal` so a later `$x` program word can be resolved. */
  private recordAssignments(node: Node, env: Env): void {
    const list = node.type === "variable_assignment" ? [node] : node.namedChildren;
    for (const a of list) {
      if (!a || a.type !== "variable_assignment") continue;
      const name = a.childForFieldName("name");
      if (!name) continue;
      const value = a.childForFieldName("value");
      const key = env.src.slice(name.startIndex, name.endIndex);
      if (!value) {
        env.scope.vars.set(key, "");
        continue;
      }
      const w = wordFromNode(value, env.src);
      env.scope.vars.set(key, w.dynamic ? null : w.value);
    }
  }

  private walkDeclaration(node: Node, env: Env): number | null {
    this.walkSubs(node, env, 0);
    this.recordAssignments(node, env);
    if (node.type === "unset_command") {
      for (const c of node.namedChildren) if (c) env.scope.vars.delete(env.src.slice(c.startIndex, c.endIndex));
    }
    if (!this.countCommand(env)) return null;
    const first = node.child(0);
    if (!first) return null;
    const words: Word[] = [literalWord(env.src.slice(first.startIndex, first.endIndex))];
    words[0].start = first.startIndex;
    words[0].end = first.endIndex;
    for (const child of node.namedChildren) {
      if (!child || child.type === "comment") continue;
      words.push(wordFromNode(child, env.src));
    }
    const raw = env.src.slice(node.startIndex, node.endIndex);
    if (words.some((w) => w.ansiC)) this.gaps.add(SHAPE.QUOTE_OBFUSCATION, "ANSI-C quoting ($'…') in a command", raw);
    return this.processWords(words, 0, this.cmdCtx(env, raw, env.redirects, env.stdin, env.stdinLiteral));
  }

  private walkTest(node: Node, env: Env): number | null {
    this.walkSubs(node, env, 0);
    if (!this.countCommand(env)) return null;
    const children = node.children.filter((c): c is Node => c !== null);
    const open = children[0];
    const words: Word[] = [literalWord(open ? env.src.slice(open.startIndex, open.endIndex) : "[")];
    const flatten = (n: Node, level: number): void => {
      for (const c of n.children) {
        if (!c) continue;
        const ct = c.type;
        if (ct === "comment") continue;
        if (level === 0 && (c.id === open.id || ((ct === "]" || ct === "]]") && !c.isNamed))) continue;
        if (
          level < 32 &&
          (ct === "binary_expression" ||
            ct === "unary_expression" ||
            ct === "parenthesized_expression" ||
            ct === "postfix_expression" ||
            ct === "ternary_expression")
        ) {
          flatten(c, level + 1);
        } else if (ct === "redirected_statement" || STATEMENT_TYPES.has(ct)) {
          this.walkStatement(c, env);
        } else {
          words.push(wordFromNode(c, env.src));
        }
      }
    };
    flatten(node, 0);
    const raw = env.src.slice(node.startIndex, node.endIndex);
    if (words.some((w) => w.ansiC)) this.gaps.add(SHAPE.QUOTE_OBFUSCATION, "ANSI-C quoting ($'…') in a command", raw);
    return this.emit(words, 0, this.cmdCtx(env, raw, env.redirects, env.stdin, env.stdinLiteral));
  }

  /** Walk the command/process substitutions found anywhere under `node` (they run). */
  private walkSubs(node: Node, env: Env, level: number): void {
    if (!env.hasSubs || this.stopped) return;
    const t = node.type;
    if (t === "command_substitution" || t === "process_substitution") {
      const senv: Env = { ...env, inSub: true, stdin: null, stdinLiteral: null, redirects: [] };
      let out: number | null = null;
      for (const child of node.namedChildren) {
        if (!child) continue;
        const ct = child.type;
        if (STATEMENT_TYPES.has(ct) || ct === "ERROR") {
          const o = this.walkStatement(child, senv);
          if (o !== null) out = o;
        } else this.walkSubs(child, senv, level + 1);
      }
      this.substOut.set(nodeKey(env, node), out);
      return;
    }
    const kids = node.namedChildren;
    if (kids.length === 0) return;
    if (level > MAX_NESTING * 4) {
      this.stop("expressions nested too deeply", env.gapCommand);
      return;
    }
    for (const child of kids) if (child) this.walkSubs(child, env, level + 1);
  }

  private countCommand(env: Env): boolean {
    if (this.stopped) return false;
    if (++this.simpleCount > MAX_SIMPLE_COMMANDS) {
      this.stop(`more than ${MAX_SIMPLE_COMMANDS} simple commands`, env.gapCommand);
      return false;
    }
    return true;
  }

  // -------------------------------------------------------- simple commands

  private walkCommand(node: Node, env: Env, outerRedirs: Node[], extraArgs: Node[]): number | null {
    if (!this.countCommand(env)) return null;
    const redirs: Node[] = [...outerRedirs];
    const parts = commandParts(node, redirs, (c, ct) => {
      if (ct === "variable_assignment") this.walkSubs(c, env, 0);
      else if (ct === "ERROR" || STATEMENT_TYPES.has(ct)) this.walkStatement(c, env);
      else if (c.isNamed && ct !== "comment") this.walkSubs(c, env, 0);
    });
    let nameNode = parts.nameNode;
    const args = parts.args;
    // Words tree-sitter hangs on a redirection (`> out a b`, `cat <<EOF file`) are arguments.
    for (const r of redirs) args.push(...redirectExtraArgs(r));
    args.push(...extraArgs);
    // A MISSING node is always zero-width: test the width first (one read fewer).
    const nameEnd = nameNode ? nameNode.endIndex : -1;
    if (nameNode && (nameNode.startIndex === nameEnd || nameNode.isMissing)) nameNode = null;

    // Substitutions run before the command itself.
    if (env.hasSubs) {
      if (nameNode) this.walkSubs(nameNode, env, 0);
      for (const a of args) this.walkSubs(a, env, 0);
      for (const r of redirs) this.walkSubs(r, env, 0);
    }
    if (this.stopped) return null;

    redirs.sort((a, b) => a.startIndex - b.startIndex);
    const infos = this.redirectInfos(redirs, env);
    let start = node.startIndex;
    let end = node.endIndex;
    for (const i of infos) {
      start = Math.min(start, i.start);
      end = Math.max(end, i.end);
    }
    const raw = env.src.slice(start, end);
    this.checkRedirectTargets(infos, raw);
    const { stdin, stdinLiteral } = this.applyStdin(infos, env);
    const redirects = [...env.redirects, ...infos.map((i): Redirect => [i.op, i.target])];
    if (!nameNode) {
      return infos.length > 0 ? this.emitBare(raw, redirects, stdin, env) : null;
    }
    const nameWord = wordFromNodeSpan(nameNode, nameNode.startIndex, nameEnd, env.src);
    const words = [...expandWord(nameWord), ...args.flatMap((a) => expandWord(wordFromNode(a, env.src)))];
    if (words.some((w) => w.ansiC) || infos.some((i) => i.word?.ansiC)) {
      this.gaps.add(SHAPE.QUOTE_OBFUSCATION, "ANSI-C quoting ($'…') in a command", raw);
    }
    if (words[0].value !== nameWord.value) {
      this.gaps.add(SHAPE.QUOTE_OBFUSCATION, `brace expansion forms the program word ${excerpt(nameWord.raw)}`, raw);
    }
    return this.processWords(words, 0, this.cmdCtx(env, raw, redirects, stdin, stdinLiteral));
  }

  private cmdCtx(
    env: Env,
    raw: string,
    redirects: Redirect[],
    stdin: StdinSource | null,
    stdinLiteral: (() => string | null) | null,
  ): CmdCtx {
    return { env, raw, redirects, stdin, stdinLiteral, wrappers: env.wrappers, find: null, fromText: true };
  }

  private redirectInfos(nodes: Node[], env: Env): RedirInfo[] {
    const out: RedirInfo[] = [];
    for (const n of nodes) this.redirectInfo(n, env.src, out, 0);
    return out;
  }

  private redirectInfo(node: Node, src: string, out: RedirInfo[], level: number): void {
    const text = (n: Node): string => src.slice(n.startIndex, n.endIndex);
    if (node.type === "file_redirect") {
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
      const word = dest ? wordFromNode(dest, src) : null;
      const target = dest ? text(dest) : "";
      const isDup = (op === ">&" || op === "<&") && (word === null || /^(\d+|-)$/.test(word.value));
      out.push({
        op: fd + op,
        target,
        kind: isDup || op === ">&-" || op === "<&-" ? "dup" : "file",
        word,
        text: null,
        start: node.startIndex,
        end: node.endIndex,
      });
      return;
    }
    if (node.type === "herestring_redirect") {
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
      const lit = word ? this.literalOfWord(word, src, 0) : null;
      out.push({
        op: fd + "<<<",
        target: wordNode ? text(wordNode) : "",
        kind: "herestring",
        word,
        text: word && !word.dynamic ? word.value : null,
        resolved: lit,
        start: node.startIndex,
        end: node.endIndex,
      });
      return;
    }
    if (node.type === "heredoc_redirect") {
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
        if (field === "descriptor") {
          fd = text(c);
          end = Math.max(end, c.endIndex);
        } else if (c.type === "<<" || c.type === "<<-") {
          op = c.type;
          end = Math.max(end, c.endIndex);
        } else if (c.type === "heredoc_start") {
          startNode = c;
          end = Math.max(end, c.endIndex);
        } else if (c.type === "heredoc_body") bodyNode = c;
        else if (field === "redirect") {
          nested.push(c);
          end = Math.max(end, c.endIndex);
        }
      }
      const delim = startNode ? text(startNode) : "";
      let bodyText: string | null = null;
      if (bodyNode) {
        const rawBody = text(bodyNode);
        const quotedDelim = /['"\\]/.test(delim);
        if (quotedDelim) bodyText = rawBody;
        else if (bodyHasExpansion(bodyNode)) bodyText = null;
        else bodyText = unescapeHeredoc(rawBody);
        if (bodyText !== null && op === "<<-") bodyText = bodyText.replace(/^\t+/gm, "");
      } else {
        bodyText = "";
      }
      out.push({ op: fd + op, target: delim, kind: "heredoc", word: null, text: bodyText, start: node.startIndex, end });
      if (level < 8) for (const n of nested) this.redirectInfo(n, src, out, level + 1);
    }
  }

  /** Shape 10: a file redirection whose target the table cannot resolve. */
  private checkRedirectTargets(infos: RedirInfo[], raw: string): void {
    for (const i of infos) {
      if (i.kind !== "file" || !i.word) continue;
      const w = i.word;
      let why: string | null = null;
      if (w.dynamic) {
        // `< <(cmd)` reads a pipe, not a path; the substitution itself is walked.
        if (w.node?.type !== "process_substitution") why = "an unresolved variable or substitution";
      } else if (w.value.includes("~")) why = "a `~`";
      else if (/[*?[]/.test(w.value)) why = "a glob";
      if (why) this.gaps.add(SHAPE.REDIRECT_TARGET, `redirection target ${excerpt(i.target)} contains ${why}`, raw);
    }
  }

  private emitBare(raw: string, redirects: Redirect[], stdin: StdinSource | null, env: Env): number | null {
    const ctx = this.cmdCtx(env, raw, redirects, stdin, null);
    return this.pushCommand(
      { program: "", argv: [], raw, redirects: copyRedirects(redirects), raw_argv: [] },
      ctx,
      env.wrappers,
    );
  }

  // ------------------------------------------------------------- peeling

  /** Resolve the command whose program word is `words[i]`: peel wrappers, follow inline scripts, emit. */
  private processWords(words: Word[], i: number, ctx: CmdCtx): number | null {
    let wrappers = ctx.wrappers.slice();
    let reportedObfuscation = false;
    let resolving = false;
    for (;;) {
      if (this.stopped || i >= words.length) return null;
      const w = words[i];
      if (w.dynamic) {
        this.gaps.add(SHAPE.DYNAMIC_PROGRAM, `the program word ${excerpt(w.raw)} is not a literal`, ctx.raw);
        if (/^"?\$\{?(SHELL|BASH|ZSH)\}?"?$/.test(w.raw)) return this.handleShell("sh", words, i, ctx, wrappers);
        // When the value is known anyway (`$(echo rm)`, `x=rm; $x`), go on with it
        // so the command is still judged; the gap stays.
        const resolved = this.resolveProgramWord(w, ctx.env);
        if (resolved !== null && resolved.length > 0 && !resolving) {
          resolving = true;
          words = [...words.slice(0, i), ...resolved, ...words.slice(i + 1)];
          continue;
        }
        return this.emit(words, i, { ...ctx, wrappers });
      }
      if (!reportedObfuscation && isObfuscatedProgramWord(w)) {
        reportedObfuscation = true;
        this.gaps.add(
          SHAPE.QUOTE_OBFUSCATION,
          `quotes or escapes change the program word ${excerpt(w.raw)} (runs ${excerpt(w.value)})`,
          ctx.raw,
        );
      }
      if (i === 0 && ctx.fromText) {
        const scope = ctx.env.scope;
        if (!w.quoted && scope.aliases.has(w.value) && !scope.expanding.has(w.value)) {
          return this.expandAlias(words, ctx);
        }
        if (scope.functions.has(w.value)) {
          this.gaps.add(SHAPE.DEFINE_AND_INVOKE, `function ${excerpt(w.value)} is defined and invoked in the same text`, ctx.raw);
        }
      }
      const name = programName(w.value);
      if (isWrapper(name)) {
        const peel = peelWrapper(name, words, i);
        if (peel.next === null) {
          const feeder = peel.exhausted ? fedByInput(wrappers) : null;
          if (feeder !== null) this.gaps.add(SHAPE.DYNAMIC_PROGRAM, `the program ${name} runs comes from ${feeder}'s input`, ctx.raw);
          return this.emit(words, i, { ...ctx, wrappers });
        }
        if (wrappers.length >= MAX_WRAPPER_DEPTH) {
          this.gaps.add(SHAPE.DEPTH, `wrappers nested deeper than ${MAX_WRAPPER_DEPTH}`, ctx.raw);
          return this.emit(words, i, { ...ctx, wrappers });
        }
        words = peel.words;
        wrappers = [...wrappers, name];
        if (STDIN_CONSUMING_WRAPPERS.has(name)) ctx = { ...ctx, stdin: null, stdinLiteral: null };
        i = peel.next;
        continue;
      }
      return this.dispatch(name, words, i, ctx, wrappers);
    }
  }

  private dispatch(name: string, words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    if (SHELLS.has(name)) return this.handleShell(name, words, i, ctx, wrappers);
    switch (name) {
      case "find":
        return this.handleFind(words, i, ctx, wrappers);
      case "eval":
        return this.handleEval(words, i, ctx, wrappers);
      case "cmd":
        return this.handleCmd(words, i, ctx, wrappers);
      case "powershell":
      case "pwsh":
        return this.handlePowerShell(name, words, i, ctx, wrappers);
      case "git":
        return this.handleGit(words, i, ctx, wrappers);
      case "awk":
      case "gawk":
      case "mawk":
      case "nawk":
        return this.handleAwk(name, words, i, ctx, wrappers);
      case "su":
      case "runuser":
        return this.handleSu(name, words, i, ctx, wrappers);
      case "watch":
        return this.handleWatch(words, i, ctx, wrappers);
      case "parallel":
        return this.handleParallel(words, i, ctx, wrappers);
      case "source":
      case ".": {
        const p = this.procSubOperand(words[i + 1], ctx.env.src);
        if (!p) break;
        if (p.literal === null) {
          this.gaps.add(SHAPE.INTERPRETER_STDIN, `${name} runs a script from a process substitution that is not a literal`, ctx.raw);
          break;
        }
        return this.inline(p.literal, name, words, i, ctx, wrappers, { inheritStdin: true, sameScope: true });
      }
      case "alias":
        if (ctx.fromText) this.recordAliases(words, i, ctx);
        return this.emit(words, i, { ...ctx, wrappers });
      case "unalias":
        if (ctx.fromText) {
          for (const w of words.slice(i + 1)) {
            if (w.value === "-a") ctx.env.scope.aliases.clear();
            else ctx.env.scope.aliases.delete(w.value);
          }
        }
        return this.emit(words, i, { ...ctx, wrappers });
    }
    const use = interpreterUse(name, words, i);
    if (use) return this.handleInterpreter(name, use.kind === "inline" ? use.flag : null, use.kind, words, i, ctx, wrappers);
    return this.emit(words, i, { ...ctx, wrappers });
  }

  private emit(words: Word[], i: number, ctx: CmdCtx): number | null {
    const rest = words.slice(i + 1);
    return this.pushCommand(
      {
        program: programName(words[i].value),
        argv: rest.map((w) => w.value),
        raw: ctx.raw,
        redirects: copyRedirects(ctx.redirects),
        raw_argv: rest.map((w) => w.raw),
      },
      ctx,
      ctx.wrappers,
    );
  }

  private pushCommand(cmd: SimpleCommand, ctx: CmdCtx, wrappers: string[]): number | null {
    if (this.stopped) return null;
    if (this.commands.length >= MAX_SIMPLE_COMMANDS) {
      this.stop(`more than ${MAX_SIMPLE_COMMANDS} simple commands`, ctx.env.gapCommand);
      return null;
    }
    this.commands.push({
      cmd,
      wrappers: wrappers.slice(),
      depth: ctx.env.depth,
      inSubstitution: ctx.env.inSub,
      stdin: ctx.stdin,
      find: ctx.find,
    });
    return this.commands.length - 1;
  }

  /** Parse `script` as shell text one inline level down. */
  private inline(
    script: string,
    via: string,
    words: Word[],
    i: number,
    ctx: CmdCtx,
    wrappers: string[],
    opts: { inheritStdin: boolean; sameScope: boolean },
  ): number | null {
    if (wrappers.length >= MAX_WRAPPER_DEPTH) {
      this.gaps.add(SHAPE.DEPTH, `inline scripts nested deeper than ${MAX_WRAPPER_DEPTH}`, ctx.raw);
      return this.emit(words, i, { ...ctx, wrappers });
    }
    if (utf8Length(script) > MAX_COMMAND_BYTES) {
      this.gaps.add(SHAPE.OVERSIZE, `inline script over ${MAX_COMMAND_BYTES} bytes`, ctx.raw);
      return this.emit(words, i, { ...ctx, wrappers });
    }
    const env = ctx.env;
    return this.analyzeText(script, {
      ...env,
      src: script,
      depth: env.depth + 1,
      wrappers: [...wrappers, via],
      stdin: opts.inheritStdin ? ctx.stdin : null,
      stdinLiteral: opts.inheritStdin ? ctx.stdinLiteral : null,
      // Input redirections were consumed by the outer command; its output ones still apply.
      redirects: copyRedirects(ctx.redirects.filter((r) => r[0].includes(">"))),
      scope: opts.sameScope ? env.scope : newScope(),
      level: env.level + 1,
      gapCommand: ctx.raw,
    });
  }

  private handleShell(name: string, words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    const inv = shellInvocation(words, i);
    const feeder = fedByInput(wrappers);
    if (inv.kind === "file" && inv.index === -1 && feeder !== null) {
      // `xargs sh -c` / `parallel bash -c`: the -c script is the first word of the input.
      this.gaps.add(SHAPE.DYNAMIC_SCRIPT, `the ${name} -c script comes from ${feeder}'s input`, ctx.raw);
      return this.emit(words, i, { ...ctx, wrappers });
    }
    if (inv.kind === "file") {
      const p = this.procSubOperand(words[inv.index], ctx.env.src);
      if (!p) return this.emit(words, i, { ...ctx, wrappers });
      if (p.literal === null) {
        this.gaps.add(SHAPE.INTERPRETER_STDIN, `${name} runs a script from a process substitution that is not a literal`, ctx.raw);
        return this.emit(words, i, { ...ctx, wrappers });
      }
      return this.inline(p.literal, name, words, i, ctx, wrappers, { inheritStdin: true, sameScope: false });
    }
    if (inv.kind === "script") {
      const sw = words[inv.index];
      const lit = this.literalOfWord(sw, ctx.env.src, 0);
      if (lit === null) {
        this.gaps.add(SHAPE.DYNAMIC_SCRIPT, `the ${name} -c script ${excerpt(sw.raw)} is not a literal`, ctx.raw);
        // A template (`bash -c 'rm -rf {}'` under xargs -I / find -exec) is still
        // worth reading: the gap stays, and the commands it names are shown.
        const out = this.emit(words, i, { ...ctx, wrappers });
        if (sw.placeholder) this.inline(sw.value, name, words, i, ctx, wrappers, { inheritStdin: true, sameScope: false });
        return out;
      }
      return this.inline(lit, name, words, i, ctx, wrappers, { inheritStdin: true, sameScope: false });
    }
    // The script comes from stdin.
    const stdin = ctx.stdin;
    if (stdin === null || stdin.kind === "file") return this.emit(words, i, { ...ctx, wrappers });
    const lit = ctx.stdinLiteral ? ctx.stdinLiteral() : null;
    if (lit === null) {
      this.gaps.add(
        SHAPE.INTERPRETER_STDIN,
        `${name} reads its script from a ${stdin.kind} that is not a literal`,
        ctx.raw,
      );
      return this.emit(words, i, { ...ctx, wrappers });
    }
    return this.inline(lit, name, words, i, ctx, wrappers, { inheritStdin: false, sameScope: false });
  }

  private handleInterpreter(
    name: string,
    flag: string | null,
    kind: "inline" | "stdin" | "other",
    words: Word[],
    i: number,
    ctx: CmdCtx,
    wrappers: string[],
  ): number | null {
    if (kind === "inline") {
      this.gaps.add(SHAPE.INLINE_INTERPRETER, `inline ${name} code (${flag})`, ctx.raw);
    } else if (kind === "other") {
      const operand = words.slice(i + 1).find((w) => w.dynamic || !w.value.startsWith("-"));
      const p = this.procSubOperand(operand, ctx.env.src);
      if (p) {
        if (p.literal === null)
          this.gaps.add(SHAPE.INTERPRETER_STDIN, `${name} runs a program from a process substitution that is not a literal`, ctx.raw);
        else this.gaps.add(SHAPE.INLINE_INTERPRETER, `inline ${name} code from a process substitution`, ctx.raw);
      }
    } else if (kind === "stdin" && ctx.stdin !== null && ctx.stdin.kind !== "file") {
      const lit = ctx.stdinLiteral ? ctx.stdinLiteral() : null;
      if (lit !== null) {
        this.gaps.add(SHAPE.INLINE_INTERPRETER, `inline ${name} code fed from a ${ctx.stdin.kind}`, ctx.raw);
      } else {
        this.gaps.add(
          SHAPE.INTERPRETER_STDIN,
          `${name} reads its program from a ${ctx.stdin.kind} that is not a literal`,
          ctx.raw,
        );
      }
    }
    return this.emit(words, i, { ...ctx, wrappers });
  }

  private handleEval(words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    const rest = words.slice(i + 1);
    if (rest.length === 0) return this.emit(words, i, { ...ctx, wrappers });
    const lits = rest.map((w) => this.literalOfWord(w, ctx.env.src, 0));
    if (lits.some((l) => l === null)) {
      this.gaps.add(SHAPE.DYNAMIC_SCRIPT, "eval of a script that is not a literal", ctx.raw);
      return this.emit(words, i, { ...ctx, wrappers });
    }
    return this.inline(lits.join(" "), "eval", words, i, ctx, wrappers, { inheritStdin: true, sameScope: true });
  }

  private handleCmd(words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    const s = cmdScript(words, i);
    if (!s) return this.emit(words, i, { ...ctx, wrappers });
    const lits = s.words.map((w) => this.literalOfWord(w, ctx.env.src, 0));
    if (lits.some((l) => l === null)) {
      this.gaps.add(SHAPE.DYNAMIC_SCRIPT, "cmd /C script is not a literal", ctx.raw);
      return this.emit(words, i, { ...ctx, wrappers });
    }
    // cmd.exe has no backslash escapes (`C:\dir`): keep them literal for the Bash grammar.
    const script = [s.prefix, ...lits].filter((p) => p !== "").join(" ").replace(/\\/g, "\\\\");
    return this.inline(script, "cmd", words, i, ctx, wrappers, { inheritStdin: true, sameScope: false });
  }

  private handlePowerShell(name: string, words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    const s = powershellScript(name, words, i);
    if (!s) return this.emit(words, i, { ...ctx, wrappers });
    let script: string | null;
    if (s.kind === "encoded") {
      const lit = s.word ? this.literalOfWord(s.word, ctx.env.src, 0) : null;
      script = lit === null ? null : decodeBase64Text(lit, "utf-16le");
      if (script === null) {
        this.gaps.add(SHAPE.DYNAMIC_SCRIPT, `${name} -EncodedCommand that does not decode to a literal`, ctx.raw);
        return this.emit(words, i, { ...ctx, wrappers });
      }
    } else {
      const lits = s.words.map((w) => this.literalOfWord(w, ctx.env.src, 0));
      if (lits.some((l) => l === null)) {
        this.gaps.add(SHAPE.DYNAMIC_SCRIPT, `${name} -Command script is not a literal`, ctx.raw);
        return this.emit(words, i, { ...ctx, wrappers });
      }
      script = lits.join(" ");
      if (script.trim() === "-") return this.emit(words, i, { ...ctx, wrappers });
    }
    // PowerShell paths use `\`, which is not an escape there.
    script = script.replace(/\\/g, "\\\\");
    return this.inline(script, name, words, i, ctx, wrappers, { inheritStdin: true, sameScope: false });
  }

  private handleGit(words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    const a = gitAliasUse(words, i);
    if (!a) return this.emit(words, i, { ...ctx, wrappers });
    if (a.dynamic) {
      this.gaps.add(SHAPE.DYNAMIC_SCRIPT, "git alias defined on the command line is not a literal", ctx.raw);
      return this.emit(words, i, { ...ctx, wrappers });
    }
    if (a.value.startsWith("!")) {
      const out = this.emit(words, i, { ...ctx, wrappers });
      const rest = words.slice(a.subIndex + 1).map((w) => w.raw);
      const script = [a.value.slice(1), ...rest].join(" ");
      this.inline(script, "git", words, i, ctx, wrappers, { inheritStdin: true, sameScope: false });
      return out;
    }
    // A git alias to another git command: emit what git will run.
    const parts = splitWords(a.value) ?? [a.value];
    const expanded = [...words.slice(0, a.subIndex), ...parts.map((p) => literalWord(p)), ...words.slice(a.subIndex + 1)];
    return this.emit(expanded, i, { ...ctx, wrappers });
  }

  private handleAwk(name: string, words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    const out = this.emit(words, i, { ...ctx, wrappers });
    const prog = awkProgram(words, i);
    if (!prog || prog.dynamic) return out;
    const { scripts, dynamic } = awkCommands(prog.value);
    if (dynamic) this.gaps.add(SHAPE.DYNAMIC_SCRIPT, `${name} runs a command that is not a literal`, ctx.raw);
    for (const s of scripts) {
      if (this.stopped) break;
      this.inline(s, name, words, i, { ...ctx, stdin: null, stdinLiteral: null }, wrappers, {
        inheritStdin: false,
        sameScope: false,
      });
    }
    return out;
  }

  private handleFind(words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    const out = this.emit(words, i, { ...ctx, wrappers });
    const spec = parseFind(words, i);
    for (const seg of spec.segments) {
      if (this.stopped) break;
      if (seg.end <= seg.start) continue;
      if (wrappers.length >= MAX_WRAPPER_DEPTH) {
        this.gaps.add(SHAPE.DEPTH, `wrappers nested deeper than ${MAX_WRAPPER_DEPTH}`, ctx.raw);
        break;
      }
      // `{}` is replaced by each path find visits: not a literal.
      const segWords = words.slice(seg.start, seg.end).map((w) => (w.value.includes("{}") ? placeholderWord(w) : w));
      const first = words[seg.start];
      const last = words[seg.terminator] ?? words[seg.end - 1];
      const raw =
        first.start >= 0 && last.end >= 0 && ctx.fromText
          ? ctx.env.src.slice(first.start, last.end)
          : words.slice(seg.start, seg.terminator + 1).map((w) => w.raw).join(" ");
      this.processWords(segWords, 0, {
        ...ctx,
        raw,
        stdin: null,
        stdinLiteral: null,
        wrappers: [...wrappers, "find"],
        find: { roots: spec.roots, filtered: spec.filtered },
        fromText: false,
      });
    }
    return out;
  }

  /** Continue peeling at `words[next]` under one more wrapper, within the depth limit. */
  private peelTo(words: Word[], i: number, next: number, name: string, ctx: CmdCtx, wrappers: string[]): number | null {
    if (wrappers.length >= MAX_WRAPPER_DEPTH) {
      this.gaps.add(SHAPE.DEPTH, `wrappers nested deeper than ${MAX_WRAPPER_DEPTH}`, ctx.raw);
      return this.emit(words, i, { ...ctx, wrappers });
    }
    return this.processWords(words, next, { ...ctx, wrappers: [...wrappers, name] });
  }

  /** `su [-] [-c CMD] [user]` runs CMD through the user's shell; `runuser -u USER -- CMD…` execs it. */
  private handleSu(name: string, words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    const scan = scanOptions(words, i + 1, {
      shortValue: "csgGwu",
      longValue: ["command", "shell", "group", "supp-group", "whitelist-environment", "user", "session-command"],
    });
    // GNU su permutes: `-c CMD` may come after the user (`su - root -c …`).
    let w: Word | null = null;
    for (let k = i + 1; k < words.length && w === null; k++) {
      const x = words[k];
      if (x.dynamic) {
        if (/^--(session-)?command=/.test(x.value)) w = { ...x, node: null };
        continue;
      }
      if (x.value === "--") break;
      if (x.value === "-c" || x.value === "--command" || x.value === "--session-command") w = words[k + 1] ?? null;
      else if (/^--(session-)?command=/.test(x.value)) w = literalWord(x.value.slice(x.value.indexOf("=") + 1));
    }
    if (w !== null) {
      const lit = this.literalOfWord(w, ctx.env.src, 0);
      if (lit === null) {
        this.gaps.add(SHAPE.DYNAMIC_SCRIPT, `the ${name} -c script is not a literal`, ctx.raw);
        return this.emit(words, i, { ...ctx, wrappers });
      }
      return this.inline(lit, name, words, i, ctx, wrappers, { inheritStdin: true, sameScope: false });
    }
    if (name === "runuser" && scan.options.some((o) => o.name === "u" || o.name === "--user") && scan.end < words.length) {
      return this.peelTo(words, i, scan.end, name, ctx, wrappers);
    }
    return this.emit(words, i, { ...ctx, wrappers });
  }

  /** `watch [opts] CMD…`: watch hands its arguments to `sh -c` (or execs them with -x). */
  private handleWatch(words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    const scan = scanOptions(words, i + 1, {
      shortValue: "nq",
      shortOptional: "d",
      longValue: ["interval", "equexit"],
      longOptional: ["differences"],
    });
    if (scan.end >= words.length) return this.emit(words, i, { ...ctx, wrappers });
    const exec = scan.options.some((o) => o.name === "x" || o.name === "--exec");
    if (exec || words.length - scan.end > 1) return this.peelTo(words, i, scan.end, "watch", ctx, wrappers);
    const lit = this.literalOfWord(words[scan.end], ctx.env.src, 0);
    if (lit === null) {
      this.gaps.add(SHAPE.DYNAMIC_SCRIPT, "watch runs a command that is not a literal", ctx.raw);
      return this.emit(words, i, { ...ctx, wrappers });
    }
    return this.inline(lit, "watch", words, i, ctx, wrappers, { inheritStdin: false, sameScope: false });
  }

  /** GNU parallel: `parallel [opts] [CMD…] [::: INPUT…]`. */
  private handleParallel(words: Word[], i: number, ctx: CmdCtx, wrappers: string[]): number | null {
    const scan = scanOptions(words, i + 1, {
      shortValue: "aCdEIjLNnPSsWB",
      longValue: [
        "jobs", "joblog", "results", "res", "tmpdir", "timeout", "delay", "retries", "halt", "sshlogin", "colsep",
        "arg-file", "delimiter", "basefile", "workdir", "wd", "env", "tag-string", "tagstring", "transfer-file",
        "return", "memfree", "load", "nice", "header", "semaphorename", "id", "termseq", "sshdelay", "max-args",
        "max-replace-args", "max-lines", "max-procs", "max-chars", "eof",
      ],
    });
    const markers = new Set([":::", "::::", ":::+", "::::+"]);
    let m = -1;
    for (let k = scan.end; k < words.length; k++) {
      if (!words[k].dynamic && markers.has(words[k].value)) {
        m = k;
        break;
      }
    }
    const cmdWords = words.slice(scan.end, m >= 0 ? m : words.length);
    const inputWords = m >= 0 ? words.slice(m + 1).filter((w) => w.dynamic || !markers.has(w.value)) : [];
    const fileInputs = m >= 0 && words.slice(m).some((w) => !w.dynamic && w.value.startsWith("::::"));
    const literalInputs =
      m >= 0 && !fileInputs && inputWords.every((w) => !w.dynamic) ? inputWords.map((w) => w.value) : null;
    const repl = scan.options.filter((o) => o.name === "I" && o.value).map((o) => o.value as string);
    const placeholder = (v: string): boolean => /\{\d*(?:\.|\/|\/\/|\/\.|#|%)?\}/.test(v) || repl.some((r) => v.includes(r));
    const noStdin: CmdCtx = { ...ctx, stdin: null, stdinLiteral: null, fromText: false };
    const MAX_JOBS = 16;
    if (cmdWords.length === 0) {
      if (literalInputs) {
        let out: number | null = null;
        for (const input of literalInputs.slice(0, MAX_JOBS)) {
          const o = this.inline(input, "parallel", words, i, noStdin, wrappers, { inheritStdin: false, sameScope: false });
          if (o !== null) out = o;
        }
        return out;
      }
      if (m >= 0) {
        this.gaps.add(SHAPE.DYNAMIC_SCRIPT, "parallel runs commands that are not literals", ctx.raw);
        return this.emit(words, i, { ...ctx, wrappers });
      }
      // No command: parallel runs each line of its stdin as a command.
      const stdin = ctx.stdin;
      if (stdin === null || stdin.kind === "file") return this.emit(words, i, { ...ctx, wrappers });
      const lit = ctx.stdinLiteral ? ctx.stdinLiteral() : null;
      if (lit === null) {
        this.gaps.add(SHAPE.INTERPRETER_STDIN, `parallel runs commands from a ${stdin.kind} that is not a literal`, ctx.raw);
        return this.emit(words, i, { ...ctx, wrappers });
      }
      return this.inline(lit, "parallel", words, i, ctx, wrappers, { inheritStdin: false, sameScope: false });
    }
    if (literalInputs && literalInputs.length > 0) {
      let out: number | null = null;
      for (const input of literalInputs.slice(0, MAX_JOBS)) {
        const job = cmdWords.some((w) => !w.dynamic && placeholder(w.value))
          ? cmdWords.map((w) =>
              !w.dynamic && placeholder(w.value)
                ? literalWord(
                    repl.reduce(
                      (v, r) => v.split(r).join(input),
                      w.value.replace(/\{\d*(?:\.|\/|\/\/|\/\.|#|%)?\}/g, input),
                    ),
                  )
                : w,
            )
          : [...cmdWords, literalWord(input)];
        const o = this.peelTo(job, 0, 0, "parallel", noStdin, wrappers);
        if (o !== null) out = o;
      }
      return out;
    }
    const job = cmdWords.map((w) => (!w.dynamic && placeholder(w.value) ? placeholderWord(w) : w));
    return this.peelTo(job, 0, 0, "parallel", noStdin, wrappers);
  }

  private recordAliases(words: Word[], i: number, ctx: CmdCtx): void {
    for (const w of words.slice(i + 1)) {
      const eq = w.value.indexOf("=");
      if (eq <= 0 || w.value.startsWith("-")) continue;
      const name = w.value.slice(0, eq);
      ctx.env.scope.aliases.set(name, w.dynamic ? null : w.value.slice(eq + 1));
    }
  }

  private expandAlias(words: Word[], ctx: CmdCtx): number | null {
    const scope = ctx.env.scope;
    const name = words[0].value;
    const value = scope.aliases.get(name) ?? null;
    this.gaps.add(SHAPE.DEFINE_AND_INVOKE, `alias ${excerpt(name)} is defined and invoked in the same text`, ctx.raw);
    if (value === null) {
      this.gaps.add(SHAPE.DYNAMIC_PROGRAM, `alias ${excerpt(name)} expands to a value that is not a literal`, ctx.raw);
      return this.emit(words, 0, ctx);
    }
    const text = [value, ...words.slice(1).map((w) => w.raw)].join(" ");
    if (utf8Length(text) > MAX_COMMAND_BYTES) {
      this.gaps.add(SHAPE.OVERSIZE, `alias expansion over ${MAX_COMMAND_BYTES} bytes`, ctx.raw);
      return this.emit(words, 0, ctx);
    }
    scope.expanding.add(name);
    try {
      return this.analyzeText(text, {
        ...ctx.env,
        src: text,
        stdin: ctx.stdin,
        stdinLiteral: ctx.stdinLiteral,
        redirects: copyRedirects(ctx.redirects),
        wrappers: ctx.wrappers,
        gapCommand: ctx.raw,
      });
    } finally {
      scope.expanding.delete(name);
    }
  }

  private applyStdin(
    infos: RedirInfo[],
    env: Env,
  ): { stdin: StdinSource | null; stdinLiteral: (() => string | null) | null } {
    return applyStdinInfos(infos, env.stdin, env.stdinLiteral, (w) => this.procSubSource(w, env));
  }

  /** `<(cmd)` as a source of input: a pipe from cmd's output command. */
  private procSubSource(w: Word, env: Env): { stdin: StdinSource; literal: () => string | null } | null {
    const n = w.node;
    const src = env.src;
    if (!n || n.type !== "process_substitution") return null;
    const up = this.substOut.get(nodeKey(env, n));
    if (up === undefined || up === null) return null;
    return { stdin: { kind: "pipe", upstream: up }, literal: () => this.literalOfSubstitution(n, src, 0) };
  }

  /**
   * A program or script operand that is `<(…)`: its literal text when the
   * substitution is a literal producer, else null (and `isProcSub` set).
   */
  private procSubOperand(w: Word | undefined, src: string): { literal: string | null } | null {
    if (!w || !w.node || w.node.type !== "process_substitution") return null;
    return { literal: this.literalOfSubstitution(w.node, src, 0) };
  }

  /** A dynamic program word whose value is known: literal substitutions and `$x` of a literal assignment. */
  private resolveProgramWord(w: Word, env: Env): Word[] | null {
    if (!w.node) return null;
    const src = env.src;
    const r = wordFromNode(w.node, src, (n) => this.resolveExpansion(n, src, env, 0));
    if (r.dynamic) return null;
    // Unquoted expansions are split into words.
    const parts = w.raw.startsWith('"') ? [r.value] : r.value.split(/[ \t\n]+/).filter((p) => p !== "");
    return parts.map((p, k) => ({ ...literalWord(p), raw: k === 0 ? w.raw : p, start: w.start, end: w.end }));
  }

  private resolveExpansion(n: Node, src: string, env: Env | null, level: number): string | null {
    if (n.type === "command_substitution") return this.literalOfSubstitution(n, src, level + 1);
    if (env && (n.type === "simple_expansion" || n.type === "expansion")) {
      const m = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(src.slice(n.startIndex, n.endIndex));
      if (!m) return null;
      const v = env.scope.vars.get(m[1]);
      return v === undefined ? null : v;
    }
    return null;
  }

  // ------------------------------------------------------ literal values

  /** The value of a word when it is known without running anything: a literal, or `$(…)` of a literal producer. */
  literalOfWord(w: Word, src: string, level: number): string | null {
    if (!w.dynamic) return w.value;
    const n = w.node;
    if (!n || level > MAX_LITERAL_LEVEL) return null;
    const r = wordFromNode(n, src, (x) => this.resolveExpansion(x, src, null, level + 1));
    return r.dynamic ? null : r.value;
  }

  private literalOfSubstitution(n: Node, src: string, level: number): string | null {
    const stmts = n.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
    if (stmts.length !== 1) return null;
    const out = this.literalOfStatement(stmts[0], src, level + 1);
    return out === null ? null : out.replace(/\n+$/, "");
  }

  private literalOfStatement(stmt: Node, src: string, level: number): string | null {
    if (level > MAX_LITERAL_LEVEL) return null;
    if (stmt.type === "pipeline") {
      const stages = stmt.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
      return this.literalOfStages(stages, stages.length - 1, src, null, level);
    }
    if (stmt.type === "redirected_statement") {
      for (const r of stmt.children) {
        if (r?.type !== "heredoc_redirect") continue;
        const p = r.namedChildren.find((c) => c?.type === "pipeline");
        if (p) {
          const stages = p.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
          const head = (): string | null => this.literalOfStage(stmt, src, null, level + 1);
          return this.literalOfStages(stages, stages.length - 1, src, head, level);
        }
      }
    }
    if (stmt.type === "command" || stmt.type === "redirected_statement") return this.literalOfStage(stmt, src, null, level);
    return null;
  }

  private literalOfStages(
    stages: Node[],
    k: number,
    src: string,
    head: (() => string | null) | null,
    level: number,
  ): string | null {
    if (k < 0) return null;
    const upstream = k > 0 ? () => this.literalOfStages(stages, k - 1, src, head, level + 1) : head;
    return this.literalOfStage(stages[k], src, upstream, level + 1);
  }

  /** What one pipeline stage writes to stdout, when it is a literal producer (`echo`, `printf`, `cat <<'EOF'`, `base64 -d`). */
  private literalOfStage(
    node: Node,
    src: string,
    upstream: (() => string | null) | null,
    level: number,
  ): string | null {
    if (level > MAX_LITERAL_LEVEL) return null;
    let cmdNode: Node | null = node;
    const redirNodes: Node[] = [];
    if (node.type === "redirected_statement") {
      cmdNode = node.childForFieldName("body");
      for (const c of node.children) if (c && REDIRECT_TYPES.has(c.type)) redirNodes.push(c);
    }
    if (!cmdNode || cmdNode.type !== "command") return null;
    const { nameNode, args } = commandParts(cmdNode, redirNodes);
    for (const r of redirNodes) args.push(...redirectExtraArgs(r));
    if (!nameNode) return null;
    const name = wordFromNode(nameNode, src);
    if (name.dynamic) return null;
    const words = args.map((a) => wordFromNode(a, src));
    let input: (() => string | null) | null = upstream;
    for (const r of redirNodes.sort((a, b) => a.startIndex - b.startIndex)) {
      const infos: RedirInfo[] = [];
      this.redirectInfo(r, src, infos, 0);
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
          return ""; // stdout goes to a file: nothing flows down the pipe
        }
      }
    }
    const lits: string[] = [];
    for (const w of words) {
      const l = this.literalOfWord(w, src, level + 1);
      if (l === null) return null;
      lits.push(l);
    }
    switch (programName(name.value)) {
      case "echo":
        return echoOutput(lits);
      case "printf":
        return printfOutput(lits);
      case "cat":
        if (lits.some((l) => l !== "-" && !(l.startsWith("-") && l.length > 1))) return null;
        return input ? input() : null;
      case "base64": {
        const f = base64DecodeFlags(words);
        if (!f.decode || f.operands > 0 || !input) return null;
        const data = input();
        return data === null ? null : decodeBase64Text(data);
      }
      default:
        return null;
    }
  }
}

// ------------------------------------------------------------------ helpers

function nodeKey(env: Env, node: Node): string {
  return `${env.tree}:${node.id}`;
}

function hasSubstitutionSyntax(text: string): boolean {
  return text.includes("$(") || text.includes("`") || text.includes("<(") || text.includes(">(");
}

/** The statement a trailing redirection of `a | b` / `a && b` / `! a` binds to. */
function lastStatement(node: Node): Node {
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
function commandParts(node: Node, redirs: Node[], other?: (child: Node, type: string) => void): { nameNode: Node | null; args: Node[] } {
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

/** `> out a b`: tree-sitter-bash files `a b` as extra destinations; bash passes them as arguments. */
function redirectExtraArgs(r: Node): Node[] {
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

/** Brace expansion of an unquoted literal word: one word per expansion (argv and raw_argv alike). */
function expandWord(w: Word): Word[] {
  if (w.dynamic || w.quoted || !w.value.includes("{")) return [w];
  const parts = braceExpand(w.value);
  if (parts.length === 1 && parts[0] === w.value) return [w];
  return parts.map((p) => ({ ...w, value: p, raw: p }));
}

function copyRedirects(r: Redirect[]): Redirect[] {
  return r.map((x): Redirect => [x[0], x[1]]);
}

function bodyHasExpansion(body: Node): boolean {
  for (const c of body.namedChildren) {
    if (!c) continue;
    const t = c.type;
    if (t === "simple_expansion" || t === "expansion" || t === "command_substitution" || t === "arithmetic_expansion") return true;
  }
  return false;
}

function applyStdinInfos(
  infos: RedirInfo[],
  stdin: StdinSource | null,
  stdinLiteral: (() => string | null) | null,
  procSub: (w: Word) => { stdin: StdinSource; literal: () => string | null } | null,
): { stdin: StdinSource | null; stdinLiteral: (() => string | null) | null } {
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

function describeError(root: Node, src: string): string {
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

interface FindSpec {
  roots: string[];
  filtered: boolean;
  /** `-exec CMD … ;` segments: word index range of CMD…, and the terminator's index. */
  segments: { start: number; end: number; terminator: number }[];
}

const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
/** Primaries that neither narrow the match nor take an argument of their own. */
const FIND_NEUTRAL = new Set([
  "-depth", "-d", "-xdev", "-mount", "-follow", "-noleaf", "-ignore_readdir_race", "-noignore_readdir_race",
  "-daystart", "-warn", "-nowarn", "-print", "-print0", "-ls", "-delete", "-prune", "-quit", "-true",
  "-o", "-or", "-a", "-and", "-not", "-help", "--help", "-version", "--version", "-L", "-H", "-P",
]);
/** Neutral primaries that take one argument. */
const FIND_NEUTRAL_ARG = new Set(["-maxdepth", "-mindepth", "-regextype", "-fprint", "-fprint0", "-fls", "-printf", "-files0-from"]);
/** Narrowing tests that take no argument. */
const FIND_TEST_NOARG = new Set(["-empty", "-readable", "-writable", "-executable", "-nouser", "-nogroup", "-false"]);

/** `find [-H|-L|-P] [-D x] [-Olevel] ROOT… EXPR`: roots, whether tests narrow the match, and its -exec commands. */
export function parseFind(words: readonly Word[], i: number): FindSpec {
  let j = i + 1;
  while (j < words.length) {
    const v = words[j].value;
    if (v === "-H" || v === "-L" || v === "-P" || /^-O\d*$/.test(v)) j++;
    else if (v === "-D") j += 2;
    else break;
  }
  const roots: string[] = [];
  while (j < words.length) {
    const w = words[j];
    const v = w.value;
    if (!w.dynamic && (v.startsWith("-") || v === "(" || v === "!" || v === ")" || v === ",")) break;
    roots.push(v);
    j++;
  }
  let filtered = false;
  const segments: FindSpec["segments"] = [];
  while (j < words.length) {
    const v = words[j].value;
    if (FIND_EXEC.has(v)) {
      const start = j + 1;
      let k = start;
      while (k < words.length) {
        const t = words[k].value;
        if (t === ";" || (t === "+" && k > start && words[k - 1].value === "{}")) break;
        k++;
      }
      segments.push({ start, end: Math.min(k, words.length), terminator: Math.min(k, words.length - 1) });
      j = k + 1;
      continue;
    }
    if (FIND_NEUTRAL.has(v) || v === "(" || v === ")" || v === "!" || v === ",") {
      j++;
    } else if (FIND_NEUTRAL_ARG.has(v)) {
      j += 2;
    } else if (v === "-fprintf") {
      j += 3;
    } else if (v.startsWith("-")) {
      filtered = true;
      j += FIND_TEST_NOARG.has(v) ? 1 : 2;
    } else {
      j++;
    }
  }
  return { roots: roots.length ? roots : ["."], filtered, segments };
}
