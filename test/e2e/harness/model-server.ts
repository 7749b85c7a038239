// A scripted model on loopback that speaks each provider's wire API, so a real
// agent runs headless against it: Anthropic Messages (SSE), OpenAI Responses
// (SSE), OpenAI Chat Completions (SSE) and Gemini generateContent /
// streamGenerateContent (SSE). It logs every request, so a test reads the tool
// results the agent sent back.
//
// A script is a list of steps. Which step a request gets is the number of tool
// results its conversation already carries, so the agent's own retries and
// side requests never skip a step. A conversation is matched to a script by a
// marker in its text (`[[e2e:NAME]]`), which is how a sub-agent's conversation
// (its prompt carries another marker) gets a script of its own. A request that
// offers no tools (titles, summaries, safety checks) gets a short text.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One model turn: a tool call built from the tools the request offers, or the closing text. */
export type Step =
  | { shell: string; label?: string }
  /** A tool call built from the tools offered; a string input is a freeform (custom) tool's, as Codex's apply_patch. */
  | { tool: (offered: string[]) => { name: string; input: Record<string, unknown> | string } | null; label?: string }
  | { text: string };

export interface Script {
  steps: Step[];
  /** The closing text once the steps are spent. */
  final?: string;
}

export interface ToolResult {
  id: string;
  /** The tool name the model called (Gemini matches results by name). */
  name: string | null;
  text: string;
  isError: boolean;
}

export interface LoggedRequest {
  api: Api;
  path: string;
  body: unknown;
  script: string | null;
  step: number | null;
  toolNames: string[];
}

type Api = "anthropic" | "openai-responses" | "openai-chat" | "gemini" | "other";

export interface ModelServer {
  url: string;
  port: number;
  requests: LoggedRequest[];
  /** Every tool call the model made, in order: its id, tool name, step label and the script it came from. */
  calls: { id: string; name: string; label: string; script: string; input: Record<string, unknown> | string }[];
  /** Every tool result any request carried, by call id (the last one seen wins). */
  results(): Map<string, ToolResult>;
  /** The result of the call made for the step labelled `label` (in `script`, default the first script), or undefined. */
  resultOf(label: string, script?: string): ToolResult | undefined;
  close(): Promise<void>;
}

const MARKER = /\[\[e2e:([A-Za-z0-9_-]+)\]\]/;

