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
  /** A test narrows what find matches (`-name`, `-type`, `-newerXY`, …). */
  filtered: boolean;
  /** `-delete` is in the expression. */
  deletes: boolean;
  /** Files find writes: `-fprint FILE`, `-fprint0`, `-fls`, `-fprintf FILE FMT`. */
  writes: FindOperand[];
  execs: FindExec[];
}

const EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const OPERATORS = new Set(["(", ")", "!", ",", "-not", "-a", "-and", "-o", "-or"]);
/** Options and actions that neither narrow the match nor take an argument. */
const NEUTRAL = new Set([
  "-depth", "-d", "-xdev", "-mount", "-follow", "-noleaf", "-ignore_readdir_race", "-noignore_readdir_race",
  "-daystart", "-warn", "-nowarn", "-print", "-print0", "-ls", "-delete", "-prune", "-quit", "-true",
  "-help", "--help", "-version", "--version", "-L", "-H", "-P", "-exit",
]);
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

/** Parse `find [-H|-L|-P] [-D x] [-Olevel] ROOT… EXPRESSION` from `args[start]` (the word after `find`). */
export function parseFind(args: readonly Arg[], start = 0): FindCall {
  const out: FindCall = { roots: [], filtered: false, deletes: false, writes: [], execs: [] };
  let j = leadingOptions(args, start, out.roots);
  for (; j < args.length; j++) {
    const a = args[j];
    if (!a.dynamic && (a.value.startsWith("-") || OPERATORS.has(a.value))) break;
    out.roots.push({ value: a.value, index: j, arg: a });
  }
  while (j < args.length) {
    const v = args[j].value;
    if (EXEC.has(v)) {
      const s = j + 1;
      let k = s;
      // `;` ends the command; `+` does only right after `{}` (GNU: `-exec cmd {} +`).
      while (k < args.length && args[k].value !== ";" && !(args[k].value === "+" && k > s && args[k - 1].value === "{}")) k++;
      out.execs.push({ primary: v, start: s, end: Math.min(k, args.length), terminator: Math.min(k, args.length - 1) });
      j = k + 1;
      continue;
    }
    if (v === "-delete") out.deletes = true;
    if (OPERATORS.has(v) || NEUTRAL.has(v)) j++;
    else if (NEUTRAL_ARG.has(v)) j += 2;
    else if (WRITERS.has(v)) {
      if (j + 1 < args.length) out.writes.push({ value: args[j + 1].value, index: j + 1, arg: args[j + 1] });
      j += 1 + WRITERS.get(v)!;
    } else if (TEST_NOARG.has(v)) {
      out.filtered = true;
      j++;
    } else if (TEST_ARG.has(v) || NEWER_XY.test(v)) {
      out.filtered = true;
      j += 2;
    } else if (v.startsWith("-")) {
      out.filtered = true;
      j += looksLikePrimary(args[j + 1]) ? 1 : 2;
    } else j++;
  }
  return out;
}

/** The starting points' values; find searches `.` when none is written. */
export function findRootValues(call: FindCall): string[] {
  return call.roots.length ? call.roots.map((r) => r.value) : ["."];
}

/** [find's arguments, roots, filtered, deletes] — run by test/classify/programs.test.ts. */
export const FIND_EXAMPLES: ReadonlyArray<readonly [string, string[], boolean, boolean]> = [
  [". -delete", ["."], false, true],
  ["~ -name '*' -delete", ["~"], true, true],
  [". -newerBt 2024-01-01 -delete", ["."], true, true],
  [". -newerBt x -exec rm {} +", ["."], true, false],
  ["-L a b -maxdepth 1 -print", ["a", "b"], false, false],
  [". -name -delete -print", ["."], true, false],
  ["/tmp -xattr -delete", ["/tmp"], true, true],
];
