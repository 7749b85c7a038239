// The walk: traversal only, in the spirit of mvdan/sh's `syntax.Walk`. Every
// statement of a tree-sitter-bash tree is visited — pipelines, lists,
// subshells, groups, loops, conditionals, functions, substitutions (which run
// first) — and every simple command is handed, as decoded words with its
// redirections and stdin, to the analyzer (src/classify/shell/analyzer.ts),
// which knows what programs do. Word decoding is words.ts, redirections
// redirects.ts, literal values literal.ts.
import type { Node, Parser } from "web-tree-sitter";
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import type { CmdCtx, Env, JoinSlot } from "./context.js";
import { listJoinOf } from "./list-operator.js";
import { excerpt } from "./gaps.js";
import { MAX_NESTING } from "./limits.js";
import { literalOfStage, literalOfSubstitution, literalOfWord } from "./literal.js";
import {
  CONTAINER_TYPES,
  REDIRECT_TYPES,
  STATEMENT_TYPES,
  SUBSTITUTION_TYPES,
  TEST_EXPRESSION_TYPES,
  commandParts,
  describeError,
  hasExpansionSyntax,
  hasSubstitutionSyntax,
  lastStatement,
  stagesOf,
} from "./nodes.js";
import {
  applyStdin,
  checkRedirectTargets,
  redirectExtraArgs,
  redirectInfos,
  redirectWords,
  lostWords,
  type RedirectWord,
  type RedirInfo,
} from "./redirects.js";
import { argumentWords, assignmentValue, decodeWith, decodeWord, resolverFor } from "./command-words.js";
import { declareVariables, walkScoped } from "./scoped.js";
import { maskTestOperands } from "./test-operands.js";
import type { StdinSource } from "../shell-analysis.js";
import { choices, isolated, valueResolver, type Choice, type VarState } from "./values.js";
import { literalWord, type Word } from "./words.js";
import { recordWrites, type WrittenFiles } from "./written-files.js";
import type { GapList } from "./gaps.js";


/** What the walker hands simple commands to, and asks about limits. */
export interface CommandSink {
  readonly gaps: GapList;
  readonly stopped: boolean;
  /** Files the text writes, with what it puts in them (read when it runs them). */
  readonly files: WrittenFiles;
  /** Count one simple command; false once over the limit (the walk stops). */
  countCommand(env: Env): boolean;
  stop(reason: string, command: string): void;
  /** A simple command's words (program word first): resolve and emit it; returns its command index. */
  command(words: Word[], ctx: CmdCtx): number | null;
  /** A redirection with no command (`> file`): it still opens its target. */
  bare(raw: string, redirects: RedirectWord[], stdin: StdinSource | null, env: Env): number | null;
  /** `NAME=value` (alone, exported, or before a command): a variable some program runs as a command (`GIT_SSH_COMMAND`). */
  assigned(name: string, state: VarState, env: Env, raw: string, siblings?: ReadonlyMap<string, VarState>): void;
}

// Every property read of a web-tree-sitter node (`type`, `endIndex`, `isNamed`,
// …) marshals the node into WebAssembly memory and calls in, at ~0.2 µs a
// read: the walk reads each one once per visit and keeps it in a local.

export class Walker {
  /** Redirections tree-sitter attached to a list/pipeline, waiting for its last statement (by node id). */
  private readonly pendingRedirects = new Map<string, Node[]>();
  /** Output command of each walked substitution, by node id (`bash < <(curl …)`). */
  private readonly substOut = new Map<string, number | null>();
  private treeSeq = 0;

  constructor(
    private readonly parser: Parser,
    private readonly sink: CommandSink,
  ) {}

  /** Parse `text` and walk it; returns the index of its output command. */
  analyzeText(text: string, env: Env): number | null {
    if (this.sink.stopped) return null;
    const tree = this.parseRecovering(text);
    if (!tree) {
      this.sink.gaps.add(GAP_SHAPE.PARSE_ERROR, "the parser returned no tree", env.gapCommand);
      return null;
    }
    try {
      const root = tree.rootNode;
      if (root.hasError) {
        this.sink.gaps.add(GAP_SHAPE.PARSE_ERROR, `the Bash grammar rejects part of the text: ${describeError(root, text)}`, env.gapCommand);
      }
      return this.walkStatement(root, { ...env, src: text, hasSubs: hasSubstitutionSyntax(text), expands: hasExpansionSyntax(text), tree: ++this.treeSeq });
    } finally {
      tree.delete();
    }
  }

