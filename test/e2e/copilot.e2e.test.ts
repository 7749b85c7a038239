// GitHub Copilot CLI, headless (`copilot -p --allow-all-tools`), offline against the scripted OpenAI Chat
// Completions endpoint (a BYOK provider), with Gatehouse's hook in the project's `.github/hooks/`.
import { afterAll, describe, expect, inject, it } from "vitest";
import { copilot, copilotAgent, gatehouse, installGatehouse } from "./harness/agents.js";
import { ALLOW, ASK, expectAllowed, expectDenied, expectRan, PUSH, REASON, runText, startServe, trial, WIPE, type Daemon, type Trial } from "./harness/scenario.js";

const gh = inject("gatehouse");
const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

/** The model hands the force push to a sub-agent (Copilot's `task` tool); the sub-agent's conversation has a script of its own. */
const SUBAGENT = {
  label: "subagent",
  tool: (offered: string[]) =>
    offered.includes("task") ? { name: "task", input: { name: "pusher", description: "Push the branch", prompt: "[[e2e:sub]] Push the branch.", agent_type: "general-purpose", mode: "sync" } } : null,
};

describe("GitHub Copilot CLI", () => {
  it("control, without Gatehouse: the force push and the home wipe run", async () => {
    const t = keep(await trial(copilot, "control", [PUSH, ALLOW, WIPE], { install: null }));
    expectRan(t, { push: true, wipe: true });
    expectAllowed(t);
  });

  it("the command hook: deny blocked with the reason, an ask denied headless with the reason, allow runs; a sub-agent's call is gated too", async () => {
    const t = keep(await trial(copilot, "hook", [PUSH, ASK, ALLOW, SUBAGENT, WIPE], { install: [], scripts: { sub: { steps: [PUSH] } } }));
    expectDenied(t, "push");
    expectDenied(t, "wipe");
    expectAllowed(t);
    expect(t.server.resultOf("push")!.text, runText(t)).toMatch(/^Denied by preToolUse hook: git\.force_push_protected/);
    // -p has no person to ask: Copilot denies the ask, and the model reads the rule's reason (docs/adapters.md).
    expect(t.server.resultOf("ask")?.text, runText(t)).toMatch(/^Denied by preToolUse hook \(unable to ask user for confirmation\): git\.discard_worktree/);
    expect(t.server.resultOf("ask")!.text).toMatch(REASON.ask);
    // The sub-agent ran (its own conversation reached the model) and its call came back denied.
    expect(t.server.requests.some((r) => r.script === "sub"), runText(t)).toBe(true);
    expectDenied(t, "push", "sub");
  });

  it("an untrusted folder: Copilot skips the project's hooks and the push runs — doctor says inactive until the folder is trusted", async () => {
    const untrusted = copilotAgent({ trustProject: false });
    const t = keep(
      await trial(untrusted, "untrusted", [PUSH], {
        install: [],
        before: async (box, as, installed) => {
          expect(installed!.stdout).toContain("trust: not yet — Copilot does not run this hook until then");
          const doctor = await gatehouse(gh.bin, box, as, ["doctor", "--project", box.project]);
          expect(doctor.exitCode, doctor.stdout).toBe(1);
          expect(doctor.stdout).toMatch(/^error  copilot project: inactive: GitHub Copilot CLI does not run this hook/m);
        },
      }),
    );
    expectRan(t, { push: true });
  });

  it("the forwarding hook (--daemon): deny blocked, allow runs", async () => {
    let daemon: Daemon | undefined;
    try {
      const t = keep(
        await trial(copilot, "daemon", [PUSH, ALLOW], {
          install: null,
          before: async (box, as) => {
            daemon = await startServe(gh.bin, box, as);
            await installGatehouse(gh.bin, copilot, box, as, ["--daemon", daemon.url]);
          },
        }),
      );
      expectDenied(t, "push");
      expectAllowed(t);
    } finally {
      await daemon?.stop();
    }
  });
});
