// `gatehouse hook AGENT --daemon auto` (src/node/socket-forward.ts, src/node/daemon-start.ts) as real
// processes: concurrent first calls start exactly one per-user daemon and are all answered (in-process
// meanwhile); a killed daemon is replaced by a later call, which is itself answered in-process; a
// socket whose daemon names another engine version or key is never used, and one that dies mid-call
// means an in-process answer; the daemon's answers are byte-identical to the in-process hook's for five
// agents on deny, ask and allow; a socket directory open to others or owned by another user means
// in-process with one stderr line; a daemon whose socket is removed stops. No wall-clock assertion: every wait polls with a generous bound.
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer, type Server } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { cliBuildDigest, daemonIdentity, socketFiles } from "../../src/node/daemon-socket.js";
import { ENGINE_VERSION } from "../../src/version.js";
import { claude, codex, copilot, cursor, gemini } from "../support/hook-payloads.js";
import { inBatches, runGatehouse, type Run } from "../support/spawn-hook.js";
import { scratchDir } from "../support/scratch.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const HOME = "/home/dev";
const dir = scratchDir("gh-sf-");
const started = new Set<number>();

afterAll(() => {
  for (const pid of started)
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  rmSync(dir, { recursive: true, force: true });
});

const DENY = JSON.stringify(claude.pre("rm -rf ~"));
const auto = (stateDir: string, input: string, agent = "claude", extra: string[] = []) => runGatehouse(["hook", agent, "--daemon", "auto", "--state-dir", stateDir, ...extra], input, { HOME });
const inProcess = (stateDir: string, input: string, agent = "claude", extra: string[] = []) => runGatehouse(["hook", agent, "--state-dir", stateDir, ...extra], input, { HOME });

/** The socket files of the default-bundle daemon for this state directory. */
const filesOf = (stateDir: string) => socketFiles(stateDir, daemonIdentity(cliBuildDigest(ROOT), "gatehouse:default", []));

function healthz(socketPath: string): Promise<{ pid: number; served: number } | null> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: "/healthz", agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c));
      res.on("end", () => {
        try {
          const body = JSON.parse(text);
          resolve({ pid: body.pid, served: body.requests.served });
        } catch {
          resolve(null);
        }
      });
    });
    req.on("error", () => resolve(null));
    req.end();
  });
}

