// `gatehouse doctor` against real settings files and real hook processes
// (run through sh -c as the agent runs them): stand-in launchers that answer
// well, deny everything, or crash; an http handler with and without a
// loopback daemon; a bundle that does not load; an unwritable state dir.
import { chmodSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DoctorReportSchema, type DoctorReport } from "../../src/cli/doctor.js";
import { main } from "../../src/cli/main.js";
import { shellQuote } from "../../src/shell-words.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const fresh = () => realpathSync(scratchDir("gatehouse-doctor-"));

/** A stand-in `bin/gatehouse.js` that answers Claude's protocol by a rule given as JS. */
function launcher(body: string): string {
  const dir = fresh();
  mkdirSync(join(dir, "bin"));
  const path = join(dir, "bin", "gatehouse.js");
  writeFileSync(
    path,
    `let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => { const p = JSON.parse(s); const cmd = (p.tool_input && p.tool_input.command) || p.command; ${body} });\n`,
  );
  return path;
}
const DENY_RM = `if (/rm -rf/.test(cmd)) process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } })); process.exit(0);`;

function claudeSettings(project: string, handler: Record<string, unknown>): void {
  mkdirSync(join(project, ".claude"), { recursive: true });
  writeFileSync(join(project, ".claude", "settings.json"), JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] } }, null, 2));
}
const command = (path: string, ...options: string[]) => ({ type: "command", command: shellQuote([process.execPath, path, "hook", "claude", ...options]), timeout: 10 });

async function doctor(project: string, home = fresh()): Promise<{ code: number; report: DoctorReport; text: string[] }> {
  const json = memoryIo({ cwd: project, env: { HOME: home, PATH: process.env.PATH ?? "" } });
  const code = await main(["doctor", "--json"], json.io);
  const text = memoryIo({ cwd: project, env: { HOME: home, PATH: process.env.PATH ?? "" } });
  expect(await main(["doctor"], text.io)).toBe(code);
  return { code, report: DoctorReportSchema.parse(JSON.parse(json.out[0]!)), text: text.out };
}
const messages = (r: DoctorReport, level: string) => r.findings.filter((f) => f.level === level).map((f) => f.message);

