// Qwen Code, headless (`qwen -p --yolo`), offline against the scripted OpenAI Chat Completions endpoint, with
// Gatehouse's hook in the project's `.qwen/settings.json` (Claude Code's hook wire, Gemini CLI's tool names).
import { afterAll, describe, expect, it } from "vitest";
import { qwen } from "./harness/agents.js";
import { ALLOW, ASK, expectAllowed, expectDenied, expectRan, PUSH, REASON, runText, trial, WIPE, type Trial } from "./harness/scenario.js";

const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

describe("Qwen Code", () => {
  it("control, without Gatehouse: the force push and the home wipe run", async () => {
    const t = keep(await trial(qwen, "control", [PUSH, ALLOW, WIPE], { install: null }));
    expectRan(t, { push: true, wipe: true });
    expectAllowed(t);
  });

  it("the command hook: deny blocked with the reason at the model, an ask denied headless with its reason, allow runs", async () => {
    const t = keep(await trial(qwen, "hook", [PUSH, ASK, ALLOW, WIPE], { install: [] }));
    expectDenied(t, "push");
    expectDenied(t, "wipe");
    expectAllowed(t);
    // `qwen -p` has nobody to confirm: Qwen turns the ask into a deny carrying the ask's reason (docs/adapters.md).
    expect(t.server.resultOf("ask")?.text, runText(t)).toMatch(REASON.ask);
  });
});
