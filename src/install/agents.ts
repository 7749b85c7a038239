// What `gatehouse install` knows about each agent's hook settings, as data
// (sources: /work/shared/hooks.md — Claude Code §1, Codex, Gemini CLI and
// Cursor §2; GitHub Copilot CLI: its hooks reference, checked against 1.0.102;
// Qwen Code: its settings loader and hook runner, read in 0.24.4; Factory Droid: its bundled JS, read in
// @factory/cli-linux-x64 0.225.2 and run).
// Each entry says where the file lives, how a hook entry is shaped, which events
// and tool names to gate, and the timeout's unit.
export const INSTALL_AGENTS = ["claude", "codex", "gemini", "cursor", "copilot", "qwen", "droid"] as const;
export type InstallAgent = (typeof INSTALL_AGENTS)[number];

export interface GatedEvent {
  /** The agent's event name (`PreToolUse`, `BeforeTool`, `beforeShellExecution`). */
  event: string;
  /** The tool-name matcher (a regex in each agent's dialect); null where the agent has none. */
  matcher: string | null;
}

export interface AgentSettings {
  agent: InstallAgent;
  title: string;
  /** The settings file, relative to the project directory (`--project`) and to the home directory (`--user`). */
  projectFile: string;
  userFile: string;
  /**
   * The directories the agent reads its settings, hooks and trust from, relative to a project (and each directory
   * above it) and to the home directory: the self-protection footprint (src/node/footprint.ts).
   */
  settingsDirs: { project: string; user: string };
  /** Whether the agent reads the file as JSON with comments. */
  comments: boolean;
  /** The content of a settings file install creates (what is left when uninstall removes Gatehouse's entries). */
  skeleton: Record<string, unknown>;
  /**
   * `grouped`: `hooks.<Event>` is a list of `{matcher, hooks: [handler…]}` groups
   * (Claude Code, Codex, Gemini CLI); `flat`: `hooks.<event>` is a list of
   * handlers (Cursor).
   */
  layout: "grouped" | "flat";
  events: readonly GatedEvent[];
  /**
   * The handler's timeout install writes (`seconds`, written in the agent's `unit`), what the agent waits
   * when the field is absent (`agentDefaultSeconds`), and why this value; null where none is documented.
   */
  timeout: { seconds: number; unit: "s" | "ms"; agentDefaultSeconds: number; why: string } | null;
  /** Extra fields of a command handler. */
  handlerFields: Record<string, unknown>;
  /** The handler's fields for the command line and the timeout (Copilot: `bash`, `timeoutSec`). */
  fieldNames: { command: string; timeout: string };
  /** Whether the agent has an `http` handler type (for `--http`, the daemon). */
  http: boolean;
  /** What the person does next for the agent to pick the hooks up. */
  afterInstall: string;
}

/**
 * The shortest hook timeout doctor accepts. Every agent treats a hook it kills at its timeout as a
 * non-blocking error — the call goes ahead unexamined — so a short timeout is a bypass: whatever makes
 * one call slow (a loaded machine, a cold code cache, a state lock held to its 5 s bound, a daemon
 * that stops answering after its 2 s forward timeout, a large script read as a fact) walks that call
 * around the gate. A long timeout only makes a call wait. 120 s is 10× the sum of those bounds.
 */
export const MIN_HOOK_TIMEOUT_SECONDS = 120;

/** What install writes: 600 s, Claude Code's and Codex's own default for a command hook (Gemini CLI's is 60 s). */
const HOOK_TIMEOUT_SECONDS = 600;

const COMMAND_FIELDS = { command: "command", timeout: "timeout" } as const;

