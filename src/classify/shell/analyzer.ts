// The analyzer: what the walker's simple commands run. For each one it
// resolves the program word (a literal, a known variable, an alias, a
// function), looks the program up in the launcher table
// (src/classify/shell/launchers/) and lets its row find the inner command(s)
// — peeled wrappers, inline scripts parsed one level down — or emits the
// command as it stands. It owns the results: commands, gaps, and the limits.
import type { Parser } from "web-tree-sitter";
import type { SimpleCommand } from "../../model/classification.js";
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import { newScope, type CmdCtx, type Env } from "./context.js";
import { GapList, excerpt } from "./gaps.js";
import { launcherFor, type LauncherTable } from "./launchers/index.js";
import { assignedVariable, programFile } from "./planted.js";
import { WrittenFiles } from "./written-files.js";
import type { HostScript } from "../host-facts.js";
import { projectRun } from "../programs/script-operands.js";
import { projectCommands } from "./host-scripts.js";
import type { EmitExtra, LauncherRow } from "./launchers/types.js";
import type { InlineCodeAnalysis, InlineLanguage } from "../inline-code/index.js";
import { MAX_COMMAND_BYTES, MAX_SIMPLE_COMMANDS, MAX_WRAPPER_DEPTH } from "./limits.js";
import { hasExpansionSyntax, hasSubstitutionSyntax } from "./nodes.js";
import { wireRedirects, type RedirectWord } from "./redirects.js";
import { utf8Length } from "../text.js";
import { isConsequentialProgram, isUnknownProgram, nestedCandidates } from "./nested.js";
import { globPrograms, MAX_GLOB_PROGRAMS, programGlob } from "./program-glob.js";
import type { ControlAssignment, Feed, ParsedCommand, PossibleNested, StdinSource } from "../shell-analysis.js";
import { Walker, cmdCtx } from "./walk.js";
import { EMPTY, isolated, type VarState } from "./values.js";
import { argOf, homeAwareWord, isObfuscatedProgramWord, type Word } from "./words.js";
import type { ProgramRegistry } from "../programs/known.js";
import { LaunchCall } from "./launch-call.js";
import { programName } from "../programs/name.js";


export class Analyzer {
  readonly commands: ParsedCommand[] = [];
  /** The first command each simple command node emitted (walker node keys): what a list operator follows. */
  private readonly nodeCommands = new Map<string, number>();
  readonly gaps = new GapList();
  /** Control variables set (`GATEHOUSE_BUNDLE=…`, alone, exported or before a command). */
  readonly controls: ControlAssignment[] = [];
  /** Files the text writes, with what it puts in them. */
  readonly files = new WrittenFiles();
  stopped = false;
  private simpleCount = 0;
  readonly walker: Walker;

  constructor(
    parser: Parser,
    readonly launchers: LauncherTable,
    /** What the effect table knows of programs (programs/known.ts), handed in by whoever assembles classification. */
    readonly programs: ProgramRegistry,
    /** Reads inline code of other languages (SPEC §6.7); null: such code stays shape 6. */
    readonly readCode: ((language: InlineLanguage, code: string) => InlineCodeAnalysis) | null = null,
    /** What the host read of a file a command runs (src/classify/host-facts.ts); null: files are judged by the text alone. */
    readonly hostFile: ((path: string) => HostScript | undefined) | null = null,
  ) {
    this.walker = new Walker(parser, this);
  }

  rootEnv(text: string): Env {
    return {
      src: text,
      hasSubs: hasSubstitutionSyntax(text),
      expands: hasExpansionSyntax(text),
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
      runsOn: null,
    };
  }

  analyzeText(text: string, env: Env): number | null {
    return this.walker.analyzeText(text, env);
  }

  /** Analyze an already-split command (no shell parsing of its words). */
  analyzeWords(words: Word[], env: Env): void {
    if (words.length === 0) return;
    const raw = words.map((w) => w.raw).join(" ");
    this.simpleCount++;
    this.processWords(words, 0, { ...cmdCtx(env, raw, [], null, null), fromText: false });
  }

