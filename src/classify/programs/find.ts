// The one `find` parser (GNU and BSD find): its roots, whether a test narrows
// what it matches, whether it deletes, the files it writes, and its `-exec`
// commands. The walker reads `-exec` from it (src/classify/shell/launchers/),
// the effect table everything else (src/classify/effects/filesystem.ts).
import type { Arg } from "./args.js";

export interface FindOperand {
  value: string;
  /** Index into the parsed args. */
  index: number;
  arg: Arg;
}

/** `-exec CMD … ;` / `-execdir`, `-ok`, `-okdir`: word range of CMD…, and the terminator's index. */
export interface FindExec {
  primary: string;
  start: number;
  end: number;
  terminator: number;
}

export interface FindCall {
  /** The starting points, as written (empty: find searches `.`). */
  roots: FindOperand[];
  /** The expression has a test (`-name`, `-type`, `-newerXY`, …). */
  tested: boolean;
  /**
   * What find acts on is narrowed to files picked by name, emptiness or
   * identity: every acting primary (`-delete`, `-exec…`, `-print…`) runs only
   * where such a test held (`-name '*.pyc'`, `-empty`). A type, time, size or
   * owner test, a pattern that matches (nearly) everything (`-name '*'`,
   * `.*`), a negation or a run-time pattern narrows nothing: `find ~ -type f
   * -delete` empties the home directory as surely as `find ~ -delete`.
   */
  filtered: boolean;
  /** A name or regex test's pattern is known only at run time (`-name "$P"`). */
  dynamicTest: boolean;
  /** `-delete` is in the expression. */
  deletes: boolean;
  /** The literal patterns of its name and path tests (`-name settings.json`, `-ipath PATTERN`), test first. */
  names: FindName[];
  /** Files find writes: `-fprint FILE`, `-fprint0`, `-fls`, `-fprintf FILE FMT`. */
  writes: FindOperand[];
  execs: FindExec[];
}

/** A name or path test with a literal pattern: `-name`/`-iname` match one component, `-path`/`-wholename` the whole path. */
export interface FindName {
  test: string;
  pattern: string;
}

const EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const OPERATORS = new Set(["(", ")", "!", ",", "-not", "-a", "-and", "-o", "-or"]);
/** Options and actions that neither narrow the match nor take an argument. */
const NEUTRAL = new Set([
  "-depth", "-d", "-xdev", "-mount", "-follow", "-noleaf", "-ignore_readdir_race", "-noignore_readdir_race",
  "-daystart", "-warn", "-nowarn", "-prune", "-quit", "-true",
  "-help", "--help", "-version", "--version", "-L", "-H", "-P", "-exit",
]);
/** Actions that print what find matched (what `find … | xargs rm` hands on). */
const OUTPUTS = new Set(["-print", "-print0", "-ls"]);
/** Options and actions that take one argument and do not narrow the match. */
const NEUTRAL_ARG = new Set(["-maxdepth", "-mindepth", "-regextype", "-printf", "-files0-from"]);
/** Actions that write a file named by their argument (`-fprintf FILE FORMAT` takes two). */
const WRITERS = new Map([["-fprint", 1], ["-fprint0", 1], ["-fls", 1], ["-fprintf", 2]]);
/** Tests that take no argument (they narrow the match). */
const TEST_NOARG = new Set(["-empty", "-readable", "-writable", "-executable", "-nouser", "-nogroup", "-false", "-xattr", "-acl"]);
/** Tests that take one argument. Any other `-primary` is read as a test too (find rejects unknown ones, running nothing). */
const TEST_ARG = new Set([
  "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-type", "-xtype",
  "-newer", "-anewer", "-cnewer", "-mnewer", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-Btime",
  "-Bmin", "-Bnewer", "-size", "-user", "-group", "-uid", "-gid", "-perm", "-links", "-inum", "-samefile",
  "-lname", "-ilname", "-used", "-fstype", "-context", "-flags",
]);
/** `-newerXY REF` for any pair of a/B/c/m (and `t`: REF is a time). */
const NEWER_XY = /^-newer[aBcm][aBcmt]$/;

