// The in-process front doors: the OpenCode plugin (`gatehouse-guard/opencode`) and
// the ACP gate for embedding hosts (`gatehouse-guard/acp`), through the package's
// own exports.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createGatehouseKiloPlugin } from "../../src/node/kilo-plugin.js";
import { createGatehousePlugin } from "../../src/node/opencode-plugin.js";
import { createAcpGate } from "../../src/node/acp-gate.js";
import { acp, countingBundle } from "../support/hook-payloads.js";
import { scratchDir } from "../support/scratch.js";

describe("OpenCode plugin", () => {
  it("blocks a deny and an ask by throwing the reason; lets an allow run", async () => {
    const hooks = await createGatehousePlugin()({ directory: "/home/dev/project" });
    await expect(hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "c1" }, { args: { command: "rm -rf ~" } })).rejects.toThrow(/^fs\.wipe: /);
    await expect(hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "c2" }, { args: { command: 'bash -c "$X"' } })).rejects.toThrow(/a person must approve this action/);
    await expect(hooks["tool.execute.before"]({ tool: "read", sessionID: "s", callID: "c3" }, { args: { filePath: "/home/dev/project/src/a.ts" } })).resolves.toBeUndefined();
    await expect(hooks["tool.execute.after"]({ tool: "read", sessionID: "s", callID: "c3" }, { title: "a", output: "x", metadata: {} })).resolves.toBeUndefined();
  });

  it("keeps session state in process: a counting bundle fires on the third call", async () => {
    const hooks = await createGatehousePlugin({ bundle: countingBundle(3) })({ directory: "/w" });
    const call = (id: string) => hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: id }, { args: { command: "ls" } });
    await call("1");
    await call("2");
    await expect(call("3")).rejects.toThrow(/bash\.count: 3 or more/);
  });

  it("a bundle that does not load: open lets calls run and logs once; closed blocks them", async () => {
    const dir = scratchDir("gatehouse-oc-");
    const broken = join(dir, "b.json");
    writeFileSync(broken, "{");
    const lines: string[] = [];
    const open = await createGatehousePlugin({ bundlePath: broken, log: (l) => lines.push(l) })({});
    await open["tool.execute.before"]({ tool: "bash", sessionID: "s" }, { args: { command: "rm -rf ~" } });
    await open["tool.execute.before"]({ tool: "bash", sessionID: "s" }, { args: { command: "rm -rf ~" } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^gatehouse hook opencode: .*b\.json: bundle is not JSON/);
    const closed = await createGatehousePlugin({ bundlePath: broken, onError: "closed" })({});
    await expect(closed["tool.execute.before"]({ tool: "bash", sessionID: "s" }, { args: { command: "ls" } })).rejects.toThrow(/--on-error closed denies it/);
  });

  it("a malformed call from the host is refused under the posture, never a TypeError", async () => {
    const lines: string[] = [];
    const open = await createGatehousePlugin({ log: (l) => lines.push(l) })({});
    const before = open["tool.execute.before"] as (input: unknown, output: unknown) => Promise<void>;
    const after = open["tool.execute.after"] as (input: unknown, output: unknown) => Promise<void>;
    await expect(before(null, null)).resolves.toBeUndefined();
    await expect(after(undefined, undefined)).resolves.toBeUndefined();
    expect(lines[0]).toMatch(/^gatehouse hook opencode: the OpenCode tool call: the tool call has no tool name$/);
    const closed = await createGatehousePlugin({ onError: "closed" })({});
    await expect((closed["tool.execute.before"] as (i: unknown, o: unknown) => Promise<void>)(null, { args: {} })).rejects.toThrow(/--on-error closed denies it/);
  });

  it("Kilo Code's plugin (gatehouse-guard/kilo): OpenCode's, with Kilo's tools — a background_process start is judged as a shell command", async () => {
    const hooks = await createGatehouseKiloPlugin()({ directory: "/home/dev/project" });
    await expect(hooks["tool.execute.before"]({ tool: "background_process", sessionID: "s", callID: "k1" }, { args: { action: "start", command: "rm -rf ~" } })).rejects.toThrow(/^fs\.wipe: /);
    await expect(hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "k2" }, { args: { command: 'bash -c "$X"' } })).rejects.toThrow(/Kilo Code plugin hooks cannot ask/);
    await expect(hooks["tool.execute.before"]({ tool: "background_process", sessionID: "s", callID: "k3" }, { args: { action: "start", command: "npm run dev" } })).resolves.toBeUndefined();
    const mod = await import("gatehouse-guard/kilo");
    expect(typeof mod.GatehouseKiloPlugin).toBe("function");
  });

  it("is exported as gatehouse/opencode", async () => {
    const mod = await import("gatehouse-guard/opencode");
    expect(typeof mod.GatehousePlugin).toBe("function");
    expect(typeof mod.createGatehousePlugin).toBe("function");
  });
});