// Every tool the classifier reads an effect from is matched (a tool left out is
// never judged, whatever the bundle says: test/install/matcher-coverage.test.ts);
// tools with no effect (TodoWrite, ExitPlanMode, …) never start a hook process.
// Claude Code's matcher is an unanchored JS RegExp once it holds anything but
// [A-Za-z0-9_|]; anchored here so `Bash` does not also match `BashOutput`.
// MCP tools are `mcp__<server>__<tool>` (hooks.md: `mcp__srv` alone matches nothing since 2.1.195).
export const AGENT_SETTINGS: Record<InstallAgent, AgentSettings> = {
  claude: {
    agent: "claude",
    title: "Claude Code",
    settingsDirs: { project: ".claude", user: ".claude" },
    projectFile: ".claude/settings.json",
    userFile: ".claude/settings.json",
    comments: false,
    skeleton: {},
    layout: "grouped",
    events: [{ event: "PreToolUse", matcher: "^(Bash|Write|Edit|MultiEdit|NotebookEdit|NotebookRead|Read|LS|Glob|Grep|WebFetch|WebSearch|Agent|Task|mcp__.*)$" }],
    timeout: { seconds: HOOK_TIMEOUT_SECONDS, unit: "s", agentDefaultSeconds: 600, why: "Claude Code's own default for a command hook, written out so a later default cannot shorten it" },
    handlerFields: {},
    fieldNames: COMMAND_FIELDS,
    http: true,
    afterInstall: "Claude Code reads hooks when a session starts: start a new session (/hooks lists them).",
  },
  codex: {
    agent: "codex",
    title: "Codex CLI",
    settingsDirs: { project: ".codex", user: ".codex" },
    projectFile: ".codex/hooks.json",
    userFile: ".codex/hooks.json",
    comments: false,
    skeleton: {},
    layout: "grouped",
    // Every shell tool reaches hooks as `Bash`; file edits as `apply_patch`.
    events: [{ event: "PreToolUse", matcher: "^(Bash|apply_patch|mcp__.*)$" }],
    timeout: { seconds: HOOK_TIMEOUT_SECONDS, unit: "s", agentDefaultSeconds: 600, why: "Codex's own default (its trust hash reads an absent timeout as 600), written out" },
    handlerFields: {},
    fieldNames: COMMAND_FIELDS,
    http: false,
    afterInstall: "Codex runs a new hook only once a person trusts it (/hooks), and a project's .codex/ only in a trusted project; until then every call runs unexamined (gatehouse doctor says which).",
  },
  gemini: {
    agent: "gemini",
    title: "Gemini CLI",
    settingsDirs: { project: ".gemini", user: ".gemini" },
    projectFile: ".gemini/settings.json",
    userFile: ".gemini/settings.json",
    comments: true,
    skeleton: {},
    layout: "grouped",
    // MCP tools are `mcp_<server>_<tool>`.
    events: [{ event: "BeforeTool", matcher: "^(run_shell_command|write_file|replace|read_file|read_many_files|list_directory|glob|search_file_content|grep_search|web_fetch|google_web_search|save_memory|mcp_.*)$" }],
    timeout: { seconds: HOOK_TIMEOUT_SECONDS, unit: "ms", agentDefaultSeconds: 60, why: "10× Gemini CLI's 60 000 ms default, the same wait as Claude Code and Codex; Gemini reads the field in milliseconds" },
    handlerFields: { name: "gatehouse" },
    fieldNames: COMMAND_FIELDS,
    http: false,
    afterInstall: "Gemini CLI reads hooks when it starts (/hooks lists them); hooks must not be switched off by hooksConfig.enabled: false.",
  },
  cursor: {
    agent: "cursor",
    title: "Cursor",
    settingsDirs: { project: ".cursor", user: ".cursor" },
    projectFile: ".cursor/hooks.json",
    userFile: ".cursor/hooks.json",
    comments: false,
    skeleton: { version: 1 },
    layout: "flat",
    // Cursor has no matcher: the event is the filter.
    events: [
      { event: "beforeShellExecution", matcher: null },
      { event: "beforeMCPExecution", matcher: null },
      { event: "beforeReadFile", matcher: null },
    ],
    timeout: null,
    handlerFields: {},
    fieldNames: COMMAND_FIELDS,
    http: false,
    afterInstall: "Cursor reads hooks.json when it starts: restart Cursor.",
  },
  copilot: {
    agent: "copilot",
    title: "GitHub Copilot CLI",
    settingsDirs: { project: ".github/hooks", user: ".copilot" },
    // Copilot loads every *.json in these folders: Gatehouse's is a file of its own.
    projectFile: ".github/hooks/gatehouse.json",
    userFile: ".copilot/hooks/gatehouse.json",
    comments: false,
    skeleton: { version: 1 },
    layout: "flat",
    // No matcher: every tool call (Copilot's MCP tools have no fixed prefix to match).
    events: [{ event: "preToolUse", matcher: null }],
    timeout: { seconds: HOOK_TIMEOUT_SECONDS, unit: "s", agentDefaultSeconds: 30, why: "as the other agents (Copilot's own default, in its hooks reference, is 30 s)" },
    handlerFields: { type: "command" },
    fieldNames: { command: "bash", timeout: "timeoutSec" },
    http: false,
    afterInstall:
      "Copilot CLI loads a project's .github/hooks only in a trusted folder (trustedFolders in ~/.copilot/config.json, the folder or one above it; or COPILOT_ALLOW_ALL=true): until then every call runs unexamined (gatehouse doctor says which). ~/.copilot/hooks (--user) needs no trust.",
  },
  qwen: {
    agent: "qwen",
    title: "Qwen Code",
    settingsDirs: { project: ".qwen", user: ".qwen" },
    projectFile: ".qwen/settings.json",
    userFile: ".qwen/settings.json",
    comments: true,
    skeleton: {},
    layout: "grouped",
    // Qwen's own tool names (Gemini CLI's, with `edit` for `replace`); MCP tools are `mcp__<server>__<tool>`.
    events: [{ event: "PreToolUse", matcher: "^(run_shell_command|write_file|edit|read_file|read_many_files|list_directory|glob|grep_search|web_fetch|web_search|save_memory|agent|notebook_edit|mcp__.*)$" }],
    timeout: { seconds: HOOK_TIMEOUT_SECONDS, unit: "s", agentDefaultSeconds: 60, why: "as Claude Code and Codex; Qwen reads the field in seconds (values of 1000 or more as the old milliseconds), default 60" },
    handlerFields: { name: "gatehouse" },
    fieldNames: COMMAND_FIELDS,
    http: false,
    afterInstall: "Qwen Code reads hooks when it starts (/hooks lists them); a project's .qwen/settings.json hooks load only in a trusted folder once security.folderTrust.enabled is on, and disableAllHooks switches every hook off.",
  },
  droid: {
    agent: "droid",
    title: "Factory Droid",
    settingsDirs: { project: ".factory", user: ".factory" },
    projectFile: ".factory/settings.json",
    userFile: ".factory/settings.json",
    // Droid reads its settings as JSON with comments (a `//` line keeps the hooks loading: checked with 0.225.2).
    comments: true,
    skeleton: {},
    layout: "grouped",
    // Droid's own tool names; MCP tools are `<server>___<tool>`. Its matcher is an unanchored JS RegExp (or an exact name).
    events: [{ event: "PreToolUse", matcher: "^(Execute|Create|Edit|ApplyPatch|Read|LS|Glob|Grep|FetchUrl|WebSearch|Task|.+___.+)$" }],
    timeout: { seconds: HOOK_TIMEOUT_SECONDS, unit: "s", agentDefaultSeconds: 60, why: "as Claude Code and Codex; Droid reads the field in seconds, default 60, and lets the call through when it kills a hook" },
    handlerFields: {},
    fieldNames: COMMAND_FIELDS,
    http: false,
    afterInstall:
      "Factory Droid reads hooks when it starts (/hooks lists them); hooks.hooksDisabled: true switches every hook off, and the interactive TUI runs no hooks in a folder until a person trusts it (droid exec does not wait for that).",
  },
};