/** Options before the starting points: GNU `-H -L -P`, `-D debugopts`, `-Olevel`; BSD `-E -X -d -s -x`, `-f PATH` (a root). */
function leadingOptions(args: readonly Arg[], j: number, roots: FindOperand[]): number {
  while (j < args.length) {
    const v = args[j].value;
    if (/^-[HLPEXdsx]+$/.test(v) || /^-O\d*$/.test(v)) j++;
    else if (v === "-D") j += 2;
    else if (v === "-f" && j + 1 < args.length) {
      roots.push({ value: args[j + 1].value, index: j + 1, arg: args[j + 1] });
      j += 2;
    } else break;
  }
  return j;
}

function looksLikePrimary(a: Arg | undefined): boolean {
  return a !== undefined && !a.dynamic && (a.value.startsWith("-") || OPERATORS.has(a.value));
}

/** One primary of the expression, as the guard computation sees it. */
type Item =
  | { kind: "op"; op: "(" | ")" | "!" | "and" | "or" | "," }
  /** A test: `narrow` when it picks files by name, emptiness or identity (below). */
  | { kind: "test"; narrow: boolean }
  /** An action (`-delete`, `-exec…`, `-print…`, `-ls`, `-fprint…`): true once run. `acts` marks the ones that matter. */
  | { kind: "action"; acts: boolean }
  /** Options (`-maxdepth`, `-xdev`, …) and `-prune`, `-true`: always true, narrow nothing. */
  | { kind: "neutral" };

/** Tests that narrow what find acts on to files chosen by name, emptiness or identity. */
const NAME_TESTS = new Set(["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-lname", "-ilname"]);
const REGEX_TESTS = new Set(["-regex", "-iregex"]);
const NARROW_NOARG = new Set(["-empty", "-false"]);
const NARROW_ARG = new Set(["-inum", "-samefile"]);

/**
 * Does a glob pick particular names, rather than (nearly) every file? After
 * taking out wildcards, bracket classes, dots and slashes, a literal
 * character must be left: `*.pyc`, `*~`, a `-path` with `node_modules` in it narrow; `*`,
 * `.*`, `*.*`, `[a-z]*`, `./*` do not (`.*` in a home directory is every
 * dotfile).
 */
export function globNarrows(pattern: string): boolean {
  const rest = pattern.replace(/\[[^\]]*\]/g, "").replace(/\\(.)/g, "$1").replace(/[*?./\\]/g, "");
  return rest.length > 0;
}

/** A regex (`-regex`) narrows when a literal alphanumeric is left outside its metacharacters and classes and it has no top-level alternation. */
export function regexNarrows(pattern: string): boolean {
  if (/(^|[^\\])\|/.test(pattern)) return false;
  const rest = pattern.replace(/\[[^\]]*\]/g, "").replace(/\\[dDwWsSbB]/g, "").replace(/\{[^}]*\}/g, "").replace(/\\(.)/g, "$1").replace(/[.*+?^$()|/]/g, "");
  return /[A-Za-z0-9_~-]/.test(rest);
}

function testItem(name: string, value: Arg | undefined): Item {
  if (NARROW_NOARG.has(name) || NARROW_ARG.has(name)) return { kind: "test", narrow: true };
  if (value === undefined) return { kind: "test", narrow: false };
  // A pattern known only at run time: not guessed to match everything (seed 003 — the table reports it, shape 8).
  if (value.dynamic) return { kind: "test", narrow: NAME_TESTS.has(name) || REGEX_TESTS.has(name) };
  if (NAME_TESTS.has(name)) return { kind: "test", narrow: globNarrows(value.value) };
  if (REGEX_TESTS.has(name)) return { kind: "test", narrow: regexNarrows(value.value) };
  return { kind: "test", narrow: false };
}

