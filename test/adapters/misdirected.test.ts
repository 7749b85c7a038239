// A hook command wired to the wrong agent (`gatehouse hook claude` in Cursor's
// hooks.json, `hook gemini` in Claude Code's settings) sees events it does not
// gate. Passing them silently would let every call through unread, so another
// agent's gated call is refused as unreadable input under the posture; an
// event no adapter gates (SessionStart, Stop) stays silent.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { ADAPTERS, handleHook, type ErrorPosture, type HookAgent } from "../../src/adapters/index.js";
import type { Engine } from "../../src/engine.js";
import { realEngine } from "../support/engine.js";
import { acp, claude, codex, cursor, gemini } from "../support/hook-payloads.js";

let engine: Engine;
beforeAll(async () => {
  engine = await realEngine(JSON.parse(readFileSync(new URL("../../bundles/default.json", import.meta.url), "utf8")));
});

const run = (agent: HookAgent, payload: unknown, posture: ErrorPosture = "open") =>
  handleHook(ADAPTERS[agent], JSON.stringify(payload), {
    engine,
    store: null,
    host: { cwd: "/home/dev/project", home: "/home/dev", pathDirs: [], mode: "hook" },
    nowMs: 1_767_225_600_000,
    posture,
    grantAllow: false,
    inputName: "stdin",
  });

describe("another agent's hook JSON", () => {
  const cases: [HookAgent, unknown, HookAgent][] = [
    ["claude", cursor.shell("rm -rf ~"), "cursor"],
    ["claude", gemini.before("run_shell_command", { command: "rm -rf ~" }), "gemini"],
    ["gemini", claude.pre("rm -rf ~"), "claude"],
    ["cursor", claude.pre("rm -rf ~"), "claude"],
    ["codex", cursor.read("/home/dev/project/.env"), "cursor"],
    ["cursor", gemini.before("write_file", { file_path: "a", content: "x" }), "gemini"],
  ];

  it.each(cases)("hook %s refuses a gated call of another agent (open: exit 66 naming the right command)", async (agent, payload, other) => {
    const outcome = await run(agent, payload);
    expect(outcome.outcome).toBe("failed");
    expect(outcome.answer.exitCode).toBe(66);
    expect(outcome.answer.stdout).toBe("");
    expect(outcome.answer.stderr).toContain(`holds ${other}'s hook JSON`);
    expect(outcome.answer.stderr).toContain(`run gatehouse hook ${other}`);
  });

  it("under --on-error closed it is that agent's deny", async () => {
    const claudeInCursor = await run("cursor", claude.pre("ls"), "closed");
    expect(JSON.parse(claudeInCursor.answer.stdout)).toMatchObject({ permission: "deny" });
    const cursorInClaude = await run("claude", cursor.shell("ls"), "closed");
    expect(cursorInClaude.answer.exitCode).toBe(2);
  });

  it("events no adapter gates stay silent, and an agent's own ungated events too", async () => {
    for (const [agent, payload] of [
      ["gemini", claude.sessionStart],
      ["claude", gemini.sessionStart],
      ["cursor", claude.stop],
      ["claude", cursor.prompt],
      ["cursor", cursor.prompt],
      ["claude", claude.notification],
      ["acp", acp.update],
    ] as [HookAgent, unknown][]) {
      const outcome = await run(agent, payload);
      expect(outcome, `${agent} ${JSON.stringify(payload).slice(0, 60)}`).toMatchObject({ outcome: "ignored", answer: { stdout: "", exitCode: 0 } });
    }
  });

  it("Claude and Codex share a protocol: each reads the other's PreToolUse", async () => {
    expect((await run("codex", claude.pre("rm -rf ~"))).outcome).toBe("answered");
    expect((await run("claude", codex.pre("Bash", { command: "rm -rf ~" }))).outcome).toBe("answered");
  });
});
