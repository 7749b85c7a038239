// Gemini CLI, headless (`gemini -p --yolo`), against the scripted Gemini API endpoint (streamGenerateContent, SSE).
import { afterAll, describe, expect, inject, it } from "vitest";
import { gemini, installGatehouse } from "./harness/agents.js";
import { ALLOW, ASK, expectAllowed, expectDenied, expectRan, PUSH, REASON, runText, startServe, trial, WIPE, type Daemon, type Trial } from "./harness/scenario.js";

/** What a headless run's ask comes back as (docs/adapters.md, Gemini CLI: nobody can answer the confirmation). */
const NO_PERSON = "[Gatehouse: a person must approve this action. Nobody can answer a confirmation in a headless Gemini CLI run (gemini -p), so it is denied";

/** The ask step came back to the model as a deny with the rule's reason, and the run went on (the steps after it ran). */
function expectAskDeniedHeadless(t: Trial): void {
  const why = runText(t);
  expect(t.run.exitCode, why).toBe(0);
  expect(t.server.resultOf("ask")?.text, why).toMatch(REASON.ask);
  expect(t.server.resultOf("ask")!.text, why).toContain(NO_PERSON);
}

const gh = inject("gatehouse");
const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

describe("Gemini CLI", () => {
  it("control, without Gatehouse: the force push and the home wipe run", async () => {
    const t = keep(await trial(gemini, "control", [PUSH, ALLOW, WIPE], { install: null }));
    expectRan(t, { push: true, wipe: true });
    expectAllowed(t);
  });

  it("the command hook: deny blocked with the reason (the model reads it as the tool's error); the ask, headless, denied with the reason and the run goes on; allow runs", async () => {
    const t = keep(await trial(gemini, "hook", [PUSH, ASK, ALLOW, WIPE], { install: [] }));
    expectAskDeniedHeadless(t);
    expectDenied(t, "push");
    expectDenied(t, "wipe");
    expectAllowed(t);
  });

  it("the forwarding hook (--daemon): deny blocked, the headless ask denied by the daemon with the reason, allow runs", async () => {
    let daemon: Daemon | undefined;
    try {
      const t = keep(
        await trial(gemini, "daemon", [PUSH, ASK, ALLOW], {
          install: null,
          before: async (box, as) => {
            daemon = await startServe(gh.bin, box, as);
            await installGatehouse(gh.bin, gemini, box, as, ["--daemon", daemon.url]);
          },
        }),
      );
      expectDenied(t, "push");
      expectAskDeniedHeadless(t);
      expectAllowed(t);
    } finally {
      await daemon?.stop();
    }
  });
});