/** Parse `find [-H|-L|-P] [-D x] [-Olevel] ROOT… EXPRESSION` from `args[start]` (the word after `find`). */
export function parseFind(args: readonly Arg[], start = 0): FindCall {
  const out: FindCall = { roots: [], tested: false, filtered: false, dynamicTest: false, deletes: false, names: [], writes: [], execs: [] };
  let j = leadingOptions(args, start, out.roots);
  for (; j < args.length; j++) {
    const a = args[j];
    if (!a.dynamic && (a.value.startsWith("-") || OPERATORS.has(a.value))) break;
    out.roots.push({ value: a.value, index: j, arg: a });
  }
  const items: Item[] = [];
  const test = (name: string, value: Arg | undefined): void => {
    out.tested = true;
    if (value?.dynamic && (NAME_TESTS.has(name) || REGEX_TESTS.has(name))) out.dynamicTest = true;
    if (value && !value.dynamic && NAME_TESTS.has(name) && !name.endsWith("lname")) out.names.push({ test: name, pattern: value.value });
    items.push(testItem(name, value));
  };
  while (j < args.length) {
    const v = args[j].value;
    if (EXEC.has(v)) {
      const s = j + 1;
      let k = s;
      // `;` ends the command; `+` does only right after `{}` (GNU: `-exec cmd {} +`).
      while (k < args.length && args[k].value !== ";" && !(args[k].value === "+" && k > s && args[k - 1].value === "{}")) k++;
      out.execs.push({ primary: v, start: s, end: Math.min(k, args.length), terminator: Math.min(k, args.length - 1) });
      items.push({ kind: "action", acts: true });
      j = k + 1;
      continue;
    }
    if (v === "-delete") {
      out.deletes = true;
      items.push({ kind: "action", acts: true });
      j++;
    } else if (OPERATORS.has(v)) {
      items.push({ kind: "op", op: v === "!" || v === "-not" ? "!" : v === "-a" || v === "-and" ? "and" : v === "-o" || v === "-or" ? "or" : (v as "(" | ")" | ",") });
      j++;
    } else if (OUTPUTS.has(v)) {
      items.push({ kind: "action", acts: true });
      j++;
    } else if (NEUTRAL.has(v)) {
      items.push({ kind: "neutral" });
      j++;
    } else if (NEUTRAL_ARG.has(v)) {
      items.push(v === "-printf" ? { kind: "action", acts: true } : { kind: "neutral" });
      j += 2;
    } else if (WRITERS.has(v)) {
      if (j + 1 < args.length) out.writes.push({ value: args[j + 1].value, index: j + 1, arg: args[j + 1] });
      items.push({ kind: "action", acts: true });
      j += 1 + WRITERS.get(v)!;
    } else if (TEST_NOARG.has(v)) {
      test(v, undefined);
      j++;
    } else if (TEST_ARG.has(v) || NEWER_XY.test(v)) {
      test(v, args[j + 1]);
      j += 2;
    } else if (v.startsWith("-")) {
      // An unknown primary: read as a test that narrows nothing (find rejects it and runs nothing anyway).
      const takesArg = !looksLikePrimary(args[j + 1]);
      test(v, undefined);
      j += takesArg ? 2 : 1;
    } else j++;
  }
  out.filtered = actionsNarrowed(items);
  return out;
}

// ── which files the actions act on ─────────────────────────────────────────
// The expression is parsed with find's precedence (`( )` > `!` > `-a` > `-o` > `,`).
// An action runs on the files for which everything before it in its `-a` chain
// held, so its guard is that chain (for the right side of `-o`, also "the left
// side failed", which narrows nothing). The guard narrows when one of its
// conjuncts does: an `-a` narrows when any part does, an `-o` when every
// branch does, a `!` never (the complement of a name is nearly everything).

type Node = { t: "leaf"; item: Item } | { t: "and" | "or" | ","; kids: Node[] } | { t: "!"; kid: Node };

function parseExpr(items: readonly Item[]): Node {
  let i = 0;
  const peekOp = (): string | null => {
    const it = items[i];
    return it?.kind === "op" ? it.op : null;
  };
  const primary = (): Node | null => {
    const it = items[i];
    if (!it) return null;
    if (it.kind === "op") {
      if (it.op === "(") {
        i++;
        const inner = comma();
        if (peekOp() === ")") i++;
        return inner;
      }
      if (it.op === "!") {
        i++;
        const kid = primary();
        return kid ? { t: "!", kid } : null;
      }
      return null;
    }
    i++;
    return { t: "leaf", item: it };
  };
  const and = (): Node | null => {
    const kids: Node[] = [];
    for (;;) {
      if (peekOp() === "and") i++;
      const op = peekOp();
      if (op === "or" || op === "," || op === ")") break;
      const p = primary();
      if (!p) {
        if (i < items.length && peekOp() !== "or" && peekOp() !== "," && peekOp() !== ")") i++;
        else break;
        continue;
      }
      kids.push(p);
    }
    return kids.length === 0 ? null : kids.length === 1 ? kids[0] : { t: "and", kids };
  };
  /** Operands of `operator` (`-o` or `,`), each read by `next`. */
  const joined = (operator: "or" | ",", next: () => Node | null) => (): Node | null => {
    const kids: Node[] = [];
    for (;;) {
      const k = next();
      if (k) kids.push(k);
      if (peekOp() !== operator) break;
      i++;
    }
    return kids.length === 0 ? null : kids.length === 1 ? kids[0] : { t: operator, kids };
  };
  const or = joined("or", and);
  const comma = joined(",", or);
  const kids: Node[] = [];
  // A stray `)` ends a group early; keep reading what follows it.
  while (i < items.length) {
    const c = comma();
    if (c) kids.push(c);
    else i++;
  }
  return kids.length === 1 ? kids[0] : { t: ",", kids };
}