  /**
   * The tree of `text`; when the grammar rejects it, the tree of the text
   * with its test-bracket operators masked (test-operands.ts) if that one
   * parses — same offsets, so words are still sliced from `text`.
   */
  private parseRecovering(text: string) {
    const tree = this.parser.parse(text);
    if (!tree || !tree.rootNode.hasError) return tree;
    const masked = maskTestOperands(text);
    if (masked === text) return tree;
    const retry = this.parser.parse(masked);
    if (!retry || retry.rootNode.hasError) {
      retry?.delete();
      return tree;
    }
    tree.delete();
    return retry;
  }

  /**
   * A program or script operand that is `<(…)`: its literal text when the
   * substitution is a literal producer (else `literal` null), or null when
   * the word is no process substitution.
   */
  procSubOperand(w: Word | undefined, src: string): { literal: string | null } | null {
    if (!w || !w.node || w.node.type !== "process_substitution") return null;
    return { literal: literalOfSubstitution(w.node, src, 0) };
  }

  // ------------------------------------------------------------ statements

  private walkStatement(node: Node, env: Env): number | null {
    if (this.sink.stopped) return null;
    if (env.level > MAX_NESTING) {
      this.sink.stop(`statements nested deeper than ${MAX_NESTING} levels`, env.gapCommand);
      return null;
    }
    const e: Env = { ...env, level: env.level + 1 };
    const type = node.type;
    const pending = this.pendingRedirects.size > 0 ? this.pendingRedirects.get(nodeKey(env, node)) : undefined;
    if (pending) {
      this.pendingRedirects.delete(nodeKey(env, node));
      if (type === "command") return this.walkCommand(node, e, pending);
      return this.walkWithRedirects(node, pending, e, node);
    }
    switch (type) {
      case "command":
        return this.walkCommand(node, e, []);
      case "redirected_statement":
        return this.walkRedirected(node, e);
      case "pipeline":
        return this.walkStages(stagesOf(node), e, null);
      case "function_definition":
        return this.walkFunction(node, e);
      case "variable_assignment":
      case "variable_assignments":
        this.walkSubs(node, e, 0);
        this.recordAssignments(node, e, false);
        return null;
      case "declaration_command":
      case "unset_command":
        return this.walkDeclaration(node, e);
      case "test_command":
        return this.walkTest(node, e);
      case "comment":
      case "heredoc_body":
        return null;
      case "subshell":
      case "list":
      case "if_statement":
      case "case_statement":
      case "for_statement":
      case "while_statement":
      case "c_style_for_statement":
        return walkScoped(node, type, e, env.scope.vars, {
          children: (nodes, env2) => this.walkChildren(nodes, env2),
          subs: (n, env2) => this.walkSubs(n, env2, 0),
        });
      default:
        if (CONTAINER_TYPES.has(type)) return this.walkChildren(node.namedChildren, e);
        this.walkSubs(node, e, 0);
        return null;
    }
  }

