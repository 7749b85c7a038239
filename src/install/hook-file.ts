// The hook file `gatehouse install cline` writes. Cline keeps no hook list in a settings file: it runs every
// file named after an event in its hooks directories (Cline 3.0.65 on @cline/core 0.0.86, read in its bundled
// JS — listHookConfigFiles, resolveHooksConfigSearchPaths and the hook runner):
//
// | scope | the file install writes | the other directory Cline reads |
// |---|---|---|
// | project | `.clinerules/hooks/PreToolUse` | the workspace's `.cline/hooks/` |
// | user | `$CLINE_DIR/hooks/PreToolUse` (default `~/.cline/hooks/`) | `~/Documents/Cline/Hooks/` |
//
// Cline runs a file by its shebang (`#!/bin/sh`: `sh FILE`; none: `bash FILE`), the tool call on stdin, and
// reads only its stdout. The file is a POSIX sh script whose one command `exec`s the hook command every
// install writes (entries.ts hookCommand: this installation by absolute path, through hook-wrapper.ts), so a
// Gatehouse that cannot run still stops the call. Its second line marks it as Gatehouse's: install rewrites
// only such a file, uninstall deletes only such a file.
import { join } from "node:path";
import type { HookFileAgent } from "./agents.js";
import { envDir } from "./plugin-file.js";

export { HOOK_FILE_AGENTS, isHookFileAgent, type HookFileAgent } from "./agents.js";

type Env = Record<string, string | undefined>;

export const HOOK_FILE_MARK = "# gatehouse-managed:";

export interface HookFileSpec {
  title: string;
  /** The event the file is named after, as doctor lists it. */
  event: string;
  /** The file, relative to a project. */
  project: string;
  /** The file in the user's directory (from $HOME and the agent's environment variable). */
  user(home: string, env: Env): string;
  /** Every directory the agent runs hook files from (the self-protection footprint): relative to a project, and the user's. */
  dirs: { project: readonly string[]; user(home: string, env: Env): string[] };
  /** What the person does for the agent to run it. */
  next: string;
}

/** Cline's own directory: $CLINE_DIR, else ~/.cline (@cline/shared's storage paths). */
const clineDir = (home: string, env: Env) => envDir(env, "CLINE_DIR") ?? join(home, ".cline");

export const HOOK_FILES: Readonly<Record<HookFileAgent, HookFileSpec>> = {
  cline: {
    title: "Cline",
    event: "PreToolUse",
    project: ".clinerules/hooks/PreToolUse",
    user: (home, env) => join(clineDir(home, env), "hooks", "PreToolUse"),
    dirs: { project: [".clinerules/hooks", ".cline/hooks"], user: (home, env) => [join(clineDir(home, env), "hooks"), join(home, "Documents", "Cline", "Hooks")] },
    next: "Cline runs it before each tool call from the next task on (no trust step)",
  },
};

/** Where the hook file goes: in the project, or in the user's directory for the agent. */
export function hookFilePath(agent: HookFileAgent, scope: "project" | "user", base: string, env: Env): string {
  const spec = HOOK_FILES[agent];
  return scope === "project" ? join(base, spec.project) : spec.user(base, env);
}

/** The file's text: a shebang, the mark, and one `exec` of the hook command (a quoted command line). */
export function hookFileText(agent: HookFileAgent, command: string): string {
  return [
    "#!/bin/sh",
    `${HOOK_FILE_MARK} written by \`gatehouse install ${agent}\`; \`gatehouse uninstall ${agent}\` removes it.`,
    `# ${HOOK_FILES[agent].title} runs it before each tool call, the call on stdin; it runs Gatehouse's hook from one installation by absolute path.`,
    `exec ${command}`,
    "",
  ].join("\n");
}

export const isHookFileText = (text: string) => text.split("\n", 2)[1]?.startsWith(HOOK_FILE_MARK) === true;

/** The command a Gatehouse hook file execs (its `exec` line), or null when it has none. */
export function hookFileCommand(text: string): string | null {
  const line = text.split("\n").find((l) => l.startsWith("exec "));
  return line === undefined ? null : line.slice("exec ".length);
}