/** Does a node, evaluated true, mean the file was picked by name, emptiness or identity? */
function narrows(n: Node): boolean {
  switch (n.t) {
    case "leaf":
      return n.item.kind === "test" && n.item.narrow;
    case "and":
      return n.kids.some(narrows);
    case "or":
      return n.kids.length > 0 && n.kids.every(narrows);
    case ",": {
      const last = n.kids[n.kids.length - 1];
      return last !== undefined && narrows(last);
    }
    case "!":
      return false;
  }
}

/** Every acting primary's guard narrows (with no action, the implicit `-print`'s guard: the whole expression). */
function actionsNarrowed(items: readonly Item[]): boolean {
  if (items.length === 0) return false;
  const tree = parseExpr(items);
  let sawAction = false;
  let all = true;
  const visit = (n: Node, guard: boolean): void => {
    switch (n.t) {
      case "leaf":
        if (n.item.kind === "action" && n.item.acts) {
          sawAction = true;
          if (!guard) all = false;
        }
        return;
      case "and": {
        let g = guard;
        for (const k of n.kids) {
          visit(k, g);
          g ||= narrows(k);
        }
        return;
      }
      case "or":
      case ",":
        for (const k of n.kids) visit(k, guard);
        return;
      case "!":
        visit(n.kid, guard);
        return;
    }
  };
  visit(tree, false);
  return sawAction ? all : narrows(tree);
}

/** The starting points' values; find searches `.` when none is written. */
export function findRootValues(call: FindCall): string[] {
  return call.roots.length ? call.roots.map((r) => r.value) : ["."];
}

/** [find's arguments, roots, filtered (narrowed), deletes] — run by test/classify/programs/programs.test.ts. */
export const FIND_EXAMPLES: ReadonlyArray<readonly [string, string[], boolean, boolean]> = [
  [". -delete", ["."], false, true],
  [". -mindepth 1 -delete", ["."], false, true],
  ["~ -name '*' -delete", ["~"], false, true],
  ["~ -name '.*' -delete", ["~"], false, true],
  ["~ -type f -delete", ["~"], false, true],
  [". -newerBt 2024-01-01 -delete", ["."], false, true],
  [". -newerBt x -exec rm {} +", ["."], false, false],
  [". -mtime +30 -size +1M -delete", ["."], false, true],
  [". -name '*.pyc' -delete", ["."], true, true],
  [". -type d -empty -delete", ["."], true, true],
  [". -path '*/node_modules/*' -prune -o -name '*.log' -delete", ["."], true, true],
  [". -name .git -prune -o -delete", ["."], false, true],
  [". ! -name keep.txt -delete", ["."], false, true],
  [". -name '*.o' -o -name '*.a' -delete", ["."], true, true],
  [". -type f \\( -name '*.o' -o -name '*' \\) -delete", ["."], false, true],
  [". -type f -name '*.o' , -delete", ["."], false, true],
  [". \\( -name '*.o' -o -name '*.a' \\) -delete", ["."], true, true],
  [". -regex '.*\\.pyc' -delete", ["."], true, true],
  [". -regex '.*' -delete", ["."], false, true],
  ["-L a b -maxdepth 1 -print", ["a", "b"], false, false],
  [". -name -delete -print", ["."], true, false],
  ["/tmp -xattr -delete", ["/tmp"], false, true],
];
