// The `fd` parser (fd-find, also installed as `fdfind`): its search roots,
// whether its pattern and filters narrow what it acts on — read like find's
// (src/classify/programs/find.ts): a filter narrows *which* files, not
// *where* — and its `-x`/`-X` commands. The walker runs the commands
// (src/classify/shell/launchers/runners.ts), the effect table judges them
// with `{}` standing for files under the roots.
import type { Arg } from "./args.js";
import { globNarrows, regexNarrows, type FindExec, type FindOperand } from "./find.js";
import { parseArgs, type OptionSpec } from "./options.js";

export interface FdCall {
  /** The search paths, as written (empty: fd searches `.`). */
  roots: FindOperand[];
  /** The pattern, an extension or `--type empty` narrows what fd lists to files picked by name or emptiness. */
  filtered: boolean;
  /** `-x CMD…` / `-X CMD…`: the command's word range (fd appends the path when CMD has no placeholder). */
  execs: FindExec[];
}

const FD_SPEC: OptionSpec = {
  shortValue: "etEdScjo",
  longValue: [
    "extension", "type", "exclude", "max-depth", "min-depth", "exact-depth", "size", "changed-within", "changed-before",
    "change-newer-than", "change-older-than", "newer", "older", "color", "threads", "max-results", "base-directory",
    "path-separator", "search-path", "ignore-file", "batch-size", "format", "and", "owner", "max-buffer-time", "hyperlink",
  ],
  aliases: { e: "extension", t: "type", E: "exclude", d: "max-depth", S: "size", c: "color", j: "threads", o: "owner", g: "glob", F: "fixed-strings" },
  digitsAreFlags: true,
};

const EXEC_FLAGS = new Set(["-x", "--exec", "-X", "--exec-batch"]);

/** Does fd's pattern (a regex, or a glob with `-g`, or a literal with `-F`) pick particular names? */
function patternNarrows(value: string, glob: boolean, fixed: boolean): boolean {
  if (fixed) return value !== "";
  return glob ? globNarrows(value) : regexNarrows(value);
}

/** Parse `fd [OPTIONS] [PATTERN] [PATH…] [-x|-X CMD… [;]]` from `args[start]` (the word after `fd`). */
export function parseFd(args: readonly Arg[], start = 0): FdCall {
  const execs: FindExec[] = [];
  const own: Arg[] = [];
  const offset: number[] = [];
  for (let j = start; j < args.length; j++) {
    const v = args[j].value;
    if (EXEC_FLAGS.has(v)) {
      // Everything after `-x` is the command, up to a `;` word (fd: "place -x last, or end it with ';'").
      let k = j + 1;
      while (k < args.length && args[k].value !== ";") k++;
      execs.push({ primary: v.startsWith("--") ? v : v === "-x" ? "--exec" : "--exec-batch", start: j + 1, end: k, terminator: Math.min(k, args.length - 1) });
      j = k;
      continue;
    }
    own.push(args[j]);
    offset.push(j);
  }
  const p = parseArgs(own, FD_SPEC);
  const glob = p.flags.some((f) => f.name === "glob");
  const fixed = p.flags.some((f) => f.name === "fixed-strings");
  let filtered = false;
  const ops = p.operands;
  const pattern = ops[0];
  // A run-time pattern is not guessed to match everything (the effect table reports it).
  if (pattern && (pattern.arg.dynamic || patternNarrows(pattern.value, glob, fixed))) filtered = true;
  for (const f of p.flags) {
    if (f.name === "extension" && f.value) filtered = true;
    if (f.name === "type" && f.value !== null && /^(e|empty)$/i.test(f.value)) filtered = true;
    if (f.name === "and" && f.value !== null && (f.arg.dynamic || patternNarrows(f.value, glob, fixed))) filtered = true;
  }
  const roots: FindOperand[] = ops.slice(1).map((o) => ({ value: o.value, index: offset[o.index], arg: o.arg }));
  for (const f of p.flags) {
    if (f.name === "search-path" && f.value !== null) roots.push({ value: f.value, index: offset[f.valueIndex >= 0 ? f.valueIndex : f.index], arg: f.arg });
  }
  return { roots, filtered, execs };
}

/** fd's placeholders: `{}`, `{/}`, `{//}`, `{.}`, `{/.}`. Without one in CMD, fd appends the path. */
export const FD_PLACEHOLDER = /\{(\/?\/?|\.|\/\.)\}/;

/** [fd's arguments, roots, filtered, commands] — run by test/classify/programs/programs.test.ts. */
export const FD_EXAMPLES: ReadonlyArray<readonly [string, string[], boolean, string[]]> = [
  [". ~ -x rm", ["~"], false, ["rm"]],
  ["-t f . / -X rm -rf", ["/"], false, ["rm -rf"]],
  ["-e pyc . -x rm {}", [], true, ["rm {}"]],
  ["'\\.pyc$' src -x rm", ["src"], true, ["rm"]],
  ["-H -g '*' ~ -x rm -rf {} \\;", ["~"], false, ["rm -rf {}"]],
  ["-te . build --exec rmdir", ["build"], true, ["rmdir"]],
  ["--search-path /tmp/c -x rm", ["/tmp/c"], false, ["rm"]],
  ["-F node_modules ~/src -X rm -rf", ["~/src"], true, ["rm -rf"]],
];