describe("ACP gate (library)", () => {
  it("answers like `gatehouse hook acp`: a JSON-RPC error carrying the reason for a deny, nothing for ask and allow", async () => {
    const gate = await createAcpGate({ cwd: "/home/dev/project" });
    const deny = await gate.check(acp.permission({ command: "rm", args: ["-rf", "/"] }));
    expect(deny.response).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32001, message: deny.reason, data: { verdict: "deny", reject_option: "reject-1" } } });
    expect(deny.verdict).toBe("deny");
    expect(deny.reason).toMatch(/^fs\.wipe: /);
    const ask = await gate.check(acp.permission('bash -c "$X"'));
    expect(ask).toMatchObject({ response: null, verdict: "ask" });
    const allow = await gate.check(acp.terminal("ls", ["-la"]));
    expect(allow).toMatchObject({ response: null, verdict: "allow", reason: null });
    const ignored = await gate.check(acp.update);
    expect(ignored).toMatchObject({ response: null, verdict: null, decision: null });
    const terminal = await gate.check(acp.terminal("git", ["reset", "--hard"]));
    expect(terminal.response).toMatchObject({ jsonrpc: "2.0", id: 8, error: { code: -32001 } });
  });

  it("a permission request without kind takes the kind of the session/update tool_call with its id (claude-code-acp)", async () => {
    const gate = await createAcpGate({ cwd: "/home/dev/project" });
    const update = (kind: string) => ({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "sess-1", update: { sessionUpdate: "tool_call", toolCallId: "tc-1", title: "x", kind, status: "pending", rawInput: {} } } });
    // rawInput with only a description cannot be placed by its shape: asked, never skipped.
    const request = acp.permission({ description: "remove the build" }, undefined, null);
    expect((await gate.check(request)).verdict).toBe("ask");
    // The update said it is a sub-agent (think): not gated.
    expect(await gate.check(update("think"))).toMatchObject({ response: null, verdict: null });
    expect((await gate.check(request)).verdict).toBe(null);
    // The same id in another session is not this one.
    const other = { ...request, params: { ...request.params, sessionId: "sess-2" } };
    expect((await gate.check(other)).verdict).toBe("ask");
    // A later update for the id replaces the kind: rawInput alone would read as a read of ~/.bashrc; the update says edit, so it is that write.
    await gate.check(update("edit"));
    const edit = await gate.check(acp.permission({ file_path: "/home/dev/.bashrc" }, undefined, null));
    expect(edit.decision?.effects).toEqual([expect.objectContaining({ verb: "write", attrs: expect.objectContaining({ persistence: expect.any(String) }) })]);
  });

  it("closed posture refuses what it cannot read", async () => {
    const gate = await createAcpGate({ onError: "closed" });
    const bad = await gate.check({ jsonrpc: "2.0", id: 4, method: "session/request_permission", params: "nope" });
    expect(bad.response).toMatchObject({ id: 4, error: { code: -32001 } });
    expect(bad.verdict).toBe("deny");
    expect(bad.errors[0]).toMatch(/^gatehouse hook acp: the ACP request: session\/request_permission has no "params" object$/);
  });

  it("is exported as gatehouse/acp", async () => {
    const mod = await import("gatehouse-guard/acp");
    expect(typeof mod.createAcpGate).toBe("function");
  });
});
