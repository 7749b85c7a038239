// What `gatehouse install` knows about each agent's hook settings, as data
// (sources: /work/shared/hooks.md — Claude Code §1, Codex, Gemini CLI and
// Cursor §2). Each entry says where the file lives, how a hook entry is shaped,
// which events and tool names to gate, and the timeout's unit.
export const INSTALL_AGENTS = ["claude", "codex", "gemini", "cursor"] as const;
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
  /** The handler's timeout, in the agent's unit; null where none is documented. */
  timeout: { seconds: number; unit: "s" | "ms" } | null;
  /** Extra fields of a command handler. */
  handlerFields: Record<string, unknown>;
  /** Whether the agent has an `http` handler type (for `--http`, the daemon). */
  http: boolean;
  /** What the person does next for the agent to pick the hooks up. */
  afterInstall: string;
}

/** Hook timeouts: long enough for a cold process (~0.3 s here), short enough that a hung hook cannot stall the agent. */
const TIMEOUT_SECONDS = 10;

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
    projectFile: ".claude/settings.json",
    userFile: ".claude/settings.json",
    comments: false,
    skeleton: {},
    layout: "grouped",
    events: [{ event: "PreToolUse", matcher: "^(Bash|Write|Edit|MultiEdit|NotebookEdit|NotebookRead|Read|LS|Glob|Grep|WebFetch|WebSearch|Agent|Task|mcp__.*)$" }],
    timeout: { seconds: TIMEOUT_SECONDS, unit: "s" },
    handlerFields: {},
    http: true,
    afterInstall: "Claude Code reads hooks when a session starts: start a new session (/hooks lists them).",
  },
  codex: {
    agent: "codex",
    title: "Codex CLI",
    projectFile: ".codex/hooks.json",
    userFile: ".codex/hooks.json",
    comments: false,
    skeleton: {},
    layout: "grouped",
    // Every shell tool reaches hooks as `Bash`; file edits as `apply_patch`.
    events: [{ event: "PreToolUse", matcher: "^(Bash|apply_patch|mcp__.*)$" }],
    timeout: { seconds: TIMEOUT_SECONDS, unit: "s" },
    handlerFields: {},
    http: false,
    afterInstall: "Codex runs a new hook only once a person trusts it (/hooks), and a project's .codex/ only in a trusted project; until then every call runs unexamined (gatehouse doctor says which).",
  },
  gemini: {
    agent: "gemini",
    title: "Gemini CLI",
    projectFile: ".gemini/settings.json",
    userFile: ".gemini/settings.json",
    comments: true,
    skeleton: {},
    layout: "grouped",
    // MCP tools are `mcp_<server>_<tool>`.
    events: [{ event: "BeforeTool", matcher: "^(run_shell_command|write_file|replace|read_file|read_many_files|list_directory|glob|search_file_content|grep_search|web_fetch|google_web_search|save_memory|mcp_.*)$" }],
    timeout: { seconds: TIMEOUT_SECONDS, unit: "ms" },
    handlerFields: { name: "gatehouse" },
    http: false,
    afterInstall: "Gemini CLI reads hooks when it starts (/hooks lists them); hooks must not be switched off by hooksConfig.enabled: false.",
  },
  cursor: {
    agent: "cursor",
    title: "Cursor",
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
    http: false,
    afterInstall: "Cursor reads hooks.json when it starts: restart Cursor.",
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
