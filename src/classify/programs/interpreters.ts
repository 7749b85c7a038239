// The one interpreter table: every program that runs code it is handed —
// shells, python, node, perl, ruby, php, lua, osascript, Rscript, deno, bun,
// ts-node, PowerShell, cmd — with how its command line says where that code
// comes from (inline, stdin, a script file, a module). The walker asks it for
// shape 6/7 and inline scripts (src/classify/shell/launchers/), the effect
// table for `execute × shell` and the download-to-interpreter rule
// (src/classify/effects/interpreters.ts, remote-code.ts).
//
// Names are normalised first: versions and build suffixes name the same
// interpreter (`python3.12`, `node22`, `ruby3.3`, `perl5.36`, `pwsh-preview`).
import type { Arg } from "./args.js";
import { INVOKE_EXPRESSION_NAMES } from "./powershell.js";

export type InterpreterFamily =
  | "shell" | "python" | "node" | "ts-node" | "perl" | "ruby" | "php" | "lua" | "osascript" | "rscript" | "deno" | "bun"
  | "julia" | "tcl" | "jvm-repl" | "go" | "elixir" | "erlang"
  | "powershell" | "cmd" | "invoke-expression";

export type ProgramSource =
  /** Code on the command line: `-c CODE`, `-e CODE`; `code` indexes the code word (-1: missing; the flag's own word for `--eval=CODE`). `rest`: every word from `code` on is the code (`cmd /C`, `pwsh -Command`); `attached`: text glued to the flag, in the flag's word — before the words from `code` with `rest` (`cmd /Cdir`), else the code itself (`python -cCODE`, `code` is the flag's word); `encoded`: base64 UTF-16LE (`pwsh -EncodedCommand`). */
  | { kind: "inline"; flag: string; code: number; rest?: boolean; attached?: string; encoded?: boolean }
  /** The program comes from stdin (no script operand, `-`, `/dev/stdin`, `sh -s`). */
  | { kind: "stdin" }
  /** A script file: `index` is its word. */
  | { kind: "script"; index: number }
  /** `python -m MODULE`: `index` is the word holding the module name. */
  | { kind: "module"; index: number; name: string }
  /** Help, version, a subcommand that runs no program it is given, a dynamic option word. */
  | { kind: "other" };

type SourceReader = (args: readonly Arg[], start: number) => ProgramSource;

interface InterpreterRow {
  family: InterpreterFamily;
  /** Canonical names; versioned spellings normalise to these. */
  names: readonly string[];
  /** Its code is shell text the Bash grammar reads (shells, best effort for cmd and PowerShell). */
  shellText: boolean;
  source: SourceReader;
  /** Options that take the next word as their value (`node --title T`, `python -W arg`): what the walker, the effect table and the inline-code reader all skip. */
  valueOptions?: readonly string[];
}

const STDIN_PATHS = new Set(["-", "/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"]);

const OTHER: ProgramSource = { kind: "other" };
const STDIN: ProgramSource = { kind: "stdin" };

/** A program operand: a script file, or stdin when it names stdin. */
function operand(args: readonly Arg[], j: number): ProgramSource {
  if (j >= args.length) return STDIN;
  const a = args[j];
  if (!a.dynamic && STDIN_PATHS.has(a.value)) return STDIN;
  return { kind: "script", index: j };
}

// ── shells ───────────────────────────────────────────────────────────────

/** sh/bash/zsh/…: options may cluster (`-lc`, `-euxc`); `-c` may follow other flags; `-o opt` takes a word. */
const shellSource: SourceReader = (args, start) => {
  let j = start;
  let cmode = false;
  let smode = false;
  while (j < args.length) {
    const w = args[j];
    if (w.dynamic) break;
    const v = w.value;
    if (v === "--" || v === "-") {
      j++;
      if (v === "-") smode = true;
      break;
    }
    if (v.startsWith("--")) {
      j += v === "--rcfile" || v === "--init-file" ? 2 : 1;
      if (v === "--command") cmode = true; // fish
      continue;
    }
    if ((v[0] === "-" || v[0] === "+") && v.length > 1) {
      const letters = v.slice(1);
      if (v[0] === "-" && letters.includes("c")) cmode = true;
      if (letters.includes("s")) smode = true;
      let extra = 0;
      for (const ch of letters) if (ch === "o" || ch === "O") extra++;
      j += 1 + extra;
      continue;
    }
    break;
  }
  if (cmode) return { kind: "inline", flag: "-c", code: j < args.length ? j : -1 };
  if (smode) return STDIN;
  return operand(args, j);
};

