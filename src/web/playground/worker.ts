// The page's engine, off the main thread: compiling a 2,000-artifact bundle
// takes ~100–300 ms, which would freeze the editors. Everything the engine
// needs is fetched by file name from beside this script: the Gatehouse WASM
// and the shell grammar at start, each inline-code grammar (src/grammars.ts;
// the build copies them all) the first time an event holds such code.
import defaultBundle from "../../../bundles/default.json";
import { Engine } from "../../engine.js";
import { canonicalJson } from "../../bundle/canonical.js";
import { loadShellParser, type ShellParser } from "../../classify/shell/index.js";
import { initTreeSitterRuntime } from "../../classify/tree-sitter-runtime.js";
import type { GrammarBytes } from "../../classify/shell/index.js";
import { grammarFileName, SHELL_GRAMMAR_FILES } from "../../grammars.js";
import { fetchedInlineGrammars } from "../inline-grammars.js";
import { formatTrace } from "../../render/trace.js";
import type { SessionState } from "../../model/session-state.js";
import { ENGINE_VERSION } from "../../version.js";
import { browserBaseResolver } from "../base-resolver.js";
import { eventSummary } from "./event-summary.js";
import type { ConformanceCase, Request, Response, RunRow } from "./protocol.js";

interface WorkerScope {
  postMessage(message: Response): void;
  addEventListener(type: "message", listener: (event: { data: Request }) => void): void;
  location: { href: string };
}
const scope = self as unknown as WorkerScope;
const post = (message: Response) => scope.postMessage(message);
const resolveBase = browserBaseResolver(defaultBundle);

async function fetchBytes(name: string): Promise<Uint8Array> {
  const response = await fetch(new URL(name, scope.location.href));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Streaming compile needs `Content-Type: application/wasm`; a static server that sends another type still works, compiled from bytes. */
async function compileEngineWasm(): Promise<WebAssembly.Module> {
  const url = new URL("gatehouse.wasm", scope.location.href);
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch {
    return WebAssembly.compile((await fetchBytes("gatehouse.wasm")) as BufferSource);
  }
}

/** Inline-code grammars, fetched from beside this script on first need and kept for every engine the page makes after. */
const inlineGrammars = fetchedInlineGrammars(scope.location.href);

interface Loaded {
  grammar: GrammarBytes;
  parser: ShellParser;
  wasmModule: WebAssembly.Module;
}

async function start(): Promise<Loaded> {
  const t0 = performance.now();
  const [runtime, language, wasmModule] = await Promise.all([
    fetchBytes(grammarFileName(SHELL_GRAMMAR_FILES.runtime)),
    fetchBytes(grammarFileName(SHELL_GRAMMAR_FILES.bash)),
    compileEngineWasm(),
  ]);
  const grammar = { runtime, language };
  // The runtime first, as Engine.load does: whoever initialises web-tree-sitter first owns the synchronous grammar load.
  await initTreeSitterRuntime(runtime);
  // Loaded once: every engine after shares it (a bundle edit makes a new engine, not a new parser).
  const parser = await loadShellParser(grammar);
  post({ type: "ready", engine_version: ENGINE_VERSION, ms: performance.now() - t0 });
  return { grammar, parser, wasmModule };
}

const loading = start();
let engine: Engine | null = null;

const load = async (bundle: unknown) => {
  const { grammar, parser, wasmModule } = await loading;
  return Engine.load({ bundle, grammar, parser, wasmModule, resolveBase, inlineGrammars });
};

/** Evaluate after loading whatever inline-code grammar the event needs (the async half the engine leaves to its host). */
async function evaluateOn(e: Engine, event: unknown, state: unknown, nowMs: number) {
  await e.prepare(event);
  return e.evaluate(event, state, nowMs);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `eval`'s line forms: an event, a frame `{event, now_ms?, state?}`, or a corpus case (its `expected.decision.verdict` is kept). */
function frameOf(value: unknown): { event: unknown; now_ms: number | null; state: unknown; expected: string | null } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("a line must be a JSON object: an event, a frame {event, now_ms?, state?} or a corpus case");
  const v = value as Record<string, unknown>;
  if (typeof v.event !== "object" || v.event === null || "event_type" in v) return { event: value, now_ms: null, state: undefined, expected: null };
  const expected = (v.expected as { decision?: { verdict?: unknown } } | undefined)?.decision?.verdict;
  const now = v.now_ms;
  if (now !== undefined && !Number.isSafeInteger(now)) throw new Error("now_ms must be an integer");
  return { event: v.event, now_ms: (now as number | undefined) ?? null, state: "state_in" in v ? v.state_in : v.state, expected: typeof expected === "string" ? expected : null };
}

async function run(e: Engine, text: string): Promise<RunRow[]> {
  const sessions = new Map<string, SessionState>();
  const rows: RunRow[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === "") continue;
    const line = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      rows.push({ line, tool: "", input: raw.length > 200 ? `${raw.slice(0, 197)}…` : raw, envelope: null, error: `not JSON: ${message(error)}`, expected: null });
      continue;
    }
    try {
      const frame = frameOf(value);
      const session = String((frame.event as { session_id?: unknown }).session_id ?? "");
      const state = frame.state !== undefined ? frame.state : (sessions.get(session) ?? null);
      const envelope = await evaluateOn(e, frame.event, state, frame.now_ms ?? Date.now());
      sessions.set(session, envelope.state);
      rows.push({ line, ...eventSummary(frame.event), envelope, error: null, expected: frame.expected });
    } catch (error) {
      rows.push({ line, ...eventSummary((value as { event?: unknown })?.event ?? value), envelope: null, error: message(error), expected: null });
    }
  }
  return rows;
}

