// `gatehouse hook AGENT --daemon URL` (src/node/hook-forward.ts) as real
// processes against a real `gatehouse serve`: a forwarded call prints exactly
// what the in-process hook prints (stdout, stderr, exit code) for every agent
// and both error postures; a daemon that is not there, hangs or answers
// something else is evaluated in-process with one stderr line; a bad --daemon
// is a usage error.
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createNetServer, type Server as NetServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { answerOf, daemonEndpoint, daemonOptions } from "../../src/node/hook-forward.js";
import { acp, claude, codex, cursor, CWD, gemini } from "../support/hook-payloads.js";
import { inBatches, runGatehouse } from "../support/spawn-hook.js";
import { freePort } from "../support/redis.js";
import { spawnServe, type ServeProcess } from "./harness.js";
import { scratchDir } from "../support/scratch.js";

const HOME = "/home/dev";
const PAYLOADS: [string, unknown][] = [
  ["claude", claude.pre("rm -rf ~")],
  ["claude", claude.pre("cat .env")],
  ["claude", claude.pre("ls -la")],
  ["claude", claude.sessionStart],
  ["codex", codex.pre("Bash", { command: "git push --force origin main" })],
  ["codex", codex.pre("Bash", { command: "ls" })],
  ["gemini", gemini.before("run_shell_command", { command: "cat .env" })],
  ["gemini", gemini.before("read_file", { file_path: `${CWD}/README.md` })],
  ["cursor", cursor.shell("rm -rf ~")],
  ["acp", acp.permission({ command: "cat .env" })],
  ["acp", acp.terminal("rm", ["-rf", "/"])],
];
const GARBAGE = ["{not json", ""];

let dir: string;
let open: ServeProcess;
let closed: ServeProcess;
beforeAll(async () => {
  dir = scratchDir("gatehouse-hook-forward-");
  const env = { ...process.env, HOME };
  [open, closed] = await Promise.all([spawnServe(["--state-dir", join(dir, "open")], env), spawnServe(["--state-dir", join(dir, "closed"), "--on-error", "closed"], env)]);
});
afterAll(async () => {
  for (const d of [open, closed]) d?.child.kill("SIGTERM");
  await Promise.all([open?.exited, closed?.exited]);
  rmSync(dir, { recursive: true, force: true });
});

describe("hook --daemon prints what the in-process hook prints", () => {
  const cases = PAYLOADS.map(([agent, p]) => ({ agent, input: JSON.stringify(p), posture: "open" }));
  for (const agent of ["claude", "codex", "acp"]) for (const input of GARBAGE) for (const posture of ["open", "closed"]) cases.push({ agent, input, posture });

  it(`${cases.length} calls across five agents and both postures: stdout, stderr and exit code equal`, async () => {
    const flags = (posture: string) => (posture === "closed" ? ["--on-error", "closed"] : []);
    const runs = await inBatches(
      cases.flatMap((c, i) => [
        () => runGatehouse(["hook", c.agent, "--state-dir", join(dir, `here-${i}`), ...flags(c.posture)], c.input, { HOME }),
        () => runGatehouse(["hook", c.agent, "--daemon", (c.posture === "open" ? open : closed).url, ...flags(c.posture)], c.input, { HOME }),
      ]),
    );
    const codes = new Set<number | null>();
    cases.forEach((c, i) => {
      const [here, forwarded] = [runs[2 * i]!, runs[2 * i + 1]!];
      expect(forwarded, `${c.agent} ${c.posture} ${c.input.slice(0, 60)}`).toEqual(here);
      codes.add(here.code);
    });
    expect([...codes]).toEqual(expect.arrayContaining([0, 2, 3, 66]));
  });
});

