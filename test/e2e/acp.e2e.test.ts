// ACP: claude-code-acp 0.16 (its permission requests carry no `kind`) and its successor claude-agent-acp,
// driven by an @agentclientprotocol/sdk client whose person approves everything, consulting Gatehouse first —
// `gatehouse hook acp` per request, or createAcpGate() imported from the installed package.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { acpAgent } from "./harness/agents.js";
import { ALLOW, ASK, expectAllowed, expectDenied, expectRan, PUSH, REASON, runText, trial, WIPE, type Trial } from "./harness/scenario.js";

const gh = inject("gatehouse");
const trials: Trial[] = [];
const keep = (t: Trial) => (trials.push(t), t);
afterAll(() => {
  for (const t of trials) t.box.cleanup();
});

interface Report {
  permissions: { params: { toolCall: Record<string, unknown> }; gate: { response: unknown; verdict?: string | null; reason?: string | null; exitCode?: number; stderr?: string }; sent: unknown }[];
  stopReason: string | null;
  error: string | null;
}
const reportOf = (t: Trial): Report => JSON.parse(readFileSync(join(t.box.root, "acp-report.json"), "utf8"));
const permissionFor = (r: Report, command: string) => r.permissions.find((p) => JSON.stringify(p.params.toolCall.rawInput ?? "").includes(command));

for (const [pkg, bin] of [
  ["@zed-industries/claude-code-acp", "claude-code-acp"],
  ["@zed-industries/claude-agent-acp", "claude-agent-acp"],
] as const) {
  describe(`ACP: ${bin}`, () => {
    it("control, without Gatehouse: the force push and the home wipe run", async () => {
      const t = keep(await trial(acpAgent(pkg, bin, "none", null), "control", [PUSH, ALLOW, WIPE], { install: null }));
      expectRan(t, { push: true, wipe: true });
      expectAllowed(t);
    });

    for (const gate of ["hook", "library"] as const) {
      it(`${gate === "hook" ? "gatehouse hook acp" : "createAcpGate() from the installed package"}: deny refused with the reason at the client and the model, ask left to the person, allow runs`, async () => {
        const t = keep(await trial(acpAgent(pkg, bin, gate, gh), gate, [PUSH, ASK, ALLOW, WIPE], { install: null }));
        const report = reportOf(t);
        const why = `${runText(t)}\nreport: ${JSON.stringify(report).slice(0, 4000)}`;
        expect(report.error, why).toBeNull();
        expectDenied(t, "push");
        expectDenied(t, "wipe");
        expectAllowed(t);
        // The client got the reason: the JSON-RPC error it sent back, and (hook) stderr / (library) check.reason.
        const push = permissionFor(report, "git push --force origin main")!;
        expect(JSON.stringify(push.sent), why).toMatch(/git\.force_push_protected/);
        if (gate === "hook") expect(push.gate.stderr, why).toMatch(/^gatehouse hook acp: deny: git\.force_push_protected: /);
        else expect(push.gate.reason, why).toMatch(REASON.push);
        // An ask prints nothing: the client's own person decided (here: allowed), with the reason in hand.
        const ask = permissionFor(report, "git checkout -- .")!;
        expect(ask.gate.response, why).toBeNull();
        if (gate === "hook") expect([ask.gate.exitCode, ask.gate.stderr], why).toEqual([3, expect.stringMatching(/^gatehouse hook acp: ask: git\.discard_worktree: /)]);
        else expect([ask.gate.verdict, ask.gate.reason], why).toEqual(["ask", expect.stringMatching(REASON.ask)]);
        expect(JSON.stringify(ask.sent)).toMatch(/"optionId":"allow"/);
      });
    }
  });
}
