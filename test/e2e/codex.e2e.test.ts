// Codex, headless (`codex exec`, approvals and sandbox off), against the scripted OpenAI Responses endpoint.
// Its hooks are inert until a person trusts the project and the hook: the untrusted run shows the hook
// inert and doctor saying so; the trusted runs use the lines `gatehouse install codex` printed.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { codex, gatehouse, installGatehouse } from "./harness/agents.js";
import { codexHooksList, trustAsPrinted } from "./harness/codex.js";
import { ALLOW, ASK, expectAllowed, expectDenied, expectRan, PUSH, REASON, runText, startServe, trial, WIPE, type Daemon, type Trial } from "./harness/scenario.js";
import type { RunAs, Sandbox } from "./harness/sandbox.js";

const gh = inject("gatehouse");
const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

/** apply_patch (a freeform tool Codex offers only to a model it knows) adding a git hook: persistence, which the default bundle asks about. */
const HOOK_FILE = ".git/hooks/pre-commit";
const PATCH = {
  label: "patch",
  tool: (offered: string[]) => (offered.includes("apply_patch") ? { name: "apply_patch", input: `*** Begin Patch\n*** Add File: ${HOOK_FILE}\n+#!/bin/sh\n+echo e2e\n*** End Patch\n` } : null),
};
const MUST = "[Gatehouse: a person must approve this action. Codex hooks cannot ask, so it is denied; if it is wanted, a person can run it themselves]";

async function doctorOf(box: Sandbox, as: RunAs | null) {
  const json = await gatehouse(gh.bin, box, as, ["doctor", "--project", box.project, "--json"]);
  const text = await gatehouse(gh.bin, box, as, ["doctor", "--project", box.project]);
  const env = { ...JSON.parse(json.stdout), text: text.stdout, exitCode: text.exitCode };
  return env as { healthy: boolean; findings: { level: string; subject: string; message: string }[]; text: string; exitCode: number | null };
}

