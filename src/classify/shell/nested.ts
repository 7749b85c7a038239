// The principle that covers what no launcher row lists (SPEC §6.1): for a
// program neither table knows, an argument that is itself a command line for
// a consequential program — a word sequence starting with one (`mytool run rm
// -rf /`), or one string argument that parses as one (`foo --cmd 'rm -rf ~'`)
// — is a possible nested command. The analyzer parses it under a `possible`
// marker; the effect table (src/classify/effects/possible.ts) turns whatever
// non-read effect it would have into a shape-3 gap on the outer command: the
// gate asks, it never guesses a deny and never stays silent (seed 003).
//
// "Consequential" is defined once, by the rows: a program the launcher table
// runs others through, an interpreter, or one with effect rows — and whether
// the nested command matters is what those rows then say it does.
import { DATA_PROGRAMS, isDataOption, RUNNER_WORDS } from "../programs/data-args.js";
import { interpreterName } from "../programs/interpreters.js";
import type { ProgramRegistry } from "../programs/known.js";
import { launcherFor, type LauncherTable } from "./launchers/index.js";
import { splitWords } from "../text.js";
import { type Word } from "./words.js";
import { programName } from "../programs/name.js";

/** The tables a program is looked up in: the walker's launchers and the effect table's programs. */
export interface Tables {
  readonly launchers: LauncherTable;
  readonly programs: ProgramRegistry;
}

const known = new WeakMap<LauncherTable, WeakMap<ProgramRegistry, Map<string, boolean>>>();

/** A program some row knows what to do with: it runs commands, runs code, or has effects. */
export function isConsequentialProgram(tables: Tables, name: string): boolean {
  let byRegistry = known.get(tables.launchers);
  if (!byRegistry) known.set(tables.launchers, (byRegistry = new WeakMap()));
  let cache = byRegistry.get(tables.programs);
  if (!cache) byRegistry.set(tables.programs, (cache = new Map()));
  let v = cache.get(name);
  if (v === undefined) {
    v = launcherFor(tables.launchers, name) !== undefined || interpreterName(name) !== null || tables.programs.hasEffects(name);
    if (cache.size < 4096) cache.set(name, v);
  }
  return v;
}

/** A program whose arguments the principle reads: nothing knows it, and it is not one whose arguments are text. */
export function isUnknownProgram(tables: Tables, name: string): boolean {
  // `MY-FLAG=1 git …`: a word with `=` is no program anyone installs (bash: command not found).
  return name !== "" && !name.includes("=") && !DATA_PROGRAMS.has(name) && !isConsequentialProgram(tables, name);
}

export type NestedCandidate = { kind: "words"; start: number } | { kind: "text"; text: string };

/** String arguments read per command, at most. */
const MAX_TEXTS = 3;
const OPERATOR = /;|&&|\|\||\||\n|\$\(|`/;

/** Does `text` read as a command line for a consequential program (its first word, or any list member's)? */
function commandLine(tables: Tables, text: string): boolean {
  if (!/\s/.test(text.trim()) && !OPERATOR.test(text)) return false;
  for (const part of text.split(/;|&&|\|\||\||\n/)) {
    const first = splitWords(part.trim())?.[0];
    if (first !== undefined && isConsequentialProgram(tables, programName(first))) return true;
  }
  return false;
}

/** Option name of a word (`--message` → `message`, `-m` → `m`), or null. */
function optionName(v: string): string | null {
  const m = /^--?([A-Za-z][\w-]*)(?:=|$)/.exec(v);
  return m ? m[1] : null;
}

/** The possible nested commands among the arguments of `words[i]`. */
export function nestedCandidates(tables: Tables, words: readonly Word[], i: number): NestedCandidate[] {
  const out: NestedCandidate[] = [];
  let sequence = false;
  let sawOperand = false;
  let texts = 0;
  const program = words[i].dynamic ? "" : programName(words[i].value);
  const dataOption = (name: string | null): boolean => name !== null && isDataOption(program, name);
  for (let k = i + 1; k < words.length; k++) {
    const w = words[k];
    if (w.dynamic) {
      sawOperand = true;
      continue;
    }
    const v = w.value;
    const prev = k > i + 1 && !words[k - 1].dynamic ? words[k - 1].value : "";
    const afterData = prev.startsWith("-") && !prev.includes("=") && dataOption(optionName(prev));
    const opt = v.startsWith("-") && v !== "-" && v !== "--" ? optionName(v) : null;
    // `--cmd='rm -rf ~'`: the value of an attached option.
    const text = opt !== null && v.includes("=") ? (dataOption(opt) ? null : v.slice(v.indexOf("=") + 1)) : opt === null && !afterData ? v : null;
    if (text !== null && texts < MAX_TEXTS && commandLine(tables, text)) {
      out.push({ kind: "text", text });
      texts++;
      continue;
    }
    // A runner word introduces a command; right after the program, a subcommand that happens to share a
    // program's name (`sdk install java 17`) is one only when options or paths follow it, as in a command line.
    // A bare `.` or `..` there is the directory operand (`eslint . --fix`), not `source`.
    const introduced = RUNNER_WORDS.has(prev) || (!sawOperand && v !== "." && v !== ".." && words.slice(k + 1).some((x) => !x.dynamic && /^-|\/|^~|^\./.test(x.value)));
    if (!sequence && opt === null && !afterData && introduced && isConsequentialProgram(tables, programName(v))) {
      out.push({ kind: "words", start: k });
      sequence = true;
      break;
    }
    if (opt === null && v !== "--") sawOperand = true;
  }
  return out;
}

/** [command text, the possible nested commands found (words from their start, or the text)] — run by test/classify/shell/nested.test.ts. */
export const NESTED_EXAMPLES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["mytool run rm -rf /tmp/x", ["rm -rf /tmp/x"]],
  ["mytool rm -rf /tmp/x", ["rm -rf /tmp/x"]],
  ["mytool --profile dev exec -- sudo rm -rf /tmp/x", ["sudo rm -rf /tmp/x"]],
  ["foo --cmd 'rm -rf /tmp/x'", ["rm -rf /tmp/x"]],
  ["foo --cmd='rm -rf /tmp/x'", ["rm -rf /tmp/x"]],
  ["concurrently 'rm -rf /tmp/x' 'tsc -w'", ["rm -rf /tmp/x"]],
  ["foo --on-change 'make && git push -f'", ["make && git push -f"]],
  ["gh pr create --title 'rm -rf /tmp/x' -m 'rm -rf /' --body='git push -f'", []],
  ["mytool build --name rm", []],
  ["mytool deploy staging", []],
  ["sdk install java 17", []],
  ["eslint . --fix", []],
  ["prettier .. --write", []],
  ["mytool run . ./env.sh", [". ./env.sh"]],
  ["pytest -k 'delete and not slow'", []],
  ["jest -t 'rm -rf the cache'", []],
  ["pytest --cmd 'rm -rf /tmp/x'", ["rm -rf /tmp/x"]],
];