export function isInstallAgent(name: string): name is InstallAgent {
  return (INSTALL_AGENTS as readonly string[]).includes(name);
}

/** The timeout field's value in the agent's unit. */
export function timeoutValue(settings: AgentSettings): number | null {
  if (settings.timeout === null) return null;
  return settings.timeout.unit === "ms" ? settings.timeout.seconds * 1000 : settings.timeout.seconds;
}

/**
 * How long the agent waits for this handler before it kills it and lets the call through, in seconds:
 * the handler's own `timeout` read in the agent's unit, else the agent's default; null where the agent
 * documents none (Cursor).
 */
export function effectiveTimeoutSeconds(settings: AgentSettings, handler: Record<string, unknown>): number | null {
  if (settings.timeout === null) return null;
  const raw = handler.timeout;
  if (typeof raw !== "number" || !Number.isFinite(raw) || raw <= 0) return settings.timeout.agentDefaultSeconds;
  return settings.timeout.unit === "ms" ? raw / 1000 : raw;
}

/** The agents whose gate is a plugin file that loads it in-process (install/plugin-file.ts), not a hook command. */
export const PLUGIN_AGENTS = ["opencode", "kilo", "pi"] as const;
export type PluginAgent = (typeof PLUGIN_AGENTS)[number];

export const isPluginAgent = (name: string): name is PluginAgent => (PLUGIN_AGENTS as readonly string[]).includes(name);

/** The agents whose gate is a hook file install writes (install/hook-file.ts): an executable the agent runs by its name. */
export const HOOK_FILE_AGENTS = ["cline"] as const;
export type HookFileAgent = (typeof HOOK_FILE_AGENTS)[number];

export const isHookFileAgent = (name: string): name is HookFileAgent => (HOOK_FILE_AGENTS as readonly string[]).includes(name);

/** Every agent `gatehouse install` knows, in the order its usage lists them. */
export const ALL_INSTALL_AGENTS = [...INSTALL_AGENTS, ...HOOK_FILE_AGENTS, ...PLUGIN_AGENTS] as const;
