// One launcher call (src/classify/shell/launchers/types.ts `Launch`): what a
// launcher row's handler sees of the command it was found in, and what it may
// do — run the inner words, an inline script one level down, a file the text
// wrote, or emit the command as it stands. The analyzer is its host, through
// the LaunchHost interface (so this file does not import analyzer.ts).
import { GAP_SHAPE, type GapShape } from "../../model/gap-shapes.js";
import { newScope, type CmdCtx, type Env, type Scope } from "./context.js";
import { excerpt, type GapList } from "./gaps.js";
import { launcherFor, type LauncherTable } from "./launchers/index.js";
import type { WrittenFiles } from "./written-files.js";
import type { HostScript } from "../host-facts.js";
import type { EmitExtra, InlineOptions, Launch, LauncherRow, RunOptions } from "./launchers/types.js";
import type { InlineCodeAnalysis, InlineLanguage } from "../inline-code/index.js";
import { literalOfWord } from "./literal.js";
import { MAX_COMMAND_BYTES, MAX_WRAPPER_DEPTH } from "./limits.js";
import { utf8Length } from "../text.js";
import type { RunsOn, StdinSource } from "../shell-analysis.js";
import type { Walker } from "./walk.js";
import type { VarState } from "./values.js";
import { homeAwareWord, type Word } from "./words.js";
import { programName } from "../programs/name.js";

/** What a launcher call asks of the analyzer that made it (src/classify/shell/analyzer.ts). */
export interface LaunchHost {
  readonly gaps: GapList;
  readonly files: WrittenFiles;
  readonly walker: Walker;
  readonly launchers: LauncherTable;
  readonly readCode: ((language: InlineLanguage, code: string) => InlineCodeAnalysis) | null;
  readonly hostFile: ((path: string) => HostScript | undefined) | null;
  feederOf(wrappers: readonly string[]): string | null;
  emit(words: readonly Word[], i: number, ctx: CmdCtx, extra?: EmitExtra): number | null;
  processWords(words: Word[], i: number, ctx: CmdCtx): number | null;
  analyzeText(text: string, env: Env): number | null;
  assigned(name: string, state: VarState, env: Env, raw: string, siblings?: ReadonlyMap<string, VarState>): void;
  programFile(text: string, name: string, env: Env, raw: string): void;
}

/** One launcher call: what a row's handler sees and may do (see launchers/types.ts). */
export class LaunchCall implements Launch {
  readonly wrappers: readonly string[];
  readonly raw: string;
  readonly stdin: StdinSource | null;
  readonly fromText: boolean;
  readonly scope: Scope;

  constructor(
    private readonly a: LaunchHost,
    private readonly row: LauncherRow,
    readonly name: string,
    readonly words: readonly Word[],
    readonly i: number,
    private readonly ctx: CmdCtx,
  ) {
    this.wrappers = ctx.wrappers;
    this.raw = ctx.raw;
    this.stdin = ctx.stdin;
    this.fromText = ctx.fromText;
    this.scope = ctx.env.scope;
  }

  get feeder(): string | null {
    return this.a.feederOf(this.wrappers);
  }

  stdinText(): string | null {
    return this.ctx.stdinLiteral ? this.ctx.stdinLiteral() : null;
  }

  literal(w: Word): string | null {
    return literalOfWord(w, this.ctx.env.src, 0);
  }

  procSub(w: Word | undefined): { literal: string | null } | null {
    return this.a.walker.procSubOperand(w, this.ctx.env.src);
  }

  gap(shape: GapShape, reason: string): void {
    this.a.gaps.add(shape, reason, this.raw);
  }

  emit(words: readonly Word[] = this.words, extra: EmitExtra = {}): number | null {
    return this.a.emit(words, this.i, this.ctx, extra);
  }

  readCode(language: InlineLanguage, code: string): InlineCodeAnalysis | null {
    return this.a.readCode === null ? null : this.a.readCode(language, code);
  }

  isLauncher(w: Word): boolean {
    return !w.dynamic && launcherFor(this.a.launchers, programName(w.value)) !== undefined;
  }

  hostFile(w: Word | undefined): HostScript | undefined {
    return !w || w.dynamic || this.a.hostFile === null ? undefined : this.a.hostFile(w.value);
  }

