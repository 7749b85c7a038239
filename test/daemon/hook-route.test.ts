// POST /v1/hook/<agent> against `gatehouse hook <agent>`: the same payloads
// through the stdin hook (a real child process) and a running `gatehouse
// serve` give the same bytes — the hook's stdout is the HTTP body ({} where it
// prints nothing), its exit code rides in a header, and a block or a fail-open
// failure takes the documented HTTP form. Then: hook processes and the daemon
// sharing one state directory lose no increment.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT_CODE_HEADER } from "../../src/daemon/hook-answer.js";
import { acp, claude, codex, countingBundle, cursor, CWD, gemini } from "../support/hook-payloads.js";
import { inBatches, runGatehouse, type Run } from "../support/spawn-hook.js";
import { http, inParallel, spawnServe, type HttpAnswer, type ServeProcess } from "./harness.js";
import { scratchDir } from "../support/scratch.js";

const HOME = "/home/dev";
const PAYLOADS: Record<string, unknown[]> = {
  claude: [
    claude.pre("rm -rf ~"),
    claude.pre("cat .env"),
    claude.pre("ls -la"),
    claude.tool("Write", { file_path: "/etc/passwd", content: "x" }),
    claude.post("Bash", { command: "ls" }, { stdout: "a\nb", stderr: "", interrupted: false }),
    claude.sessionStart,
  ],
  codex: [codex.pre("Bash", { command: "git push --force origin main" }), codex.pre("Bash", { command: "cat .env" }), codex.pre("Bash", { command: "ls" }), codex.pre("apply_patch", { command: "*** Begin Patch\n*** Delete File: /etc/hosts\n*** End Patch\n" })],
  gemini: [gemini.before("run_shell_command", { command: "rm -rf ~" }), gemini.before("run_shell_command", { command: "cat .env" }), gemini.before("read_file", { file_path: `${CWD}/README.md` }), gemini.sessionStart],
  cursor: [cursor.shell("rm -rf ~"), cursor.shell("cat .env"), cursor.shell("ls"), cursor.read(`${HOME}/.ssh/id_rsa`), cursor.prompt],
  acp: [acp.permission({ command: "rm -rf ~" }), acp.permission({ command: "cat .env" }), acp.permission({ command: "ls" }), acp.terminal("rm", ["-rf", "/"]), acp.update],
};
/** Bodies that are not the agent's hook JSON: each posture answers them its own way. */
const GARBAGE = ["{not json", "[]", '{"hook_event_name":"PreToolUse"}', ""];

let dir: string;
let open: ServeProcess;
let closed: ServeProcess;
beforeAll(async () => {
  dir = scratchDir("gatehouse-hook-route-");
  const env = { ...process.env, HOME };
  [open, closed] = await Promise.all([
    spawnServe(["--state-dir", join(dir, "serve-open")], env),
    spawnServe(["--state-dir", join(dir, "serve-closed"), "--on-error", "closed"], env),
  ]);
});
afterAll(async () => {
  for (const d of [open, closed]) d?.child.kill("SIGTERM");
  await Promise.all([open?.exited, closed?.exited]);
  rmSync(dir, { recursive: true, force: true });
});

/** What the daemon must answer for a hook run (docs/daemon.md). Error lines name their input: stdin there, the request body here. */
function expectSameAnswer(run: Run, http: HttpAnswer, what: string) {
  const answer = { ...http, body: http.body.replaceAll("the request body", "stdin") };
  expect(answer.headers[EXIT_CODE_HEADER], what).toBe(String(run.code));
  const stdout = run.stdout.replace(/\n$/, ""); // the CLI ends its line; the HTTP body is the answer itself
  const stderr = run.stderr.trim().split("\n").at(-1) ?? "";
  if (stdout !== "") expect([answer.status, answer.body], what).toEqual([200, stdout]);
  else if (run.code === 0 || run.code === 3) expect([answer.status, answer.body], what).toEqual([200, "{}"]);
  else if (run.code === 2) expect([answer.status, JSON.parse(answer.body)], what).toEqual([200, { decision: "block", reason: stderr }]);
  else {
    expect(answer.status, what).toBe(run.code === 66 ? 400 : run.code === 70 ? 500 : 503);
    expect(JSON.parse(answer.body).error.message, what).toBe(stderr);
  }
}