  // ------------------------------------------------------ the walker's sink

  countCommand(env: Env): boolean {
    if (this.stopped) return false;
    if (++this.simpleCount > MAX_SIMPLE_COMMANDS) {
      this.stop(`more than ${MAX_SIMPLE_COMMANDS} simple commands`, env.gapCommand);
      return false;
    }
    return true;
  }

  stop(reason: string, command: string): void {
    if (!this.stopped) this.gaps.add(GAP_SHAPE.OVERSIZE, reason, command);
    this.stopped = true;
  }

  command(words: Word[], ctx: CmdCtx): number | null {
    return this.processWords(words, 0, ctx);
  }

  bare(raw: string, redirects: RedirectWord[], stdin: StdinSource | null, env: Env): number | null {
    const ctx = cmdCtx(env, raw, redirects, stdin, null);
    return this.push({ program: "", argv: [], raw, redirects: wireRedirects(redirects), raw_argv: [] }, [], ctx);
  }

  // ------------------------------------------------------------ resolving

  /**
   * `NAME=value` where NAME is a variable some program runs as a command, or
   * a file or search path it loads from (src/classify/shell/planted.ts).
   */
  assigned(name: string, state: VarState, env: Env, raw: string, siblings?: ReadonlyMap<string, VarState>): void {
    assignedVariable(this, name, state, env, raw, siblings);
    if (this.programs.isControlVariable(name) && this.controls.length < 64) this.controls.push({ name, raw: raw.slice(0, 200) });
  }

  /** A command whose program is a file named by path (planted.ts). */
  programFile(text: string, name: string, env: Env, raw: string): void {
    programFile(this, text, name, env, raw);
  }

