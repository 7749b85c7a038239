// Messages between the page (main.ts) and the engine worker (worker.ts). Every
// request carries an id; the answer repeats it, so the page drops answers to
// requests it has since replaced (a keystroke newer than the one evaluated).
// Events and cases cross as JSON text, parsed in the worker: structured clone
// (postMessage) and the test driver both recurse, and an event nested
// thousands deep — which the engine turns into unknown shape 1 — must not
// break the page on its way there.
import type { SkippedItem } from "../../bundle/skip.js";
import type { BundleWarning } from "../../bundle/warning.js";
import type { Trace } from "../../model/trace.js";
import type { Envelope } from "../../model/envelope.js";

export type Request =
  /** Compile this bundle text (already checked to be JSON by the page) into the current engine. */
  | { type: "bundle"; id: number; text: string }
  /** Evaluate one event against the current engine. */
  | { type: "evaluate"; id: number; event: string; state: unknown; now_ms: number }
  /** Run JSONL lines (events, `{event, now_ms?, state?}` or corpus cases) in order against the current engine, carrying state per session. */
  | { type: "run"; id: number; text: string }
  /** Conformance: a JSON array of cases, each with its own bundle, as `gatehouse corpus` runs them; answers the serialised envelopes. */
  | { type: "conformance"; id: number; cases: string };

export interface ConformanceCase {
  bundle: unknown;
  event: unknown;
  now_ms: number;
  state_in: unknown;
}

export interface BundleReport {
  digest: string;
  bundle_id: string;
  artifacts: number;
  sources: (string | null)[];
  skipped: SkippedItem[];
  warnings: BundleWarning[];
  /** Register counts of the session state this bundle uses. */
  layout: { c: number; f: number; t: number; a: number; run: boolean };
}

export interface RunRow {
  line: number;
  /** The tool (and event type when not pre_tool_use), and the command or input as text. */
  tool: string;
  input: string;
  envelope: Envelope | null;
  error: string | null;
  /** A corpus case's expected verdict, when the line carried one. */
  expected: string | null;
}

export type Response =
  | { type: "ready"; engine_version: string; ms: number }
  | { type: "bundle"; id: number; ok: true; report: BundleReport; ms: number }
  | { type: "bundle"; id: number; ok: false; error: string; ms: number }
  /** `ms`: `evaluate` alone; the trace is from `explain` of the same inputs (the same envelope), as text the way `gatehouse explain` prints it. */
  | { type: "evaluate"; id: number; ok: true; envelope: Envelope; trace: Pick<Trace, "paths" | "urls" | "shell">; traceText: string; ms: number }
  | { type: "evaluate"; id: number; ok: false; error: string; errorName: string }
  | { type: "run"; id: number; rows: RunRow[]; ms: number }
  | { type: "conformance"; id: number; results: { envelope: string | null; skipped: SkippedItem[] | null; error: string | null }[] }
  | { type: "fatal"; error: string };