describe("gatehouse doctor", () => {
  it("warns when an installed matcher is not this version's (a Gatehouse entry matching Bash alone never sees Grep)", async () => {
    const project = fresh();
    claudeSettings(project, command(launcher(DENY_RM)));
    const { report } = await doctor(project);
    expect(messages(report, "warn")).toContainEqual(expect.stringMatching(/^the PreToolUse matcher Bash is not the one this version installs \(\^\(Bash\|.*Grep.*\): tools it leaves out are never judged — run gatehouse install claude again$/));
    const installed = memoryIo({ cwd: project, env: { HOME: fresh() } });
    expect(await main(["install", "claude"], installed.io)).toBe(0);
    expect(messages((await doctor(project)).report, "warn").filter((m) => m.includes("matcher"))).toEqual([]);
  });

  it("nothing installed: healthy, one line per agent and scope, the default bundle and state dir", async () => {
    const { code, report, text } = await doctor(fresh());
    expect(code).toBe(0);
    expect(report.installed).toEqual([]);
    expect(report.findings.filter((f) => / not installed/.test(` ${f.message}`))).toHaveLength(16);
    expect(messages(report, "ok").some((m) => /^bundle the default bundle .*default\.json\): \S+ sha256:[0-9a-f]{64}, 0 skipped/.test(m))).toBe(true);
    expect(messages(report, "ok").some((m) => /^state dir .*\.local\/state\/gatehouse/.test(m))).toBe(true);
    expect(text[text.length - 1]).toMatch(/^healthy: Gatehouse installed for 0 agent scope\(s\), 0 problem\(s\)$/);
    expect(text.every((l) => !l.includes("\n"))).toBe(true);
  });

  it("a working hook: installed where, its bundle and state dir, and the self-test through sh -c", async () => {
    const project = fresh();
    const state = fresh();
    claudeSettings(project, command(launcher(DENY_RM), "--state-dir", state));
    const { code, report } = await doctor(project);
    expect(code).toBe(0);
    expect(report.installed).toHaveLength(1);
    expect(report.installed[0]).toMatchObject({ agent: "claude", scope: "project", event: "PreToolUse", matcher: "Bash" });
    const ok = messages(report, "ok");
    expect(ok.some((m) => m.startsWith(`state dir ${state} writable, 0 session(s)`))).toBe(true);
    expect(ok.some((m) => /^self-test: `ls` allowed, `rm -rf ~` denied \(\d+ ms for both\)$/.test(m))).toBe(true);
    expect(messages(report, "info").some((m) => m.startsWith("runs another Gatehouse installation"))).toBe(true);
  });

  it("a hook command with --daemon: the daemon probed (answering: ok; down: a warning, still healthy — the hook evaluates in-process)", async () => {
    const server = createServer((req, res) => res.writeHead(req.url === "/healthz" ? 200 : 404, { "content-type": "application/json" }).end("{}"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const up = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const project = fresh();
      claudeSettings(project, command(launcher(DENY_RM), "--daemon", up));
      const answering = await doctor(project);
      expect(messages(answering.report, "ok")).toContain(`daemon ${up} (hook --daemon) answers /healthz`);
      expect(answering.report.findings.some((f) => f.subject === "daemon")).toBe(false);
    } finally {
      server.close();
    }
    const project = fresh();
    claudeSettings(project, command(launcher(DENY_RM), "--daemon", up));
    const down = await doctor(project);
    expect(down.code).toBe(0);
    expect(messages(down.report, "warn")).toContainEqual(expect.stringMatching(new RegExp(`^daemon ${up.replace(/[.]/g, "\\.")} \\(hook --daemon\\) does not answer: .* — each call is evaluated in the hook process instead`)));
  });

  it("a hook that crashes, or denies everything, is broken: exit 1 with the reason", async () => {
    const crashing = fresh();
    claudeSettings(crashing, command(launcher(`process.stderr.write("boom\\n"); process.exit(70);`)));
    const a = await doctor(crashing);
    expect(a.code).toBe(1);
    expect(messages(a.report, "error").join("\n")).toMatch(/the hook is not answering: exit 70: boom/);
    const denier = fresh();
    claudeSettings(denier, command(launcher(`process.exit(2);`)));
    const b = await doctor(denier);
    expect(b.code).toBe(1);
    expect(messages(b.report, "error").join("\n")).toMatch(/denies even `ls`/);
    const lenient = fresh();
    claudeSettings(lenient, command(launcher(`process.exit(0);`)));
    const c = await doctor(lenient);
    expect(c.code).toBe(0);
    expect(messages(c.report, "warn").join("\n")).toMatch(/does not deny `rm -rf ~`/);
  });

  it("a bundle that does not load, a launcher that moved and an unwritable state dir are each named", async () => {
    const project = fresh();
    writeFileSync(join(project, "broken.json"), "{");
    const locked = fresh();
    chmodSync(locked, 0o500);
    claudeSettings(project, command(join(project, "gone", "bin", "gatehouse.js"), "--bundle", join(project, "broken.json"), "--state-dir", locked));
    const { code, report } = await doctor(project);
    expect(code).toBe(1);
    const errors = messages(report, "error").join("\n");
    expect(errors).toMatch(/gone\/bin\/gatehouse\.js does not exist/);
    expect(errors).toMatch(/broken\.json does not load: .*not JSON/);
    if (process.getuid?.() !== 0) expect(errors).toMatch(/is not writable/); // root writes anywhere
  });

  it("an unparsable settings file is an error naming the file", async () => {
    const project = fresh();
    mkdirSync(join(project, ".codex"));
    writeFileSync(join(project, ".codex", "hooks.json"), "{ nope");
    const { code, report } = await doctor(project);
    expect(code).toBe(1);
    expect(messages(report, "error")[0]).toMatch(/\.codex\/hooks\.json: not valid JSON .* Codex CLI cannot read it either/);
  });

  describe("an http handler (the daemon)", () => {
    const server = createServer((req, res) => {
      if (req.method === "GET" && req.url === "/healthz") return res.end("ok");
      let body = "";
      req.on("data", (d) => (body += d)).on("end", () => {
        const p = JSON.parse(body);
        res.setHeader("content-type", "application/json");
        res.end(/rm -rf/.test(p.tool_input.command) ? JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } }) : "{}");
      });
    });
    const listening = new Promise<number>((done) => server.listen(0, "127.0.0.1", () => done((server.address() as AddressInfo).port)));
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it("a daemon that answers: /healthz and the self-test POSTed to the hook route", async () => {
      const port = await listening;
      const project = fresh();
      claudeSettings(project, { type: "http", url: `http://127.0.0.1:${port}/v1/hook/claude`, timeout: 10 });
      const { code, report } = await doctor(project);
      expect(code).toBe(0);
      expect(messages(report, "ok")).toEqual(expect.arrayContaining([`daemon behind http://127.0.0.1:${port}/v1/hook/claude answers /healthz`, expect.stringMatching(/^self-test: `ls` allowed, `rm -rf ~` denied/)]));
    });
    it("no daemon on the port: broken, saying the agent lets calls through", async () => {
      const probe = createServer();
      const port = await new Promise<number>((done) => probe.listen(0, "127.0.0.1", () => done((probe.address() as AddressInfo).port)));
      await new Promise<void>((done) => probe.close(() => done()));
      const project = fresh();
      claudeSettings(project, { type: "http", url: `http://127.0.0.1:${port}/v1/hook/claude` });
      const { code, report } = await doctor(project);
      expect(code).toBe(1);
      expect(messages(report, "error")[0]).toMatch(/does not answer: GET .*\/healthz failed \(ECONNREFUSED\) — Claude Code lets every call through/);
    });
  });
});