  /** Resolve the command whose program word is `words[i]`: aliases, functions, known values, then its launcher row. */
  processWords(words: Word[], i: number, ctx: CmdCtx): number | null {
    if (this.stopped || i >= words.length) return null;
    const w = words[i];
    if (w.dynamic) {
      this.gaps.add(GAP_SHAPE.DYNAMIC_PROGRAM, `the program word ${excerpt(w.raw)} is not a literal`, ctx.raw);
      if (/^"?\$\{?(SHELL|BASH|ZSH)\}?"?$/.test(w.raw)) return this.launch("sh", words, i, ctx);
      return this.emit(words, i, ctx);
    }
    if (w.resolved && !ctx.env.src.includes(programName(w.value))) {
      // `$(echo git)` and `x=rm; $x` name their program in the text; a name
      // only decoding shows (`$(base64 -d <<< cm0=)`, `$a$b`) hides it. Judged either way.
      this.gaps.add(GAP_SHAPE.DYNAMIC_PROGRAM, `the program word ${excerpt(w.raw)} is computed (runs ${excerpt(w.value)})`, ctx.raw);
    }
    if (/[*?[]/.test(w.raw)) {
      const pattern = programGlob(w.raw);
      if (pattern !== null) return this.globProgram(pattern, words, i, ctx);
    }
    if (isObfuscatedProgramWord(w)) {
      this.gaps.add(GAP_SHAPE.QUOTE_OBFUSCATION, `quotes or escapes change the program word ${excerpt(w.raw)} (runs ${excerpt(w.value)})`, ctx.raw);
    }
    if (i === 0 && ctx.fromText) {
      const scope = ctx.env.scope;
      if (!w.quoted && !w.resolved && scope.aliases.has(w.value) && !scope.expanding.has(w.value)) return this.expandAlias(words, ctx);
      if (scope.functions.has(w.value)) {
        const body = scope.functionBodies.get(w.value);
        if (body !== undefined && !scope.expanding.has(w.value)) return this.callFunction(w.value, body, words, ctx);
        this.gaps.add(GAP_SHAPE.DEFINE_AND_INVOKE, `function ${excerpt(w.value)} is defined and invoked in the same text`, ctx.raw);
      }
    }
    return this.launch(programName(w.value), words, i, ctx);
  }

  /** `/bin/r? -rf ~`: a shape-4 gap, and the command judged as each known program the pattern matches. */
  private globProgram(pattern: string, words: Word[], i: number, ctx: CmdCtx): number | null {
    const w = words[i];
    this.gaps.add(GAP_SHAPE.DYNAMIC_PROGRAM, `the program word ${excerpt(w.raw)} is a pattern: it runs whichever file matches`, ctx.raw);
    const matches = globPrograms(pattern, programNames(this.launchers, this.programs), (n) => isConsequentialProgram(this, n));
    if (matches.length === 0) return this.emit(words, i, ctx);
    let out: number | null = null;
    for (const name of matches.slice(0, MAX_GLOB_PROGRAMS)) {
      const dir = pattern.lastIndexOf("/");
      const as = homeAwareWord(dir < 0 ? name : `${pattern.slice(0, dir + 1)}${name}`);
      const ws = words.slice();
      ws[i] = { ...as, start: w.start, end: w.end };
      const o = this.launch(name, ws, i, ctx);
      out ??= o;
    }
    return out;
  }

  private launch(name: string, words: Word[], i: number, ctx: CmdCtx): number | null {
    const row = launcherFor(this.launchers, name);
    if (row) {
      const launched = row.launch(new LaunchCall(this, row, name, words, i, ctx));
      if (this.hostFile !== null) this.projectRun(name, words, i, ctx);
      return launched;
    }
    const out = this.emit(words, i, ctx);
    // `./run.sh` after `printf '…' > run.sh` (or a script the host read): the program is that file.
    if (words[i].value.includes("/") && !words[i].dynamic && (this.files.content(words[i].value) !== undefined || this.hostFile?.(words[i].value) !== undefined)) {
      new LaunchCall(this, FILE_ROW, name, words, i, ctx).runFile(words[i], { sameScope: false });
    } else if (words.length > i + 1 && isUnknownProgram(this, name)) this.probe(name, words, i, ctx);
    if (this.hostFile !== null) this.projectRun(name, words, i, ctx);
    return out;
  }

  /** `npm run S`, `make T`, `just R`: the commands the project file the host read names, judged as if inline. */
  private projectRun(name: string, words: Word[], i: number, ctx: CmdCtx): void {
    if (this.stopped || this.hostFile === null) return;
    const call = new LaunchCall(this, FILE_ROW, name, words, i, ctx);
    const argv = call.literals(words.slice(i + 1));
    const run = argv === null ? null : projectRun(name, argv);
    if (run === null) return;
    for (const file of run.files) {
      const f = this.hostFile(file);
      if (f === undefined) continue;
      if (f.text === null) {
        call.gap(f.shape, `${name} runs what ${excerpt(file)} names: ${f.reason}`);
        return;
      }
      const cmds = projectCommands(run, f.text);
      if ("error" in cmds) {
        call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `${name} runs what ${excerpt(file)} names, and ${cmds.error}`);
        return;
      }
      for (const text of cmds.texts) if (text.trim() !== "") call.inline(text, { inheritStdin: false, sameScope: false });
      return;
    }
  }

  /**
   * An unknown program's arguments that are command lines (src/classify/shell/nested.ts):
   * parsed as possible nested commands, their gaps kept with them for the effect table.
   */
  private probe(name: string, words: Word[], i: number, ctx: CmdCtx): void {
    if (ctx.wrappers.length >= MAX_WRAPPER_DEPTH) return;
    for (const c of nestedCandidates(this, words, i)) {
      if (this.stopped) return;
      const possible: PossibleNested = { launcher: name, raw: ctx.raw, gaps: [] };
      const before = this.gaps.items.length;
      const wrappers = [...ctx.wrappers, name];
      if (c.kind === "words") this.processWords(words, c.start, { ...ctx, env: { ...ctx.env, possible }, wrappers, possible });
      else if (utf8Length(c.text) <= MAX_COMMAND_BYTES) {
        const env = ctx.env;
        this.analyzeText(c.text, {
          ...env,
          src: c.text,
          depth: env.depth + 1,
          wrappers,
          stdin: null,
          stdinLiteral: null,
          redirects: [],
          scope: newScope(env.scope.vars.child(ctx.assigns)),
          level: env.level + 1,
          gapCommand: ctx.raw,
          possible,
        });
      }
      possible.gaps = this.gaps.take(before).filter((g) => g.shape !== GAP_SHAPE.PARSE_ERROR && g.shape !== GAP_SHAPE.OVERSIZE);
    }
  }