  /** A container's named children: statements are walked, words have their substitutions walked. */
  private walkChildren(children: ReadonlyArray<Node | null>, e: Env): number | null {
    let out: number | null = null;
    for (const child of children) {
      if (!child || this.sink.stopped) continue;
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

  /** `a | b | c`: each stage's stdin is the previous stage's output command. */
  private walkStages(stages: Node[], env: Env, first: { out: number | null; literal: () => string | null } | null): number | null {
    let prevOut: number | null = first ? first.out : null;
    let prevLiteral: (() => string | null) | null = first ? first.literal : null;
    let hasUpstream = first !== null;
    let out: number | null = null;
    for (const stage of stages) {
      if (this.sink.stopped) break;
      const senv: Env = hasUpstream
        ? { ...env, stdin: prevOut !== null ? { kind: "pipe", upstream: prevOut } : null, stdinLiteral: prevLiteral }
        : env;
      // Every stage of a pipeline runs in a subshell: its assignments stay there.
      const o = stages.length > 1 || first !== null ? isolated(env.scope.vars, () => this.walkStatement(stage, senv)) : this.walkStatement(stage, senv);
      out = o;
      prevOut = o;
      const upstream = prevLiteral;
      const src = env.src;
      prevLiteral = hasUpstream ? () => literalOfStage(stage, src, upstream, 0) : () => literalOfStage(stage, src, null, 0);
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
      out = this.walkCommand(body, env, redirNodes, lostWords(body, redirNodes, env.src));
    } else {
      out = this.walkWithRedirects(body, redirNodes, env, node);
    }
    for (const p of quirkPipelines) {
      const src = env.src;
      out = this.walkStages(stagesOf(p), env, { out, literal: () => literalOfStage(node, src, env.stdinLiteral, 0) });
    }
    for (const r of quirkRights) {
      const o = this.walkStatement(r, env);
      if (o !== null) out = o;
    }
    return out;
  }

  private infos(nodes: Node[], env: Env): RedirInfo[] {
    const src = env.src;
    return redirectInfos(nodes, src, (w) => literalOfWord(w, src, 0), valueResolver({ src, vars: env.scope.vars }));
  }

  private stdinAfter(infos: RedirInfo[], env: Env) {
    return applyStdin(infos, env, (w) => this.procSubSource(w, env));
  }

  /** A compound statement (or nothing: `> file`) under redirections that apply to every command in it. */
  private walkWithRedirects(body: Node | null, redirNodes: Node[], env: Env, stmt: Node): number | null {
    const infos = this.infos(redirNodes, env);
    for (const r of redirNodes) this.walkSubs(r, env, 0);
    const start = Math.min(stmt.startIndex, ...infos.map((i) => i.start));
    const raw = body
      ? env.src.slice(start, Math.max(body.endIndex, ...infos.map((i) => i.end)))
      : env.src.slice(start, Math.max(start, ...infos.map((i) => i.end)));
    checkRedirectTargets(infos, raw, this.sink.gaps);
    const { stdin, stdinLiteral } = this.stdinAfter(infos, env);
    const redirects = [...env.redirects, ...redirectWords(infos)];
    if (body) return this.walkStatement(body, { ...env, redirects, stdin, stdinLiteral });
    // A bare redirection (`> file`) still opens, creates or truncates its target.
    return this.sink.bare(raw, redirects, stdin, env);
  }

  private walkFunction(node: Node, env: Env): number | null {
    const name = node.childForFieldName("name");
    const body = node.childForFieldName("body");
    if (name) {
      const fname = env.src.slice(name.startIndex, name.endIndex);
      env.scope.functions.add(fname);
      if (body) env.scope.functionBodies.set(fname, env.src.slice(body.startIndex, body.endIndex));
      else env.scope.functionBodies.delete(fname);
    }
    const fenv: Env = { ...env, stdin: null, stdinLiteral: null };
    const vars = env.scope.vars;
    // The body runs when the function is called, which may be anywhere later:
    // what it assigns is unknown from here on.
    let assigned = new Set<string>();
    isolated(vars, () => {
      assigned = vars.track(() => {
        for (const child of node.children) {
          if (!child || (name !== null && child.id === name.id)) continue;
          if (body !== null && child.id === body.id) this.walkStatement(body, fenv);
          else if (child.isNamed) this.walkSubs(child, fenv, 0);
        }
      });
    });
    for (const n of assigned) vars.set(n, null);
    return null;
  }

  /** Record `x=value` (alone or in `export`/`declare`/`local`/`readonly`): its known values, or unknown. */
  private recordAssignments(node: Node, env: Env, exported: boolean): void {
    const list = node.type === "variable_assignment" ? [node] : node.namedChildren;
    const vars = env.scope.vars;
    for (const a of list) {
      if (!a || a.type !== "variable_assignment") continue;
      const r = assignmentValue(a, env);
      if (!r) continue;
      vars.set(r.name, r.state, exported);
      this.sink.assigned(r.name, r.state, env, env.src.slice(a.startIndex, a.endIndex));
    }
  }

  private walkDeclaration(node: Node, env: Env): number | null {
    this.walkSubs(node, env, 0);
    const first = node.child(0);
    const keyword = first ? env.src.slice(first.startIndex, first.endIndex) : "";
    declareVariables(node, keyword, env, (exported) => this.recordAssignments(node, env, exported));
    if (!this.sink.countCommand(env)) return null;
    if (!first) return null;
    const words: Word[] = [literalWord(keyword)];
    words[0].start = first.startIndex;
    words[0].end = first.endIndex;
    for (const child of node.namedChildren) {
      if (!child || child.type === "comment") continue;
      words.push(decodeWord(child, env));
    }
    const raw = env.src.slice(node.startIndex, node.endIndex);
    if (words.some((w) => w.ansiC)) this.sink.gaps.add(GAP_SHAPE.QUOTE_OBFUSCATION, "ANSI-C quoting ($'…') in a command", raw);
    return this.sink.command(words, { ...cmdCtx(env, raw, env.redirects, env.stdin, env.stdinLiteral), join: joinSlot(env, node) });
  }

  private walkTest(node: Node, env: Env): number | null {
    this.walkSubs(node, env, 0);
    if (!this.sink.countCommand(env)) return null;
    const children = node.children.filter((c): c is Node => c !== null);
    const open = children[0];
    const words: Word[] = [literalWord(open ? env.src.slice(open.startIndex, open.endIndex) : "[")];
    const flatten = (n: Node, level: number): void => {
      for (const c of n.children) {
        if (!c) continue;
        const ct = c.type;
        if (ct === "comment") continue;
        if (level === 0 && (c.id === open.id || ((ct === "]" || ct === "]]") && !c.isNamed))) continue;
        if (level < 32 && TEST_EXPRESSION_TYPES.has(ct)) flatten(c, level + 1);
        else if (ct === "redirected_statement" || STATEMENT_TYPES.has(ct)) this.walkStatement(c, env);
        else words.push(decodeWord(c, env));
      }
    };
    flatten(node, 0);
    const raw = env.src.slice(node.startIndex, node.endIndex);
    if (words.some((w) => w.ansiC)) this.sink.gaps.add(GAP_SHAPE.QUOTE_OBFUSCATION, "ANSI-C quoting ($'…') in a command", raw);
    // A test command is itself the program (`[` / `[[`): no launcher applies.
    return this.sink.command(words, { ...cmdCtx(env, raw, env.redirects, env.stdin, env.stdinLiteral), fromText: false, join: joinSlot(env, node) });
  }

  /** Walk the command/process substitutions found anywhere under `node` (they run). */
  private walkSubs(node: Node, env: Env, level: number): void {
    if (!env.hasSubs || this.sink.stopped) return;
    const t = node.type;
    if (SUBSTITUTION_TYPES.has(t)) {
      const senv: Env = { ...env, inSub: true, stdin: null, stdinLiteral: null, redirects: [] };
      let out: number | null = null;
      // A substitution runs in a subshell: its assignments stay there.
      isolated(env.scope.vars, () => {
        for (const child of node.namedChildren) {
          if (!child) continue;
          const ct = child.type;
          if (STATEMENT_TYPES.has(ct) || ct === "ERROR") {
            const o = this.walkStatement(child, senv);
            if (o !== null) out = o;
          } else this.walkSubs(child, senv, level + 1);
        }
      });
      this.substOut.set(nodeKey(env, node), out);
      return;
    }
    const kids = node.namedChildren;
    if (kids.length === 0) return;
    if (level > MAX_NESTING * 4) {
      this.sink.stop("expressions nested too deeply", env.gapCommand);
      return;
    }
    for (const child of kids) if (child) this.walkSubs(child, env, level + 1);
  }

  // -------------------------------------------------------- simple commands

  private walkCommand(node: Node, env: Env, outerRedirs: Node[], lost: readonly Word[] = []): number | null {
    if (!this.sink.countCommand(env)) return null;
    const redirs: Node[] = [...outerRedirs];
    const prefix: Node[] = [];
    const parts = commandParts(node, redirs, (c, ct) => {
      if (ct === "variable_assignment") {
        this.walkSubs(c, env, 0);
        prefix.push(c);
      } else if (ct === "ERROR" || STATEMENT_TYPES.has(ct)) this.walkStatement(c, env);
      else if (c.isNamed && ct !== "comment") this.walkSubs(c, env, 0);
    });
    let nameNode = parts.nameNode;
    const args = parts.args;
    // Words tree-sitter hangs on a redirection (`> out a b`, `cat <<EOF file`) are arguments.
    for (const r of redirs) args.push(...redirectExtraArgs(r));
    // A MISSING node is always zero-width: test the width first (one read fewer).
    const nameEnd = nameNode ? nameNode.endIndex : -1;
    if (nameNode && (nameNode.startIndex === nameEnd || nameNode.isMissing)) nameNode = null;

    // Substitutions run before the command itself.
    if (env.hasSubs) {
      if (nameNode) this.walkSubs(nameNode, env, 0);
      for (const a of args) this.walkSubs(a, env, 0);
      for (const r of redirs) this.walkSubs(r, env, 0);
    }
    if (this.sink.stopped) return null;

    redirs.sort((a, b) => a.startIndex - b.startIndex);
    const infos = this.infos(redirs, env);
    let start = node.startIndex;
    let end = node.endIndex;
    for (const i of infos) {
      start = Math.min(start, i.start);
      end = Math.max(end, i.end);
    }
    const raw = env.src.slice(start, end);
    checkRedirectTargets(infos, raw, this.sink.gaps);
    const { stdin, stdinLiteral } = this.stdinAfter(infos, env);
    const redirects = [...env.redirects, ...redirectWords(infos)];
    if (!nameNode) {
      return infos.length > 0 ? this.sink.bare(raw, redirects, stdin, env) : null;
    }
    // `NAME=value cmd`: the command's environment, not this shell's variables.
    const assigns = prefix.length > 0 ? new Map<string, VarState>() : NO_ASSIGNS;
    const assigned: Array<[string, VarState, string]> = [];
    for (const a of prefix) {
      const r = assignmentValue(a, env);
      if (!r) continue;
      (assigns as Map<string, VarState>).set(r.name, r.state);
      assigned.push([r.name, r.state, env.src.slice(a.startIndex, a.endIndex)]);
    }
    // After all are read: `GIT_CONFIG_KEY_0=… GIT_CONFIG_VALUE_0=…` name their setting to each other.
    for (const [n, st, text] of assigned) this.sink.assigned(n, st, env, text, assigns);
    const ctx = cmdCtx(env, raw, redirects, stdin, stdinLiteral);
    ctx.join = joinSlot(env, node);
    ctx.assigns = assigns;
    const span = { start: nameNode.startIndex, end: nameEnd };
    const build = (choice?: Choice, multi?: Set<string>) => {
      const resolve = resolverFor(env, choice, multi);
      const nameWord = decodeWith(nameNode!, env, resolve, span);
      const words = argumentWords(nameNode!, nameWord, env);
      for (const a of args) for (const w of argumentWords(a, decodeWith(a, env, resolve), env)) words.push(w);
      words.push(...lost);
      return { nameWord, words };
    };
    const multi = env.expands ? new Set<string>() : undefined;
    const { nameWord, words } = build(undefined, multi);
    if (words.some((w) => w.ansiC) || infos.some((i) => i.word?.ansiC)) {
      this.sink.gaps.add(GAP_SHAPE.QUOTE_OBFUSCATION, "ANSI-C quoting ($'…') in a command", raw);
    }
    if (!nameWord.resolved && words[0]?.value !== nameWord.value) {
      this.sink.gaps.add(GAP_SHAPE.QUOTE_OBFUSCATION, `brace expansion forms the program word ${excerpt(nameWord.raw)}`, raw);
    }
    // A variable with several values (a `for` list): one command per combination.
    const combos = multi && multi.size > 0 ? choices(env.scope.vars, multi) : null;
    let out: number | null = null;
    if (combos === null) out = words.length > 0 ? this.sink.command(words, ctx) : this.sink.bare(raw, redirects, stdin, env);
    else {
      for (const c of combos) {
        const w = build(c).words;
        const o = w.length > 0 ? this.sink.command(w, ctx) : null;
        out ??= o;
      }
    }
    recordWrites(this.sink.files, { node, outerRedirs, infos, words, src: env.src, upstream: env.stdinLiteral, stdinLiteral });
    return out;
  }

  /** `<(cmd)` as a source of input: a pipe from cmd's output command. */
  private procSubSource(w: Word, env: Env): { stdin: StdinSource; literal: () => string | null } | null {
    const n = w.node;
    const src = env.src;
    if (!n || n.type !== "process_substitution") return null;
    const up = this.substOut.get(nodeKey(env, n));
    if (up === undefined || up === null) return null;
    return { stdin: { kind: "pipe", upstream: up }, literal: () => literalOfSubstitution(n, src, 0) };
  }
}

const NO_ASSIGNS: ReadonlyMap<string, VarState> = new Map();


export function cmdCtx(env: Env, raw: string, redirects: RedirectWord[], stdin: StdinSource | null, stdinLiteral: (() => string | null) | null): CmdCtx {
  const ctx: CmdCtx = { env, raw, redirects, stdin, stdinLiteral, wrappers: env.wrappers, find: null, fromText: true, runsOn: env.runsOn, feedInput: null, assigns: NO_ASSIGNS };
  if (env.possible) ctx.possible = env.possible;
  return ctx;
}

/** The list operator before this simple command node (list-operator.ts), for the first command it emits. */
function joinSlot(env: Env, node: Node): JoinSlot {
  const j = listJoinOf(node);
  return { key: nodeKey(env, node), op: j?.op ?? null, afterKey: j?.after ? nodeKey(env, j.after) : null, used: false };
}

function nodeKey(env: Env, node: Node): string {
  return `${env.tree}:${node.id}`;
}

