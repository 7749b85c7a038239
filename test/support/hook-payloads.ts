// Agents' own hook JSON, in the shapes of ../shared/hooks.md, for the adapter
// and hook-command suites.
export const CWD = "/home/dev/project";

export const claude = {
  pre: (command: string, extra: Record<string, unknown> = {}) => ({
    session_id: "3f2a",
    transcript_path: "/home/dev/.claude/projects/x/3f2a.jsonl",
    cwd: CWD,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command, description: "run it" },
    tool_use_id: "toolu_01ABC",
    ...extra,
  }),
  tool: (tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}) => ({
    session_id: "3f2a",
    transcript_path: "/t.jsonl",
    cwd: CWD,
    hook_event_name: "PreToolUse",
    tool_name,
    tool_input,
    tool_use_id: "toolu_02",
    ...extra,
  }),
  post: (tool_name: string, tool_input: unknown, tool_response: unknown) => ({
    session_id: "3f2a",
    transcript_path: "/t.jsonl",
    cwd: CWD,
    hook_event_name: "PostToolUse",
    tool_name,
    tool_input,
    tool_response,
    tool_use_id: "toolu_03",
  }),
  sessionStart: { session_id: "3f2a", transcript_path: "/t.jsonl", cwd: CWD, hook_event_name: "SessionStart", source: "startup" },
  stop: { session_id: "3f2a", transcript_path: "/t.jsonl", cwd: CWD, hook_event_name: "Stop", stop_hook_active: false },
  notification: { session_id: "3f2a", transcript_path: "/t.jsonl", cwd: CWD, hook_event_name: "Notification", message: "hi", notification_type: "idle" },
};

export const codex = {
  pre: (tool_name: string, tool_input: unknown) => ({
    session_id: "c-1",
    turn_id: "turn-1",
    transcript_path: null,
    cwd: CWD,
    hook_event_name: "PreToolUse",
    model: "gpt-5-codex",
    permission_mode: "default",
    tool_name,
    tool_input,
    tool_use_id: "call_1",
  }),
  post: (tool_name: string, tool_input: unknown, tool_response: unknown) => ({
    session_id: "c-1",
    turn_id: "turn-1",
    cwd: CWD,
    hook_event_name: "PostToolUse",
    tool_name,
    tool_input,
    tool_response,
    tool_use_id: "call_2",
  }),
  sessionStart: { session_id: "c-1", cwd: CWD, hook_event_name: "SessionStart", source: "startup" },
};

export const gemini = {
  before: (tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}) => ({
    session_id: "g-1",
    transcript_path: "/home/dev/.gemini/tmp/chat.json",
    cwd: CWD,
    hook_event_name: "BeforeTool",
    timestamp: "2026-01-01T00:00:00.000Z",
    tool_name,
    tool_input,
    ...extra,
  }),
  after: (tool_name: string, tool_input: unknown, tool_response: unknown) => ({
    session_id: "g-1",
    transcript_path: "/t.json",
    cwd: CWD,
    hook_event_name: "AfterTool",
    timestamp: "2026-01-01T00:00:01.000Z",
    tool_name,
    tool_input,
    tool_response,
  }),
  sessionStart: { session_id: "g-1", cwd: CWD, hook_event_name: "SessionStart", timestamp: "2026-01-01T00:00:00.000Z", source: "startup" },
};

const cursorCommon = { conversation_id: "conv-123", generation_id: "gen-456", workspace_roots: [CWD] };
export const cursor = {
  shell: (command: string) => ({ ...cursorCommon, hook_event_name: "beforeShellExecution", command, cwd: CWD }),
  mcp: (tool_name: string, args: unknown) => ({ ...cursorCommon, hook_event_name: "beforeMCPExecution", tool_name, tool_input: JSON.stringify(args), command: "npx mcp-server" }),
  read: (file_path: string) => ({ ...cursorCommon, hook_event_name: "beforeReadFile", file_path, content: "API_KEY=x", attachments: [] }),
  afterShell: (command: string, output: string) => ({ ...cursorCommon, hook_event_name: "afterShellExecution", command, cwd: CWD, output, duration: 150 }),
  prompt: { ...cursorCommon, hook_event_name: "beforeSubmitPrompt", prompt: "fix it", attachments: [] },
};

/** GitHub Copilot CLI 1.0.102's camelCase hook input, as observed (docs/adapters.md): no event name; postToolUse adds toolResult. */
export const copilot = {
  pre: (toolName: string, toolArgs: unknown) => ({ sessionId: "cp-1", timestamp: 1796206753113, cwd: CWD, toolName, toolArgs }),
  post: (toolName: string, toolArgs: unknown, text: string) => ({ sessionId: "cp-1", timestamp: 1796206753231, cwd: CWD, toolName, toolArgs, toolResult: { resultType: "success", textResultForLlm: text } }),
  sessionStart: { sessionId: "cp-1", timestamp: 1796206753000, cwd: CWD, source: "new", initialPrompt: "fix it" },
};

