// sed: its options (the effect table reads `-i` and the files,
// src/classify/effects/filesystem.ts) and the commands of a sed script that
// run a shell command — GNU sed's `e COMMAND`, `e` (the pattern space) and the
// `e` flag of `s///` — read by the walker (src/classify/shell/launchers/tools.ts).
import type { Arg } from "./args.js";
import { has, parseArgs, type OptionSpec } from "./options.js";

export const SED_OPTIONS: OptionSpec = {
  shortValue: "efl",
  longValue: ["expression", "file", "line-length"],
  aliases: { e: "expression", f: "file", i: "in-place", s: "separate", n: "quiet" },
};

/** The script words of a sed command line (`-e S`, `--expression=S`, or the first operand), and whether `--sandbox` forbids `e`. */
export function sedScripts(args: readonly Arg[], start = 0): { scripts: Arg[]; sandbox: boolean } {
  const p = parseArgs(args, SED_OPTIONS, start);
  const scripts = p.flags.filter((f) => f.name === "expression" && f.value !== null).map((f) => f.arg);
  if (!has(p, "expression", "file") && p.operands.length) scripts.push(p.operands[0].arg);
  return { scripts, sandbox: has(p, "sandbox") };
}

/** What a sed script runs: literal commands, and whether some run text only known at run time (the pattern space). */
export interface SedRuns {
  commands: string[];
  dynamic: boolean;
  /** Files the script writes: `w FILE`, `W FILE` and the `w FILE` flag of `s///` (GNU sed's `/dev/stdout` and `/dev/stderr` are no files). */
  writes: string[];
}

const SED_STREAMS = /^\/dev\/(stdout|stderr)$/;

/** A regex that matches any whole line, so `s/RE/TEXT/e` makes the pattern space TEXT. */
const WHOLE_LINE = new Set([".*", "^.*", "^.*$", ".*$"]);

/** Scan a sed script for `e` commands, `s///e` and the files `w` writes. Unknown syntax is skipped; nothing here throws. */
export function sedRuns(script: string): SedRuns {
  const out: SedRuns = { commands: [], dynamic: false, writes: [] };
  const written = (name: string) => {
    const f = name.trim();
    if (f !== "" && !SED_STREAMS.test(f)) out.writes.push(f);
  };
  let i = 0;
  const n = script.length;
  const skipBlank = () => {
    while (i < n && /[\s;]/.test(script[i])) i++;
  };
  const restOfLine = (): string => {
    const e = script.indexOf("\n", i);
    const text = script.slice(i, e < 0 ? n : e);
    i = e < 0 ? n : e + 1;
    return text;
  };
  /** A delimited part (`/re/`, the replacement): its text, escapes of the delimiter resolved. */
  const delimited = (d: string): string => {
    let text = "";
    while (i < n && script[i] !== d) {
      if (script[i] === "\\" && i + 1 < n) {
        text += script[i + 1] === d ? d : script.slice(i, i + 2);
        i += 2;
      } else text += script[i++];
    }
    i++;
    return text;
  };
  for (let guard = 0; i < n && guard < 10000; guard++) {
    skipBlank();
    // Addresses: numbers, `$`, `/re/`, `\cREc`, `first~step`, ranges, `!`.
    for (let a = 0; a < 2 && i < n; a++) {
      if (/[0-9$]/.test(script[i])) while (i < n && /[0-9$~+]/.test(script[i])) i++;
      else if (script[i] === "/") {
        i++;
        delimited("/");
        while (i < n && /[IM]/.test(script[i])) i++;
      } else if (script[i] === "\\" && i + 1 < n) {
        const d = script[i + 1];
        i += 2;
        delimited(d);
      } else break;
      if (script[i] === ",") i++;
      else break;
    }
    while (i < n && /[\s!]/.test(script[i])) i++;
    const c = script[i++];
    if (c === undefined) break;
    if (c === "w" || c === "W") {
      written(restOfLine());
    } else if (c === "#" || c === ":" || c === "a" || c === "i" || c === "c" || c === "r" || c === "R" || c === "b" || c === "t" || c === "T") {
      restOfLine();
    } else if (c === "e") {
      const cmd = restOfLine().replace(/^\s+/, "");
      if (cmd === "" || cmd.startsWith(";") || cmd.startsWith("}")) out.dynamic = true;
      else out.commands.push(cmd);
    } else if (c === "s" || c === "y") {
      const d = script[i++];
      if (d === undefined || d === "\n" || d === "\\") break;
      const re = delimited(d);
      const repl = delimited(d);
      let flags = "";
      while (i < n && /[0-9gpimMIeE]/.test(script[i])) flags += script[i++];
      if (c === "s" && /[wW]/.test(script[i] ?? "")) {
        flags += script[i++];
        written(restOfLine());
      }
      if (c === "s" && flags.includes("e")) {
        // The pattern space after the substitution runs: known when RE takes the whole line and TEXT is literal.
        if (WHOLE_LINE.has(re) && !/[&\\]/.test(repl)) out.commands.push(repl);
        else out.dynamic = true;
      }
    }
  }
  return out;
}

/** [sed script, commands it runs, runs the pattern space] — run by test/classify/programs/. */
export const SED_EXAMPLES: ReadonlyArray<readonly [string, string[], boolean]> = [
  ["1e rm -rf /tmp/x", ["rm -rf /tmp/x"], false],
  ["s/.*/rm -rf \\/tmp\\/x/e", ["rm -rf /tmp/x"], false],
  ["s/^/rm /e", [], true],
  ["/x/e", [], true],
  ["s/a/b/g;p", [], false],
  ["$!N;s/\\n/ /", [], false],
  ["y/abc/xyz/", [], false],
];

/** [sed script, the files it writes] — run by test/classify/programs/. */
export const SED_WRITE_EXAMPLES: ReadonlyArray<readonly [string, string[]]> = [
  ["w .claude/settings.json", [".claude/settings.json"]],
  ["/x/w out.txt", ["out.txt"]],
  ["s/a/b/w changed.log", ["changed.log"]],
  ["s/a/b/gw /dev/stdout", []],
  ["1W first.txt", ["first.txt"]],
  ["s/w/x/g", []],
  ["y/w/x/", []],
];