// ── interpreters whose short flags cluster (python, perl, ruby) ─────────

interface ClusterLetters {
  /** Take the code as the next word (`-c`, `-e`). */
  inline: string;
  /** Mean no program follows: help, version (`-h`, `-V`). */
  other: string;
  /** Run a module named by the rest of the cluster or the next word (`python -m`). */
  module?: string;
  /** Take the rest of the cluster as their value (`-i.bak`, `-MFoo`). */
  restValue?: string;
  /** Take trailing digits (`-l015`, `-0777`). */
  digits?: string;
  /** Take an attached value or else the next word (`-rjson`, `-r json`, `-W error`). */
  nextValue?: string;
}

/**
 * The walk these interpreters share: a dynamic word or a plain word is the
 * script operand, `-` is stdin, `--` hands over to the word after it,
 * running out of words is stdin. `readOption` reads any other `-…` word: a
 * result, or how many words it spans.
 */
function walkOptions(args: readonly Arg[], start: number, readOption: (v: string, j: number) => ProgramSource | number): ProgramSource {
  let j = start;
  while (j < args.length) {
    const w = args[j];
    if (w.dynamic) return { kind: "script", index: j };
    const v = w.value;
    if (v === "-") return STDIN;
    if (v === "--") return operand(args, j + 1);
    if (!v.startsWith("-")) return operand(args, j);
    const read = readOption(v, j);
    if (typeof read !== "number") return read;
    j += read;
  }
  return STDIN;
}

function clusterSource(letters: ClusterLetters): SourceReader {
  const { inline, other, module = "", restValue = "", digits = "", nextValue = "" } = letters;
  return (args, start) =>
    walkOptions(args, start, (v, j) => {
      if (v.startsWith("--")) return v === "--help" || v === "--version" ? OTHER : 1;
      for (let k = 1; k < v.length; k++) {
        const ch = v[k];
        // `-cCODE`: the rest of the cluster is the code (`python3 -c'print(1)'`).
        if (inline.includes(ch)) return k + 1 < v.length ? { kind: "inline", flag: "-" + ch, code: j, attached: v.slice(k + 1) } : { kind: "inline", flag: "-" + ch, code: j + 1 < args.length ? j + 1 : -1 };
        if (other.includes(ch)) return OTHER;
        if (module.includes(ch)) {
          if (k + 1 < v.length) return { kind: "module", index: j, name: v.slice(k + 1) };
          return j + 1 < args.length ? { kind: "module", index: j + 1, name: args[j + 1].value } : OTHER;
        }
        if (restValue.includes(ch)) return 1;
        if (nextValue.includes(ch)) return k + 1 >= v.length ? 2 : 1;
        if (digits.includes(ch)) {
          // Octal digits, or `x` and hex digits (`-l015`, `-0777`, `-0x1F`): a letter after them is the next switch
          // (`-le 'code'` is -l then -e — hex letters here took the `e`, and the code ran as a "script").
          if (/[xX]/.test(v[k + 1] ?? "")) for (k++; k + 1 < v.length && /[0-9a-fA-F]/.test(v[k + 1]); ) k++;
          else while (k + 1 < v.length && /[0-7]/.test(v[k + 1])) k++;
        }
      }
      return 1;
    });
}

/** A clustering interpreter's row parts: its source reader, and the options whose value is the next word (`-W arg`). */
function cluster(letters: ClusterLetters): Pick<InterpreterRow, "source" | "valueOptions"> {
  return { source: clusterSource(letters), valueOptions: [...(letters.nextValue ?? "")].map((c) => `-${c}`) };
}

// ── node and node runners ───────────────────────────────────────────────