describe("when the daemon does not answer, the call is evaluated here", () => {
  let hanging: NetServer;
  let wrong: Server;
  let hangingUrl: string;
  let wrongUrl: string;
  beforeAll(async () => {
    hanging = createNetServer(() => {}); // accepts, never answers
    wrong = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"decision":"allow"}'));
    await Promise.all([new Promise<void>((r) => hanging.listen(0, "127.0.0.1", r)), new Promise<void>((r) => wrong.listen(0, "127.0.0.1", r))]);
    hangingUrl = `http://127.0.0.1:${(hanging.address() as { port: number }).port}`;
    wrongUrl = `http://127.0.0.1:${(wrong.address() as { port: number }).port}`;
  });
  afterAll(() => {
    hanging.close();
    wrong.close();
  });

  it("refused, timed out, or a reply that is not a hook answer: the in-process answer plus one line naming why", async () => {
    const deny = JSON.stringify(claude.pre("rm -rf ~"));
    const here = await runGatehouse(["hook", "claude", "--state-dir", join(dir, "fb")], deny, { HOME });
    const refused = `http://127.0.0.1:${await freePort()}`;
    for (const [url, why] of [
      [refused, /unreachable \(ECONNREFUSED\)/],
      [hangingUrl, /did not answer within 300 ms/],
      [wrongUrl, /sent a reply that is not a hook answer/],
    ] as const) {
      const run = await runGatehouse(["hook", "claude", "--daemon", url, "--daemon-timeout", "300", "--state-dir", join(dir, "fb")], deny, { HOME });
      expect([run.code, run.stdout]).toEqual([here.code, here.stdout]);
      expect(run.stdout).toContain('"permissionDecision":"deny"');
      const lines = run.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(why);
      expect(lines[0]).toContain("evaluated in this process");
    }
  });

  it("a --daemon that is not a loopback http URL, or a bad timeout, is a usage error (64) before anything is read", async () => {
    const input = JSON.stringify(claude.pre("ls"));
    for (const args of [["--daemon", "https://127.0.0.1:1"], ["--daemon", "http://example.com:80"], ["--daemon", `${open.url}/v1/hook/claude`], ["--daemon", "nope"], ["--daemon", open.url, "--daemon-timeout", "0"]]) {
      const run = await runGatehouse(["hook", "claude", ...args], input, { HOME });
      expect([run.code, run.stdout, run.stderr.trim().split("\n").length], args.join(" ")).toEqual([64, "", 1]);
      expect(run.stderr).toMatch(/^gatehouse hook: --daemon/);
    }
  });
});

describe("the forwarder's parts", () => {
  it("daemonOptions reads both spellings and stops at --", () => {
    expect(daemonOptions(["claude", "--daemon", "http://127.0.0.1:1", "--daemon-timeout=50"])).toEqual({ url: "http://127.0.0.1:1", timeout: "50" });
    expect(daemonOptions(["claude", "--daemon=http://[::1]:9"])).toEqual({ url: "http://[::1]:9", timeout: null });
    expect(daemonOptions(["claude", "--", "--daemon", "x"])).toEqual({ url: null, timeout: null });
  });

  it("daemonEndpoint accepts loopback http base URLs only", () => {
    for (const ok of ["http://127.0.0.1:4283", "http://localhost:1", "http://[::1]:80/", "http://127.9.9.9:5"]) expect(daemonEndpoint(ok)).toBeInstanceOf(URL);
    for (const bad of ["https://127.0.0.1:1", "http://10.0.0.1:1", "http://127.0.0.1.evil.com:1", "http://u:p@127.0.0.1:1", "http://127.0.0.1:1/x", "http://127.0.0.1:1?a", "ftp://127.0.0.1", ""]) expect(typeof daemonEndpoint(bad)).toBe("string");
  });

  it("answerOf takes exactly {stdout, stderr, exit_code} and never throws", () => {
    expect(answerOf('{"stdout":"x","stderr":null,"exit_code":0}')).toEqual({ stdout: "x", stderr: null, exitCode: 0 });
    for (const bad of ['{"stdout":1,"stderr":null,"exit_code":0}', '{"stdout":"","stderr":null,"exit_code":1.5}', '{"stdout":"","stderr":null,"exit_code":256}', "[]", "null", "{", '{"decision":"allow"}'])
      expect(answerOf(bad)).toBeNull();
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json()), (text) => void answerOf(text)));
  });
});