async function conformance(casesJson: string) {
  const cases = JSON.parse(casesJson) as ConformanceCase[];
  // One engine at a time: each holds a WASM instance, and a browser caps how many a worker may keep.
  let cached = undefined as { key: string; engine: Promise<Engine> } | undefined;
  const results = [];
  for (const c of cases) {
    const key = canonicalJson(c.bundle);
    const entry = cached?.key === key ? cached : (cached = { key, engine: load(c.bundle) });
    try {
      const e = await entry.engine;
      results.push({ envelope: JSON.stringify(await evaluateOn(e, c.event, c.state_in, c.now_ms)), skipped: e.skipped, error: null });
    } catch (error) {
      results.push({ envelope: null, skipped: null, error: `${error instanceof Error ? error.name : "Error"}: ${message(error)}` });
    }
  }
  return results;
}

async function handle(request: Request): Promise<void> {
  switch (request.type) {
    case "bundle": {
      const t0 = performance.now();
      try {
        const next = await load(request.text);
        engine = next;
        const layout = next.layout;
        post({
          type: "bundle",
          id: request.id,
          ok: true,
          ms: performance.now() - t0,
          report: {
            digest: next.bundleDigest,
            bundle_id: next.bundleId,
            artifacts: next.artifactCount,
            sources: [...next.bundleSources],
            skipped: [...next.skipped],
            warnings: [...next.bundleWarnings],
            layout: { c: layout.c, f: layout.f, t: layout.t, a: layout.a, run: layout.run },
          },
        });
      } catch (error) {
        post({ type: "bundle", id: request.id, ok: false, error: message(error), ms: performance.now() - t0 });
      }
      return;
    }
    case "evaluate": {
      if (engine === null) {
        post({ type: "evaluate", id: request.id, ok: false, error: "no bundle is loaded", errorName: "Error" });
        return;
      }
      try {
        const event: unknown = JSON.parse(request.event);
        await engine.prepare(event);
        const t0 = performance.now();
        const envelope = engine.evaluate(event, request.state, request.now_ms);
        const ms = performance.now() - t0;
        // The trace of the same inputs, for the page's explain pane (explain records as it evaluates: a second run, not a second implementation).
        const { trace } = engine.explain(event, request.state, request.now_ms, () => performance.now());
        post({ type: "evaluate", id: request.id, ok: true, envelope, trace: { paths: trace.paths, urls: trace.urls, shell: trace.shell }, traceText: formatTrace(trace), ms });
      } catch (error) {
        post({ type: "evaluate", id: request.id, ok: false, error: message(error), errorName: error instanceof Error ? error.name : "Error" });
      }
      return;
    }
    case "run": {
      const t0 = performance.now();
      const rows = engine === null ? [] : await run(engine, request.text);
      post({ type: "run", id: request.id, rows, ms: performance.now() - t0 });
      return;
    }
    case "conformance":
      post({ type: "conformance", id: request.id, results: await conformance(request.cases) });
      return;
  }
}

// One request at a time, in order: a bundle compile finishes before the evaluations sent after it.
let queue: Promise<void> = loading.then(
  () => undefined,
  (error: unknown) => post({ type: "fatal", error: `the engine could not start: ${message(error)}` }),
);
scope.addEventListener("message", (event) => {
  queue = queue.then(() => handle(event.data)).catch((error: unknown) => post({ type: "fatal", error: message(error) }));
});