  /**
   * `greet() { echo hi "$1"; }; greet bob`: the body the text defined is
   * walked again where it is called, in the caller's shell, with `$1`…`$9`
   * holding the call's arguments — judged as what it runs, not asked about
   * (shape 11 stays for a function whose body is not in the text, or a
   * recursive call).
   */
  private callFunction(name: string, body: string, words: Word[], ctx: CmdCtx): number | null {
    const env = ctx.env;
    if (env.wrappers.length >= MAX_WRAPPER_DEPTH) {
      this.gaps.add(GAP_SHAPE.DEPTH, `function calls nested deeper than ${MAX_WRAPPER_DEPTH}`, ctx.raw);
      return this.emit(words, 0, ctx);
    }
    const scope = env.scope;
    scope.expanding.add(name);
    try {
      return isolated(scope.vars, () => {
        words.slice(1, 10).forEach((w, k) => scope.vars.set(String(k + 1), w.dynamic ? null : [{ value: w.value, tilde: w.tilde, vars: w.vars }]));
        for (let k = words.length; k <= 9; k++) scope.vars.set(String(k), [EMPTY]);
        const text = withCallArgs(body, words.slice(1));
        return this.analyzeText(text, {
          ...env,
          src: text,
          depth: env.depth + 1,
          wrappers: [...ctx.wrappers, name],
          stdin: ctx.stdin,
          stdinLiteral: ctx.stdinLiteral,
          redirects: ctx.redirects,
          level: env.level + 1,
          gapCommand: ctx.raw,
          runsOn: ctx.runsOn,
        });
      });
    } finally {
      scope.expanding.delete(name);
    }
  }

  private expandAlias(words: Word[], ctx: CmdCtx): number | null {
    const scope = ctx.env.scope;
    const name = words[0].value;
    const value = scope.aliases.get(name) ?? null;
    this.gaps.add(GAP_SHAPE.DEFINE_AND_INVOKE, `alias ${excerpt(name)} is defined and invoked in the same text`, ctx.raw);
    if (value === null) {
      this.gaps.add(GAP_SHAPE.DYNAMIC_PROGRAM, `alias ${excerpt(name)} expands to a value that is not a literal`, ctx.raw);
      return this.emit(words, 0, ctx);
    }
    const text = [value, ...words.slice(1).map((w) => w.raw)].join(" ");
    if (utf8Length(text) > MAX_COMMAND_BYTES) {
      this.gaps.add(GAP_SHAPE.OVERSIZE, `alias expansion over ${MAX_COMMAND_BYTES} bytes`, ctx.raw);
      return this.emit(words, 0, ctx);
    }
    scope.expanding.add(name);
    try {
      return this.analyzeText(text, {
        ...ctx.env,
        src: text,
        stdin: ctx.stdin,
        stdinLiteral: ctx.stdinLiteral,
        redirects: ctx.redirects,
        wrappers: ctx.wrappers,
        gapCommand: ctx.raw,
        runsOn: ctx.runsOn,
      });
    } finally {
      scope.expanding.delete(name);
    }
  }

  // ------------------------------------------------------------- emitting

  emit(words: readonly Word[], i: number, ctx: CmdCtx, extra: EmitExtra = {}): number | null {
    const rest = words.slice(i + 1);
    const cmd: SimpleCommand = {
      program: programName(words[i].value),
      argv: rest.map((w) => w.value),
      raw: ctx.raw,
      redirects: wireRedirects(ctx.redirects),
      raw_argv: rest.map((w) => w.raw),
    };
    // A program named by path (`./node_modules/.bin/gatehouse`, `/opt/gh/bin/gatehouse.js`): the path, for tables that place it.
    const word = words[i];
    return this.push(cmd, rest.map(argOf), ctx, /[\\/]/.test(word.value) ? { ...extra, programPath: argOf(word) } : extra);
  }

