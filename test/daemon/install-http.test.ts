// End to end with the installer: `gatehouse install claude --http URL` writes
// Claude Code's http handler; the URL it wrote, POSTed the way Claude Code
// posts, is answered by a running `gatehouse serve`, and `gatehouse doctor`
// finds the daemon healthy and its self-test through the handler passing.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { claude } from "../support/hook-payloads.js";
import { runGatehouse } from "../support/spawn-hook.js";
import { spawnServe, type ServeProcess } from "./harness.js";
import { scratchDir } from "../support/scratch.js";

let dir: string;
let serve: ServeProcess;
beforeAll(async () => {
  dir = scratchDir("gatehouse-install-http-");
  serve = await spawnServe([]);
});
afterAll(async () => {
  serve?.child.kill("SIGTERM");
  await serve?.exited;
  rmSync(dir, { recursive: true, force: true });
});

it("the handler install --http writes is answered by serve; doctor reports the daemon", async () => {
  const env = { HOME: join(dir, "home") };
  const installed = await runGatehouse(["install", "claude", "--http", serve.url, "--project", dir], "", env);
  expect(installed.code, installed.stderr).toBe(0);
  const settings = JSON.parse(readFileSync(join(dir, ".claude", "settings.json"), "utf8"));
  const handler = settings.hooks.PreToolUse[0].hooks[0];
  expect(handler).toMatchObject({ type: "http", url: `${serve.url}/v1/hook/claude` });

  // As Claude Code's http hook posts: the hook JSON, application/json, no Origin.
  const post = async (payload: unknown) => {
    const r = await fetch(handler.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
    return [r.status, await r.text()] as const;
  };
  const [status, body] = await post(claude.pre("rm -rf ~"));
  expect(status).toBe(200);
  expect(JSON.parse(body).hookSpecificOutput).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "deny" });
  expect(await post(claude.pre("ls -la"))).toEqual([200, "{}"]);

  const doctor = await runGatehouse(["doctor", "--project", dir, "--json"], "", env);
  const report = JSON.parse(doctor.stdout);
  const messages = report.findings.map((f: { level: string; message: string }) => `${f.level}: ${f.message}`);
  expect(messages).toContain(`ok: daemon behind ${handler.url} answers /healthz`);
  expect(messages.some((m: string) => /^ok: self-test: `ls` allowed, `rm -rf ~` denied/.test(m))).toBe(true); // through the http handler
  expect(report.findings.filter((f: { level: string }) => f.level === "error")).toEqual([]);
  expect([doctor.code, report.healthy]).toEqual([0, true]);
});
