// The playground page (SPEC §12): edit a bundle and see its skipped items and
// warnings at once; type a command or an event and see the decision, effects,
// unknown shapes, paths, URLs and the session state before and after —
// re-evaluated as you type. The engine runs in a Worker (worker.ts): a bundle
// edit compiles once, debounced; a command edit evaluates at once.
import defaultBundle from "../../../bundles/default.json";
import teamExample from "../../../bundles/examples/team.json";
import { generateBundle } from "../../../bench/gen-bundle.mjs";
import { runCorpus } from "./corpus-view.js";
import { byId } from "./dom.js";
import { EngineClient } from "./engine-client.js";
import { commandEvent, EVENT_PRESETS, SAMPLE_CORPUS } from "./events.js";
import { parseJsonText } from "./json-text.js";
import { renderBundleError, renderBundleReport, renderDecision, renderState } from "./render.js";
import { SchemaHints } from "./schema-hints.js";
import type { Envelope } from "../../model/envelope.js";

const BUNDLE_DEBOUNCE_MS = 250;
const HINT_DEBOUNCE_MS = 120;

/** What a test or a benchmark reads: when things happened (ms since navigation start) and how long they took. */
const metrics = {
  workerReadyMs: null as number | null,
  firstDecisionAt: null as number | null,
  evaluations: 0,
  lastEvaluateMs: null as number | null,
  lastRoundTripMs: null as number | null,
  lastCompileMs: null as number | null,
  compiles: 0,
  /** The event the decision on screen is for. */
  lastEvent: null as unknown,
  /** The last evaluations: engine time in the worker, and keystroke-to-render time on the page (bench/page.mjs reads these). */
  samples: [] as { evaluateMs: number; answeredMs: number; roundTripMs: number }[],
};
const MAX_SAMPLES = 2000;

const bundleInput = byId<HTMLTextAreaElement>("bundle-input");
const commandInput = byId<HTMLInputElement>("command-input");
const eventInput = byId<HTMLTextAreaElement>("event-input");
const cwdInput = byId<HTMLInputElement>("cwd-input");
const homeInput = byId<HTMLInputElement>("home-input");
const nowInput = byId<HTMLInputElement>("now-input");
const corpusInput = byId<HTMLTextAreaElement>("corpus-input");

function showFatal(message: string): void {
  const box = byId("fatal");
  box.hidden = false;
  box.textContent = box.textContent === "" ? message : `${box.textContent}\n${message}`;
}
window.addEventListener("error", (e) => showFatal(`page error: ${e.message}`));
window.addEventListener("unhandledrejection", (e) => showFatal(`page error: ${e.reason instanceof Error ? e.reason.message : String(e.reason)}`));

const client = new EngineClient(new URL("worker.js", import.meta.url), showFatal);

// ── the bundle ──────────────────────────────────────────────────────────

let lastBundleDoc: unknown = defaultBundle;
let bundleLoaded = false;
let hints: SchemaHints | null = null;
let bundleTimer: ReturnType<typeof setTimeout> | undefined;

function showJsonError(target: HTMLElement, result: ReturnType<typeof parseJsonText>): boolean {
  if (result.ok) {
    target.hidden = true;
    target.textContent = "";
    return true;
  }
  target.hidden = false;
  target.textContent = `not valid JSON: ${result.message}${result.excerpt === "" ? "" : `\n${result.excerpt}`}`;
  return false;
}

async function compileBundle(): Promise<void> {
  const text = bundleInput.value;
  const parsed = parseJsonText(text);
  if (!showJsonError(byId("bundle-error"), parsed)) {
    byId("bundle-summary").textContent = bundleLoaded ? "decisions below are from the last bundle that parsed" : "";
    return;
  }
  lastBundleDoc = (parsed as { value: unknown }).value;
  const answer = await client.request({ type: "bundle", text }, "bundle");
  if (answer === null) return;
  metrics.lastCompileMs = answer.ms;
  metrics.compiles++;
  if (!answer.ok) {
    renderBundleError(answer.error, bundleLoaded);
    return;
  }
  bundleLoaded = true;
  renderBundleReport(answer.report, answer.ms);
  await evaluate();
}

