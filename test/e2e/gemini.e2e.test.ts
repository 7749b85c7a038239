// Gemini CLI, headless (`gemini -p --yolo`), against the scripted Gemini API endpoint (streamGenerateContent, SSE).
import { afterAll, describe, inject, it } from "vitest";
import { gemini, installGatehouse } from "./harness/agents.js";
import { ALLOW, expectAllowed, expectDenied, expectRan, PUSH, startServe, trial, WIPE, type Daemon, type Trial } from "./harness/scenario.js";

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

  it("the command hook: deny blocked with the reason (the model reads it as the tool's error), allow runs", async () => {
    const t = keep(await trial(gemini, "hook", [PUSH, ALLOW, WIPE], { install: [] }));
    expectDenied(t, "push");
    expectDenied(t, "wipe");
    expectAllowed(t);
  });

  it("the forwarding hook (--daemon): deny blocked, allow runs", async () => {
    let daemon: Daemon | undefined;
    try {
      const t = keep(
        await trial(gemini, "daemon", [PUSH, ALLOW], {
          install: null,
          before: async (box, as) => {
            daemon = await startServe(gh.bin, box, as);
            await installGatehouse(gh.bin, gemini, box, as, ["--daemon", daemon.url]);
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
