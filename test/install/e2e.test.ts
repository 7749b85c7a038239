// End to end: `gatehouse install <agent>` writes a command; that command, run
// through `sh -c` exactly as the agent runs it (cwd the project, the hook JSON
// on stdin), is the real `gatehouse hook` of this checkout, and denies
// `rm -rf ~` in the agent's own protocol; then doctor finds it healthy.
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runShell } from "../../src/cli/run-shell.js";
import { main } from "../../src/cli/main.js";
import { AGENT_SETTINGS, INSTALL_AGENTS } from "../../src/install/agents.js";
import { installedEntries } from "../../src/install/plan.js";
import { readAnswer, selfTestPayload } from "../../src/install/self-test.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const fresh = () => realpathSync(scratchDir("gatehouse-e2e-"));

describe("the installed command is the real hook", () => {
  const project = fresh();
  const home = fresh();
  const state = fresh();
  const env = { HOME: home, PATH: process.env.PATH ?? "" };

  it("Claude Code: sh -c '<installed command>' denies rm -rf ~ with hookSpecificOutput, and is silent for ls", async () => {
    const m = memoryIo({ cwd: project, env });
    expect(await main(["install", "claude", "--state-dir", state], m.io)).toBe(0);
    const text = readFileSync(join(project, ".claude", "settings.json"), "utf8");
    const command = JSON.parse(text).hooks.PreToolUse[0].hooks[0].command as string;
    const payload = (cmd: string) =>
      JSON.stringify({ session_id: "3f2a", transcript_path: join(home, "t.jsonl"), cwd: project, permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: cmd, description: "x" }, tool_use_id: "toolu_01ABC" });
    const denied = await runShell(command, payload("rm -rf ~"), { cwd: project, env, timeoutMs: 20_000 });
    expect(denied.exitCode).toBe(0);
    const answer = JSON.parse(denied.stdout);
    expect(answer.hookSpecificOutput.hookEventName).toBe("PreToolUse");
    expect(answer.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(answer.hookSpecificOutput.permissionDecisionReason).toMatch(/^fs\.wipe: /);
    const allowed = await runShell(command, payload("ls -la"), { cwd: project, env, timeoutMs: 20_000 });
    expect(allowed).toEqual({ exitCode: 0, stdout: "", stderr: "" });
  });

  it("every agent's installed command answers its own protocol: deny for rm -rf ~, allow for ls", async () => {
    for (const agent of INSTALL_AGENTS) {
      const dir = fresh();
      expect(await main(["install", agent, "--state-dir", state], memoryIo({ cwd: dir, env }).io)).toBe(0);
      const settings = AGENT_SETTINGS[agent];
      const entry = installedEntries(readFileSync(join(dir, settings.projectFile), "utf8"), settings)[0]!;
      const run = (cmd: string) => runShell(String(entry.handler.command), JSON.stringify(selfTestPayload(agent, cmd, dir)), { cwd: dir, env, timeoutMs: 20_000 });
      expect(readAnswer(agent, await run("rm -rf ~")), agent).toBe("deny");
      expect(readAnswer(agent, await run("ls")), agent).toBe("allow");
    }
  });

  it("doctor: installed, the default bundle, the state dir, and the self-test pass", async () => {
    const m = memoryIo({ cwd: project, env });
    expect(await main(["doctor", "--json"], m.io)).toBe(0);
    const report = JSON.parse(m.out[0]!);
    expect(report.healthy).toBe(true);
    const ok = report.findings.filter((f: { level: string }) => f.level === "ok").map((f: { message: string }) => f.message);
    expect(ok).toEqual(expect.arrayContaining([expect.stringMatching(/^self-test: `ls` allowed, `rm -rf ~` denied/), expect.stringMatching(new RegExp(`^state dir ${state} writable`))]));
    expect(report.findings.some((f: { message: string }) => f.message.startsWith("runs another Gatehouse installation"))).toBe(false);
  });
});
