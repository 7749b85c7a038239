// `gatehouse hook <agent> --ledger L` as real processes: each answered call is
// a row before its answer; many hook processes at once keep one chain; a
// ledger that cannot record (an unwritable path, a full disk) is a failure
// under the hook's --on-error posture, and leaves the ledger as it was.
import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { verifyLedger, verifyPassed } from "../../src/ledger/verify.js";
import { claude, gemini } from "../support/hook-payloads.js";
import { memoryIo } from "../support/io.js";
import { inBatches, runGatehouse } from "../support/spawn-hook.js";
import { tempDir, tinyTmpfs } from "./support.js";

const dir = tempDir("gh-ledger-hook-");
const stateDir = join(dir, "state");
const hook = (agent: string, ledger: string, payload: unknown, extra: string[] = []) =>
  runGatehouse(["hook", agent, "--state-dir", stateDir, "--ledger", ledger, ...extra], JSON.stringify(payload));

describe("gatehouse hook --ledger", () => {
  it("records the decision before answering; the row replays", async () => {
    const ledger = join(dir, "one.jsonl");
    const run = await hook("claude", ledger, claude.pre("rm -rf ~"), ["--ledger-events"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    const rows = readFileSync(ledger, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ seq: 1, session_id: "3f2a", tool_use_id: "toolu_01ABC", decision: { verdict: "deny", artifact_id: "fs.wipe" } });
    expect(rows[0].event.tool_input.command).toBe("rm -rf ~");
    expect(await main(["ledger", "verify", ledger], memoryIo().io)).toBe(0);
    expect(await main(["replay", ledger], memoryIo().io)).toBe(0);
  });

  it("an allow (silence) is recorded too", async () => {
    const ledger = join(dir, "allow.jsonl");
    const run = await hook("claude", ledger, claude.pre("ls -la"));
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(JSON.parse(readFileSync(ledger, "utf8")).decision.verdict).toBe("allow");
  });

  it("8 hook processes at once, two agents, leave one chain with every call", async () => {
    const ledger = join(dir, "many.jsonl");
    const payloads = Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? ["claude", { ...claude.pre(`echo ${i}`), tool_use_id: `t${i}` }] : ["gemini", gemini.before("run_shell_command", { command: `echo ${i}` })]) as [string, unknown]);
    const runs = await inBatches(payloads.map(([agent, p]) => () => hook(agent, ledger, p)), 8);
    expect(runs.map((r) => r.code)).toEqual(Array(8).fill(0));
    const report = verifyLedger(ledger);
    expect(verifyPassed(report)).toBe(true);
    expect(report.rows).toBe(8);
  });

  it("a ledger that cannot be written: --on-error open still answers the decision (an allow exits 1), with one line; closed denies", async () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    const ledger = join(blocker, "ledger.jsonl");
    const open = await hook("claude", ledger, claude.pre("ls"));
    expect(open.code).toBe(1);
    expect(open.stdout).toBe("");
    expect(open.stderr).toMatch(/^gatehouse hook claude: .*ledger .*a-file\/ledger\.jsonl: cannot create its directory \(ENOTDIR: a file stands where a directory should be\); nothing was appended; answered without a ledger record \(--on-error open\)\n$/);
    // Failing open never turns a refusal into a pass: the deny is answered although it is not recorded.
    const deny = await hook("claude", ledger, claude.pre("rm -rf ~"));
    expect(deny.code).toBe(0);
    expect(JSON.parse(deny.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "deny" });
    expect(deny.stderr).toMatch(/answered without a ledger record/);
    const closed = await hook("claude", ledger, claude.pre("ls"), ["--on-error", "closed"]);
    expect(closed.code).toBe(2);
    expect(closed.stderr).toMatch(/could not evaluate this action and --on-error closed denies it: .*ledger/);
  });

  it("--ledger-events without --ledger warns and answers as usual (a hook's usage error would fail the agent's call)", async () => {
    const run = await runGatehouse(["hook", "claude", "--state-dir", stateDir, "--ledger-events"], JSON.stringify(claude.pre("rm -rf ~")));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    expect(run.stderr).toBe("gatehouse hook claude: --ledger-events has no effect without --ledger FILE\n");
  });
});

const tmpfs = tinyTmpfs();

describe.skipIf(!tmpfs.mounted)("gatehouse hook --ledger on a full disk (real tmpfs)", () => {
  it("the row does not fit: the ledger is unchanged; open answers the decision (a deny is still a deny; an allow exits 1), closed denies (exit 2)", async () => {
    const ledger = join(tmpfs.dir, "ledger.jsonl");
    expect((await hook("claude", ledger, claude.pre("ls"))).code).toBe(0);
    const before = readFileSync(ledger);
    const fillers = tmpfs.fill();
    unlinkSync(fillers.pop()!); // room for the lock file, not for a row with its 12 KB event
    const big = claude.tool("Write", { file_path: "/home/dev/project/notes.txt", content: "x".repeat(12_000) });
    const open = await hook("claude", ledger, big, ["--ledger-events"]);
    expect(open.code).toBe(1);
    expect(open.stdout).toBe("");
    expect(open.stderr).toMatch(/cannot append \(ENOSPC: no space left on device\); the ledger is unchanged; answered without a ledger record \(--on-error open\)\n$/);
    const refused = await hook("claude", ledger, claude.tool("Bash", { command: "rm -rf ~", description: "x".repeat(12_000) }), ["--ledger-events"]);
    expect(refused.code).toBe(0);
    expect(JSON.parse(refused.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    const closed = await hook("claude", ledger, big, ["--ledger-events", "--on-error", "closed"]);
    expect(closed.code).toBe(2);
    expect(readFileSync(ledger).equals(before)).toBe(true);
    expect(verifyPassed(verifyLedger(ledger))).toBe(true);
    for (const f of fillers) unlinkSync(f);
  });
});
