// Values carried in straight-line text: what a `$VAR`, `${VAR:-default}`,
// `$(echo …)`, `$(pwd)` or `$(mktemp)` holds when the text itself says so
// (`D=~; rm -rf "$D"`, `for d in ~ /; do …`, `T=$(mktemp -d)`), and the
// variable scope that keeps those values honest: an assignment in a branch or
// a loop body makes the variable unknown after it, and nothing leaks out of a
// subshell, a pipeline stage or a substitution (bash semantics). The walker
// (walk.ts) decodes every word with `valueResolver`, so the effect table sees
// `rm -rf ~`, not `rm -rf "$D"`.
import type { Node } from "web-tree-sitter";
import { literalOfSubstitution } from "./literal.js";
import { commandParts, stagesOf } from "./nodes.js";
import { wordFromNode, type Resolved, type Resolver, type Word } from "./words.js";
import { programName } from "../programs/name.js";

/** A known value, with the facts the path table needs: a leading `~` that means home, and the env variables it still holds. */
export interface Val {
  value: string;
  /** Starts with `~` meaning the home directory (tilde expansion happened at assignment). */
  tilde: boolean;
  /** Variables the path table expands from env (`HOME`, `PWD`, `TMPDIR`) still written in `value`. */
  vars: readonly string[];
}

/** What a variable may hold: one or more known values (a `for` list), or null — not known. */
export type VarState = readonly Val[] | null;

export const EMPTY: Val = { value: "", tilde: false, vars: [] };

/** Variables the path table expands from env, so a value holding them is still worth carrying. */
export const ENV_PATH_VARS: ReadonlySet<string> = new Set(["HOME", "PWD", "TMPDIR"]);

/** Values of a `for` list, expansion alternatives, combinations of them: at most this many. */
export const MAX_ALTERNATIVES = 16;

interface Snapshot {
  map: Map<string, VarState>;
  opaque: boolean;
  exported: Set<string>;
}

/** The snapshot of a scope with no variables (never mutated: restore makes new collections). */
const NOTHING: Snapshot = { map: new Map(), opaque: false, exported: new Set() };

/** The shell variables of one scope, as far as the text says. */
export class Vars {
  private map = new Map<string, VarState>();
  /** After `source FILE` or `eval "$X"` any variable may hold anything. */
  private opaque = false;
  private exported = new Set<string>();
  private readonly frames: Set<string>[] = [];

  /** undefined: never assigned in this text (its value comes from the environment, unknown here). */
  get(name: string): VarState | undefined {
    const v = this.map.get(name);
    return v === undefined && this.opaque ? null : v;
  }

  set(name: string, state: VarState, exported = false): void {
    this.map.set(name, state);
    if (exported) this.exported.add(name);
    for (const f of this.frames) f.add(name);
  }

  export(name: string): void {
    this.exported.add(name);
  }

  /** Every variable may now hold anything. */
  forgetAll(): void {
    for (const k of [...this.map.keys()]) this.set(k, null);
    this.opaque = true;
  }

  save(): Snapshot {
    // Most texts assign nothing: their snapshots cost nothing.
    if (this.map.size === 0 && this.exported.size === 0 && !this.opaque) return NOTHING;
    return { map: new Map(this.map), opaque: this.opaque, exported: new Set(this.exported) };
  }

  /** Back to `s`; `adopt`: `s` is not used again, so it is taken over rather than copied. */
  restore(s: Snapshot, adopt = false): void {
    if (s === NOTHING) {
      if (this.map.size > 0) this.map = new Map();
      if (this.exported.size > 0) this.exported = new Set();
      this.opaque = false;
      return;
    }
    this.map = adopt ? s.map : new Map(s.map);
    this.opaque = s.opaque;
    this.exported = adopt ? s.exported : new Set(s.exported);
  }

  /** Run `fn`, returning the names it assigned. */
  track(fn: () => void): Set<string> {
    const frame = new Set<string>();
    this.frames.push(frame);
    try {
      fn();
    } finally {
      this.frames.pop();
    }
    return frame;
  }

  /**
   * The scope a child shell starts with (`bash -c`, `sh <<EOF`): exported
   * variables keep their values; one assigned here but not exported may still
   * be in the environment under that name, so it is unknown there.
   */
  child(extra: ReadonlyMap<string, VarState> = new Map()): Vars {
    const c = new Vars();
    for (const [k, v] of this.map) c.map.set(k, this.exported.has(k) ? v : null);
    for (const k of this.exported) c.exported.add(k);
    for (const [k, v] of extra) {
      c.map.set(k, v);
      c.exported.add(k);
    }
    c.opaque = this.opaque;
    return c;
  }
}

