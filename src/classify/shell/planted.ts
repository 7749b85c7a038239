// Values that plant something a program runs later: a command variable
// (`GIT_SSH_COMMAND='…'`, `GIT_PAGER`, `EDITOR`, numbered `GIT_CONFIG_*`), a
// file it sources or loads (`BASH_ENV`, `LD_PRELOAD`), a search path (`PATH`,
// `LD_LIBRARY_PATH`), or a program named by path (`GIT_SSH=/tmp/evil`, `scp -S
// /tmp/x.sh`). A literal command is parsed under the variable's name; a script
// the text wrote (written-files.ts) is read; a file or directory where anyone
// can plant one is a gap (programs/command-variables.ts says which is which).
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import { commandVariable, isPlantedPath, plantedSearchEntries } from "../programs/command-variables.js";
import { newScope, type Env } from "./context.js";
import { excerpt, type GapList } from "./gaps.js";
import { MAX_COMMAND_BYTES, MAX_WRAPPER_DEPTH } from "./limits.js";
import { isUnknownProgram, type Tables } from "./nested.js";
import { splitWords, utf8Length } from "../text.js";
import type { VarState } from "./values.js";
import { programName } from "../programs/name.js";
import type { WrittenFiles } from "./written-files.js";

/** What planted values need of the analyzer. */
export interface PlantSink extends Tables {
  readonly stopped: boolean;
  readonly gaps: GapList;
  readonly files: WrittenFiles;
  analyzeText(text: string, env: Env): number | null;
}

/**
 * `NAME=value` (alone, exported, before a command, or given by `env`/`sudo`):
 * what NAME makes some program run or load. `siblings` are the variables set
 * alongside (`GIT_CONFIG_KEY_0` names what `GIT_CONFIG_VALUE_0` sets).
 */
export function assignedVariable(a: PlantSink, name: string, state: VarState, env: Env, raw: string, siblings?: ReadonlyMap<string, VarState>): void {
  if (a.stopped || !/^[A-Z]/.test(name)) return;
  const lookup = (n: string): string | null => {
    const s = siblings?.get(n) ?? env.scope.vars.get(n);
    return s && s.length === 1 ? s[0].value : null;
  };
  const cv = commandVariable(name, lookup);
  if (!cv) return;
  const kind = cv.kind ?? "command";
  if (kind !== "command") {
    // A path, not shell text: judged by where it points (the value as written when it is not a literal: `$PWD/bin:$PATH`).
    const values = state === null ? [assignedText(raw)] : state.map((v) => v.value);
    for (const v of values) plantedFile(a, name, kind, v, env, raw);
    return;
  }
  if (state === null) {
    a.gaps.add(GAP_SHAPE.DYNAMIC_SCRIPT, `${name} is set to a command that is not a literal`, raw);
    return;
  }
  for (const v of state) {
    const text = cv.command(v.value);
    if (text === null) continue;
    runPlanted(a, text, name, env, raw);
    // `GIT_SSH=/tmp/evil`: the program it names is a file, judged by what the text knows of it.
    programFile(a, text, name, env, raw);
  }
}

/** A command whose program is a file named by path that no table knows: the script the text wrote there, or a gap when it sits where anyone can plant one. */
export function programFile(a: PlantSink, text: string, name: string, env: Env, raw: string): void {
  const program = splitWords(text.trim())?.[0];
  if (program !== undefined && program.includes("/") && isUnknownProgram(a, programName(program))) plantedFile(a, name, "script", program, env, raw, true);
}

/** The command a variable plants, parsed like an inline script under the variable's name. */
function runPlanted(a: PlantSink, text: string, name: string, env: Env, raw: string): void {
  if (env.wrappers.length >= MAX_WRAPPER_DEPTH || utf8Length(text) > MAX_COMMAND_BYTES) {
    a.gaps.add(GAP_SHAPE.DEPTH, `the command in ${name} is nested too deeply or too long`, raw);
    return;
  }
  a.analyzeText(text, {
    ...env,
    src: text,
    depth: env.depth + 1,
    wrappers: [...env.wrappers, name],
    stdin: null,
    stdinLiteral: null,
    redirects: [],
    scope: newScope(env.scope.vars.child()),
    level: env.level + 1,
    gapCommand: raw,
  });
}

/**
 * A variable that names a file some program runs or loads (`BASH_ENV`,
 * `LD_PRELOAD`, `GIT_SSH=/tmp/evil`) or a search path (`PATH`): a script
 * the text wrote is read; one it did not write is a gap when it could be
 * anything (shape 3), and a search path through a directory anyone can
 * write to makes every program name a guess (shape 4).
 */
function plantedFile(a: PlantSink, name: string, kind: "script" | "library" | "search-path", value: string, env: Env, raw: string, onlyPlanted = false): void {
  const v = value.trim();
  if (v === "") return;
  if (kind === "search-path") {
    const entries = plantedSearchEntries(v);
    if (entries.length > 0) {
      const shown = entries.map((e) => (e === "" ? "(empty: the current directory)" : e)).join(", ");
      a.gaps.add(GAP_SHAPE.DYNAMIC_PROGRAM, `${name} puts ${excerpt(shown)} on the search path: a program name may run a file planted there`, raw);
    }
    return;
  }
  const content = a.files.content(v);
  // Judged like running the file directly (`bash ./ci/env.sh`, a system library by name): what could be
  // anything is a file the text itself wrote, one where anyone can plant one, or a path computed at run time.
  const unknown = content === null || isPlantedPath(v) || /\$\(|`/.test(v) || (!onlyPlanted && /^\$\{?[A-Za-z_]\w*\}?$/.test(v));
  if (kind === "library") {
    if (unknown || content !== undefined) a.gaps.add(GAP_SHAPE.DYNAMIC_SCRIPT, `${name} loads ${excerpt(v)} into the programs it starts: code that is not in the text`, raw);
    return;
  }
  if (typeof content === "string") runPlanted(a, content, name, env, raw);
  else if (unknown) a.gaps.add(GAP_SHAPE.DYNAMIC_SCRIPT, `${name} runs ${excerpt(v)}, a script whose content is not in the text`, raw);
}

/** The value of `NAME=value` as written, quotes dropped (`PATH="$PWD/bin:$PATH"` → `$PWD/bin:$PATH`). */
function assignedText(raw: string): string {
  const eq = raw.indexOf("=");
  return (eq < 0 ? raw : raw.slice(eq + 1)).replace(/^(["'])(.*)\1$/s, "$2");
}
