// The launcher table's shape: a program that runs another command (a
// wrapper, a shell with `-c`, `find -exec`, `watch`, a git alias, …) is a row
// keyed by its name, with a small handler that finds the inner command(s)
// and examples a test runs (test/classify/shell/launchers.test.ts). The
// analyzer (src/classify/shell/analyzer.ts) gives every handler the same
// `Launch` call object; see docs/shell.md for how to add a row.
import type { GapShape } from "../../../model/gap-shapes.js";
import type { HostScript } from "../../host-facts.js";
import type { InlineCodeAnalysis, InlineLanguage } from "../../inline-code/index.js";
import type { Scope } from "../context.js";
import type { Arg, FindContext, RunsOn, StdinSource } from "../../shell-analysis.js";
import type { VarState } from "../values.js";
import type { Word } from "../words.js";

export interface RunOptions {
  /** Rewritten words (`env -S` split, `xargs -I` placeholders); default the call's words. */
  words?: readonly Word[];
  /** `none`: the inner command does not read the launcher's stdin (`xargs` consumes it). Default `keep`. */
  stdin?: "keep" | "none";
  /** The text gaps quote for the inner command (default the launcher's command). */
  raw?: string;
  /** `find -exec`: where `{}` operands come from. */
  find?: FindContext;
  /** The words are not shell text (aliases and functions do not apply). Default: as the launcher's. */
  fromText?: boolean;
  /** Where the inner command runs (default the row's `runsOn`; null: here, whatever the row says). */
  runsOn?: RunsOn | null;
  /** Over the wrapper depth limit (shape 9), emit the launcher (default), the inner command, or nothing. */
  onDepth?: "launcher" | "inner" | "none";
  /** `VAR=value` words the launcher puts in the command's environment (`env`, `sudo`). */
  assigns?: ReadonlyMap<string, VarState>;
}

export interface InlineOptions {
  /** The script reads the launcher's stdin (`bash -c`, `eval`); false when the launcher consumed it. */
  inheritStdin: boolean;
  /** The script runs in the caller's shell (`eval`, `source`): its functions and variables persist. */
  sameScope: boolean;
  /** Where the script runs (default the row's `runsOn`; null: here, whatever the row says). */
  runsOn?: RunsOn | null;
}

/** One call of a launcher: its words, where it stands, and what it may do. */
export interface Launch {
  /** The normalised program name (`sudo`, `python3.12`). */
  readonly name: string;
  readonly words: readonly Word[];
  /** Index of the program word in `words`. */
  readonly i: number;
  /** Launchers already peeled, outermost first. */
  readonly wrappers: readonly string[];
  /** The command as written (gaps quote it). */
  readonly raw: string;
  readonly stdin: StdinSource | null;
  /** The words came from shell text (aliases and functions apply). */
  readonly fromText: boolean;
  /** The launcher (`xargs`, `parallel`) whose input words this command receives, if any. */
  readonly feeder: string | null;
  /** The shell scope the command runs in (aliases, functions, literal variables). */
  readonly scope: Scope;
  /** The literal text on stdin, when known (`echo '…' | sh`, a literal heredoc). */
  stdinText(): string | null;
  /** The value of a word when known without running anything (`$(echo x)`), else null. */
  literal(w: Word): string | null;
  /** A `<(…)` operand: the literal it produces (null when not literal), or null when `w` is no process substitution. */
  procSub(w: Word | undefined): { literal: string | null } | null;
  gap(shape: GapShape, reason: string): void;
  /** The source text from word `first` to word `last` when they came from this text, else null. */
  span(first: Word, last: Word): string | null;
  /** Emit the launcher itself as the command (optionally with rewritten words, and the inline code it runs, read). */
  emit(words?: readonly Word[], extra?: EmitExtra): number | null;
  /** Run `words[next…]` as the command the launcher runs, one wrapper level down. */
  run(next: number, opts?: RunOptions): number | null;
  /** Parse `script` as shell text, one inline level down. */
  inline(script: string, opts: InlineOptions): number | null;
  /** A command the program will run: parsed as shell text (no stdin, its own scope), or a shape-3 gap naming `what` when not a literal. */
  runScript(text: string | null, what: string, opts?: Partial<InlineOptions>): void;
  /** The literal values of `words`, or null when one is not known. */
  literals(words: readonly Word[]): string[] | null;
  /** The value of a flag parsed from `words` (its own word or the one it is attached to), when known. */
  flagText(f: { index: number; valueIndex: number; value: string | null }): string | null;
  /** Run an already-split command (each word a literal; a home reference keeps its meaning), one wrapper level down; it does not read the launcher's stdin. */
  runArgv(argv: readonly string[]): number | null;
  /**
   * A script file the text wrote earlier (`echo '…' > x.sh; bash x.sh`): its
   * content parsed as shell text, one inline level down (a shape-3 gap when
   * what was written is not known). False when the text never wrote `w`.
   */
  runFile(w: Word | undefined, opts: { sameScope: boolean; runsOn?: RunsOn | null }): boolean;
  /** What the host read of the file `w` names (a script it runs), or undefined when it has no entry (src/classify/host-facts.ts). */
  hostFile(w: Word | undefined): HostScript | undefined;
  /** Does the launcher table run other commands through this program (`sudo`, `bash`, `env`)? */
  isLauncher(w: Word): boolean;
  /** Read code in another language with its grammar (SPEC §6.7); null when the host gave the analysis no reader. */
  readCode(language: InlineLanguage, code: string): InlineCodeAnalysis | null;
}

export interface EmitExtra {
  /** The inline code the command runs, as read (`ParsedCommand.code`). */
  code?: InlineCodeAnalysis;
  /** The program word, when it names a path (`ParsedCommand.programPath`). */
  programPath?: Arg;
}

/** [command text, the commands the walk yields as `wrapper>…>program argv…`, the gap shapes (default none)]. */
export type LaunchExample = readonly [text: string, commands: readonly string[], shapes?: readonly number[]];

export interface LauncherRow {
  /** Program names (normalised: basename, lowercased, `.exe` stripped; interpreters by canonical name). */
  names: readonly string[];
  /** One line for the docs: what the program runs. */
  runs: string;
  /** Where the commands it runs execute, when not on this host. */
  runsOn?: RunsOn;
  /** It appends words from its input to the command it runs (`xargs`, `parallel`). */
  feedsInput?: boolean;
  /** Run by test/classify/shell/launchers.test.ts. */
  examples: readonly LaunchExample[];
  /** Find the inner command(s); return the index of the command whose output flows on, or null. */
  launch(call: Launch): number | null;
}
