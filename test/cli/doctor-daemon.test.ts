// `gatehouse doctor` on the per-user daemon of the default hook (`--daemon auto`, docs/daemon.md "The
// per-user daemon"): which mode each installed hook uses; before the first call the daemon is not running
// (its socket named); once a hook call has started it, running with its pid, its key matching and its
// socket; a daemon of another key on that socket is named as not used; `--in-process` installs say so.
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DoctorReportSchema, type DoctorReport } from "../../src/cli/doctor.js";
import { main } from "../../src/cli/main.js";
import { askSocket } from "../../src/node/socket-forward.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const scratch = realpathSync(scratchDir("gh-dd-"));
const pids: number[] = [];
afterAll(() => {
  for (const pid of pids)
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // gone
    }
  rmSync(scratch, { recursive: true, force: true });
});

async function cli(argv: string[], cwd: string, home: string): Promise<{ code: number; out: string[] }> {
  const m = memoryIo({ cwd, env: { HOME: home, PATH: process.env.PATH ?? "" } });
  return { code: await main(argv, m.io), out: m.out };
}
async function doctor(project: string, home: string): Promise<DoctorReport> {
  const { out } = await cli(["doctor", "--json"], project, home);
  return DoctorReportSchema.parse(JSON.parse(out[0]!));
}
const about = (r: DoctorReport, subject: string, pattern: RegExp) => r.findings.filter((f) => f.subject === subject && pattern.test(f.message));

describe("doctor and the per-user daemon", () => {
  it("names the mode, then the daemon: not running with its socket, running with its pid and key once a call started it, another key's daemon not used", async () => {
    const home = join(scratch, "home");
    const project = join(scratch, "project");
    for (const d of [home, project]) mkdirSync(d, { recursive: true });
    expect((await cli(["install", "codex"], project, home)).code).toBe(0);
    expect((await cli(["install", "claude", "--in-process"], project, home)).code).toBe(0);
    const first = await doctor(project, home);
    expect(about(first, "codex project", /^mode: /).map((f) => f.message)).toEqual([expect.stringMatching(/^mode: forwards to this user's daemon on its Unix socket/)]);
    expect(about(first, "claude project", /^mode: /).map((f) => f.message)).toEqual([expect.stringMatching(/^mode: in-process/)]);
    expect(about(first, "claude project", /^per-user daemon/)).toEqual([]);
    const [notRunning] = about(first, "codex project", /^per-user daemon/);
    expect(notRunning).toMatchObject({ level: "info", message: expect.stringMatching(/^per-user daemon not running.*: socket (\/\S+\/run\/0\.1\.0-[0-9a-f]{12}\.sock) \(key [0-9a-f]{12}\); the next hook call starts it/) });
    const socket = /socket (\S+\.sock)/.exec(notRunning!.message)![1]!;
    // doctor's own self-test ran the installed hook, which started the daemon: poll until it answers.
    let pid: number | null = null;
    for (let i = 0; i < 600 && pid === null; i++) {
      const reply = await askSocket(socket, "/healthz", null, 2_000);
      if (reply.kind === "reply" && reply.status === 200) pid = JSON.parse(reply.body).pid;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(pid).toBeGreaterThan(0);
    pids.push(pid!);
    expect(readFileSync(socket.replace(/\.sock$/, ".pid"), "utf8")).toBe(String(pid));
    const second = await doctor(project, home);
    expect(about(second, "codex project", /^per-user daemon/)).toEqual([{ level: "ok", subject: "codex project", message: `per-user daemon running: pid ${pid}, key ${/-([0-9a-f]{12})\.sock$/.exec(socket)![1]} matches, socket ${socket}` }]);
    // Another daemon on that socket (stopped ours; a stand-in answering with another key): never used, a warning.
    process.kill(pid!, "SIGTERM");
    for (let i = 0; i < 600 && existsSync(socket); i++) await new Promise((r) => setTimeout(r, 100)); // it removes its socket on stop
    const body = '{"pid":1}';
    const fake = createServer((s) => s.once("data", () => s.end(`HTTP/1.1 200 OK\r\ngatehouse-engine: gatehouse/0.1.0\r\ngatehouse-build: x\r\ngatehouse-daemon-key: y\r\ncontent-length: ${body.length}\r\n\r\n${body}`)));
    await new Promise<void>((r) => fake.listen(socket, r));
    try {
      writeFileSync(socket.replace(/\.sock$/, ".pid"), String(process.pid)); // no start beside the stand-in
      const third = await doctor(project, home);
      expect(about(third, "codex project", /daemon answering/)).toEqual([
        { level: "warn", subject: "codex project", message: expect.stringMatching(/^the daemon answering on \S+ is not this hook's \(gatehouse-build "x", not "[0-9a-f]{64}"\): never used/) },
      ]);
    } finally {
      await new Promise((r) => fake.close(r));
    }
  });
});