/** Isolate `fn` (a subshell, a pipeline stage, a substitution): nothing it assigns survives it. */
export function isolated<T>(vars: Vars, fn: () => T): T {
  const s = vars.save();
  try {
    return fn();
  } finally {
    vars.restore(s, true);
  }
}

/**
 * Branches of a conditional (`if`/`case`), or the body of a loop or the right
 * side of `&&`/`||` (one branch that may not run): inside, straight-line values
 * hold; `fresh` branches each start from the values before the construct; after
 * it, whatever any branch assigned is unknown.
 */
export function conditional(vars: Vars, branches: ReadonlyArray<() => void>, fresh: boolean): void {
  const s = vars.save();
  const names = new Set<string>();
  for (const b of branches) {
    if (fresh) vars.restore(s);
    for (const n of vars.track(b)) names.add(n);
  }
  if (fresh) vars.restore(s);
  for (const n of names) vars.set(n, null);
}

/** The value of a decoded word, when known (env path variables kept as facts). */
export function valOfWord(w: Word): Val | null {
  if (!w.dynamic) return { value: w.value, tilde: w.tilde, vars: w.vars };
  if (w.subst || w.placeholder || w.vars.length === 0 || !w.vars.every((v) => ENV_PATH_VARS.has(v))) return null;
  return { value: w.value, tilde: w.tilde, vars: w.vars };
}

/** `name` → the alternative to use, for variables that hold several values (one command per combination). */
export type Choice = ReadonlyMap<string, number>;

export interface ResolveContext {
  src: string;
  vars: Vars;
  /** Which alternative of a multi-valued variable to use; absent names are reported to `multi`. */
  choice?: Choice;
  multi?: Set<string>;
}

