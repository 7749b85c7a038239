// The trace's version and its stages, apart from the trace's zod schemas (src/model/trace.ts, which
// re-exports them): the engine's recorder (src/evaluate/trace.ts) needs only these values, so a process
// that never explains — a hook call — builds none of those schemas (~1.3–1.6 ms of CPU at start on Node 24).
export const TRACE_VERSION = 1;

export const TRACE_STAGES = ["parse", "shell", "classify", "scan", "candidates", "trees", "tier2", "exceptions", "join", "serialise"] as const;
export type TraceStage = (typeof TRACE_STAGES)[number];