describe("Codex", () => {
  it("control, without Gatehouse: the force push, the home wipe and the patch run", async () => {
    const t = keep(await trial(codex, "control", [PUSH, ALLOW, PATCH, WIPE], { install: null }));
    expectRan(t, { push: true, wipe: true });
    expectAllowed(t);
    expect(existsSync(join(t.box.project, HOOK_FILE)), runText(t)).toBe(true);
  });

  it("untrusted (as installed): the hook is inert — the force push runs — and doctor says inactive, never healthy", async () => {
    let doctor: Awaited<ReturnType<typeof doctorOf>> | undefined;
    const t = keep(
      await trial(codex, "untrusted", [PUSH], {
        install: [],
        before: async (box, as, installed) => {
          expect(installed!.stdout).toMatch(/trust: not yet — Codex does not run this hook until then/);
          doctor = await doctorOf(box, as);
        },
      }),
    );
    // What Codex did: it ran the push (the hook never ran) — so doctor's "inactive" is the truth.
    expectRan(t, { push: true });
    const codexLine = doctor!.findings.find((f) => f.subject === "codex project" && f.level === "error");
    expect(codexLine?.message, doctor!.text).toMatch(/^inactive: Codex CLI does not run this hook: it loads a project's \.codex\/ only in a trusted project/);
    expect(doctor!.healthy).toBe(false);
    expect(doctor!.exitCode).toBe(1);
    expect(doctor!.text).toMatch(/^inactive: Gatehouse installed for 1 agent scope\(s\), 1 problem\(s\), 1 hook\(s\) inactive$/m);
    expect(doctor!.text).not.toMatch(/^healthy/m);
  });

  it("trusted with the lines install printed: deny blocked with the reason, ask denied as documented, allow runs, the patch refused; doctor and Codex agree it is trusted", async () => {
    let listed: Awaited<ReturnType<typeof codexHooksList>> = [];
    let doctor: Awaited<ReturnType<typeof doctorOf>> | undefined;
    const t = keep(
      await trial(codex, "hook", [PUSH, ASK, ALLOW, PATCH, WIPE], {
        install: [],
        before: async (box, as, installed) => {
          trustAsPrinted(installed, box);
          listed = await codexHooksList(box, as);
          doctor = await doctorOf(box, as);
        },
      }),
    );
    // Codex's own view: the one hook, trusted, hashing to what doctor expects.
    expect(listed.map((h) => [h.key, h.trustStatus, h.enabled])).toEqual([[join(t.box.project, ".codex/hooks.json:pre_tool_use:0:0"), "trusted", true]]);
    expect(doctor!.findings.find((f) => f.subject === "codex project" && /trusted/.test(f.message))?.level, doctor!.text).toBe("ok");
    expect(doctor!.healthy, doctor!.text).toBe(true);
    expectDenied(t, "push");
    expectDenied(t, "wipe");
    expectAllowed(t);
    // Codex prints `…: <reason>. Command: <command>`: the reason ends without its own stop.
    expect(t.server.resultOf("push")!.text, runText(t)).toMatch(/protected branch\.\s*$|on the protected branch\. Command: git push --force origin main$/);
    expect(t.server.resultOf("push")!.text).not.toMatch(/\.\. Command:/);
    // Ask: Codex cannot ask, so it is a deny that says a person must approve (docs/adapters.md).
    expect(t.server.resultOf("ask")!.text, runText(t)).toContain(MUST);
    expect(t.server.resultOf("ask")!.text).toMatch(REASON.ask);
    // The patch: refused before it was applied, the reason at the model.
    expect(existsSync(join(t.box.project, HOOK_FILE)), runText(t)).toBe(false);
    expect(t.server.resultOf("patch")?.text, runText(t)).toMatch(/persist\.autorun: `apply_patch` would change or remove \.git\/hooks\/pre-commit/);
  });

  it("a hook changed after it was trusted (re-installed with other options) is inactive again: doctor names the stale hash, and Codex agrees", async () => {
    const { makeSandbox, runAs } = await import("./harness/sandbox.js");
    const { startModelServer } = await import("./harness/model-server.js");
    const as = runAs();
    const box = makeSandbox("codex-stale", as);
    const server = await startModelServer({ main: { steps: [] } });
    try {
      codex.configure(box, server);
      box.chown();
      trustAsPrinted(await installGatehouse(gh.bin, codex, box, as), box);
      await installGatehouse(gh.bin, codex, box, as, ["--on-error", "closed"]);
      const doctor = await doctorOf(box, as);
      const line = doctor.findings.find((f) => f.subject === "codex project" && f.level === "error");
      expect(line?.message, doctor.text).toMatch(/^inactive: Codex CLI does not run this hook: the hook changed since it was trusted/);
      expect((await codexHooksList(box, as)).map((h) => h.trustStatus)).toEqual(["modified"]);
    } finally {
      await server.close();
      box.cleanup();
    }
  });

  it("the forwarding hook (--daemon): deny blocked by the daemon, allow runs", async () => {
    let daemon: Daemon | undefined;
    try {
      const t = keep(
        await trial(codex, "daemon", [PUSH, ALLOW], {
          install: null,
          before: async (box, as) => {
            daemon = await startServe(gh.bin, box, as);
            trustAsPrinted(await installGatehouse(gh.bin, codex, box, as, ["--daemon", daemon.url]), box);
          },
        }),
      );
      expectDenied(t, "push");
      expectAllowed(t);
      const { readFileSync } = await import("node:fs");
      const rows = readFileSync(daemon!.ledger, "utf8").trim().split("\n").map((l) => JSON.parse(l));
      expect(rows.some((r) => r.decision?.verdict === "deny" && r.decision?.artifact_id === "git.force_push_protected"), JSON.stringify(rows)).toBe(true);
    } finally {
      await daemon?.stop();
    }
  });
});
