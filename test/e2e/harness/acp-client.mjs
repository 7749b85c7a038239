// An ACP client (the @agentclientprotocol/sdk `client()` app) that drives an ACP
// agent through one prompt, as an editor would, and consults Gatehouse on each
// agent → client request first. Its person approves everything (`allow_once`),
// so whatever Gatehouse does not refuse runs — the control, and the proof that
// a refusal came from Gatehouse. Run as its own process (as the agent user):
//   ACP_E2E_CONFIG='{"sdk":…,"agent":…,"cwd":…,"prompt":…,"gate":"none|hook|library",
//                    "gatehouseBin":…,"gateModule":…,"report":…}' node acp-client.mjs
// It writes a JSON report: every permission request, what the gate answered and what was sent back.
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { pathToFileURL } from "node:url";

const config = JSON.parse(process.env.ACP_E2E_CONFIG ?? "{}");
const acp = await import(pathToFileURL(config.sdk).href);
const report = { permissions: [], updates: [], stopReason: null, error: null };

let gate = null;
if (config.gate === "library") {
  const { createAcpGate } = await import(pathToFileURL(config.gateModule).href);
  gate = await createAcpGate({ cwd: config.cwd });
}

/** What Gatehouse answers for one request: a JSON-RPC response to send instead, or null. */
async function consult(request) {
  if (config.gate === "library") {
    const check = await gate.check(request);
    return { response: check.response, verdict: check.verdict, reason: check.reason };
  }
  if (config.gate === "hook") {
    const r = spawnSync(config.gatehouseBin, ["hook", "acp"], { input: JSON.stringify(request), encoding: "utf8", cwd: config.cwd });
    return { response: r.stdout.trim() === "" ? null : JSON.parse(r.stdout), exitCode: r.status, stderr: r.stderr };
  }
  return { response: null };
}

/** Send the gate's JSON-RPC answer back as the SDK's handler result (or its error). */
function answerWith(response) {
  if (response.error !== undefined) throw new acp.RequestError(response.error.code, response.error.message, response.error.data);
  return response.result;
}

const child = spawn(config.agent, [], { cwd: config.cwd, stdio: ["pipe", "pipe", "inherit"], env: process.env });
const stream = acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
let nextId = 1;
const app = acp
  .client({ name: "gatehouse-e2e-client" })
  .onRequest(acp.methods.client.session.requestPermission, async ({ params, requestId }) => {
    const request = { jsonrpc: "2.0", id: requestId ?? nextId++, method: "session/request_permission", params };
    const gated = await consult(request);
    const entry = { params, gate: gated, sent: null };
    report.permissions.push(entry);
    if (gated.response !== null) {
      entry.sent = gated.response;
      return answerWith(gated.response);
    }
    const allow = params.options.find((o) => o.kind === "allow_once") ?? params.options[0];
    entry.sent = { result: { outcome: { outcome: "selected", optionId: allow.optionId } } };
    return entry.sent.result;
  })
  .onNotification(acp.methods.client.session.update, async ({ params }) => {
    report.updates.push(params.update?.sessionUpdate === "tool_call" ? params.update : { sessionUpdate: params.update?.sessionUpdate });
    // The library gate learns each tool call's kind from its tool_call update (claude-code-acp sends it there, not in the permission request).
    if (gate !== null) await gate.check({ jsonrpc: "2.0", method: "session/update", params });
  });

try {
  await app.connectWith(stream, async (ctx) => {
    await ctx.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false } });
    const session = await ctx.request(acp.methods.agent.session.new, { cwd: config.cwd, mcpServers: [] });
    const done = await ctx.request(acp.methods.agent.session.prompt, { sessionId: session.sessionId, prompt: [{ type: "text", text: config.prompt }] });
    report.stopReason = done.stopReason;
  });
} catch (error) {
  report.error = String(error?.stack ?? error);
}
writeFileSync(config.report, JSON.stringify(report, null, 2));
child.kill("SIGTERM");
process.exit(0);
