// Every front door answers in the agent's protocol (SPEC §11): a hook body the
// daemon refuses unread — over --max-body (declared or streamed), or of a
// content type it does not take — is that agent's unreadable input. Under
// `--on-error closed` each agent gets the block it reads as one (an agent reads
// a bare 413 as a non-blocking error: the call would go ahead); under `open` it
// stays an HTTP error, as the stdin hook fails open. The forwarders' route keeps
// the HTTP error, so a forwarding hook process evaluates the call itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT_CODE_HEADER } from "../../src/daemon/hook-answer.js";
import type { Engine } from "../../src/engine.js";
import { loadEngine } from "../../src/node/index.js";
import { acp, claude, codex, cursor, gemini } from "../support/hook-payloads.js";
import { http, raw, startTestDaemon, type HttpAnswer, type TestDaemon } from "./harness.js";

const CAP = 64 * 1024;
const pad = "x".repeat(CAP);
/** A real call for each agent, padded past the cap (a large Write would be this). */
const OVERSIZE: Record<string, string> = {
  claude: JSON.stringify({ ...claude.pre("rm -rf ~"), pad }),
  codex: JSON.stringify({ ...codex.pre("Bash", { command: "rm -rf ~" }), pad }),
  gemini: JSON.stringify({ ...gemini.before("run_shell_command", { command: "rm -rf ~" }), pad }),
  cursor: JSON.stringify({ ...cursor.shell("rm -rf ~"), pad }),
  acp: JSON.stringify({ ...(acp.permission({ command: "rm -rf ~" }) as object), pad }),
};

/** Whether the agent reads the 200 answer as a block of the call. */
function blocks(agent: string, r: HttpAnswer): boolean {
  if (r.status !== 200) return false;
  const body = JSON.parse(r.body);
  if (agent === "cursor") return body.permission === "deny";
  if (agent === "acp") return body.error !== undefined || body.result?.outcome?.optionId?.startsWith("reject") === true;
  // Claude Code, Codex and Gemini CLI read the top-level block (hook-answer.ts).
  return body.decision === "block" || body.hookSpecificOutput?.permissionDecision === "deny";
}

let engine: Engine;
let open: TestDaemon;
let closed: TestDaemon;
beforeAll(async () => {
  engine = await loadEngine();
  [open, closed] = await Promise.all([
    startTestDaemon(engine, { limits: { maxBodyBytes: CAP } }),
    startTestDaemon(engine, { limits: { maxBodyBytes: CAP }, posture: "closed" }),
  ]);
});
afterAll(async () => {
  await Promise.all([open.stop(), closed.stop()]);
});

describe("a hook body the daemon refuses unread", () => {
  it("over the cap (declared length): closed blocks in each agent's protocol, open is a non-blocking 413", async () => {
    for (const [agent, body] of Object.entries(OVERSIZE)) {
      const c = await http(closed.daemon.url, { path: `/v1/hook/${agent}`, body, keepAlive: false });
      expect(blocks(agent, c), `${agent} closed: ${c.status} ${c.body}`).toBe(true);
      expect(c.body, agent).toMatch(/the request body was refused: the body is \d+ bytes; at most 65536 are accepted/);
      const o = await http(open.daemon.url, { path: `/v1/hook/${agent}`, body, keepAlive: false });
      expect([agent, o.status, JSON.parse(o.body).error.code]).toEqual([agent, 413, "body_too_large"]);
      expect(o.headers[EXIT_CODE_HEADER], agent).toBe("66");
      expect(blocks(agent, o)).toBe(false);
    }
  });

  it("over the cap while streamed (chunked, no length): closed still answers Claude Code's block", async () => {
    const body = OVERSIZE.claude!;
    const answer = await raw(
      closed.daemon.port,
      `POST /v1/hook/claude HTTP/1.1\r\nHost: 127.0.0.1:${closed.daemon.port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    const json = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
    expect(json.decision).toBe("block");
    expect(json.reason).toMatch(/the body is over 65536 bytes/);
  });

  it("a content type the daemon does not take: closed blocks, open is a non-blocking 415", async () => {
    const body = JSON.stringify(claude.pre("rm -rf ~"));
    const c = await http(closed.daemon.url, { path: "/v1/hook/claude", body, headers: { "content-type": "text/plain" } });
    expect(blocks("claude", c), c.body).toBe(true);
    const o = await http(open.daemon.url, { path: "/v1/hook/claude", body, headers: { "content-type": "text/plain" } });
    expect([o.status, JSON.parse(o.body).error.code]).toEqual([415, "unsupported_media_type"]);
  });

  it("within the cap the same call is judged as usual; the forwarders' route keeps the 413 so the hook process evaluates it", async () => {
    const c = await http(closed.daemon.url, { path: "/v1/hook/claude", body: JSON.stringify(claude.pre("rm -rf ~")) });
    expect(JSON.parse(c.body).hookSpecificOutput.permissionDecision).toBe("deny");
    const f = await http(closed.daemon.url, { path: "/v1/hook-answer/claude", body: OVERSIZE.claude!, keepAlive: false });
    expect([f.status, JSON.parse(f.body).error.code]).toEqual([413, "body_too_large"]);
  });
});
