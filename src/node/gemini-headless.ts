// Whether the Gemini CLI that runs this hook is headless (docs/adapters.md, "Gemini CLI": ask without a
// person). Gemini CLI 0.61 decides it in `isHeadlessMode`: `CI=true` or `GITHUB_ACTIONS=true` (unless
// `GEMINI_CLI_INTEGRATION_TEST=true`), its stdin or stdout not a terminal, a prompt (`-p`, `--prompt`)
// or a positional query — unless `-i`/`--prompt-interactive` or ACP mode. Its hook input says none of
// this, so the hook reads it from the environment it inherits and from the Gemini process above it
// (Linux `/proc`: its argv and where its fd 0 and 1 point). Unknown (no `/proc`, no Gemini process
// found) is `null`: the ask is kept, since a person at a terminal is the common case.
import { readFileSync, readlinkSync } from "node:fs";

export interface GeminiRun {
  env: Record<string, string | undefined>;
  /** The hook process's pid; its ancestors are searched for the Gemini CLI process. */
  pid: number;
  /** `/proc` (tests give another root). */
  proc?: string;
}

/** How many ancestors are read: Gemini → its shell (`bash -c`) → the wrapper's `sh` → node, with room to spare. */
const MAX_ANCESTORS = 8;

const INTERACTIVE_FLAGS = new Set(["-i", "--prompt-interactive", "--acp", "--experimental-acp"]);
const PROMPT_FLAGS = new Set(["-p", "--prompt"]);

/** True headless, false a person's terminal, null cannot tell. */
export function geminiHeadless(run: GeminiRun): boolean | null {
  const { env } = run;
  if (env.GEMINI_CLI_INTEGRATION_TEST !== "true" && (env.CI === "true" || env.GITHUB_ACTIONS === "true")) return true;
  const proc = run.proc ?? "/proc";
  let pid = run.pid;
  for (let i = 0; i < MAX_ANCESTORS && pid > 1; i++) {
    const argv = readArgv(proc, pid);
    if (argv === null) return null;
    if (isGeminiProcess(argv)) return !interactiveArgv(argv) && (promptArgv(argv) || !isTerminal(proc, pid, 0) || !isTerminal(proc, pid, 1));
    const parent = parentPid(proc, pid);
    if (parent === null) return null;
    pid = parent;
  }
  return null;
}

/** Gemini CLI's node process: `node …/@google/gemini-cli/bundle/gemini.js …` or the `gemini` bin link. */
export function isGeminiProcess(argv: readonly string[]): boolean {
  return argv.slice(0, 3).some((a) => /(^|\/)gemini-cli\/bundle\/gemini\.js$/.test(a) || /(^|\/)gemini$/.test(a));
}

/** `-i`/`--prompt-interactive` or ACP mode: interactive whatever else is given (Gemini CLI's own rule). */
function interactiveArgv(argv: readonly string[]): boolean {
  return argv.some((a) => INTERACTIVE_FLAGS.has(a) || a.startsWith("--prompt-interactive="));
}

/** A prompt flag (`-p X`, `--prompt=X`). */
function promptArgv(argv: readonly string[]): boolean {
  return argv.some((a) => PROMPT_FLAGS.has(a) || a.startsWith("--prompt="));
}

/** Headless by the command line alone: a prompt flag and no interactive one. */
export function headlessArgv(argv: readonly string[]): boolean {
  return !interactiveArgv(argv) && promptArgv(argv);
}

function readArgv(proc: string, pid: number): string[] | null {
  try {
    return readFileSync(`${proc}/${pid}/cmdline`, "utf8").split("\0").filter((a) => a !== "");
  } catch {
    return null;
  }
}

function parentPid(proc: string, pid: number): number | null {
  try {
    const m = /^PPid:\s*(\d+)$/m.exec(readFileSync(`${proc}/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Whether a process's fd points at a terminal (`/dev/pts/N`, `/dev/ttyN`, `/dev/tty`); unreadable counts as one. */
function isTerminal(proc: string, pid: number, fd: number): boolean {
  try {
    return /^\/dev\/(pts\/\d+|tty\w*|console)$/.test(readlinkSync(`${proc}/${pid}/fd/${fd}`));
  } catch {
    return true;
  }
}
