// Cline CLI, headless (`cline --json`), offline against the scripted OpenAI Chat Completions endpoint, with
// Gatehouse as the project's hook file `.clinerules/hooks/PreToolUse` (`exec gatehouse hook cline`, the
// installation packed for the suite). A Cline hook can only stop the whole run before the tool runs
// (`{cancel: true, errorMessage}`), so each blocked step is a run of its own. Cline 3.0.65 shows that reason
// nowhere (measured: `--json` ends with an `agent_error` event without it, text mode prints "[abort] aborted by
// another client", exit 0 either way), so the hook also writes Gatehouse's ledger, which the test reads.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { cline } from "./harness/cline.js";
import { ALLOW, ASK, expectAllowed, expectRan, PUSH, runText, trial, WIPE, type Trial } from "./harness/scenario.js";
import type { Sandbox } from "./harness/sandbox.js";
import { shellQuote } from "../../src/shell-words.js";

const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

/** The hook file, as docs/adapters.md shows it: a shell script Cline runs with the payload on stdin. */
function hookFile(box: Sandbox): void {
  const dir = join(box.project, ".clinerules/hooks");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "PreToolUse"), `#!/bin/sh\nexec ${shellQuote([inject("gatehouse").bin, "hook", "cline", "--ledger", ledgerOf(box)])}\n`);
  chmodSync(join(dir, "PreToolUse"), 0o755);
  box.chown();
}

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

const gated = (label: string, steps: Parameters<typeof trial>[2]) => trial(cline, label, steps, { install: null, before: (box) => hookFile(box) });

describe("Cline CLI", () => {
  it("control, without Gatehouse: the force push and the home wipe run", async () => {
    const t = keep(await trial(cline, "control", [PUSH, ALLOW, WIPE], { install: null }));
    expectRan(t, { push: true, wipe: true });
    expectAllowed(t);
  });

  it("the hook file: an allowed command runs and its output reaches the model; the force push after it stops the run, origin intact", async () => {
    const t = keep(await gated("push", [ALLOW, PUSH]));
    expectAllowed(t);
    expect(t.box.originMain(), `origin/main was rewritten\n${runText(t)}`).toBe(t.box.initialOriginMain);
    expectStopped(t, "push", "deny git.force_push_protected");
  });

  it("the hook file: the home wipe stops the run, the home intact", async () => {
    const t = keep(await gated("wipe", [WIPE]));
    expect(t.box.sentinelIntact(), `the home sentinel was wiped\n${runText(t)}`).toBe(true);
    expectStopped(t, "wipe", "deny fs.wipe");
  });

  it("the hook file: an ask stops the run too (Cline hooks cannot ask)", async () => {
    const t = keep(await gated("ask", [ASK]));
    expectStopped(t, "ask", "ask git.discard_worktree");
  });
});
