// Factory Droid, headless (`droid exec --skip-permissions-unsafe`), offline against the scripted OpenAI Chat
// Completions endpoint as a BYOK model, with Gatehouse's hook in the project's `.factory/settings.json` (Claude
// Code's hook wire, Droid's tool names: the shell tool is `Execute`).
import { afterAll, describe, expect, it } from "vitest";
import { droid } from "./harness/agents.js";
import { ALLOW, ASK, expectAllowed, expectDenied, expectRan, PUSH, REASON, runText, trial, WIPE, type Trial } from "./harness/scenario.js";

const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

describe("Factory Droid", () => {
  it("control, without Gatehouse: the force push and the home wipe run through Execute", async () => {
    const t = keep(await trial(droid, "control", [PUSH, ALLOW, WIPE], { install: null }));
    expectRan(t, { push: true, wipe: true });
    expectAllowed(t);
    expect(t.server.calls.map((c) => c.name)).toEqual(["Execute", "Execute", "Execute"]);
  });

  it("the command hook: deny blocked with the reason at the model, an ask denied with its reason, allow runs", async () => {
    const t = keep(await trial(droid, "hook", [PUSH, ASK, ALLOW, WIPE], { install: [] }));
    expectDenied(t, "push");
    expectDenied(t, "wipe");
    expectAllowed(t);
    // Droid only logs a hook's ask and runs the call: Gatehouse answers an ask as a deny saying a person must approve.
    const ask = t.server.resultOf("ask")?.text;
    expect(ask, runText(t)).toMatch(REASON.ask);
    expect(ask, runText(t)).toMatch(/a person must approve this action/);
  });
});