  private push(cmd: SimpleCommand, args: ParsedCommand["args"], ctx: CmdCtx, extra: EmitExtra = {}): number | null {
    if (this.stopped) return null;
    if (this.commands.length >= MAX_SIMPLE_COMMANDS) {
      this.stop(`more than ${MAX_SIMPLE_COMMANDS} simple commands`, ctx.env.gapCommand);
      return null;
    }
    // The list operator of the node these words came from, for its first command only.
    const slot = ctx.join;
    let join: Pick<ParsedCommand, "joinedBy" | "follows"> = {};
    if (slot !== undefined && !slot.used) {
      slot.used = true;
      this.nodeCommands.set(slot.key, this.commands.length);
      const follows = slot.afterKey === null ? undefined : this.nodeCommands.get(slot.afterKey);
      if (slot.op !== null) join = follows === undefined ? { joinedBy: slot.op } : { joinedBy: slot.op, follows };
    }
    this.commands.push({
      cmd,
      args,
      ...join,
      redirects: ctx.redirects.slice(),
      wrappers: ctx.wrappers.slice(),
      depth: ctx.env.depth,
      inSubstitution: ctx.env.inSub,
      stdin: ctx.stdin,
      find: ctx.find,
      fedBy: this.feedOf(ctx),
      runsOn: ctx.runsOn,
      ...(ctx.possible ? { possible: ctx.possible } : {}),
      ...(extra.code ? { code: extra.code } : {}),
      ...(extra.programPath ? { programPath: extra.programPath } : {}),
    });
    return this.commands.length - 1;
  }

  /** The launcher among `wrappers` that appends its input's words to the command (`xargs`, `parallel`). */
  feederOf(wrappers: readonly string[]): string | null {
    for (const w of wrappers) if (launcherFor(this.launchers, w)?.feedsInput) return w;
    return null;
  }

  private feedOf(ctx: CmdCtx): Feed | null {
    const wrapper = this.feederOf(ctx.wrappers);
    return wrapper === null ? null : { wrapper, input: ctx.feedInput };
  }
}

/** The row a script file the text wrote runs under when it is the program word (no table lists it). */
const FILE_ROW: LauncherRow = { names: [], runs: "a script file the text wrote", examples: [], launch: (c) => c.emit() };

const NAMES = new WeakMap<LauncherTable, WeakMap<ProgramRegistry, string[]>>();

/** Every program name the tables list (launchers and effect handlers), for matching a program-word glob. */
function programNames(table: LauncherTable, programs: ProgramRegistry): string[] {
  let byRegistry = NAMES.get(table);
  if (!byRegistry) NAMES.set(table, (byRegistry = new WeakMap()));
  let names = byRegistry.get(programs);
  if (!names) byRegistry.set(programs, (names = [...new Set([...table.keys(), ...programs.names()])]));
  return names;
}

/** Shell-safe characters: such a word reads the same unquoted (a leading `~` still expands, as it did at the call). */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./~^-]+$/;
const quoteWord = (v: string): string => (PLAIN_WORD.test(v) ? v : `'${v.replace(/'/g, "'\\''")}'`);

/**
 * A function body with the call's arguments in place of `"$@"`, `$@`, `"$*"`, `$*` (`g() { git "$@"; }; g push -f`
 * runs `git push -f`), when every argument is known; otherwise the body as written (they stay non-literal).
 */
export function withCallArgs(body: string, args: readonly Word[]): string {
  if (!/\$(\{[@*]\}|[@*])/.test(body) || args.some((w) => w.dynamic)) return body;
  const each = args.map((w) => quoteWord(w.value)).join(" ");
  const joined = quoteWord(args.map((w) => w.value).join(" "));
  return body
    .replace(/"\$(\{@\}|@)"/g, each)
    .replace(/"\$(\{\*\}|\*)"/g, args.length === 0 ? "''" : joined)
    .replace(/\$(\{[@*]\}|[@*])/g, each);
}