describe("POST /v1/hook/<agent> answers what gatehouse hook <agent> prints", () => {
  const cases = Object.entries(PAYLOADS).flatMap(([agent, payloads]) => payloads.map((p) => ({ agent, input: JSON.stringify(p), posture: "open" })));
  for (const agent of Object.keys(PAYLOADS)) for (const input of GARBAGE) for (const posture of ["open", "closed"]) cases.push({ agent, input, posture });

  it(`${cases.length} payloads across five agents and both error postures, byte for byte`, async () => {
    const runs = await inBatches(
      cases.map((c, i) => () => runGatehouse(["hook", c.agent, "--state-dir", join(dir, `hook-${i}`), ...(c.posture === "closed" ? ["--on-error", "closed"] : [])], c.input, { HOME })),
    );
    const kinds = new Set<string>();
    for (const [i, c] of cases.entries()) {
      const answer = await http((c.posture === "open" ? open : closed).url, { path: `/v1/hook/${c.agent}`, body: c.input });
      expectSameAnswer(runs[i]!, answer, `${c.agent} --on-error ${c.posture} ${c.input.slice(0, 80)}`);
      kinds.add(`${runs[i]!.code}:${runs[i]!.stdout === "" ? "silent" : "answer"}`);
    }
    // The set covers answers, silences, exit-2 blocks and fail-open exits.
    expect([...kinds]).toEqual(expect.arrayContaining(["0:answer", "0:silent", "2:answer", "2:silent", "3:silent", "66:silent"]));
    const allowBody = await http(open.url, { path: "/v1/hook/claude", body: JSON.stringify(claude.pre("ls -la")) });
    expect([allowBody.status, allowBody.body]).toEqual([200, "{}"]); // a Claude allow answers {}
  });

  it("a forwarding hook with nobody to answer an ask (/v1/hook-answer/gemini/no-person): the ask is a deny saying so, the deny unchanged; the agent's own http route has no such suffix", async () => {
    const ask = JSON.stringify(gemini.before("run_shell_command", { command: "cat .env" }));
    const deny = JSON.stringify(gemini.before("run_shell_command", { command: "rm -rf ~" }));
    const post = (path: string, body: string) => http(open.url, { path, body }).then((r) => JSON.parse(r.body) as { stdout: string; exit_code: number });
    const person = JSON.parse((await post("/v1/hook-answer/gemini", ask)).stdout);
    expect(person.decision).toBe("ask");
    const nobody = JSON.parse((await post("/v1/hook-answer/gemini/no-person", ask)).stdout);
    expect(nobody.decision).toBe("deny");
    expect(nobody.reason).toContain(`${person.reason} [Gatehouse: a person must approve this action. Nobody can answer a confirmation in a headless Gemini CLI run (gemini -p)`);
    expect((await post("/v1/hook-answer/gemini/no-person", deny)).stdout).toBe((await post("/v1/hook-answer/gemini", deny)).stdout);
    expect((await http(open.url, { path: "/v1/hook/gemini/no-person", body: ask })).status).toBe(404);
  });

  it("an agent without a hook route is 404; GET is 405", async () => {
    for (const agent of ["opencode", "Claude", "claude/", "..", ""]) expect((await http(open.url, { path: `/v1/hook/${agent}`, body: "{}" })).status).toBe(404);
    expect((await http(open.url, { path: "/v1/hook/claude" })).status).toBe(405);
  });
});

describe("the daemon and hook processes sharing one state directory", () => {
  it("hook processes (8 at a time) and the daemon, 80 calls on one session at once: the counter ends at exactly 80", async () => {
    const stateDir = join(dir, "shared");
    const bundle = join(dir, "counting.json");
    writeFileSync(bundle, JSON.stringify(countingBundle(1_000_000)));
    const serve = await spawnServe(["--state-dir", stateDir, "--bundle", bundle], { ...process.env, HOME });
    try {
      const payload = JSON.stringify(claude.pre("ls", { session_id: "shared-session" }));
      const hooks = inBatches(
        Array.from({ length: 40 }, () => () => runGatehouse(["hook", "claude", "--state-dir", stateDir, "--bundle", bundle], payload, { HOME })),
        8,
      );
      const served = inParallel(40, 8, () => http(serve.url, { path: "/v1/hook/claude", body: payload }));
      const [hookRuns, answers] = await Promise.all([hooks, served]);
      expect(hookRuns.filter((r) => r.code !== 0).map((r) => r.stderr)).toEqual([]);
      expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
      // One more call through /v1/evaluate sees the 81st count.
      const event = { event_type: "pre_tool_use", session_id: "shared-session", tool_name: "Bash", tool_input: { command: "ls" } };
      const next = await http(serve.url, { path: "/v1/evaluate", body: JSON.stringify(event) });
      expect(JSON.parse(next.body).state.c[0]).toBe(81);
    } finally {
      serve.child.kill("SIGTERM");
      expect(await serve.exited).toBe(0);
    }
  });
});
