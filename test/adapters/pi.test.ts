// Pi's extension (`gatehouse-guard/pi`): its `tool_call` / `tool_result` events as Pi 0.73.1 emits them
// (core/agent-session.js `_installAgentToolHooks`: {type, toolName, toolCallId, input}; after the tool
// {…, content, details, isError}), mapped to the engine's names, and the handler's `{block, reason}`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { piAdapter, piTool } from "../../src/adapters/pi.js";
import { neutralDecision, type Decision } from "../../src/model/decision.js";
import { createGatehousePiExtension, type PiContext, type PiHandler } from "../../src/node/pi-extension.js";
import { countingBundle } from "../support/hook-payloads.js";
import { scratchDir } from "../support/scratch.js";

const host = { cwd: "/home/dev/project", home: "/home/dev", pathDirs: ["/usr/bin"], mode: "plugin" };
const call = (toolName: string, input: unknown, toolCallId = "call_1") => ({ type: "tool_call", toolName, toolCallId, input });

describe("Pi mapping", () => {
  it("built-in tools become the engine's names; path → file_path, edits' oldText/newText → old_string/new_string", () => {
    expect(piTool("bash", { command: "ls", timeout: 5 })).toEqual({ tool_name: "Bash", tool_input: { command: "ls", timeout: 5 } });
    expect(piTool("read", { path: "a.ts", offset: 2 })).toEqual({ tool_name: "Read", tool_input: { file_path: "a.ts", offset: 2 } });
    expect(piTool("write", { path: "a.ts", content: "x" })).toEqual({ tool_name: "Write", tool_input: { file_path: "a.ts", content: "x" } });
    expect(piTool("edit", { path: "a.ts", edits: [{ oldText: "a", newText: "b" }] })).toEqual({ tool_name: "MultiEdit", tool_input: { file_path: "a.ts", edits: [{ old_string: "a", new_string: "b" }] } });
    expect(piTool("find", { pattern: "*.ts" }).tool_name).toBe("Glob");
    expect(piTool("grep", { pattern: "x", path: "src" })).toEqual({ tool_name: "Grep", tool_input: { pattern: "x", path: "src" } });
    expect(piTool("ls", {}).tool_name).toBe("LS");
    expect(piTool("my_tool", { q: 1 })).toEqual({ tool_name: "my_tool", tool_input: { q: 1 } });
  });

  it("the event: session id, call id, the session's cwd, the front door; tool_result carries content, details, isError", () => {
    const pre = piAdapter.map({ phase: "pre", event: call("bash", { command: "ls" }), sessionId: "s1" }, host);
    expect(pre).toEqual({
      gate: {
        event_type: "pre_tool_use",
        session_id: "s1",
        tool_use_id: "call_1",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        env: { cwd: "/home/dev/project", home: "/home/dev", path_dirs: ["/usr/bin"], additional_dirs: [] },
        binding: { kind: "pi", mode: "plugin", event: "tool_call" },
      },
      context: { phase: "pre" },
    });
    const post = piAdapter.map({ phase: "post", event: { ...call("bash", { command: "ls" }), content: [{ type: "text", text: "a" }], details: null, isError: false } }, host);
    expect(post).toMatchObject({ gate: { event_type: "post_tool_use", tool_result: { content: [{ type: "text", text: "a" }], details: null, is_error: false } }, context: { phase: "post" } });
    expect(piAdapter.map({ phase: "pre", event: { input: {} } }, host)).toHaveProperty("invalid");
    expect(piAdapter.map(null, host)).toHaveProperty("invalid");
  });
});

function decided(verdict: "deny" | "ask" | "hold"): Decision {
  return { ...neutralDecision(), verdict, artifact_id: "r.1", reason: "r.1: because", undecided: false, hold: null };
}