function nodeSource(valueOptions: ReadonlySet<string>): SourceReader {
  return (args, start) =>
    walkOptions(args, start, (v, j) => {
      const code = j + 1 < args.length ? j + 1 : -1;
      if (/^-(e|p|pe|ep)$/.test(v)) return { kind: "inline", flag: v, code };
      if (v === "--eval" || v === "--print") return { kind: "inline", flag: v, code };
      if (v.startsWith("--eval=") || v.startsWith("--print=")) return { kind: "inline", flag: v.replace(/=[\s\S]*$/, ""), code: j };
      if (v === "-h" || v === "--help" || v === "-v" || v === "--version") return OTHER;
      return valueOptions.has(v) ? 2 : 1;
    });
}

const NODE_VALUE_OPTIONS = new Set([
  "-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions", "--input-type",
  "--inspect-port", "--title", "--env-file", "--watch-path", "--stack-size",
]);
const TS_NODE_VALUE_OPTIONS = new Set([...NODE_VALUE_OPTIONS, "-P", "--project", "-O", "--compiler-options", "--compiler", "--cwd", "--dir", "-I", "--ignore"]);

// ── whole-word flags (php, lua, osascript, Rscript) ─────────────────────

interface PlainFlags {
  /** Take the code as the next word (`-e`, `php -r`). */
  inline: readonly string[];
  /** Take the script file as the next word (`php -f x.php`). */
  file?: readonly string[];
  /** Mean no program follows (a REPL, a server, help). */
  other?: readonly string[];
  /** Take the next word as their value. */
  value?: readonly string[];
}

function plainSource(flags: PlainFlags): SourceReader {
  const { inline, file = [], other = [], value = [] } = flags;
  return (args, start) => {
    let j = start;
    while (j < args.length) {
      const w = args[j];
      if (w.dynamic) return { kind: "script", index: j };
      const v = w.value;
      if (inline.includes(v)) return { kind: "inline", flag: v, code: j + 1 < args.length ? j + 1 : -1 };
      if (file.includes(v)) return j + 1 < args.length ? operand(args, j + 1) : OTHER;
      if (other.includes(v)) return OTHER;
      if (v === "--") return operand(args, j + 1);
      if (value.includes(v)) {
        j += 2;
        continue;
      }
      if (v.startsWith("-") && v.length > 1) {
        j++;
        continue;
      }
      return operand(args, j);
    }
    return STDIN;
  };
}

// ── subcommand runners (deno, bun) ──────────────────────────────────────

function runnerSource(inlineSubs: readonly string[], inlineFlags: readonly string[], scriptExt: RegExp | null): SourceReader {
  return (args, start) => {
    let sawRun = false;
    for (let j = start; j < args.length; j++) {
      const w = args[j];
      if (w.dynamic) return sawRun ? { kind: "script", index: j } : OTHER;
      const v = w.value;
      const code = j + 1 < args.length ? j + 1 : -1;
      if (inlineFlags.includes(v)) return { kind: "inline", flag: v, code };
      const eq = inlineFlags.find((f) => f.startsWith("--") && v.startsWith(f + "="));
      if (eq) return { kind: "inline", flag: eq, code: j };
      if (v.startsWith("-") && v !== "-") continue;
      if (sawRun) return operand(args, j);
      if (inlineSubs.includes(v)) return { kind: "inline", flag: v, code };
      if (v === "run") {
        sawRun = true;
        continue;
      }
      return scriptExt && scriptExt.test(v) ? { kind: "script", index: j } : OTHER;
    }
    return OTHER;
  };
}

// ── Windows: PowerShell, cmd, Invoke-Expression ─────────────────────────

const PS_VALUE_OPTIONS = new Set([
  "executionpolicy", "ep", "ex", "exec", "windowstyle", "w", "win", "version", "v", "psconsolefile",
  "configurationname", "config", "outputformat", "of", "o", "inputformat", "if", "inp", "workingdirectory", "wd",
  "settingsfile", "settings", "custompipename", "encodedarguments", "ea",
]);

