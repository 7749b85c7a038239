// Authoring format for corpus cases: inputs plus the expectations a person
// wrote down (`expect`, a partial decision). `npm run corpus:build` runs each
// spec through the engine, FAILS if any written expectation does not hold, and
// only then writes the full case (every field) to test/corpus/<file>.jsonl.
export interface CaseSpec {
  name: string;
  /** Inline bundle, or a path relative to the repository root ("bundles/default.json"). */
  bundle: unknown;
  event: unknown;
  now_ms?: number;
  state_in?: unknown;
  /** Fields of the decision this case is about (compared exactly before writing). */
  expect?: Record<string, unknown>;
  /** Expected state_out, when the case is about state. */
  expect_state?: unknown;
  /** Expected skipped list, when the case is about loading. */
  expect_skipped?: unknown;
  /** The engine must refuse the input with this error class instead. */
  expect_error?: string;
}
