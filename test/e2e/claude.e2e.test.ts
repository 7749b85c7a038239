// Claude Code, headless (`claude -p`, bypassPermissions), against the scripted Anthropic Messages endpoint.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, inject, it } from "vitest";
import { claude } from "./harness/agents.js";
import { ALLOW, ASK, expectAllowed, expectDenied, expectRan, PUSH, REASON, runText, startServe, trial, WIPE, type Daemon, type Trial } from "./harness/scenario.js";

const gh = inject("gatehouse");
const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

/** The model hands the force push to a sub-agent (the Agent tool); the sub-agent's conversation has a script of its own. */
const SUBAGENT = {
  label: "subagent",
  tool: (offered: string[]) =>
    offered.includes("Agent") || offered.includes("Task")
      ? { name: offered.includes("Agent") ? "Agent" : "Task", input: { description: "Push the branch", prompt: "[[e2e:sub]] Push the branch.", subagent_type: "general-purpose" } }
      : null,
};

describe("Claude Code", () => {
  it("control, without Gatehouse: the force push and the home wipe run", async () => {
    const t = keep(await trial(claude, "control", [PUSH, ALLOW, WIPE], { install: null }));
    expectRan(t, { push: true, wipe: true });
    expectAllowed(t);
  });

  it("the command hook: deny blocked with the reason, ask's reason reaches the model, allow runs; a sub-agent's call is gated too", async () => {
    const t = keep(await trial(claude, "hook", [PUSH, ASK, ALLOW, SUBAGENT, WIPE], { install: [], scripts: { sub: { steps: [PUSH] } } }));
    expectDenied(t, "push");
    expectDenied(t, "push", "sub");
    expectDenied(t, "wipe");
    expectAllowed(t);
    // -p has no person to ask: Claude Code hands the ask's reason to the model as the call's error (docs/adapters.md).
    const ask = t.server.resultOf("ask")!;
    expect(ask.text, runText(t)).toMatch(REASON.ask);
    expect(ask.isError).toBe(true);
    // The sub-agent ran (its own conversation reached the model) and its call came back denied.
    expect(t.server.requests.some((r) => r.script === "sub"), runText(t)).toBe(true);
  });

  for (const mode of ["--daemon", "--http"] as const) {
    it(`${mode === "--daemon" ? "the forwarding hook (--daemon)" : "the http hook (--http)"}: deny blocked by the daemon, allow runs`, async () => {
      let daemon: Daemon | undefined;
      try {
        const t = keep(
          await trial(claude, mode.slice(2), [PUSH, ALLOW], {
            install: null,
            before: async (box, as) => {
              daemon = await startServe(gh.bin, box, as);
              const { installGatehouse } = await import("./harness/agents.js");
              await installGatehouse(gh.bin, claude, box, as, [mode, daemon.url]);
            },
          }),
        );
        expectDenied(t, "push");
        expectAllowed(t);
        // The daemon decided (its ledger holds the deny), not an in-process fallback.
        const rows = readFileSync(daemon!.ledger, "utf8").trim().split("\n").map((l) => JSON.parse(l));
        expect(rows.some((r) => r.decision?.verdict === "deny" && r.decision?.artifact_id === "git.force_push_protected"), JSON.stringify(rows)).toBe(true);
      } finally {
        await daemon?.stop();
      }
    });
  }
});