describe("Pi answers", () => {
  const failure = { kind: "bundle" as const, message: "b.json: cannot read bundle (ENOENT)" };
  it("deny is {block, reason}; ask asks the extension to confirm, or blocks saying a person must approve when Pi has no UI; allow and post are silence", () => {
    const pre = { phase: "pre" as const };
    expect(piAdapter.answer(decided("deny"), pre, { grantAllow: false })).toEqual({ stdout: '{"block":true,"reason":"r.1: because"}', stderr: null, exitCode: 0 });
    expect(JSON.parse(piAdapter.answer(decided("ask"), pre, { grantAllow: false }).stdout)).toEqual({ block: true, reason: "r.1: because", ask: true });
    const headless = JSON.parse(piAdapter.answer(decided("ask"), pre, { grantAllow: false, noPerson: true }).stdout);
    expect(headless.ask).toBeUndefined();
    expect(headless.reason).toMatch(/^r\.1: because \[Gatehouse: a person must approve this action\. Nobody can answer a confirmation in Pi without a UI/);
    expect(piAdapter.answer(neutralDecision(), pre, { grantAllow: true }).stdout).toBe("");
    expect(piAdapter.answer(decided("deny"), { phase: "post" }, { grantAllow: false }).stdout).toBe("");
    expect(JSON.parse(piAdapter.failure(failure, "closed", pre).stdout).reason).toMatch(/--on-error closed denies it: b\.json/);
    expect(piAdapter.failure(failure, "open", pre)).toEqual({ stdout: "", stderr: "gatehouse hook pi: b.json: cannot read bundle (ENOENT)", exitCode: 1 });
    expect(piAdapter.failure(failure, "closed", { phase: "post" }).stdout).toBe("");
  });
});

/** Pi's API as the extension sees it: `on` records the handlers; `ctx` as Pi builds it (print mode: no UI). */
function load(extension: ReturnType<typeof createGatehousePiExtension>) {
  const handlers: Record<string, PiHandler[]> = {};
  extension({ on: (event, handler) => void (handlers[event] ??= []).push(handler) });
  return handlers;
}
const ctx = (extra: Partial<PiContext> = {}): PiContext => ({ cwd: "/home/dev/project", hasUI: false, sessionManager: { getSessionId: () => "s1" }, ...extra });

describe("Pi extension", () => {
  it("registers tool_call and tool_result; blocks a deny with the reason, an ask (no UI) with a person-must-approve reason; lets an allow run", async () => {
    const h = load(createGatehousePiExtension());
    expect(Object.keys(h).sort()).toEqual(["tool_call", "tool_result"]);
    const deny = await h.tool_call![0]!(call("bash", { command: "rm -rf ~" }), ctx());
    expect(deny).toMatchObject({ block: true, reason: expect.stringMatching(/^fs\.wipe: /) });
    const ask = await h.tool_call![0]!(call("bash", { command: "git checkout -- ." }), ctx());
    expect(ask?.reason).toMatch(/^git\.discard_worktree: .*Nobody can answer a confirmation in Pi without a UI/);
    expect(ask).not.toHaveProperty("ask");
    expect(await h.tool_call![0]!(call("read", { path: "src/a.ts" }), ctx())).toBeUndefined();
    expect(await h.tool_result![0]!({ ...call("read", { path: "src/a.ts" }), content: [], isError: false }, ctx())).toBeUndefined();
  });

  it("with a UI, an ask is put to the person with ctx.ui.confirm: approved runs, refused blocks with the reason", async () => {
    const h = load(createGatehousePiExtension());
    const asked: string[] = [];
    const ui = (answer: boolean) => ({ confirm: async (_title: string, message: string) => (asked.push(message), answer) });
    expect(await h.tool_call![0]!(call("bash", { command: "git checkout -- ." }), ctx({ hasUI: true, ui: ui(true) }))).toBeUndefined();
    const refused = await h.tool_call![0]!(call("bash", { command: "git checkout -- ." }), ctx({ hasUI: true, ui: ui(false) }));
    expect(refused).toEqual({ block: true, reason: expect.stringMatching(/^git\.discard_worktree: .* \[Gatehouse: not approved\]$/) });
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatch(/^git\.discard_worktree: /);
    // A deny is never put to the person.
    expect(await h.tool_call![0]!(call("bash", { command: "rm -rf ~" }), ctx({ hasUI: true, ui: ui(true) }))).toMatchObject({ block: true });
    expect(asked).toHaveLength(2);
  });

  it("keeps session state in process: a counting bundle fires on the third call of the session", async () => {
    const h = load(createGatehousePiExtension({ bundle: countingBundle(3) }));
    const run = (id: string) => h.tool_call![0]!(call("bash", { command: "ls" }, id), ctx());
    expect(await run("1")).toBeUndefined();
    expect(await run("2")).toBeUndefined();
    expect((await run("3"))?.reason).toMatch(/bash\.count: 3 or more/);
  });

  it("a bundle that does not load: open lets calls run and logs once; closed blocks them", async () => {
    const broken = join(scratchDir("gatehouse-pi-"), "b.json");
    writeFileSync(broken, "{");
    const lines: string[] = [];
    const open = load(createGatehousePiExtension({ bundlePath: broken, log: (l) => lines.push(l) }));
    expect(await open.tool_call![0]!(call("bash", { command: "rm -rf ~" }), ctx())).toBeUndefined();
    expect(await open.tool_call![0]!(call("bash", { command: "rm -rf ~" }), ctx())).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^gatehouse hook pi: .*b\.json: bundle is not JSON/);
    const closed = load(createGatehousePiExtension({ bundlePath: broken, onError: "closed" }));
    expect((await closed.tool_call![0]!(call("bash", { command: "ls" }), ctx()))?.reason).toMatch(/--on-error closed denies it/);
  });

  it("an event Pi could not have sent is refused under the posture, never a TypeError", async () => {
    const lines: string[] = [];
    const open = load(createGatehousePiExtension({ log: (l) => lines.push(l) }));
    const handler = open.tool_call![0]! as (event: unknown, ctx: unknown) => ReturnType<PiHandler>;
    expect(await handler(null, {})).toBeUndefined();
    expect(lines[0]).toMatch(/^gatehouse hook pi: the Pi tool call: the Pi event is not an object$/);
    const closed = load(createGatehousePiExtension({ onError: "closed" })).tool_call![0]! as (event: unknown, ctx: unknown) => ReturnType<PiHandler>;
    expect((await closed({ toolName: 7 }, undefined))?.block).toBe(true);
  });

  it("is exported as gatehouse-guard/pi", async () => {
    const mod = await import("gatehouse-guard/pi");
    expect(typeof mod.default).toBe("function");
    expect(typeof mod.createGatehousePiExtension).toBe("function");
  });
});