function sse(res: ServerResponse, events: { event?: string; data: unknown }[]): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "close" });
  for (const e of events) res.write(`${e.event !== undefined ? `event: ${e.event}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`);
  res.end();
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", connection: "close" });
  res.end(JSON.stringify(body));
}

const isObj = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null && !Array.isArray(v);

function textOf(v: unknown): string {
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(textOf).join("\n");
  if (isObj(v)) {
    if (typeof v.text === "string") return v.text;
    if (typeof v.output === "string") return v.output;
    if ("content" in v) return textOf(v.content);
    if ("output" in v) return textOf(v.output);
    return JSON.stringify(v);
  }
  return v === undefined || v === null ? "" : String(v);
}

/** What each API calls its conversation, its offered tools, and the tool results in it. */
interface Reading {
  text: string;
  toolNames: string[];
  results: ToolResult[];
}

function readAnthropic(body: any): Reading {
  const results: ToolResult[] = [];
  const names = new Map<string, string>();
  for (const m of body.messages ?? []) {
    if (!Array.isArray(m.content)) continue;
    for (const c of m.content) {
      if (c?.type === "tool_use") names.set(c.id, c.name);
      if (c?.type === "tool_result") results.push({ id: c.tool_use_id, name: names.get(c.tool_use_id) ?? null, text: textOf(c.content), isError: c.is_error === true });
    }
  }
  return { text: JSON.stringify(body.messages ?? []), toolNames: (body.tools ?? []).map((t: any) => t?.name).filter(Boolean), results };
}

function readResponses(body: any): Reading {
  const results: ToolResult[] = [];
  const names = new Map<string, string>();
  const input = Array.isArray(body.input) ? body.input : [];
  for (const item of input) {
    if (item?.type === "function_call" || item?.type === "custom_tool_call" || item?.type === "local_shell_call") names.set(item.call_id, item.name ?? item.type);
    if (item?.type === "function_call_output" || item?.type === "custom_tool_call_output")
      results.push({ id: item.call_id, name: names.get(item.call_id) ?? null, text: textOf(item.output), isError: false });
  }
  const toolNames = (body.tools ?? []).map((t: any) => t?.name ?? t?.type).filter(Boolean);
  return { text: JSON.stringify(input) + JSON.stringify(body.instructions ?? ""), toolNames, results };
}

function readChat(body: any): Reading {
  const results: ToolResult[] = [];
  const names = new Map<string, string>();
  for (const m of body.messages ?? []) {
    for (const tc of m.tool_calls ?? []) names.set(tc.id, tc.function?.name);
    if (m.role === "tool") results.push({ id: m.tool_call_id, name: names.get(m.tool_call_id) ?? null, text: textOf(m.content), isError: false });
  }
  return { text: JSON.stringify(body.messages ?? []), toolNames: (body.tools ?? []).map((t: any) => t?.function?.name).filter(Boolean), results };
}

function readGemini(body: any): Reading {
  const results: ToolResult[] = [];
  for (const c of body.contents ?? []) {
    for (const p of c.parts ?? []) {
      const r = p?.functionResponse;
      if (isObj(r)) results.push({ id: typeof r.id === "string" ? r.id : "", name: r.name ?? null, text: textOf(r.response), isError: isObj(r.response) && "error" in r.response });
    }
  }
  const toolNames = (body.tools ?? []).flatMap((t: any) => (t?.functionDeclarations ?? []).map((d: any) => d?.name)).filter(Boolean);
  return { text: JSON.stringify(body.contents ?? []), toolNames, results };
}

export async function startModelServer(scripts: Record<string, Script>, options: { defaultScript?: string } = {}): Promise<ModelServer> {
  const names = Object.keys(scripts);
  const fallback = options.defaultScript ?? names[0]!;
  const requests: LoggedRequest[] = [];
  const calls: ModelServer["calls"] = [];
  const seen = new Map<string, ToolResult>();
  let counter = 0;

  /** The script and step for a conversation, and the tool call (or text) to answer with. */
  function plan(reading: Reading): { script: string | null; step: number | null; call: { id: string; name: string; input: Record<string, unknown> | string; label: string } | null; text: string } {
    const ofName = new Map<string | null, number>();
    for (const r of reading.results) {
      const k = ofName.get(r.name) ?? 0;
      ofName.set(r.name, k + 1);
      seen.set(r.id !== "" ? r.id : `${r.name}#${k}`, r);
    }
    if (reading.toolNames.length === 0) return { script: null, step: null, call: null, text: "OK." };
    const found = MARKER.exec(reading.text)?.[1];
    const name = found !== undefined && scripts[found] !== undefined ? found : fallback;
    const script = scripts[name]!;
    const step = reading.results.length;
    const s = script.steps[step];
    if (s === undefined) return { script: name, step, call: null, text: script.final ?? "Done." };
    if ("text" in s) return { script: name, step, call: null, text: s.text };
    const built = "shell" in s ? null : s.tool(reading.toolNames);
    const shell = "shell" in s ? shellCallFor(reading.toolNames)(s.shell) : null;
    const made = built ?? shell;
    if (made === null) return { script: name, step, call: null, text: `e2e: no tool to run step ${step} among ${reading.toolNames.join(",")}` };
    const id = `call_e2e_${++counter}`;
    const label = s.label ?? ("shell" in s ? s.shell : `step${step}`);
    calls.push({ id, name: made.name, label, script: name, input: made.input });
    return { script: name, step, call: { id, ...made, label }, text: "" };
  }

  function log(api: Api, req: IncomingMessage, body: unknown, reading: Reading | null, p: ReturnType<typeof plan> | null): void {
    requests.push({ api, path: req.url ?? "", body, script: p?.script ?? null, step: p?.step ?? null, toolNames: reading?.toolNames ?? [] });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: any = null;
      try {
        body = raw === "" ? null : JSON.parse(raw);
      } catch {
        body = raw;
      }
      const path = (req.url ?? "").split("?")[0]!;
      try {
        if (req.method === "POST" && /\/v1\/messages\/count_tokens$/.test(path)) {
          log("anthropic", req, body, null, null);
          return json(res, 200, { input_tokens: 12 });
        }
        if (req.method === "POST" && /\/v1\/messages$/.test(path)) {
          const reading = readAnthropic(body);
          const p = plan(reading);
          log("anthropic", req, body, reading, p);
          return answerAnthropic(res, body, p.call, p.text);
        }
        if (req.method === "POST" && /\/responses$/.test(path)) {
          const reading = readResponses(body);
          const p = plan(reading);
          log("openai-responses", req, body, reading, p);
          return answerResponses(res, body, p.call, p.text);
        }
        if (req.method === "POST" && /\/chat\/completions$/.test(path)) {
          const reading = readChat(body);
          const p = plan(reading);
          log("openai-chat", req, body, reading, p);
          return answerChat(res, body, p.call, p.text);
        }
        const gemini = /\/models\/([^/:]+):(streamGenerateContent|generateContent|countTokens)$/.exec(path);
        if (req.method === "POST" && gemini !== null) {
          if (gemini[2] === "countTokens") {
            log("gemini", req, body, null, null);
            return json(res, 200, { totalTokens: 12 });
          }
          const reading = readGemini(body);
          const p = plan(reading);
          log("gemini", req, body, reading, p);
          return answerGemini(res, gemini[1]!, gemini[2] === "streamGenerateContent", p.call, p.text);
        }
        log("other", req, body, null, null);
        if (req.method === "GET" && /\/models$/.test(path)) return json(res, 200, { object: "list", data: [], models: [] });
        return json(res, 404, { error: { message: `e2e model server: no route ${req.method} ${req.url}` } });
      } catch (err) {
        return json(res, 500, { error: { message: String(err) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    calls,
    results: () => new Map(seen),
    resultOf(label, script = fallback) {
      const call = calls.find((c) => c.label === label && c.script === script);
      if (call === undefined) return undefined;
      const byId = seen.get(call.id);
      if (byId !== undefined) return byId;
      // Gemini CLI answers with its own call ids: the n-th call of that name in the conversation.
      const index = calls.filter((c) => c.name === call.name).indexOf(call);
      return [...seen.values()].filter((r) => r.name === call.name)[index];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The shell tool of whichever agent is asking, by the tools it offers: Claude
 * Code `Bash`, Gemini CLI `run_shell_command`, OpenCode `bash`, Codex
 * `exec_command` (unified exec) or `shell` (argv), Factory Droid `Execute`
 * (which refuses a call without `riskLevel` and `riskLevelReason`), Cline
 * `run_commands` (a list of command strings). Each
 * agent's own shape.
 */
export function shellCallFor(offered: string[]): (command: string) => { name: string; input: Record<string, unknown> } | null {
  const has = (n: string) => offered.includes(n);
  return (command) => {
    if (has("Bash")) return { name: "Bash", input: { command, description: "Run the command" } };
    if (has("run_shell_command")) return { name: "run_shell_command", input: { command, description: "Run the command" } };
    if (has("bash")) return { name: "bash", input: { command, description: "Run the command" } };
    if (has("Execute")) return { name: "Execute", input: { summary: "Run the scripted command", command, riskLevelReason: "The script asks for it", riskLevel: "low" } };
    if (has("exec_command")) return { name: "exec_command", input: { cmd: command } };
    if (has("shell_command")) return { name: "shell_command", input: { command } };
    if (has("shell")) return { name: "shell", input: { command: ["bash", "-lc", command] } };
    if (has("run_commands")) return { name: "run_commands", input: { commands: [command] } };
    return null;
  };
}

type Call = { id: string; name: string; input: Record<string, unknown> | string } | null;

function answerAnthropic(res: ServerResponse, body: any, call: Call, text: string): void {
  const model = typeof body?.model === "string" ? body.model : "claude-sonnet-4-5";
  const usage = { input_tokens: 12, output_tokens: 6, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const id = `msg_e2e_${Date.now()}`;
  const content = call !== null ? [{ type: "tool_use", id: call.id, name: call.name, input: call.input }] : [{ type: "text", text }];
  const stop = call !== null ? "tool_use" : "end_turn";
  if (body?.stream !== true) return json(res, 200, { id, type: "message", role: "assistant", model, content, stop_reason: stop, stop_sequence: null, usage });
  const events: { event: string; data: unknown }[] = [
    { event: "message_start", data: { type: "message_start", message: { id, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage } } },
  ];
  if (call !== null) {
    events.push({ event: "content_block_start", data: { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } } });
    events.push({ event: "content_block_delta", data: { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(call.input) } } });
  } else {
    events.push({ event: "content_block_start", data: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } } });
    events.push({ event: "content_block_delta", data: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } } });
  }
  events.push({ event: "content_block_stop", data: { type: "content_block_stop", index: 0 } });
  events.push({ event: "message_delta", data: { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 6 } } });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  sse(res, events);
}