  runFile(w: Word | undefined, opts: { sameScope: boolean; runsOn?: RunsOn | null }): boolean {
    if (!w || w.dynamic) return false;
    const content = this.a.files.content(w.value);
    if (content === undefined) {
      // Not written by this text: what the host read of it, when it did (src/classify/host-facts.ts).
      const host = opts.runsOn === "remote" ? undefined : this.hostFile(w);
      if (host === undefined) return false;
      const what = w === this.words[this.i] ? `the program ${excerpt(w.value)}` : `${this.name} runs ${excerpt(w.value)}, and`;
      if (host.text === null) this.gap(host.shape, `${what} ${host.reason}`);
      else if (host.text.trim() !== "") this.inline(host.text, { inheritStdin: false, sameScope: opts.sameScope, ...(opts.runsOn !== undefined ? { runsOn: opts.runsOn } : {}) });
      return true;
    }
    const what = w === this.words[this.i] ? `the program ${excerpt(w.value)} was` : `${this.name} runs ${excerpt(w.value)},`;
    if (content === null) this.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `${what} written earlier in this text with content the text does not show`);
    else if (content.trim() !== "") this.inline(content, { inheritStdin: false, sameScope: opts.sameScope, ...(opts.runsOn !== undefined ? { runsOn: opts.runsOn } : {}) });
    return true;
  }

  runArgv(argv: readonly string[]): number | null {
    const words = argv.map((a) => homeAwareWord(a));
    return this.run(0, { words, stdin: "none", fromText: false, raw: argv.join(" "), onDepth: "none" });
  }

  /** Source text of the words from `first` to `last` when they came from this text, else null. */
  span(first: Word, last: Word): string | null {
    return this.fromText && first.start >= 0 && last.end >= 0 ? this.ctx.env.src.slice(first.start, last.end) : null;
  }

  run(next: number, opts: RunOptions = {}): number | null {
    const words = (opts.words ?? this.words) as Word[];
    if (next >= words.length) {
      const feeder = this.feeder;
      if (feeder !== null) this.gap(GAP_SHAPE.DYNAMIC_PROGRAM, `the program ${this.name} runs comes from ${feeder}'s input`);
      return this.a.emit(words, this.i, this.ctx);
    }
    if (this.wrappers.length >= MAX_WRAPPER_DEPTH) {
      this.gap(GAP_SHAPE.DEPTH, `wrappers nested deeper than ${MAX_WRAPPER_DEPTH}`);
      const onDepth = opts.onDepth ?? "launcher";
      return onDepth === "none" ? null : this.a.emit(words, onDepth === "inner" ? next : this.i, this.ctx);
    }
    const ctx = this.ctx;
    const keep = opts.stdin !== "none";
    let assigns = ctx.assigns;
    if (opts.assigns && opts.assigns.size > 0) {
      assigns = new Map([...ctx.assigns, ...opts.assigns]);
      for (const [n, v] of opts.assigns) this.a.assigned(n, v, ctx.env, ctx.raw, assigns);
    }
    return this.a.processWords(words, next, {
      ...ctx,
      assigns,
      wrappers: [...this.wrappers, this.name],
      stdin: keep ? ctx.stdin : null,
      stdinLiteral: keep ? ctx.stdinLiteral : null,
      feedInput: keep ? ctx.feedInput : ctx.stdin,
      raw: opts.raw ?? ctx.raw,
      find: opts.find ?? ctx.find,
      fromText: opts.fromText ?? ctx.fromText,
      runsOn: (opts.runsOn !== undefined ? opts.runsOn : this.row.runsOn ?? null) ?? ctx.runsOn,
    });
  }

  runScript(text: string | null, what: string, opts: Partial<InlineOptions> = {}): void {
    if (text === null) this.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `${what} is not a literal`);
    else if (text.trim() !== "") {
      this.inline(text, { inheritStdin: false, sameScope: false, ...opts });
      // `scp -S /tmp/evil.sh`, `rsync -e ./x.sh`: a program named by path is judged by what the text knows of the file.
      this.a.programFile(text, this.name, this.ctx.env, this.raw);
    }
  }

  literals(words: readonly Word[]): string[] | null {
    const out: string[] = [];
    for (const w of words) {
      const l = this.literal(w);
      if (l === null) return null;
      out.push(l);
    }
    return out;
  }

  flagText(f: { index: number; valueIndex: number; value: string | null }): string | null {
    if (f.valueIndex >= 0) return this.literal(this.words[f.valueIndex]);
    return this.words[f.index]?.dynamic ? null : f.value;
  }

  inline(script: string, opts: InlineOptions): number | null {
    if (this.wrappers.length >= MAX_WRAPPER_DEPTH) {
      this.gap(GAP_SHAPE.DEPTH, `inline scripts nested deeper than ${MAX_WRAPPER_DEPTH}`);
      return this.emit();
    }
    if (utf8Length(script) > MAX_COMMAND_BYTES) {
      this.gap(GAP_SHAPE.OVERSIZE, `inline script over ${MAX_COMMAND_BYTES} bytes`);
      return this.emit();
    }
    const ctx = this.ctx;
    const env = ctx.env;
    // A script run on another host or in a container starts with none of this shell's variables.
    const elsewhere = opts.runsOn !== undefined ? opts.runsOn : this.row.runsOn ?? null;
    return this.a.analyzeText(script, {
      ...env,
      src: script,
      depth: env.depth + 1,
      wrappers: [...this.wrappers, this.name],
      stdin: opts.inheritStdin ? ctx.stdin : null,
      stdinLiteral: opts.inheritStdin ? ctx.stdinLiteral : null,
      // Input redirections were consumed by the outer command; its output ones still apply.
      redirects: ctx.redirects.filter((r) => r.op.includes(">")),
      scope: opts.sameScope ? env.scope : newScope(elsewhere ? undefined : env.scope.vars.child(ctx.assigns)),
      level: env.level + 1,
      gapCommand: ctx.raw,
      runsOn: elsewhere ?? ctx.runsOn,
    });
  }
}
