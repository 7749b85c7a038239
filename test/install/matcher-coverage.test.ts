// The matcher `install` writes decides which tool calls ever reach the hook:
// a tool it leaves out is never judged, whatever the bundle says. So every
// tool of an agent (hooks.md) that the classifier reads an effect from must
// be matched — e.g. Claude's Grep over `.env` is a secret read the default
// bundle asks about, and it must not bypass the hook.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../src/engine.js";
import { droidTool } from "../../src/adapters/droid.js";
import { AGENT_SETTINGS } from "../../src/install/agents.js";
import { realEngine } from "../support/engine.js";

const SECRET = "/home/dev/project/.env";
/** Each agent's tools (../shared/hooks.md, and the older names still in the field) with an input that points at a secret. */
const TOOLS: Record<"claude" | "codex" | "gemini" | "droid", Record<string, unknown>> = {
  claude: {
    Bash: { command: `cat ${SECRET}` },
    Write: { file_path: SECRET, content: "x" },
    Edit: { file_path: SECRET, old_string: "a", new_string: "b" },
    MultiEdit: { file_path: SECRET, edits: [] },
    NotebookEdit: { notebook_path: SECRET, new_source: "x" },
    Read: { file_path: SECRET },
    NotebookRead: { notebook_path: SECRET },
    LS: { path: "/home/dev/.ssh" },
    Glob: { pattern: "*", path: "/home/dev/.ssh" },
    Grep: { pattern: "KEY", path: SECRET, output_mode: "content" },
    WebFetch: { url: "http://169.254.169.254/latest/meta-data/", prompt: "x" },
    WebSearch: { query: "x" },
    Agent: { description: "x", prompt: "x" },
    Task: { description: "x", prompt: "x" },
    mcp__fs__read_file: { path: SECRET },
    TodoWrite: { todos: [] },
    ExitPlanMode: { plan: "x" },
  },
  codex: {
    Bash: { command: `cat ${SECRET}` },
    apply_patch: { command: `*** Begin Patch\n*** Add File: ${SECRET}\n+x\n*** End Patch\n` },
    mcp__fs__read_file: { path: SECRET },
  },
  gemini: {
    run_shell_command: { command: `cat ${SECRET}` },
    write_file: { file_path: SECRET, content: "x" },
    replace: { file_path: SECRET, old_string: "a", new_string: "b" },
    read_file: { file_path: SECRET },
    read_many_files: { paths: [SECRET] },
    list_directory: { path: "/home/dev/.ssh" },
    glob: { pattern: "*", path: "/home/dev/.ssh" },
    search_file_content: { pattern: "KEY", path: SECRET },
    grep_search: { pattern: "KEY", path: SECRET },
    web_fetch: { prompt: "read http://169.254.169.254/latest/meta-data/" },
    google_web_search: { query: "x" },
    save_memory: { fact: "x" },
    mcp_fs_read_file: { path: SECRET },
  },
  // Factory Droid 0.225.2's tools (its tool catalogue and the schemas a real `droid exec` offered).
  droid: {
    Execute: { command: `cat ${SECRET}`, summary: "Read the env file", riskLevel: "low", riskLevelReason: "x" },
    Create: { file_path: SECRET, content: "x" },
    Edit: { file_path: SECRET, old_str: "a", new_str: "b" },
    ApplyPatch: { input: `*** Begin Patch\n*** Add File: ${SECRET}\n+x\n*** End Patch\n` },
    Read: { file_path: SECRET },
    LS: { directory_path: "/home/dev/.ssh" },
    Glob: { patterns: ["*"], folder: "/home/dev/.ssh" },
    Grep: { pattern: "KEY", path: SECRET },
    FetchUrl: { url: "http://169.254.169.254/latest/meta-data/" },
    WebSearch: { query: "x" },
    Task: { subagent_type: "worker", description: "x", prompt: "x" },
    fs___read_file: { path: SECRET },
    TodoWrite: { todos: [] },
    AskUser: { questionnaire: "x" },
    ExitSpecMode: { plan: "x" },
  },
};

/** The engine's name for a Gemini MCP tool (the adapter renames it). */
const engineName = (agent: string, tool: string) =>
  agent === "droid" ? droidTool(tool, null).tool_name : agent === "gemini" && tool.startsWith("mcp_") ? tool.replace(/^mcp_([^_]+)_/, "mcp__$1__") : tool;
/** The engine's input (Droid's fields renamed as the adapter does). */
const engineInput = (agent: string, tool: string, input: unknown) => (agent === "droid" ? droidTool(tool, input).tool_input : input);

let engine: Engine;
beforeAll(async () => {
  engine = await realEngine(JSON.parse(readFileSync(new URL("../../bundles/default.json", import.meta.url), "utf8")));
});

describe.each(Object.keys(TOOLS) as (keyof typeof TOOLS)[])("%s: the installed matcher", (agent) => {
  it("matches every tool whose calls have an effect the engine judges, and only as a whole name", () => {
    const [{ matcher }] = AGENT_SETTINGS[agent].events;
    const pattern = new RegExp(matcher!);
    const missed: string[] = [];
    for (const [tool, input] of Object.entries(TOOLS[agent])) {
      const { decision } = engine.evaluate({ event_type: "pre_tool_use", session_id: "s", tool_name: engineName(agent, tool), tool_input: engineInput(agent, tool, input), env: { cwd: "/home/dev/project", home: "/home/dev" } }, null, 1);
      if (decision.effects.length > 0 && !pattern.test(tool)) missed.push(`${tool} (${decision.verdict}: ${decision.effects.map((e) => `${e.verb} × ${e.target_class}`).join(", ")})`);
    }
    expect(missed).toEqual([]);
    // Anchored: a longer name that merely starts like a matched one is not matched.
    expect(pattern.test(`${Object.keys(TOOLS[agent])[0]}Output`)).toBe(false);
  });
});