function answerResponses(res: ServerResponse, body: any, call: Call, text: string): void {
  const id = `resp_e2e_${Date.now()}`;
  const usage = { input_tokens: 12, input_tokens_details: { cached_tokens: 0 }, output_tokens: 6, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 18 };
  const item =
    call !== null && typeof call.input === "string"
      ? { type: "custom_tool_call", id: `ctc_${call.id}`, call_id: call.id, name: call.name, input: call.input, status: "completed" }
      : call !== null
      ? { type: "function_call", id: `fc_${call.id}`, call_id: call.id, name: call.name, arguments: JSON.stringify(call.input), status: "completed" }
      : { type: "message", id: `m_${id}`, role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] };
  const response = { id, object: "response", created_at: Math.floor(Date.now() / 1000), model: body?.model ?? "gpt-5-codex", status: "completed", output: [item], usage };
  if (body?.stream === false) return json(res, 200, response);
  sse(res, [
    { event: "response.created", data: { type: "response.created", response: { ...response, status: "in_progress", output: [] } } },
    { event: "response.output_item.added", data: { type: "response.output_item.added", output_index: 0, item } },
    { event: "response.output_item.done", data: { type: "response.output_item.done", output_index: 0, item } },
    { event: "response.completed", data: { type: "response.completed", response } },
  ]);
}