const SPECIAL = /^[0-9@*#?$!-]$/;

/**
 * The resolver words are decoded with: a `$VAR`/`${VAR…}` the text assigned,
 * `${VAR:-default}` (and `-`, `:=`, `=`, `:+`, `+`, `:?`, `?`), a `$(…)` of a
 * literal producer, `$(pwd)`, `$(mktemp …)`. Anything else stays dynamic.
 */
export function valueResolver(rc: ResolveContext, level = 0): Resolver {
  return (node) => {
    const type = node.type;
    if (type === "command_substitution") return substitutionValue(node, rc, level);
    if (type === "simple_expansion") {
      const name = rc.src.slice(node.startIndex + 1, node.endIndex);
      // `$1`…`$9` hold values only inside a function call the text makes (analyzer.ts, callFunction).
      return /^[1-9]$/.test(name) ? pick(name, rc) : SPECIAL.test(name) ? null : pick(name, rc);
    }
    if (type === "expansion") return expansionValue(node, rc, level);
    return null;
  };
}

/**
 * `$HOME`/`$PWD`/`$TMPDIR` after the text gave it a value it cannot know
 * (`cd "$X"`, `TMPDIR=$(…)`): no longer the environment's, so the path table
 * must not expand it from env (the `?` keeps the name from its resolvable set).
 */
function reassigned(name: string): Resolved {
  return { value: `$${name}`, tilde: false, vars: [`${name}?`] };
}

function pick(name: string, rc: ResolveContext): Resolved | null {
  const state = rc.vars.get(name);
  if (state === null && ENV_PATH_VARS.has(name)) return reassigned(name);
  if (state === undefined || state === null || state.length === 0) return null;
  if (state.length === 1) return state[0];
  const k = rc.choice?.get(name);
  if (k === undefined) {
    rc.multi?.add(name);
    return null;
  }
  return state[k] ?? null;
}

/** `${NAME}`, `${NAME:-WORD}` and the other default/alternative forms; null for anything else. */
function expansionValue(node: Node, rc: ResolveContext, level: number): Resolved | null {
  let name: string | null = null;
  let op = "";
  const operand: Node[] = [];
  for (const c of node.children) {
    if (!c) continue;
    const t = c.type;
    if (t === "${" || t === "}") continue;
    if (name === null) {
      if (t !== "variable_name") return null; // `${#x}`, `${!x}`, `${1}`, `${@}`
      name = rc.src.slice(c.startIndex, c.endIndex);
    } else if (!c.isNamed && op === "" && operand.length === 0) op = t;
    else operand.push(c);
  }
  if (name === null) return null;
  if (op === "") return operand.length === 0 ? pick(name, rc) : null;
  if (!/^:?[-=+?]$/.test(op)) return null; // `%`, `#`, `/`, `^`, `,`, `:offset`: not evaluated
  const state = rc.vars.get(name);
  if (state === null) return ENV_PATH_VARS.has(name) ? reassigned(name) : null;
  const set = state !== undefined;
  const current = set ? pick(name, rc) : null;
  if (set && current === null) return null; // several values, not chosen yet
  // `${HOME:?}`: the value, or the shell stops; an env path variable is set wherever the agent runs.
  if (op.endsWith("?")) return set ? current : ENV_PATH_VARS.has(name) ? { value: `$${name}`, tilde: false, vars: [name] } : null;
  const empty = current !== null && (typeof current === "string" ? current : current.value) === "";
  const colon = op.startsWith(":");
  if (op.endsWith("+")) {
    if (!set) return null; // the environment may set it
    return colon && empty ? EMPTY : operandValue(operand, rc, level);
  }
  if (set && !(colon && empty)) return current;
  // Unset here: SPEC §6.4 takes the default — except for the variables the
  // path table expands from env, which are set wherever the agent runs.
  if (!set && ENV_PATH_VARS.has(name)) return { value: `$${name}`, tilde: false, vars: [name] };
  const value = operandValue(operand, rc, level);
  if (value !== null && op.endsWith("=")) rc.vars.set(name, [value]);
  return value;
}

function operandValue(nodes: readonly Node[], rc: ResolveContext, level: number): Val | null {
  if (nodes.length === 0) return EMPTY;
  if (level > 8) return null;
  const resolve = valueResolver(rc, level + 1);
  const parts = nodes.map((n) => wordFromNode(n, rc.src, resolve));
  if (parts.length === 1) return valOfWord(parts[0]);
  let value = "";
  const vars: string[] = [];
  for (const p of parts) {
    const v = valOfWord(p);
    if (v === null) return null;
    value += v.value;
    vars.push(...v.vars);
  }
  return { value, tilde: parts[0].tilde, vars };
}

/** What `$(…)` prints when known: `pwd`, `mktemp`, or a literal producer (`echo`, `printf`, `base64 -d`, …). */
function substitutionValue(node: Node, rc: ResolveContext, level: number): Resolved | null {
  const stmts = stagesOf(node);
  if (stmts.length === 1 && stmts[0].type === "command") {
    const { nameNode, args } = commandParts(stmts[0], []);
    const name = nameNode ? programName(rc.src.slice(nameNode.startIndex, nameNode.endIndex)) : "";
    if (name === "pwd") return pick("PWD", rc) ?? { value: "$PWD", tilde: false, vars: ["PWD"] };
    if (name === "mktemp") return mktempValue(args.map((a) => wordFromNode(a, rc.src, valueResolver(rc, level + 1))));
  }
  const out = literalOfSubstitution(node, rc.src, level);
  // `$(echo ~)` prints the home directory, not a `~`: not worth guessing.
  return out === null || out.startsWith("~") ? null : out;
}

/**
 * Where `mktemp` creates its file or directory: under `$TMPDIR` (or `/tmp`)
 * with `-t`, `-p DIR`/`--tmpdir[=DIR]` or no template; a template alone is
 * relative to the working directory.
 */
export function mktempValue(words: readonly Word[]): Val | null {
  let dir: Val | null = null;
  let tmp = false;
  let template: Word | null = null;
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    const v = w.value;
    if (w.dynamic && !v.startsWith("-")) return null;
    if (v === "-p" || v === "--tmpdir") {
      tmp = true;
      const d = words[k + 1];
      if (v === "-p" && d) {
        dir = valOfWord(d);
        if (dir === null) return null;
        k++;
      }
    } else if (v.startsWith("--tmpdir=")) {
      tmp = true;
      dir = { value: v.slice("--tmpdir=".length), tilde: v.startsWith("--tmpdir=~"), vars: [] };
    } else if (v.startsWith("-p") && v.length > 2) {
      tmp = true;
      dir = { value: v.slice(2), tilde: v.startsWith("-p~"), vars: [] };
    } else if (v === "--suffix") k++;
    else if (/^-[dqut]+$/.test(v)) tmp ||= v.includes("t");
    else if (!v.startsWith("-")) template = w;
  }
  const name = template ? template.value : "tmp.XXXXXXXXXX";
  if (template && !tmp) return template.value.startsWith("/") ? { value: name, tilde: false, vars: [] } : { value: name, tilde: template.tilde, vars: [] };
  if (dir !== null && dir.value !== "") return { value: `${dir.value.replace(/\/+$/, "")}/${name}`, tilde: dir.tilde, vars: dir.vars };
  return { value: `$TMPDIR/${name}`, tilde: false, vars: ["TMPDIR"] };
}

/** Every combination of the multi-valued `names` (at most MAX_ALTERNATIVES), or null when there are more. */
export function choices(vars: Vars, names: ReadonlySet<string>): Choice[] | null {
  let out: Map<string, number>[] = [new Map()];
  for (const n of names) {
    const count = vars.get(n)?.length ?? 1;
    const next: Map<string, number>[] = [];
    for (const c of out) for (let k = 0; k < count; k++) next.push(new Map(c).set(n, k));
    if (next.length > MAX_ALTERNATIVES) return null;
    out = next;
  }
  return out;
}
