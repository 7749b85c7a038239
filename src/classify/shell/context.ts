// What a command inherits from where it stands in the text: the walk's
// position (Env), one simple command being resolved (CmdCtx), and the
// shell's scope (functions, literal variables, aliases).
import type { FindContext, ListOperator, PossibleNested, RunsOn, StdinSource } from "../shell-analysis.js";
import type { RedirectWord } from "./redirects.js";
import { Vars, type VarState } from "./values.js";

export interface Scope {
  functions: Set<string>;
  /** The body text of each function defined in this text (walked again, with the call's arguments, where it is called). */
  functionBodies: Map<string, string>;
  /** Shell variables as far as the text says (src/classify/shell/values.ts). */
  vars: Vars;
  /** Alias name → value; null when the value is not a literal. */
  aliases: Map<string, string | null>;
  /** git aliases set by `git config alias.NAME VALUE` earlier in the text (null: not a literal). */
  gitAliases: Map<string, string | null>;
  expanding: Set<string>;
}

export function newScope(vars: Vars = new Vars()): Scope {
  return { functions: new Set(), functionBodies: new Map(), vars, aliases: new Map(), gitAliases: new Map(), expanding: new Set() };
}

/** Where in the walk we are: everything a command inherits from its surroundings. */
export interface Env {
  src: string;
  hasSubs: boolean;
  /** `src` holds a `$` or a backtick: words may expand (values.ts resolves them). */
  expands: boolean;
  depth: number;
  inSub: boolean;
  wrappers: string[];
  stdin: StdinSource | null;
  /** The literal text on stdin when it can be known (pipe from `echo '…'`, a literal heredoc). */
  stdinLiteral: (() => string | null) | null;
  redirects: RedirectWord[];
  scope: Scope;
  level: number;
  /** `command` for gaps found while parsing this text as a whole (the outer command of an inline script). */
  gapCommand: string;
  /** Which parsed tree `src` belongs to: node ids are unique only within one tree. */
  tree: number;
  /** Where this text runs, when a launcher sent it elsewhere (`ssh host '…'`). */
  runsOn: RunsOn | null;
  /** Set inside an argument an unknown program may run as a command (src/classify/shell/nested.ts). */
  possible?: PossibleNested;
}

/** One simple command being resolved: its surroundings plus what peeling has changed. */
export interface CmdCtx {
  env: Env;
  raw: string;
  redirects: RedirectWord[];
  stdin: StdinSource | null;
  stdinLiteral: (() => string | null) | null;
  wrappers: string[];
  find: FindContext | null;
  /** The words came from shell text (aliases and functions apply). */
  fromText: boolean;
  runsOn: RunsOn | null;
  /** The stdin of the launcher that consumed it (`find … | xargs rm`: the pipe from find). */
  feedInput: StdinSource | null;
  /** `NAME=value` words before the command (or `env`/`sudo` operands): its environment additions. */
  assigns: ReadonlyMap<string, VarState>;
  possible?: PossibleNested;
  /** The list operator before the simple command node these words came from; the first command emitted takes it. */
  join?: JoinSlot;
}

/** A simple command node's list operator (list-operator.ts) and the node it follows, keyed as the walker keys nodes. */
export interface JoinSlot {
  key: string;
  op: ListOperator | null;
  /** The simple command node before the operator, or null. */
  afterKey: string | null;
  /** Taken by the first command the node emitted (a launcher's inner command, a later `for` combination, get none). */
  used: boolean;
}
