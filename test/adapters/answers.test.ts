// Every adapter's answer to allow / ask / hold / deny / a failure, byte for
// byte (docs/cli.md "hook" and docs/adapters.md list the same table).
import { describe, expect, it } from "vitest";
import { ADAPTERS } from "../../src/adapters/index.js";
import { kiloAdapter } from "../../src/adapters/kilo.js";
import { openCodeAdapter } from "../../src/adapters/opencode.js";
import type { AcpContext } from "../../src/adapters/acp.js";
import type { CursorContext } from "../../src/adapters/cursor.js";
import { neutralDecision, type Decision, type Verdict } from "../../src/model/decision.js";

function decided(verdict: Verdict, reason = "r.1: because"): Decision {
  return {
    ...neutralDecision(),
    verdict,
    artifact_id: "r.1",
    reason,
    undecided: false,
    hold: verdict === "hold" ? { resolve: "ask_human", directive_template_id: null, max_attempts: null, timeout_s: null, on_timeout: null, verdict_on_approve: null, verdict_on_reject: null } : null,
  };
}
const allow = neutralDecision();
const opts = { grantAllow: false };
const grant = { grantAllow: true };
const HOLD_NOTE = "[Gatehouse: this rule holds the action for resolution by ask_human; a hook has no resolver, so you are asked instead]";
const pre = { hookEvent: "PreToolUse", phase: "pre" as const };
const post = { hookEvent: "PostToolUse", phase: "post" as const };
const failure = { kind: "bundle" as const, message: "b.json: cannot read bundle (ENOENT)" };
const CLOSED = "Gatehouse could not evaluate this action and --on-error closed denies it: b.json: cannot read bundle (ENOENT)";

describe("Claude Code", () => {
  const a = ADAPTERS.claude;
  it("deny and ask are hookSpecificOutput; allow is silence unless --grant-allow", () => {
    expect(a.answer(decided("deny"), pre, opts)).toEqual({
      stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r.1: because"}}',
      stderr: null,
      exitCode: 0,
    });
    expect(a.answer(decided("ask"), pre, opts).stdout).toBe('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"r.1: because"}}');
    expect(a.answer(decided("hold"), pre, opts).stdout).toBe(
      `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"r.1: because ${HOLD_NOTE}"}}`,
    );
    expect(a.answer(allow, pre, opts)).toEqual({ stdout: "", stderr: null, exitCode: 0 });
    expect(a.answer(allow, pre, grant).stdout).toBe(
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"Gatehouse: no rule objects to this action"}}',
    );
  });
  it("post events: deny is decision block, ask a message to the person, allow silence", () => {
    expect(a.answer(decided("deny"), post, opts).stdout).toBe('{"decision":"block","reason":"r.1: because"}');
    expect(a.answer(decided("ask"), post, opts).stdout).toBe('{"systemMessage":"Gatehouse: r.1: because"}');
    expect(a.answer(allow, post, grant).stdout).toBe("");
  });
  it("failures: open exits non-blocking with one stderr line, closed exits 2", () => {
    expect(a.failure(failure, "open", null)).toEqual({ stdout: "", stderr: "gatehouse hook claude: b.json: cannot read bundle (ENOENT)", exitCode: 1 });
    expect(a.failure({ ...failure, kind: "input" }, "open", null).exitCode).toBe(66);
    expect(a.failure({ ...failure, kind: "internal" }, "open", null).exitCode).toBe(70);
    expect(a.failure(failure, "closed", null)).toEqual({ stdout: "", stderr: `gatehouse hook claude: ${CLOSED}`, exitCode: 2 });
  });
});