function setBundle(text: string): Promise<void> {
  bundleInput.value = text;
  clearTimeout(bundleTimer);
  return compileBundle();
}

bundleInput.addEventListener("input", () => {
  clearTimeout(bundleTimer);
  bundleTimer = setTimeout(() => void compileBundle(), BUNDLE_DEBOUNCE_MS);
});

let hintTimer: ReturnType<typeof setTimeout> | undefined;
const updateHint = () => {
  clearTimeout(hintTimer);
  hintTimer = setTimeout(() => {
    if (hints === null) return;
    const hint = hints.hintAt(bundleInput.value, bundleInput.selectionStart, lastBundleDoc);
    byId("schema-hint").textContent = hint === null ? "" : `${hint.at}: ${hint.text}`;
  }, HINT_DEBOUNCE_MS);
};
for (const type of ["keyup", "click", "focus"]) bundleInput.addEventListener(type, updateHint);

const PRESETS: Record<string, () => unknown> = {
  default: () => defaultBundle,
  team: () => teamExample,
  generated: () => generateBundle({ atoms: 2000 }),
};
document.querySelectorAll<HTMLButtonElement>("[data-preset]").forEach((b) =>
  b.addEventListener("click", () => void setBundle(JSON.stringify(PRESETS[b.dataset.preset!]!(), null, 2))),
);

// ── the action and the decision ─────────────────────────────────────────

let mode: "command" | "event" = "command";
let stateIn: unknown = null;
let lastEnvelope: Envelope | null = null;

/** The event to evaluate, as its JSON text (what crosses to the worker) and its value; undefined while the event editor holds invalid JSON. */
function currentEvent(): { text: string; value: unknown } | undefined {
  if (mode === "command") {
    const value = commandEvent(commandInput.value, cwdInput.value, homeInput.value);
    return { text: JSON.stringify(value), value };
  }
  const parsed = parseJsonText(eventInput.value);
  return showJsonError(byId("event-error"), parsed) ? { text: eventInput.value, value: (parsed as { value: unknown }).value } : undefined;
}

function nowMs(): number {
  const typed = nowInput.value.trim();
  return /^\d+$/.test(typed) ? Number(typed) : Date.now();
}

async function evaluate(): Promise<void> {
  if (!bundleLoaded) return;
  const event = currentEvent();
  if (event === undefined) return;
  const started = performance.now();
  const answer = await client.request({ type: "evaluate", event: event.text, state: stateIn, now_ms: nowMs() }, "evaluate");
  if (answer === null) return;
  const answeredMs = performance.now() - started;
  if (!answer.ok) {
    if (answer.errorName === "StateLayoutError" && stateIn !== null) {
      stateIn = null; // the bundle's registers changed shape: the session starts over
      byId("state-note").textContent = "state reset: the bundle's registers changed shape";
      return evaluate();
    }
    const verdict = byId("verdict");
    verdict.className = "verdict";
    verdict.textContent = `cannot evaluate: ${answer.error}`;
    return;
  }
  lastEnvelope = answer.envelope;
  renderDecision(answer.envelope, answer.trace, answer.traceText);
  renderState(byId("state-in"), stateIn, undefined);
  renderState(byId("state-out"), answer.envelope.state, stateIn ?? blankLike(answer.envelope.state));
  metrics.evaluations++;
  metrics.lastEvent = event.value;
  metrics.lastEvaluateMs = answer.ms;
  metrics.lastRoundTripMs = performance.now() - started;
  metrics.samples.push({ evaluateMs: answer.ms, answeredMs, roundTripMs: metrics.lastRoundTripMs });
  if (metrics.samples.length > MAX_SAMPLES) metrics.samples.shift();
  metrics.firstDecisionAt ??= performance.now();
  byId("timing").textContent = `evaluated in ${answer.ms.toFixed(2)} ms (round trip ${metrics.lastRoundTripMs.toFixed(1)} ms) · now_ms ${nowInput.value.trim() || "live"}`;
}

