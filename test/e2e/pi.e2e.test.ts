// Pi, headless (`pi -p`, print mode), offline against the scripted OpenAI Chat Completions endpoint, with
// Gatehouse's extension in the project's `.pi/extensions/gatehouse.js` (written by `gatehouse install pi`).
import { afterAll, describe, expect, it } from "vitest";
import { pi } from "./harness/agents.js";
import { ALLOW, ASK, expectAllowed, expectDenied, expectRan, PUSH, REASON, runText, trial, WIPE, type Trial } from "./harness/scenario.js";

const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

describe("Pi", () => {
  it("control, without Gatehouse: the force push and the home wipe run", async () => {
    const t = keep(await trial(pi, "control", [PUSH, ALLOW, WIPE], { install: null }));
    expectRan(t, { push: true, wipe: true });
    expectAllowed(t);
  });

  it("the extension install pi writes: deny blocked with the reason at the model, target intact; an ask blocked with its reason (print mode has no UI); allow runs", async () => {
    const t = keep(await trial(pi, "extension", [PUSH, ASK, ALLOW, WIPE], { install: [] }));
    expectDenied(t, "push");
    expectDenied(t, "wipe");
    expectAllowed(t);
    // `pi -p` has no UI (ctx.hasUI false): the ask is blocked with its reason and says a person must approve (docs/adapters.md).
    const ask = t.server.resultOf("ask")?.text;
    expect(ask, runText(t)).toMatch(REASON.ask);
    expect(ask, runText(t)).toContain("Nobody can answer a confirmation in Pi without a UI");
  });
});