describe("Codex", () => {
  const a = ADAPTERS.codex;
  const MUST = "[Gatehouse: a person must approve this action. Codex hooks cannot ask, so it is denied; if it is wanted, a person can run it themselves]";
  it("ask and hold become a deny whose reason says a person must approve; allow is always silence", () => {
    expect(a.answer(decided("deny"), pre, opts).stdout).toBe('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r.1: because"}}');
    expect(a.answer(decided("ask"), pre, opts).stdout).toBe(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r.1: because ${MUST}"}}`);
    expect(JSON.parse(a.answer(decided("hold"), pre, opts).stdout).hookSpecificOutput.permissionDecisionReason).toContain("holds it for a person");
    expect(a.answer(allow, pre, grant).stdout).toBe("");
  });
  it("a reason loses its final stop: Codex shows it as `…: <reason>. Command: <command>`", () => {
    const ended = decided("deny", "r.1: because.");
    expect(JSON.parse(a.answer(ended, pre, opts).stdout).hookSpecificOutput.permissionDecisionReason).toBe("r.1: because");
    expect(JSON.parse(a.answer(decided("deny", "r.1: a.b... \n"), pre, opts).stdout).hookSpecificOutput.permissionDecisionReason).toBe("r.1: a.b");
    expect(JSON.parse(a.answer(decided("ask", "r.1: because."), pre, opts).stdout).hookSpecificOutput.permissionDecisionReason).toBe(`r.1: because. ${MUST}`);
  });
  it("failures as Claude Code's: exit 2 with stderr blocks", () => {
    expect(a.failure(failure, "closed", null)).toEqual({ stdout: "", stderr: `gatehouse hook codex: ${CLOSED}`, exitCode: 2 });
    expect(a.failure(failure, "open", null).exitCode).toBe(1);
  });
});

describe("Gemini CLI", () => {
  const a = ADAPTERS.gemini;
  const before = { hookEvent: "BeforeTool", phase: "pre" as const };
  const after = { hookEvent: "AfterTool", phase: "post" as const };
  it("{decision, reason}", () => {
    expect(a.answer(decided("deny"), before, opts).stdout).toBe('{"decision":"deny","reason":"r.1: because"}');
    expect(a.answer(decided("ask"), before, opts).stdout).toBe('{"decision":"ask","reason":"r.1: because","systemMessage":"Gatehouse: r.1: because"}');
    expect(a.answer(decided("hold"), before, opts).stdout).toBe(`{"decision":"ask","reason":"r.1: because ${HOLD_NOTE}","systemMessage":"Gatehouse: r.1: because ${HOLD_NOTE}"}`);
    expect(a.answer(allow, before, opts).stdout).toBe("");
    expect(a.answer(allow, before, grant).stdout).toBe('{"decision":"allow"}');
    expect(a.answer(decided("deny"), after, opts).stdout).toBe('{"decision":"deny","reason":"r.1: because"}');
    expect(a.answer(decided("ask"), after, opts).stdout).toBe('{"systemMessage":"Gatehouse: r.1: because"}');
  });
  it("failures", () => {
    expect(a.failure(failure, "closed", null).exitCode).toBe(2);
    expect(a.failure(failure, "open", null).exitCode).toBe(1);
  });
});

describe("Cursor", () => {
  const a = ADAPTERS.cursor;
  const shell: CursorContext = { hookEvent: "beforeShellExecution", answer: "full" };
  const read: CursorContext = { hookEvent: "beforeReadFile", answer: "permission" };
  const after: CursorContext = { hookEvent: "afterShellExecution", answer: "none" };
  it("{permission, user_message, agent_message}; beforeReadFile {permission} only, its ask a deny", () => {
    expect(a.answer(decided("deny"), shell, opts).stdout).toBe('{"permission":"deny","user_message":"r.1: because","agent_message":"r.1: because"}');
    expect(a.answer(decided("ask"), shell, opts).stdout).toBe('{"permission":"ask","user_message":"r.1: because","agent_message":"r.1: because"}');
    expect(a.answer(decided("hold"), shell, opts).stdout).toBe(`{"permission":"ask","user_message":"r.1: because ${HOLD_NOTE}","agent_message":"r.1: because ${HOLD_NOTE}"}`);
    expect(a.answer(allow, shell, opts).stdout).toBe("");
    expect(a.answer(allow, shell, grant).stdout).toBe('{"permission":"allow"}');
    expect(a.answer(decided("deny"), read, opts).stdout).toBe('{"permission":"deny"}');
    expect(a.answer(decided("ask"), read, opts).stdout).toBe('{"permission":"deny"}');
    expect(a.answer(decided("deny"), after, opts).stdout).toBe("");
  });
  it("closed failure is a deny on stdout (exit 0); open exits non-blocking", () => {
    expect(a.failure(failure, "closed", null)).toEqual({
      stdout: `{"permission":"deny","user_message":"${CLOSED}","agent_message":"${CLOSED}"}`,
      stderr: "gatehouse hook cursor: b.json: cannot read bundle (ENOENT)",
      exitCode: 0,
    });
    expect(a.failure(failure, "closed", read).stdout).toBe('{"permission":"deny"}');
    expect(a.failure(failure, "open", shell)).toEqual({ stdout: "", stderr: "gatehouse hook cursor: b.json: cannot read bundle (ENOENT)", exitCode: 1 });
  });
});

describe("GitHub Copilot CLI", () => {
  const a = ADAPTERS.copilot;
  const cpre = { phase: "pre" as const };
  it("{permissionDecision, permissionDecisionReason} on stdout, exit 0; allow is silence unless --grant-allow; post never answers", () => {
    expect(a.answer(decided("deny"), cpre, opts)).toEqual({ stdout: '{"permissionDecision":"deny","permissionDecisionReason":"r.1: because"}', stderr: null, exitCode: 0 });
    expect(a.answer(decided("ask"), cpre, opts).stdout).toBe('{"permissionDecision":"ask","permissionDecisionReason":"r.1: because"}');
    expect(a.answer(decided("hold"), cpre, opts).stdout).toBe(`{"permissionDecision":"ask","permissionDecisionReason":"r.1: because ${HOLD_NOTE}"}`);
    expect(a.answer(allow, cpre, opts).stdout).toBe("");
    expect(a.answer(allow, cpre, grant).stdout).toBe('{"permissionDecision":"allow"}');
    expect(a.answer(decided("deny"), { phase: "post" }, opts).stdout).toBe("");
  });
  it("Copilot denies on any non-zero exit: open is exit 0 with the line on stderr, closed the deny JSON", () => {
    expect(a.failure(failure, "open", cpre)).toEqual({ stdout: "", stderr: "gatehouse hook copilot: b.json: cannot read bundle (ENOENT)", exitCode: 0 });
    expect(a.failure(failure, "closed", null)).toEqual({
      stdout: `{"permissionDecision":"deny","permissionDecisionReason":"${CLOSED}"}`,
      stderr: "gatehouse hook copilot: b.json: cannot read bundle (ENOENT)",
      exitCode: 0,
    });
  });
});

describe("Qwen Code", () => {
  const a = ADAPTERS.qwen;
  it("Claude Code's answers (hookSpecificOutput.permissionDecision; allow silent unless --grant-allow; post feedback); exit 2 closed", () => {
    for (const verdict of ["deny", "ask", "hold"] as const) expect(a.answer(decided(verdict), pre, opts)).toEqual(ADAPTERS.claude.answer(decided(verdict), pre, opts));
    expect(a.answer(decided("deny"), pre, opts).stdout).toBe('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r.1: because"}}');
    expect(a.answer(allow, pre, opts).stdout).toBe("");
    expect(JSON.parse(a.answer(allow, pre, grant).stdout).hookSpecificOutput.permissionDecision).toBe("allow");
    expect(a.answer(decided("deny"), post, opts).stdout).toBe('{"decision":"block","reason":"r.1: because"}');
    expect(a.failure(failure, "closed", pre)).toEqual({ stdout: "", stderr: `gatehouse hook qwen: ${CLOSED}`, exitCode: 2 });
    expect(a.failure(failure, "open", pre)).toMatchObject({ stdout: "", exitCode: 1 });
  });
});

describe("Factory Droid", () => {
  const a = ADAPTERS.droid;
  it("deny as Claude Code; ask a deny saying a person must approve (Droid only logs an ask); post deny exit 2 with the reason", () => {
    expect(a.answer(decided("deny"), pre, opts).stdout).toBe('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r.1: because"}}');
    for (const verdict of ["ask", "hold"] as const) {
      const out = JSON.parse(a.answer(decided(verdict), pre, opts).stdout).hookSpecificOutput;
      expect(out.permissionDecision).toBe("deny");
      expect(out.permissionDecisionReason).toMatch(/^r\.1: because \[Gatehouse: a person must approve this action.*Factory Droid hooks cannot ask/);
    }
    expect(a.answer(allow, pre, opts).stdout).toBe("");
    expect(JSON.parse(a.answer(allow, pre, grant).stdout).hookSpecificOutput.permissionDecision).toBe("allow");
    expect(a.answer(decided("deny"), post, opts)).toEqual({ stdout: "", stderr: "r.1: because", exitCode: 2 });
    expect(a.answer(decided("ask"), post, opts).stdout).toBe('{"systemMessage":"Gatehouse: r.1: because"}');
    expect(a.answer(allow, post, opts).stdout).toBe("");
    expect(a.failure(failure, "closed", pre)).toEqual({ stdout: "", stderr: `gatehouse hook droid: ${CLOSED}`, exitCode: 2 });
    expect(a.failure(failure, "open", pre)).toMatchObject({ stdout: "", exitCode: 1 });
  });
});

describe("ACP", () => {
  const a = ADAPTERS.acp;
  const perm: AcpContext = {
    id: 7,
    method: "session/request_permission",
    options: [
      { optionId: "allow-1", kind: "allow_once" },
      { optionId: "reject-all", kind: "reject_always" },
      { optionId: "reject-1", kind: "reject_once" },
    ],
  };
  const term: AcpContext = { id: "t-9", method: "terminal/create", options: [] };
  it("deny is a JSON-RPC error carrying the reason (data names the reject option a client may select instead); ask and allow print nothing", () => {
    const denied = (options: AcpContext["options"], rejectOption: string | null) =>
      JSON.stringify({ jsonrpc: "2.0", id: 7, error: { code: -32001, message: "r.1: because", data: { verdict: "deny", reject_option: rejectOption } } });
    expect(a.answer(decided("deny"), perm, opts)).toEqual({ stdout: denied(perm.options, "reject-1"), stderr: "gatehouse hook acp: deny: r.1: because", exitCode: 2 });
    expect(a.answer(decided("deny"), { ...perm, options: perm.options.slice(0, 2) }, opts).stdout).toBe(denied([], "reject-all"));
    expect(a.answer(decided("deny"), { ...perm, options: perm.options.slice(0, 1) }, opts).stdout).toBe(denied([], null));
    expect(a.answer(decided("ask"), perm, opts)).toEqual({ stdout: "", stderr: "gatehouse hook acp: ask: r.1: because", exitCode: 3 });
    expect(a.answer(decided("hold"), perm, opts)).toEqual({ stdout: "", stderr: `gatehouse hook acp: ask: r.1: because ${HOLD_NOTE}`, exitCode: 3 });
    expect(a.answer(allow, perm, opts)).toEqual({ stdout: "", stderr: null, exitCode: 0 });
    expect(a.answer(allow, perm, grant).stdout).toBe('{"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"selected","optionId":"allow-1"}}}');
  });
  it("terminal/create: deny is a JSON-RPC error whose message is the reason", () => {
    expect(a.answer(decided("deny"), term, opts).stdout).toBe('{"jsonrpc":"2.0","id":"t-9","error":{"code":-32001,"message":"r.1: because"}}');
    expect(a.answer(allow, term, grant).stdout).toBe("");
  });
  it("closed failures refuse the request by its id; unparsable input gets a parse error with id null", () => {
    expect(JSON.parse(a.failure(failure, "closed", perm).stdout)).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32001, message: CLOSED, data: { verdict: "deny", reject_option: "reject-1" } } });
    expect(a.failure(failure, "closed", null, undefined).stdout).toBe(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"${CLOSED}"}}`);
    expect(a.failure(failure, "closed", null, { jsonrpc: "2.0", id: 3, method: "terminal/create" }).stdout).toBe(
      `{"jsonrpc":"2.0","id":3,"error":{"code":-32001,"message":"${CLOSED}"}}`,
    );
    expect(a.failure(failure, "open", perm)).toEqual({ stdout: "", stderr: "gatehouse hook acp: b.json: cannot read bundle (ENOENT)", exitCode: 1 });
  });
});

describe("OpenCode plugin adapter", () => {
  it("deny and ask block (exit 2: the plugin throws the line); allow and post events do not", () => {
    expect(openCodeAdapter.answer(decided("deny"), { phase: "pre" }, opts)).toEqual({ stdout: "", stderr: "r.1: because", exitCode: 2 });
    expect(openCodeAdapter.answer(decided("ask"), { phase: "pre" }, opts).stderr).toContain("a person must approve this action");
    expect(openCodeAdapter.answer(allow, { phase: "pre" }, opts).exitCode).toBe(0);
    expect(openCodeAdapter.answer(decided("deny"), { phase: "post" }, opts).exitCode).toBe(0);
    expect(openCodeAdapter.failure(failure, "closed", { phase: "pre" }).exitCode).toBe(2);
    expect(openCodeAdapter.failure(failure, "closed", { phase: "post" }).exitCode).toBe(1);
  });
  it("Kilo Code's answers are OpenCode's, with its own name", () => {
    expect(kiloAdapter.answer(decided("deny"), { phase: "pre" }, opts)).toEqual({ stdout: "", stderr: "r.1: because", exitCode: 2 });
    expect(kiloAdapter.answer(decided("ask"), { phase: "pre" }, opts).stderr).toContain("a person must approve this action. Kilo Code plugin hooks cannot ask");
    expect(kiloAdapter.answer(allow, { phase: "pre" }, opts).exitCode).toBe(0);
    expect(kiloAdapter.failure(failure, "open", { phase: "pre" }).stderr).toMatch(/^gatehouse hook kilo: /);
  });
});