/** `powershell|pwsh -Command …` / `-EncodedCommand …` / `-File x`; parameters abbreviate. */
function powershellSource(defaultCommand: boolean): SourceReader {
  return (args, start) => {
    let j = start;
    while (j < args.length) {
      const w = args[j];
      if (w.dynamic) return OTHER;
      const v = w.value;
      if ((v[0] === "-" || v[0] === "/") && v.length > 1) {
        const opt = v.slice(1).toLowerCase().replace(/:.*$/, "");
        if (opt === "c" || opt === "cwa" || opt === "commandwithargs" || (opt.length >= 3 && "command".startsWith(opt))) {
          const rest = args.slice(j + 1);
          if (rest.length === 1 && !rest[0].dynamic && rest[0].value.trim() === "-") return STDIN;
          return { kind: "inline", flag: v, code: j + 1 < args.length ? j + 1 : -1, rest: true };
        }
        if (opt === "e" || opt === "ec" || (opt.length >= 2 && "encodedcommand".startsWith(opt)))
          return { kind: "inline", flag: v, code: j + 1 < args.length ? j + 1 : -1, encoded: true };
        if (opt === "f" || (opt.length >= 2 && "file".startsWith(opt))) return j + 1 >= args.length ? OTHER : !args[j + 1].dynamic && args[j + 1].value === "-" ? STDIN : operand(args, j + 1);
        j += PS_VALUE_OPTIONS.has(opt) ? 2 : 1;
        continue;
      }
      break;
    }
    if (j >= args.length) return STDIN;
    // `pwsh -` reads its commands from stdin.
    if (!args[j].dynamic && args[j].value === "-") return STDIN;
    if (!args[j].dynamic && /\.ps1$/i.test(args[j].value)) return { kind: "script", index: j };
    // Windows PowerShell defaults to -Command; pwsh defaults to -File, which refuses a file without `.ps1`.
    return defaultCommand ? { kind: "inline", flag: "-Command", code: j, rest: true } : OTHER;
  };
}

/** `cmd /C …` / `cmd /K …` (`/Cdir` glues the code to the switch); without them cmd reads stdin. */
const cmdSource: SourceReader = (args, start) => {
  for (let j = start; j < args.length; j++) {
    const w = args[j];
    if (w.dynamic) return OTHER;
    const v = w.value;
    if (/^\/[ck]$/i.test(v)) return { kind: "inline", flag: v, code: j + 1, rest: true };
    if (/^\/[ck]/i.test(v) && !/^\/[ck]:/i.test(v)) return { kind: "inline", flag: v.slice(0, 2), code: j + 1, rest: true, attached: v.slice(2) };
    if (v.startsWith("/")) continue;
    return OTHER;
  }
  return STDIN;
};

/** `Invoke-Expression CODE` / `iex -Command CODE`: the one word after it (or after `-Command`, any prefix) is PowerShell code; none: the pipeline's input. */
const invokeExpressionSource: SourceReader = (args, start) => {
  if (args.length <= start) return STDIN;
  const named = /^-c(o(m(m(a(n(d)?)?)?)?)?)?$/i.test(args[start]!.value);
  const code = named ? start + 1 : start;
  return { kind: "inline", flag: named ? args[start]!.value : "", code: code < args.length ? code : -1 };
};