function answerChat(res: ServerResponse, body: any, call: Call, text: string): void {
  const id = `chatcmpl_e2e_${Date.now()}`;
  const model = body?.model ?? "e2e-model";
  const created = Math.floor(Date.now() / 1000);
  const usage = { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 };
  const finish = call !== null ? "tool_calls" : "stop";
  const message = call !== null ? { role: "assistant", content: null, tool_calls: [{ id: call.id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.input) } }] } : { role: "assistant", content: text };
  if (body?.stream !== true) return json(res, 200, { id, object: "chat.completion", created, model, choices: [{ index: 0, message, finish_reason: finish }], usage });
  const chunk = (delta: unknown, finish_reason: string | null, extra: object = {}) => ({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason }], ...extra });
  const delta = call !== null ? { role: "assistant", content: null, tool_calls: [{ index: 0, id: call.id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.input) } }] } : { role: "assistant", content: text };
  sse(res, [{ data: chunk(delta, null) }, { data: chunk({}, finish, { usage }) }, { data: "[DONE]" }]);
}

function answerGemini(res: ServerResponse, model: string, stream: boolean, call: Call, text: string): void {
  const part = call !== null ? { functionCall: { id: call.id, name: call.name, args: call.input } } : { text };
  const body = {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 },
    modelVersion: model,
    responseId: `e2e_${Date.now()}`,
  };
  if (!stream) return json(res, 200, body);
  sse(res, [{ data: body }]);
}
