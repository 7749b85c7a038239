// Cline CLI, headless (`cline --json`), offline against the scripted OpenAI Chat Completions endpoint, with
// Gatehouse installed by `gatehouse install cline --project P` from the installation packed for the suite: the
// executable hook file `.clinerules/hooks/PreToolUse` exec-ing the wrapped `gatehouse hook cline --daemon auto`.
// A Cline hook can only stop the whole run before the tool runs (`{cancel: true, errorMessage}`), so each
// blocked step is a run of its own. Cline 3.0.65 shows that reason nowhere (measured: `--json` ends with an
// `agent_error` event without it, text mode prints "[abort] aborted by another client", exit 0 either way), so
// the install also names Gatehouse's ledger, which the test reads.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { gatehouse } from "./harness/agents.js";
import { cline } from "./harness/cline.js";
import { ALLOW, ASK, expectAllowed, expectRan, PUSH, runText, trial, WIPE, type Trial, type TrialOptions } from "./harness/scenario.js";
import type { Sandbox } from "./harness/sandbox.js";

const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

const ledgerOf = (box: Sandbox) => join(box.root, "ledger.jsonl");
/** What the hook decided, from its ledger: [verdict, rule] per call. */
const decided = (t: Trial): string[] =>
  existsSync(ledgerOf(t.box)) ? readFileSync(ledgerOf(t.box), "utf8").split("\n").filter(Boolean).map((l) => { const r = JSON.parse(l); return `${r.decision?.verdict ?? r.verdict} ${r.decision?.artifact_id ?? r.artifact_id}`; }) : [];

/** A blocked step: the tool never ran (no result went back), the run stopped (`agent_error`), the hook's answer the rule. */
function expectStopped(t: Trial, label: string, rule: string): void {
  const why = runText(t);
  expect(t.run.timedOut, why).toBe(false);
  expect(t.server.resultOf(label), why).toBeUndefined();
  expect(t.run.stdout, why).toContain('"hookEventName":"agent_error"');
  expect(decided(t), why).toContain(rule);
}

/** `gatehouse install cline` (run in the project: the ledger lands beside it, in the sandbox). */
const gated = (label: string, steps: Parameters<typeof trial>[2], before?: TrialOptions["before"]) => trial(cline, label, steps, { install: ["--ledger", "../ledger.jsonl"], before });

describe("Cline CLI", () => {
  it("control, without Gatehouse: the force push and the home wipe run", async () => {
    const t = keep(await trial(cline, "control", [PUSH, ALLOW, WIPE], { install: null }));
    expectRan(t, { push: true, wipe: true });
    expectAllowed(t);
  });

  it("installed (the hook file install cline writes; doctor healthy): an allowed command runs and its output reaches the model; the force push after it stops the run, origin intact", async () => {
    let doctor = "";
    const t = keep(
      await gated("push", [ALLOW, PUSH], async (box, as) => {
        const run = await gatehouse(inject("gatehouse").bin, box, as, ["doctor", "--project", box.project]);
        doctor = `exit ${run.exitCode}\n${run.stdout}${run.stderr}`;
      }),
    );
    expectAllowed(t);
    expect(t.box.originMain(), `origin/main was rewritten\n${runText(t)}`).toBe(t.box.initialOriginMain);
    expectStopped(t, "push", "deny git.force_push_protected");
    expect(doctor).toMatch(/^ok +cline project: self-test: `ls` allowed, `rm -rf ~` denied/m);
    expect(doctor).toMatch(/^healthy: /m);
  });

  it("installed: the home wipe stops the run, the home intact", async () => {
    const t = keep(await gated("wipe", [WIPE]));
    expect(t.box.sentinelIntact(), `the home sentinel was wiped\n${runText(t)}`).toBe(true);
    expectStopped(t, "wipe", "deny fs.wipe");
  });

  it("installed: an ask stops the run too (Cline hooks cannot ask)", async () => {
    const t = keep(await gated("ask", [ASK]));
    expectStopped(t, "ask", "ask git.discard_worktree");
  });
});