/** Qwen Code 0.24.4's hook input (its hook event handler's createBaseInput + PreToolUse fields): Claude Code's, with a timestamp and Gemini's tool names. */
export const qwen = {
  pre: (tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}) => ({
    session_id: "q-1",
    transcript_path: "/home/dev/.qwen/projects/x/chats/q-1.jsonl",
    cwd: CWD,
    hook_event_name: "PreToolUse",
    timestamp: "2026-01-01T00:00:00.000Z",
    permission_mode: "yolo",
    tool_name,
    tool_input,
    tool_use_id: "call_q1",
    tool_call_id: "call_q1",
    ...extra,
  }),
  post: (tool_name: string, tool_input: unknown, tool_response: unknown) => ({
    session_id: "q-1",
    transcript_path: "/t.jsonl",
    cwd: CWD,
    hook_event_name: "PostToolUse",
    timestamp: "2026-01-01T00:00:01.000Z",
    permission_mode: "yolo",
    tool_name,
    tool_input,
    tool_response,
    tool_use_id: "call_q2",
  }),
  sessionStart: { session_id: "q-1", cwd: CWD, hook_event_name: "SessionStart", timestamp: "2026-01-01T00:00:00.000Z", permission_mode: "default", source: "startup" },
};

/** Factory Droid 0.225.2's hook input, as its PreToolUse/PostToolUse runner builds it (captured from a real `droid exec` run): Claude Code's fields, no tool_use_id, Droid's tool names. */
export const droid = {
  pre: (tool_name: string, tool_input: unknown) => ({
    session_id: "d-1",
    transcript_path: "/home/dev/.factory/sessions/-home-dev-project/d-1.jsonl",
    cwd: CWD,
    permission_mode: "auto-low",
    hook_event_name: "PreToolUse",
    tool_name,
    tool_input,
  }),
  post: (tool_name: string, tool_input: unknown, tool_response: unknown) => ({
    session_id: "d-1",
    transcript_path: "/t.jsonl",
    cwd: CWD,
    permission_mode: "auto-low",
    hook_event_name: "PostToolUse",
    tool_name,
    tool_input,
    tool_response,
  }),
  sessionStart: { session_id: "d-1", transcript_path: "/t.jsonl", cwd: CWD, permission_mode: "auto-low", hook_event_name: "SessionStart", source: "startup" },
};

/** Cline 3.0.65's hook-file input (@cline/core's file hooks: the PreToolUse / PostToolUse payload it writes to stdin). */
export const cline = {
  base: { clineVersion: "3.0.65", timestamp: "2026-01-01T00:00:00.000Z", taskId: "conv_1", sessionContext: { rootSessionId: "conv_1" }, workspaceRoots: [CWD], userId: "dev", agent_id: "agent_1", parent_agent_id: null, iteration: 1 },
  pre(name: string, input: unknown) {
    return { ...cline.base, hookName: "tool_call", tool_call: { id: "call_1", name, input }, preToolUse: { toolName: name, parameters: {} } };
  },
  post(name: string, input: unknown, output: unknown) {
    return { ...cline.base, hookName: "tool_result", tool_result: { id: "call_1", name, input, output, durationMs: 3 }, postToolUse: { toolName: name, parameters: {}, result: "", success: true, executionTimeMs: 3 } };
  },
  start: { clineVersion: "3.0.65", timestamp: "2026-01-01T00:00:00.000Z", taskId: "conv_1", hookName: "agent_start", taskStart: { taskMetadata: {} } },
};

export const PERMISSION_OPTIONS = [
  { optionId: "allow-1", name: "Allow once", kind: "allow_once" },
  { optionId: "allow-all", name: "Always allow", kind: "allow_always" },
  { optionId: "reject-1", name: "Reject", kind: "reject_once" },
  { optionId: "reject-all", name: "Always reject", kind: "reject_always" },
];

export const acp = {
  /** kind null: the request as claude-code-acp sends it, `{toolCallId, title, rawInput}` and no kind. */
  permission: (rawInput: unknown, options: unknown = PERMISSION_OPTIONS, kind: string | null = "execute", id: unknown = 7) => ({
    jsonrpc: "2.0",
    id,
    method: "session/request_permission",
    params: { sessionId: "sess-1", toolCall: kind === null ? { toolCallId: "tc-1", title: "Run a command", rawInput } : { toolCallId: "tc-1", title: "Run a command", kind, status: "pending", rawInput }, options },
  }),
  terminal: (command: string, args?: string[], cwd = CWD, id: unknown = 8) => ({
    jsonrpc: "2.0",
    id,
    method: "terminal/create",
    params: { sessionId: "sess-1", command, ...(args ? { args } : {}), cwd, outputByteLimit: 1_048_576 },
  }),
  update: { jsonrpc: "2.0", method: "session/update", params: { sessionId: "sess-1", update: { sessionUpdate: "agent_message_chunk" } } },
};

/** A bundle whose Tier 2 program counts Bash calls and asks from the `n`th on. */
export function countingBundle(n: number) {
  return {
    schema_version: "2.0",
    bundle_id: "counting",
    artifacts: [
      {
        kind: "t2_program",
        artifact_id: "bash.count",
        atom_id: "atom.bash.count",
        dimension: "governance",
        body: {
          on: ["pre_tool_use"],
          match: { field: "tool.name", pred: "eq", value: "Bash" },
          registers: { c: 1 },
          ops: [{ op: "INC_SAT", c: 0 }],
          fire: { reg: "c0", gte: n },
          verdict: "ask",
          reason: `bash.count: ${n} or more shell commands in this session`,
        },
      },
    ],
  };
}
