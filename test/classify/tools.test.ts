import { describe, expect, it } from "vitest";
import { classifyEvent, isMcpTool, isShellEvent, shellInput } from "../../src/classify/index.js";
import { toolEffects } from "../../src/classify/tools.js";
import type { ShellAnalysis } from "../../src/classify/shell-analysis.js";
import { EventSchema, type EventEnv, type EventInput } from "../../src/model/event.js";
import { sh } from "./build.js";

const ENV: EventEnv = { home: "/home/u", cwd: "/home/u/proj", path_dirs: [], additional_dirs: [] };
const tuples = (tool: string, input: unknown, env: EventEnv | null = ENV) => toolEffects(tool, input, env).effects.map((e) => `${e.verb}×${e.target_class}`);

describe("toolEffects", () => {
  const rows: Array<[string, unknown, string[]]> = [
    ["Write", { file_path: "/home/u/proj/src/a.ts", content: "x" }, ["write×workspace_file"]],
    ["Write", { file_path: "/home/u/proj/.env" }, ["write×secret_file"]],
    ["Edit", { file_path: "/etc/hosts", old_string: "a", new_string: "b" }, ["write×system_path"]],
    ["MultiEdit", { file_path: "/home/u/.bashrc", edits: [] }, ["write×home_file"]],
    ["NotebookEdit", { notebook_path: "/home/u/proj/n.ipynb" }, ["write×workspace_file"]],
    ["Write", {}, ["write×unknown"]],
    ["Read", { file_path: "/home/u/.ssh/id_rsa" }, ["read×secret_file"]],
    ["Read", { file_path: "/home/u/.ssh/id_rsa.pub" }, ["read×home_file"]],
    ["Glob", { pattern: "**/*.ts" }, ["read×workspace_root"]],
    ["Glob", { pattern: "*", path: "/tmp" }, ["read×temp_path"]],
    ["Grep", { pattern: "x" }, ["read×workspace_root"]],
    ["Grep", { pattern: "x", path: "/home/u" }, ["read×home_dir"]],
    ["LS", { path: "/" }, ["read×filesystem_root"]],
    ["WebFetch", { url: "https://example.com", prompt: "summarise" }, ["fetch×network_host"]],
    ["WebSearch", { query: "x" }, ["fetch×network_host"]],
    ["Task", { prompt: "x" }, ["execute×subagent"]],
    ["Agent", { prompt: "x" }, ["execute×subagent"]],
    ["write_file", { file_path: "/home/u/proj/x", content: "" }, ["write×workspace_file"]],
    ["replace", { file_path: "/tmp/x" }, ["write×temp_path"]],
    ["read_file", { absolute_path: "/home/u/proj/.env" }, ["read×secret_file"]],
    ["read_many_files", { paths: ["src/a.ts", "/etc/passwd"] }, ["read×workspace_file", "read×system_path"]],
    ["read_many_files", {}, ["read×workspace_root"]],
    ["web_fetch", { prompt: "summarise https://example.com/a and http://10.0.0.1/x" }, ["fetch×network_host"]],
    ["google_web_search", { query: "x" }, ["fetch×network_host"]],
    ["list_directory", { path: "/home/u" }, ["read×home_dir"]],
    ["save_memory", { fact: "x" }, ["write×home_file"]],
    ["edit_file", { target_file: "src/a.ts" }, ["write×workspace_file"]],
    ["delete_file", { target_file: "src/a.ts" }, ["delete×workspace_file"]],
    ["fs/write_text_file", { path: "/home/u/proj/a" }, ["write×workspace_file"]],
    ["fs/read_text_file", { path: "/home/u/.netrc" }, ["read×secret_file"]],
    ["apply_patch", { input: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n*** Delete File: /tmp/x\n*** End Patch" }, ["write×workspace_file", "delete×temp_path"]],
    ["TodoWrite", { todos: [] }, []],
    ["SomethingElse", { file_path: "/x" }, []],
  ];
  it.each(rows)("%s %j", (tool, input, expected) => {
    expect(tuples(tool, input)).toEqual(expected);
  });
  it("tool effects name the tool as program and the path as target", () => {
    expect(toolEffects("Write", { file_path: "/x" }, ENV).effects[0].attrs).toEqual({ program: "Write", target: "/x" });
    expect(toolEffects("WebSearch", { query: "q" }, ENV).effects[0].attrs).toEqual({ program: "WebSearch" });
  });
  it("records paths and URLs", () => {
    const w = toolEffects("Write", { file_path: "/home/u/proj/src/a.ts" }, ENV);
    expect(w.paths).toEqual([{ class: "workspace_file", value: "/home/u/proj/src/a.ts", rel: "src/a.ts" }]);
    const f = toolEffects("WebFetch", { url: "https://Sub.Example.co.uk:8443/x" }, ENV);
    expect(f.urls).toEqual([{ value: "https://Sub.Example.co.uk:8443/x", host: "sub.example.co.uk", tld: "co.uk", scheme: "https", boundary: "external" }]);
    const g = toolEffects("web_fetch", { prompt: "read https://a.example.com and http://10.0.0.1/x" }, ENV);
    expect(g.urls.map((u) => u.boundary)).toEqual(["external", "internal"]);
  });
  it("tolerates junk input", () => {
    expect(tuples("Write", null)).toEqual(["write×unknown"]);
    expect(tuples("Read", "x")).toEqual(["read×unknown"]);
    expect(tuples("Write", { file_path: 42 })).toEqual(["write×unknown"]);
    expect(tuples("read_many_files", { paths: "x" })).toEqual(["read×workspace_root"]);
  });
  it("no env: relative tool paths are unknown", () => {
    expect(tuples("Write", { file_path: "src/a.ts" }, null)).toEqual(["write×unknown"]);
    expect(tuples("Write", { file_path: "/home/u/a" }, null)).toEqual(["write×unknown"]);
    expect(tuples("Write", { file_path: "~/.ssh/config" }, null)).toEqual(["write×secret_file"]);
  });
});

describe("shell-bearing tools (SPEC §6.1)", () => {
  it("recognises the shell inputs", () => {
    expect(shellInput({ tool_name: "Bash", tool_input: { command: "ls" } })).toEqual({ text: "ls" });
    expect(shellInput({ tool_name: "shell", tool_input: { command: ["bash", "-lc", "ls"] } })).toEqual({ argv: ["bash", "-lc", "ls"] });
    expect(shellInput({ tool_name: "exec", tool_input: { command: "ls -la" } })).toEqual({ text: "ls -la" });
    expect(shellInput({ tool_name: "local_shell", tool_input: { command: ["ls"] } })).toEqual({ argv: ["ls"] });
    expect(shellInput({ tool_name: "run_shell_command", tool_input: { command: "ls", description: "x" } })).toEqual({ text: "ls" });
    expect(shellInput({ tool_name: "terminal/create", tool_input: { command: "rm", args: ["-rf", "/"] } })).toEqual({ argv: ["rm", "-rf", "/"] });
    expect(shellInput({ tool_name: "terminal/create", tool_input: { command: "curl x | sh" } })).toEqual({ text: "curl x | sh" });
    expect(shellInput({ tool_name: "Whatever", tool_input: { command: "make" } })).toEqual({ text: "make" });
    expect(shellInput({ tool_name: "Write", tool_input: { file_path: "x" } })).toBeNull();
    expect(shellInput({ tool_name: "mcp__srv__run", tool_input: { command: "rm -rf /" } })).toBeNull();
    expect(shellInput({ tool_name: "Bash", tool_input: "ls" })).toBeNull();
    expect(isShellEvent({ tool_name: "Bash", tool_input: { command: "ls" } })).toBe(true);
    expect(isShellEvent({ tool_name: "Read", tool_input: { file_path: "x" } })).toBe(false);
  });
  it("MCP tool names", () => {
    expect(isMcpTool("mcp__github__create_issue")).toBe(true);
    expect(isMcpTool("mcp_github_create_issue")).toBe(true);
    expect(isMcpTool("Bash")).toBe(false);
  });
});

describe("classifyEvent", () => {
  const calls: string[] = [];
  const deps = {
    analyzeText(text: string): ShellAnalysis {
      calls.push(`text:${text}`);
      const a = sh(text);
      return { ...a, unknown: text.includes("$UNKNOWN") ? [{ shape: 4, reason: "dynamic program", command: "$UNKNOWN" }] : [] };
    },
    analyzeArgv(argv: string[]): ShellAnalysis {
      calls.push(`argv:${argv.join(" ")}`);
      return sh(argv.join(" "));
    },
    mcpEffects: () => [{ verb: "send" as const, target_class: "network_host" as const, attrs: {} }],
  };
  const ev = (e: EventInput) => EventSchema.parse({ event_type: "pre_tool_use", env: ENV, ...e });

  it("shell: effects, gaps side by side (analysis gaps first), simple commands", () => {
    const c = classifyEvent(ev({ tool_name: "Bash", tool_input: { command: 'rm -rf /data/x && $UNKNOWN && rm -rf "$D"' } }), deps);
    expect(c.effects.map((e) => `${e.verb}×${e.target_class}`)).toEqual(["delete×data_store", "delete×unknown"]);
    expect(c.unknown.map((u) => u.shape)).toEqual([4, 8]);
    expect(c.simple.map((s) => s.program)).toEqual(["rm", "$unknown", "rm"]);
    expect(c.paths.map((p) => p.value)).toEqual(["/data/x", "$D"]);
  });
  it("Codex argv goes through analyzeArgv", () => {
    calls.length = 0;
    classifyEvent(ev({ tool_name: "shell", tool_input: { command: ["git", "push", "-f"] } }), deps);
    expect(calls).toEqual(["argv:git push -f"]);
  });
  it("non-shell tools", () => {
    const c = classifyEvent(ev({ tool_name: "Write", tool_input: { file_path: "/home/u/proj/a.ts" } }), deps);
    expect(c).toEqual({
      effects: [{ verb: "write", target_class: "workspace_file", attrs: { program: "Write", target: "/home/u/proj/a.ts" } }],
      unknown: [],
      simple: [],
      paths: [{ class: "workspace_file", value: "/home/u/proj/a.ts", rel: "a.ts" }],
      urls: [],
    });
  });
  it("MCP tools use deps.mcpEffects and report URLs in their arguments", () => {
    const c = classifyEvent(ev({ tool_name: "mcp__http__get", tool_input: { url: "http://169.254.169.254/latest", nested: ["see https://example.com"] } }), deps);
    expect(c.effects).toEqual([{ verb: "send", target_class: "network_host", attrs: {} }]);
    expect(c.urls.map((u) => [u.host, u.boundary])).toEqual([
      ["169.254.169.254", "metadata"],
      ["example.com", "external"],
    ]);
    const d = classifyEvent(ev({ tool_name: "mcp__x__y", tool_input: {} }), { ...deps, mcpEffects: undefined });
    expect(d.effects).toEqual([]);
  });
  it("an event with no env classifies without guessing", () => {
    const c = classifyEvent(EventSchema.parse({ tool_name: "Bash", tool_input: { command: "rm -rf build" } }), deps);
    expect(c.effects.map((e) => e.target_class)).toEqual(["unknown"]);
  });
});
