// `gatehouse serve --socket PATH` as a real process: it listens on a Unix
// socket in a directory it makes 0700 (the same routes as over TCP), every
// answer names the engine, build, bundle digest and key it evaluates with, a
// stale socket file is removed and a live one is left to its daemon, a
// directory open to others or owned by another user is refused, and
// `--idle-exit` stops it (socket removed).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claude } from "../support/hook-payloads.js";
import { BIN, runGatehouse } from "../support/spawn-hook.js";
import { scratchDir } from "../support/scratch.js";

const dir = scratchDir("gatehouse-serve-socket-");
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Served {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
}

function serve(args: string[]): Promise<Served & { line: string }> {
  const child = spawn(process.execPath, [BIN, "serve", ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, HOME: "/home/dev" } });
  children.push(child);
  let stdout = "";
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes("\n")) resolve({ child, exited, stderr: () => stderr, line: stdout.trim() });
    });
    void exited.then((code) => reject(Object.assign(new Error(`serve exited ${code}: ${stderr.trim()}`), { code, stderr })));
  });
}

function overSocket(socketPath: string, method: string, path: string, body?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path, headers: body === undefined ? {} : { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("serve --socket", () => {
  it("listens on the socket in a 0700 directory it makes; every answer names what it evaluates with; the hook routes answer as the stdin hook", async () => {
    const socket = join(dir, "a", "run", "d.sock");
    const d = await serve(["--socket", socket, "--state-dir", join(dir, "a")]);
    expect(d.line).toBe(`gatehouse serve: listening on unix:${socket} (bundle ${d.line.match(/bundle (sha256:[0-9a-f]{64})/)![1]}, state state-dir)`);
    expect(statSync(join(dir, "a", "run")).mode & 0o777).toBe(0o700);
    expect(statSync(socket).isSocket()).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    const health = await overSocket(socket, "GET", "/healthz");
    expect(health.status).toBe(200);
    const body = JSON.parse(health.body);
    expect(body.pid).toBe(d.child.pid);
    expect(health.headers["gatehouse-engine"]).toBe(body.engine_version);
    expect(health.headers["gatehouse-bundle-digest"]).toBe(body.bundle_digest);
    expect(health.headers["gatehouse-build"]).toMatch(/^[0-9a-f]{64}$/);
    expect(health.headers["gatehouse-daemon-key"]).toMatch(/^[0-9a-f]{64}$/);
    // The forwarders' route: exactly what `gatehouse hook claude` prints.
    const input = JSON.stringify(claude.pre("rm -rf ~"));
    const [answer, here] = await Promise.all([overSocket(socket, "POST", "/v1/hook-answer/claude", input), runGatehouse(["hook", "claude", "--state-dir", join(dir, "here")], input)]);
    expect(answer.status).toBe(200);
    expect(answer.headers["gatehouse-daemon-key"]).toBe(health.headers["gatehouse-daemon-key"]);
    const raw = JSON.parse(answer.body);
    expect([`${raw.stdout}\n`, raw.exit_code]).toEqual([here.stdout, here.code]);
    // An error answer carries the identity too.
    const missing = await overSocket(socket, "GET", "/nope");
    expect([missing.status, missing.headers["gatehouse-engine"]]).toEqual([404, body.engine_version]);
    d.child.kill("SIGTERM");
    expect(await d.exited).toBe(0);
    expect(existsSync(socket)).toBe(false);
  });

  it("a stale socket file (nothing answering) is removed; a live one is left to its daemon (exit 1)", async () => {
    const run = join(dir, "b", "run");
    mkdirSync(run, { recursive: true, mode: 0o700 });
    const socket = join(run, "d.sock");
    // A process that listens and dies without closing leaves its socket file behind.
    spawnSync(process.execPath, ["-e", `require("node:net").createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, "SIGKILL"))`]);
    expect(statSync(socket).isSocket()).toBe(true);
    const d = await serve(["--socket", socket]);
    expect((await overSocket(socket, "GET", "/healthz")).status).toBe(200);
    const second = await serve(["--socket", socket]).catch((e: { code: number; stderr: string }) => e);
    expect(second).toMatchObject({ code: 1 });
    expect((second as { stderr: string }).stderr).toMatch(/a daemon already answers on/);
    expect((await overSocket(socket, "GET", "/healthz")).status).toBe(200);
    d.child.kill("SIGTERM");
    await d.exited;
  });

  it("a socket directory open to others, or another user's, is refused (exit 1); a file in the socket's place is left alone", async () => {
    const open = join(dir, "c", "run");
    mkdirSync(open, { recursive: true });
    chmodSync(open, 0o777);
    await expect(serve(["--socket", join(open, "d.sock")])).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/mode 0777; it must be 0700/) });
    const file = join(dir, "f", "run");
    mkdirSync(file, { recursive: true, mode: 0o700 });
    writeFileSync(join(file, "d.sock"), "mine");
    await expect(serve(["--socket", join(file, "d.sock")])).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/is not a socket; left in place/) });
    if (process.getuid?.() === 0) {
      const other = join(dir, "e", "run");
      mkdirSync(other, { recursive: true, mode: 0o700 });
      chownSync(other, 65534, 65534);
      await expect(serve(["--socket", join(other, "d.sock")])).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/owned by uid 65534, not this user/) });
    }
  });

  it("--idle-exit: no request for that long stops it (exit 0, socket removed); requests keep it up", async () => {
    const socket = join(dir, "g", "run", "d.sock");
    // Requests every 0.5 s for 6 s, longer than the 5 s idle time, and it is still up. The idle time is
    // ten request gaps: a loaded two-core machine may stall this process for seconds between two
    // requests, and a gap as long as the idle time would rightly stop the daemon (2 s tripped that).
    const d = await serve(["--socket", socket, "--idle-exit", "5"]);
    const started = Date.now();
    while (Date.now() - started < 6_000) {
      expect((await overSocket(socket, "GET", "/healthz")).status).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(d.child.exitCode).toBe(null);
    expect(await d.exited).toBe(0);
    expect(d.stderr()).toContain('"signal":"idle"');
    expect(existsSync(socket)).toBe(false);
  });
});
