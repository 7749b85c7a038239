// What the shell analysis hands to the effect table: every simple command the
// text would run (after wrappers are peeled and inline scripts parsed), with
// the plumbing facts the table needs, plus the coverage gaps found on the way.
// It sits below both: shell/ builds it, effects/ reads it, neither imports the other.
import type { SimpleCommand, UnknownCommand } from "../model/classification.js";
import type { InlineCodeAnalysis } from "./inline-code/index.js";
import type { Arg } from "./programs/args.js";
import type { FindName } from "./programs/find.js";

export type { Arg };

/** The list operator before a command (shell/list-operator.ts reads it from the tree). */
export type ListOperator = "&&" | "||" | ";" | "&" | "|" | "|&" | "\n";

/** What a redirection is (shell/redirects.ts reads them from the tree). */
export type RedirectKind = "file" | "dup" | "heredoc" | "herestring";

/** One redirection of a command as the effect table reads it: the operator, what it is, and its target word. */
export interface RedirectWord {
  /** `>`, `>>`, `2>`, `&>`, `<`, `>&`, `<<`, `<<-`, `<<<` (with its fd). */
  op: string;
  kind: RedirectKind;
  /** The file (or fd, or heredoc delimiter, or herestring word). */
  target: Arg;
}

/** Where a command's standard input comes from, when the text says. */
export type StdinSource =
  /** `a | b`: b reads a's output; `upstream` names a. */
  | { kind: "pipe"; upstream: number }
  /** `b <<EOF … EOF` / `b <<< 'text'`: `text` is the literal fed in, or null when it expands variables/substitutions. */
  | { kind: "heredoc" | "herestring"; text: string | null }
  /** `b < file`. */
  | { kind: "file"; path: string };

/** `find ROOT… [filters] -exec CMD … {} \;` — where `{}` operands come from. */
export interface FindContext {
  roots: string[];
  /** True when find narrows what it matches (`-name`, `-path`, `-type`, `-newer`, …). */
  filtered: boolean;
  /** Its literal name and path tests (src/classify/programs/find.ts). */
  names?: FindName[];
}

/** `… | xargs CMD`: the wrapper that hands CMD words from its input, and where that input comes from. */
export interface Feed {
  wrapper: string;
  input: StdinSource | null;
}

/** Where a command runs when a launcher sends it off this host: `ssh host CMD`, `docker exec c CMD`. */
export type RunsOn = "remote" | "container";

/**
 * A command an unknown program may run (an argument that is a command line,
 * src/classify/shell/nested.ts): judged as a possible nested command — its
 * non-read effects become a gap on `raw`, never confident effects.
 */
export interface PossibleNested {
  /** The unknown program whose argument it is. */
  launcher: string;
  /** The outer command as written. */
  raw: string;
  /** The nested text's own gaps (parse errors dropped: a string need not be shell). */
  gaps: UnknownCommand[];
}

export interface ParsedCommand {
  /** The simple command after wrappers are peeled (`program` is basename, lowercased, `.exe` stripped). */
  cmd: SimpleCommand;
  /** `cmd.argv` element for element, with the word facts (substitution, variables, tilde, quoting). */
  args: Arg[];
  /** `cmd.redirects` element for element, decoded (`cmd.redirects` is the wire form). */
  redirects: RedirectWord[];
  /** Wrappers peeled off, outermost first (`["sudo", "env", "xargs"]`). */
  wrappers: string[];
  /** Inline-script nesting: 0 for the top-level text, +1 per `bash -c`, `eval`, heredoc-to-shell, … */
  depth: number;
  /** The list operator joining it to what ran before, from the tree (`cd a && rm`: rm's is `&&`); absent when none does. */
  joinedBy?: ListOperator;
  /** With `joinedBy`: the index of the command the operator follows, when that is a simple command (`(cd a) && rm`: none). */
  follows?: number;
  /** True when the command sits inside `$(…)`, backticks or `<(…)`/`>(…)`. */
  inSubstitution: boolean;
  stdin: StdinSource | null;
  /** Set when the command was peeled out of `find … -exec`. */
  find: FindContext | null;
  /** The wrapper that appends words from its input to this command (`xargs`, `parallel`), if any. */
  fedBy: Feed | null;
  /** Set when a launcher runs this command off this host. */
  runsOn: RunsOn | null;
  /** Set when the command is only possibly run, by a program no table knows. */
  possible?: PossibleNested;
  /** The program word when it names a path (`./bin/tool`, `/opt/x/bin/tool.js`), with its word facts; absent for a bare name. */
  programPath?: Arg;
  /** The inline code this interpreter runs, read with its grammar (`python3 -c …`; SPEC §6.7): the effect table classifies its effects. */
  code?: InlineCodeAnalysis;
}

/** `NAME=value` (alone, exported, or before a command) of a variable that configures the guard or the agent (`GATEHOUSE_*`). */
export interface ControlAssignment {
  name: string;
  /** The assignment as written. */
  raw: string;
}

export interface ShellAnalysis {
  /** In source order; `stdin.upstream` indexes into this array. */
  commands: ParsedCommand[];
  unknown: UnknownCommand[];
  /** Control variables the text sets (absent when none): the effect table judges them (effects/persistence.ts). */
  controls?: ControlAssignment[];
}
