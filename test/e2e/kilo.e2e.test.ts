// Kilo Code CLI, headless (`kilo run`), against the scripted OpenAI Chat Completions endpoint (SSE), with
// Gatehouse's plugin in the project's `.kilo/plugins/gatehouse.js` (written by `gatehouse install kilo`).
import { afterAll, describe, expect, it } from "vitest";
import { kilo } from "./harness/kilo.js";
import { ALLOW, ASK, expectAllowed, expectDenied, expectRan, PUSH, REASON, runText, trial, WIPE, type Trial } from "./harness/scenario.js";

const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

describe("Kilo Code CLI", () => {
  it("control, without Gatehouse: the force push and the home wipe run", async () => {
    const t = keep(await trial(kilo, "control", [PUSH, ALLOW, WIPE], { install: null }));
    expectRan(t, { push: true, wipe: true });
    expectAllowed(t);
  });

  it("installed (the plugin file install kilo writes): deny blocked with the reason at the model, target intact; ask refused as documented; allow runs", async () => {
    const t = keep(await trial(kilo, "plugin", [PUSH, ASK, ALLOW, WIPE], { install: [] }));
    expectDenied(t, "push");
    expectDenied(t, "wipe");
    expectAllowed(t);
    // Ask: a Kilo plugin cannot put a question to a person (OpenCode's plugin API), so it throws a reason saying one must approve.
    expect(t.server.resultOf("ask")?.text, runText(t)).toMatch(REASON.ask);
    expect(t.server.resultOf("ask")!.text, runText(t)).toContain("[Gatehouse: a person must approve this action");
  });
});