const ROWS: readonly InterpreterRow[] = [
  { family: "shell", names: ["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "fish", "csh", "tcsh"], shellText: true, source: shellSource },
  { family: "python", names: ["python", "python2", "python3", "pypy", "pypy3", "ipython", "ipython3"], shellText: false, ...cluster({ inline: "c", other: "hV", module: "m", nextValue: "WXQ" }) },
  { family: "node", names: ["node", "nodejs"], shellText: false, source: nodeSource(NODE_VALUE_OPTIONS), valueOptions: [...NODE_VALUE_OPTIONS] },
  { family: "ts-node", names: ["ts-node", "tsx"], shellText: false, source: nodeSource(TS_NODE_VALUE_OPTIONS), valueOptions: [...TS_NODE_VALUE_OPTIONS] },
  { family: "perl", names: ["perl"], shellText: false, ...cluster({ inline: "eE", other: "vh", restValue: "imMxdDC", nextValue: "I", digits: "l0" }) },
  { family: "ruby", names: ["ruby", "jruby"], shellText: false, ...cluster({ inline: "e", other: "vh", restValue: "FiWTKx0", nextValue: "rICE" }) },
  { family: "php", names: ["php"], shellText: false, source: plainSource({ inline: ["-r", "-R", "-B", "-E"], file: ["-f"], other: ["-a", "-l", "-S", "-t", "-v", "-h", "-i", "-m"], value: ["-d", "-c", "-z"] }) },
  { family: "lua", names: ["lua", "luajit"], shellText: false, source: plainSource({ inline: ["-e"], value: ["-l"] }) },
  { family: "osascript", names: ["osascript"], shellText: false, source: plainSource({ inline: ["-e"], value: ["-l", "-s"] }) },
  { family: "rscript", names: ["rscript"], shellText: false, source: plainSource({ inline: ["-e"] }) },
  { family: "deno", names: ["deno"], shellText: false, source: runnerSource(["eval"], ["-e", "--eval"], null) },
  { family: "bun", names: ["bun"], shellText: false, source: runnerSource([], ["-e", "--eval", "-p", "--print"], /\.[cm]?[jt]sx?$/) },
  // No grammar for these: their inline code and a literal stdin are shape 6, a script operand `execute × shell`.
  { family: "julia", names: ["julia"], shellText: false, source: plainSource({ inline: ["-e", "--eval", "-E", "--print"], value: ["-t", "--threads", "-p", "--procs", "-L", "--load", "--project", "-J", "--sysimage"] }) },
  { family: "tcl", names: ["tclsh", "wish", "expectk"], shellText: false, source: plainSource({ inline: [], value: ["-encoding"] }) },
  { family: "jvm-repl", names: ["jshell", "groovy", "scala", "kotlinc", "clojure", "clj", "bb"], shellText: false, source: plainSource({ inline: ["-e", "--eval"], value: ["--class-path", "-cp", "-classpath", "--add-modules", "-R", "-J"] }) },
  { family: "go", names: ["go"], shellText: false, source: runnerSource([], [], /\.go$/) },
  { family: "elixir", names: ["elixir"], shellText: false, source: plainSource({ inline: ["-e", "--eval"], value: ["-r", "-pa", "-pz", "--sname", "--name", "--cookie"] }) },
  { family: "erlang", names: ["erl", "escript"], shellText: false, source: plainSource({ inline: ["-eval"], value: ["-pa", "-pz", "-sname", "-name", "-setcookie", "-s", "-run"] }) },
  { family: "powershell", names: ["powershell"], shellText: true, source: powershellSource(true) },
  { family: "powershell", names: ["pwsh"], shellText: true, source: powershellSource(false) },
  { family: "cmd", names: ["cmd"], shellText: true, source: cmdSource },
  { family: "invoke-expression", names: INVOKE_EXPRESSION_NAMES, shellText: true, source: invokeExpressionSource },
];

const BY_NAME = new Map<string, InterpreterRow>();
for (const row of ROWS) for (const n of row.names) BY_NAME.set(n, row);

/** Build suffixes that name the same interpreter (`pwsh-preview`, `python3-dbg`). */
const BUILD_SUFFIX = /-(preview|dbg|debug|nightly|beta|lts)$/;
/** A version glued to the name (`python3.12`, `node22`, `ruby3.3`, `perl5.36.0`, `zsh-5.9`, `python3.13t`). */
const VERSION_SUFFIX = /-?\d+(\.\d+)*[a-z]?$/;

/** Names already looked up (program names repeat; the walker and the table both ask). */
const NAME_CACHE = new Map<string, string | null>();
const NAME_CACHE_MAX = 512;

/** The canonical interpreter name a program name stands for, or null when it is no interpreter. */
export function interpreterName(program: string): string | null {
  if (BY_NAME.has(program)) return program;
  const cached = NAME_CACHE.get(program);
  if (cached !== undefined) return cached;
  let base = program.replace(BUILD_SUFFIX, "");
  if (!BY_NAME.has(base)) base = base.replace(VERSION_SUFFIX, "");
  const name = base !== program && BY_NAME.has(base) ? base : null;
  if (NAME_CACHE.size >= NAME_CACHE_MAX) NAME_CACHE.clear();
  NAME_CACHE.set(program, name);
  return name;
}

export interface Interpreter {
  /** The canonical name (`python3.12` → `python`). */
  name: string;
  family: InterpreterFamily;
  shellText: boolean;
}

export function interpreterOf(program: string): Interpreter | null {
  const name = interpreterName(program);
  if (name === null) return null;
  const row = BY_NAME.get(name)!;
  return { name, family: row.family, shellText: row.shellText };
}

/** Where an interpreter's program comes from; `args[start]` is the first word after its name. */
export function programSource(program: string, args: readonly Arg[], start = 0): ProgramSource | null {
  const name = interpreterName(program);
  return name === null ? null : BY_NAME.get(name)!.source(args, start);
}

/** The options of this interpreter that take the next word as their value (none listed: []). */
export function interpreterValueOptions(program: string): readonly string[] {
  const name = interpreterName(program);
  return name === null ? [] : (BY_NAME.get(name)!.valueOptions ?? []);
}

/** The canonical names of every interpreter that runs code in a language other than a shell's (python … go, erlang). */
export function codeInterpreterNames(): string[] {
  return ROWS.filter((r) => !r.shellText && r.family !== "invoke-expression").flatMap((r) => r.names);
}

/** The canonical names of the interpreters of these families. */
export function interpreterNames(...families: InterpreterFamily[]): string[] {
  return ROWS.filter((r) => families.includes(r.family)).flatMap((r) => r.names);
}

/** [command, canonical name, source kind] — run by test/classify/programs.test.ts. */
export const INTERPRETER_EXAMPLES: ReadonlyArray<readonly [string, string, ProgramSource["kind"]]> = [
  ["python3.12 x.py", "python", "script"],
  ["python3 -c 'print(1)'", "python3", "inline"],
  ["python -m pip install x", "python", "module"],
  ["node22 -e 1", "node", "inline"],
  ["ruby3.3 -e 1", "ruby", "inline"],
  ["pwsh-preview -File x.ps1", "pwsh", "script"],
  ["pwsh -", "pwsh", "stdin"],
  ["pwsh -File -", "pwsh", "stdin"],
  ["perl5.36 -lne 'print' f", "perl", "inline"],
  ["perl -le 'print 1'", "perl", "inline"],
  ["perl -l015e 'print 1'", "perl", "inline"],
  ["perl -0x1Fne 'print' f", "perl", "inline"],
  ["bash -lc 'ls'", "bash", "inline"],
  ["bash -s", "bash", "stdin"],
  ["sh /dev/stdin", "sh", "stdin"],
  ["bash --rcfile rc x.sh", "bash", "script"],
  ["php -f x.php", "php", "script"],
  ["php", "php", "stdin"],
  ["deno run -A x.ts", "deno", "script"],
  ["bun install", "bun", "other"],
  ["cmd /c dir", "cmd", "inline"],
  ["cmd", "cmd", "stdin"],
  ["powershell -Command -", "powershell", "stdin"],
  ["tsx -e 1", "tsx", "inline"],
  ["python3 -V", "python3", "other"],
  ["invoke-expression $code", "invoke-expression", "inline"],
  ["iex -Command 'Get-Date'", "iex", "inline"],
  ["julia -e 'println(1)'", "julia", "inline"],
  ["julia script.jl", "julia", "script"],
  ["tclsh", "tclsh", "stdin"],
  ["jshell", "jshell", "stdin"],
  ["go run ./cmd/tool", "go", "script"],
  ["go test ./...", "go", "other"],
  ["go build", "go", "other"],
];

/**
 * Commands whose verdict and effects none of the interpreter's value-taking
 * options changes (`%` is where the options go): the inline-code reader finds
 * the code where the walker does. Run by test/classify/programs/registry.test.ts.
 */
export const INTERPRETER_PROBES: readonly string[] = [
  `python3% -c "import shutil; shutil.rmtree('/home/u')"`,
  `node% -e "require('fs').rmSync('/home/u',{recursive:true})"`,
  `ts-node% -e "require('fs').rmSync('/home/u',{recursive:true})"`,
  `ruby% -e "require 'fileutils'; FileUtils.rm_rf('/home/u')"`,
  `perl% -e 'system("rm -rf /home/u")'`,
  `node% app.js`,
];
