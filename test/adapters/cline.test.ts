// Cline CLI's hook files (`gatehouse hook cline`): Cline 3.0.65's PreToolUse / PostToolUse payloads mapped to
// the engine's tools, and the answers Cline reads (a cancel JSON on stdout; it reads no exit code).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clineAdapter, clineTool } from "../../src/adapters/cline.js";
import type { Decision } from "../../src/model/decision.js";
import { realEngine } from "../support/engine.js";
import { cline } from "../support/hook-payloads.js";

const defaultBundle = JSON.parse(readFileSync(new URL("../../bundles/default.json", import.meta.url), "utf8"));
const host = { cwd: "/host/cwd", home: "/home/dev", pathDirs: [], mode: "hook" as const };
const gate = (payload: unknown) => {
  const m = clineAdapter.map(payload, host);
  if (!("gate" in m)) throw new Error(JSON.stringify(m));
  return m.gate;
};

describe("Cline mapping", () => {
  it("Cline's tools become the engine's: run_commands one script, editor Edit or Write, read_files every path, fetch every URL", () => {
    expect(clineTool("run_commands", { commands: ["git status", "rm -rf ~"] })).toEqual({ tool_name: "Bash", tool_input: { command: "git status\nrm -rf ~" } });
    expect(clineTool("editor", { path: "/a.ts", old_text: "x", new_text: "y" })).toEqual({ tool_name: "Edit", tool_input: { file_path: "/a.ts", old_string: "x", new_string: "y" } });
    expect(clineTool("editor", { path: "/a.ts", old_text: null, new_text: "y" })).toEqual({ tool_name: "Write", tool_input: { file_path: "/a.ts", content: "y" } });
    expect(clineTool("read_files", { files: [{ path: "/a" }, { path: "/home/dev/.ssh/id_rsa", start_line: 1 }] })).toEqual({ tool_name: "read_many_files", tool_input: { paths: ["/a", "/home/dev/.ssh/id_rsa"] } });
    expect(clineTool("fetch_web_content", { requests: [{ url: "https://a.example", prompt: "sum" }, { url: "http://169.254.169.254/", prompt: "x" }] }).tool_input).toEqual({ prompt: "https://a.example sum\nhttp://169.254.169.254/ x" });
    expect(clineTool("team_status", { a: 1 })).toEqual({ tool_name: "team_status", tool_input: { a: 1 } });
  });

  it("the event: the task as the session, the workspace root as cwd, a sub-agent's call as its agent; agent_start is not gated", () => {
    expect(gate(cline.pre("run_commands", { commands: ["ls"] }))).toMatchObject({ event_type: "pre_tool_use", session_id: "conv_1", tool_use_id: "call_1", env: { cwd: "/home/dev/project" }, binding: { kind: "cline", event: "tool_call" } });
    expect(gate({ ...cline.pre("run_commands", { commands: ["ls"] }), parent_agent_id: "agent_0" }).agent).toEqual({ agent_id: "agent_1" });
    expect(gate(cline.post("run_commands", { commands: ["ls"] }, "out"))).toMatchObject({ event_type: "post_tool_use", tool_result: { output: "out" } });
    expect(clineAdapter.map(cline.start, host)).toHaveProperty("ignore");
    expect(clineAdapter.map({ hookName: "tool_call" }, host)).toHaveProperty("invalid");
  });
});

describe("Cline answers", () => {
  it("deny and ask stop the run with the reason ({cancel, errorMessage}); allow and post events are silence", async () => {
    const engine = await realEngine(defaultBundle);
    const decide = (payload: unknown): Decision => engine.evaluate(gate(payload), null, 0).decision;
    const deny = clineAdapter.answer(decide(cline.pre("run_commands", { commands: ["rm -rf ~"] })), { phase: "pre" }, { grantAllow: false });
    expect(JSON.parse(deny.stdout)).toEqual({ cancel: true, errorMessage: expect.stringMatching(/^fs\.wipe: /) });
    expect(deny.exitCode).toBe(0);
    const ask = clineAdapter.answer(decide(cline.pre("run_commands", { commands: ["git checkout -- ."] })), { phase: "pre" }, { grantAllow: false });
    expect(JSON.parse(ask.stdout).errorMessage).toMatch(/^git\.discard_worktree: .*a person must approve this action\. Cline hooks cannot ask/);
    expect(clineAdapter.answer(decide(cline.pre("run_commands", { commands: ["ls"] })), { phase: "pre" }, { grantAllow: false }).stdout).toBe("");
    expect(clineAdapter.answer(decide(cline.pre("run_commands", { commands: ["rm -rf ~"] })), { phase: "post" }, { grantAllow: false }).stdout).toBe("");
    expect(JSON.parse(clineAdapter.failure({ kind: "bundle", message: "b.json: x" }, "closed", { phase: "pre" }).stdout).cancel).toBe(true);
    expect(clineAdapter.failure({ kind: "bundle", message: "b.json: x" }, "open", { phase: "pre" }).stdout).toBe("");
  });
});
