// The settings projection (seed 004): a touch set becomes a spec file plus one
// Claude Code `PreToolUse` matcher entry for the write tools, whose command
// runs this installation's guard by absolute path, each word quoted for `sh -c`
// (src/shell-words.ts). Pure — the installer writes the file and merges the
// entry; tests check the exact wire shape.
import { isAbsolute } from "node:path";
import { compileTouchSet } from "../model/touch-set.js";
import { shellQuote } from "../shell-words.js";
import { WRITE_TOOLS } from "./hook-input.js";
import { formatGuardSpec, GUARD_SPEC_VERSION, TOUCH_SET_GATE } from "./spec.js";

export const WRITE_TOOL_MATCHER = WRITE_TOOLS.join("|");
/**
 * Seconds: Claude Code's own default, as for the gate's hook (src/install/agents.ts). A guard Claude Code kills
 * at its timeout is a non-blocking error, so the write goes ahead unguarded; a long timeout only waits.
 */
export const GUARD_HOOK_TIMEOUT_S = 600;

export interface GuardHookEntry {
  matcher: string;
  hooks: [{ type: "command"; command: string; timeout: number }];
}

export interface GuardProjectionInput {
  /** The touch set as given (`--touch-set GLOB…`). */
  touchSet: readonly string[];
  /** The checkout the touch set is relative to (absolute). */
  sessionCwd: string;
  /** Where the spec file is written (absolute). */
  specFile: string;
  /** Where the guard appends its records (absolute). */
  recordFile: string;
  /** The words that start this installation's CLI, e.g. [process.execPath, <package>/bin/gatehouse.js]. */
  launcher: readonly string[];
}

export type GuardProjection =
  | { kind: "none" }
  | { kind: "hook"; specFile: string; specText: string; hookEntry: GuardHookEntry }
  | { kind: "invalid"; message: string };

/** The hook command line: the launcher, `guard`, and the two files — nothing else crosses into the hook. */
export function guardCommand(launcher: readonly string[], specFile: string, recordFile: string): string {
  return shellQuote([...launcher, "guard", "--config", specFile, "--record-file", recordFile]);
}

export function projectTouchSetGuard(input: GuardProjectionInput): GuardProjection {
  const patterns = input.touchSet.filter((p) => p.trim() !== "" && !p.startsWith("#"));
  // An empty touch set is advisory-off: nothing is projected, the session is byte-identical.
  if (patterns.length === 0) return { kind: "none" };
  const compiled = compileTouchSet(patterns);
  if (!compiled.ok) return { kind: "invalid", message: compiled.message };
  for (const [name, path] of [["sessionCwd", input.sessionCwd], ["specFile", input.specFile], ["recordFile", input.recordFile], ["launcher", input.launcher[0] ?? ""]] as const)
    if (!isAbsolute(path)) return { kind: "invalid", message: `${name} must be an absolute path (got ${JSON.stringify(path)})` };
  const specText = formatGuardSpec({
    version: GUARD_SPEC_VERSION,
    gate: TOUCH_SET_GATE,
    sessionCwd: input.sessionCwd,
    touchSet: [...input.touchSet],
    recordFile: input.recordFile,
  });
  return {
    kind: "hook",
    specFile: input.specFile,
    specText,
    hookEntry: {
      matcher: WRITE_TOOL_MATCHER,
      hooks: [{ type: "command", command: guardCommand(input.launcher, input.specFile, input.recordFile), timeout: GUARD_HOOK_TIMEOUT_S }],
    },
  };
}