/** A blank state of the same shape, so a first step shows what it changed. */
function blankLike(state: unknown): unknown {
  const s = state as Record<string, unknown>;
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => (typeof x === "boolean" ? false : 0)) : null]));
}

commandInput.addEventListener("input", () => void evaluate());
for (const input of [cwdInput, homeInput, nowInput]) input.addEventListener("input", () => void evaluate());
eventInput.addEventListener("input", () => void evaluate());
byId<HTMLSelectElement>("event-preset").addEventListener("change", (e) => {
  eventInput.value = JSON.stringify(EVENT_PRESETS[(e.target as HTMLSelectElement).value], null, 2);
  void evaluate();
});
eventInput.value = JSON.stringify(EVENT_PRESETS.write, null, 2);

document.querySelectorAll<HTMLButtonElement>("[data-mode]").forEach((b) =>
  b.addEventListener("click", () => {
    mode = b.dataset.mode as "command" | "event";
    document.querySelectorAll<HTMLButtonElement>("[data-mode]").forEach((o) => o.setAttribute("aria-pressed", String(o === b)));
    byId("command-box").hidden = mode !== "command";
    byId("event-box").hidden = mode !== "event";
    void evaluate();
  }),
);

byId("step").addEventListener("click", () => {
  byId("state-note").textContent = "";
  if (lastEnvelope !== null) stateIn = lastEnvelope.state;
  void evaluate();
});
byId("reset").addEventListener("click", () => {
  byId("state-note").textContent = "";
  stateIn = null;
  void evaluate();
});

// ── views ───────────────────────────────────────────────────────────────

document.querySelectorAll<HTMLButtonElement>("[data-view]").forEach((b) =>
  b.addEventListener("click", () => {
    document.querySelectorAll<HTMLButtonElement>("[data-view]").forEach((o) => o.setAttribute("aria-pressed", String(o === b)));
    byId("evaluate-view").hidden = b.dataset.view !== "evaluate";
    byId("corpus-view").hidden = b.dataset.view !== "corpus";
  }),
);
corpusInput.value = SAMPLE_CORPUS;
byId<HTMLInputElement>("corpus-file").addEventListener("change", async (e) => {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (file === undefined) return;
  corpusInput.value = await file.text();
  await runCorpus(client, corpusInput.value);
});
byId("corpus-run").addEventListener("click", () => void runCorpus(client, corpusInput.value));

// ── start ───────────────────────────────────────────────────────────────

async function start(): Promise<void> {
  const [ready] = await Promise.all([
    client.ready,
    fetch(new URL("bundle.schema.json", import.meta.url))
      .then((r) => (r.ok ? r.json() : null))
      .then((schema) => (hints = schema === null ? null : new SchemaHints(schema)))
      .catch(() => null),
  ]);
  metrics.workerReadyMs = ready.ms;
  byId("status").textContent = `engine ${ready.engine_version} · ready in ${ready.ms.toFixed(0)} ms (worker)`;
  await setBundle(JSON.stringify(defaultBundle, null, 2));
}

/** The page's API for scripts and tests (test/web, bench/page.mjs). */
const api = {
  metrics,
  ready: start(),
  setBundle,
  /** Cases (a JSON array, each with its own bundle) evaluated by the page's engine: envelopes serialised, for byte comparison with Node. */
  conformance: async (casesJson: string) => (await client.request({ type: "conformance", cases: casesJson }))!.results,
};
(window as unknown as { gatehousePlayground: typeof api }).gatehousePlayground = api;