/** Poll until `probe` gives a value (a generous bound: a daemon loads its engine on a shared 2-core machine). */
async function until<T>(probe: () => Promise<T | null>, what: string, bound = 600): Promise<T> {
  for (let i = 0; i < bound; i++) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Pids of running processes whose argv names this socket (the daemons started for it). */
function daemonsOn(socketPath: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (argv.includes("serve") && argv.includes(socketPath)) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

describe("hook --daemon auto", () => {
  const shared = join(dir, "shared");
  let firstPid = 0;

  it("20 concurrent first calls: exactly one daemon is started and every call is answered correctly", async () => {
    const expected = await inProcess(join(dir, "ref"), DENY);
    expect(expected.stdout).toContain('"permissionDecision":"deny"');
    const files = filesOf(shared);
    const runs = await inBatches(
      Array.from({ length: 20 }, () => () => auto(shared, DENY)),
      20,
    );
    for (const run of runs) expect(run).toEqual(expected);
    const health = await until(() => healthz(files.socket), "the daemon");
    started.add(health.pid);
    firstPid = health.pid;
    // Every daemon started is either running (its argv names the socket) or wrote a line to the log before it exited.
    expect(daemonsOn(files.socket)).toEqual([health.pid]);
    const log = readFileSync(files.log, "utf8");
    expect(log.match(/^gatehouse serve: /gm)).toEqual(["gatehouse serve: "]);
    expect(log).not.toMatch(/already answers|cannot listen/);
    expect(readFileSync(files.pid, "utf8")).toBe(String(health.pid));
    // From now on the daemon answers: its served count grows by one per call.
    const next = await auto(shared, DENY);
    expect(next).toEqual(expected);
    expect((await healthz(files.socket))!.served).toBeGreaterThan(health.served);
  });

  it("a killed daemon is replaced on a later call; that call (and any until the new one answers) is answered in-process", async () => {
    expect(firstPid).toBeGreaterThan(0);
    const files = filesOf(shared);
    const expected = await inProcess(join(dir, "ref"), DENY);
    process.kill(firstPid, "SIGKILL");
    await until(async () => (daemonsOn(files.socket).includes(firstPid) ? null : true), "the daemon to die");
    expect(existsSync(files.socket)).toBe(true); // a SIGKILL leaves the socket file and the pid file behind
    // Calls go on being answered while nothing listens; one of them (once the dead lock may be broken) starts the next daemon.
    const health = await until(async () => {
      expect(await auto(shared, DENY)).toEqual(expected);
      const h = await healthz(files.socket);
      return h !== null && h.pid !== firstPid ? h : null;
    }, "a new daemon", 120);
    started.add(health.pid);
    expect(daemonsOn(files.socket)).toEqual([health.pid]);
    expect(await auto(shared, DENY)).toEqual(expected);
  });

  it("a socket whose daemon names another engine version or key is not used; one that dies mid-call means in-process", async () => {
    const expected = await inProcess(join(dir, "ref"), DENY);
    const identity = daemonIdentity(cliBuildDigest(ROOT), "gatehouse:default", []);
    const allow = JSON.stringify({ stdout: "", stderr: null, exit_code: 0 });
    const reply = (headers: Record<string, string>) =>
      `HTTP/1.1 200 OK\r\n${Object.entries({ "content-type": "application/json", "content-length": String(allow.length), ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("")}\r\n${allow}`;
    const fakes: [string, (sock: import("node:net").Socket) => void, RegExp][] = [
      ["version", (s) => s.end(reply({ "gatehouse-engine": "gatehouse/9.9.9", "gatehouse-build": identity.build!, "gatehouse-daemon-key": identity.key })), /gatehouse-engine "gatehouse\/9\.9\.9", not/],
      ["key", (s) => s.end(reply({ "gatehouse-engine": ENGINE_VERSION, "gatehouse-build": identity.build!, "gatehouse-daemon-key": "0".repeat(64) })), /gatehouse-daemon-key "0{64}", not/],
      ["none", (s) => s.end(reply({})), /gatehouse-engine null, not/],
      ["dies", (s) => (s.write("HTTP/1.1 200 OK\r\ncontent-length: 999\r\n\r\n{"), setTimeout(() => s.destroy(), 20)), /broke off its reply/],
    ];
    for (const [name, answer, why] of fakes) {
      const stateDir = join(dir, `fake-${name}`);
      const files = filesOf(stateDir);
      mkdirSync(files.dir, { recursive: true, mode: 0o700 });
      writeFileSync(files.pid, String(process.pid)); // a live lock: no daemon is started beside the fake
      const server: Server = createServer((s) => s.once("data", () => answer(s)));
      await new Promise<void>((r) => server.listen(files.socket, r));
      try {
        const run = await auto(stateDir, DENY);
        expect(run.stdout, name).toBe(expected.stdout);
        expect(run.code, name).toBe(expected.code);
        const lines = run.stderr.trimEnd().split("\n");
        expect(lines, name).toHaveLength(1);
        expect(lines[0], name).toMatch(why);
        expect(lines[0], name).toMatch(/evaluated in this process$/);
      } finally {
        await new Promise((r) => server.close(r));
      }
    }
  });

  it("answers via the daemon are byte-identical to in-process for claude, codex, gemini, cursor and copilot on deny, ask and allow", async () => {
    const stateDir = join(dir, "agents");
    const files = filesOf(stateDir);
    await auto(stateDir, JSON.stringify(claude.pre("ls")));
    const before = await until(() => healthz(files.socket), "the daemon");
    started.add(before.pid);
    const commands = { deny: "rm -rf ~", ask: "cat .env", allow: "ls" };
    const payload = (agent: string, command: string): unknown =>
      ({ claude: claude.pre(command), codex: codex.pre("Bash", { command }), gemini: gemini.before("run_shell_command", { command }), cursor: cursor.shell(command), copilot: copilot.pre("bash", { command }) })[agent];
    const cases = ["claude", "codex", "gemini", "cursor", "copilot"].flatMap((agent) => Object.entries(commands).map(([verdict, command]) => ({ agent, verdict, input: JSON.stringify(payload(agent, command)) })));
    const runs: Run[] = await inBatches(cases.flatMap((c, i) => [() => inProcess(join(dir, `agents-here-${i}`), c.input, c.agent), () => auto(stateDir, c.input, c.agent)]));
    const outputs = new Set<string>();
    cases.forEach((c, i) => {
      expect(runs[2 * i + 1], `${c.agent} ${c.verdict}`).toEqual(runs[2 * i]);
      outputs.add(runs[2 * i]!.stdout);
    });
    expect(outputs.size).toBeGreaterThanOrEqual(11); // deny and ask differ per agent; allows are silence or an agent's own allow
    const after = await healthz(files.socket);
    expect(after!.pid).toBe(before.pid);
    expect(after!.served - before.served).toBeGreaterThanOrEqual(cases.length); // the daemon answered every one
    // Its state directory removed (a deleted home, a test's scratch): the socket is gone and the daemon stops by itself.
    rmSync(stateDir, { recursive: true, force: true });
    await until(async () => (daemonsOn(files.socket).includes(before.pid) ? null : true), "the daemon to stop once its socket is gone");
  });

  it("a socket directory open to others, or another user's, means in-process with one stderr line, and no daemon", async () => {
    const expected = await inProcess(join(dir, "ref"), DENY);
    const open = join(dir, "open");
    mkdirSync(join(open, "run"), { recursive: true });
    chmodSync(join(open, "run"), 0o777);
    const bad: [string, RegExp][] = [[open, /mode 0777; it must be 0700/]];
    if (process.getuid?.() === 0) {
      const other = join(dir, "other");
      mkdirSync(join(other, "run"), { recursive: true, mode: 0o700 });
      chownSync(join(other, "run"), 65534, 65534);
      bad.push([other, /owned by uid 65534, not this user/]);
    }
    for (const [stateDir, why] of bad) {
      const run = await auto(stateDir, DENY);
      expect([run.stdout, run.code]).toEqual([expected.stdout, expected.code]);
      const lines = run.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(why);
      expect(lines[0]).toMatch(/^gatehouse hook claude: daemon not used: socket directory .*; evaluated in this process$/);
      expect(readdirSync(join(stateDir, "run"))).toEqual([]);
    }
  });
});
