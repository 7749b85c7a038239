// Shared by the Tier 2 tests: the two VMs, a valid body from a few fields, a
// program compiled on its own layout, a default input, and a run on both VMs
// that checks they agree.
import { expect } from "vitest";
import {
  compileProgram,
  createTier2Vm,
  unionLayout,
  validateT2Body,
  type CompiledProgram,
  type T2Body,
  type T2Input,
  type T2Result,
} from "../../src/evaluate/tier2/index.js";
import { blankState, type SessionState } from "../../src/model/session-state.js";

export const wasm = createTier2Vm({ kind: "wasm" });
export const twin = createTier2Vm({ kind: "twin" });

/** `fields` over a minimal pre_tool_use body, validated; throws where validation fails. */
export function validBody(fields: Record<string, unknown> = {}): T2Body {
  const v = validateT2Body({ on: ["pre_tool_use"], registers: {}, ops: [], fire: { all: [] }, verdict: "deny", reason: "r", ...fields });
  if (!v.ok) throw new Error(v.message);
  return v.program;
}

/** One body (`validBody(fields)`) compiled on a layout of its own, and that layout's blank state. */
export function compileAlone(fields: Record<string, unknown>): { program: CompiledProgram; blank: SessionState } {
  const body = validBody(fields);
  const { layout, offsets } = unionLayout([body]);
  return { program: compileProgram(body, offsets[0]!), blank: blankState(layout) };
}

export const input = (over: Partial<T2Input> = {}): T2Input => ({
  now_ms: 1_000_000,
  spend_tokens: null,
  spend_micro_usd: null,
  session_tokens: null,
  run_material: "Bash|execute×shell|ls",
  ...over,
});

/** Run on both VMs, assert they agree and the input state is untouched, return the result. */
export function runBoth(program: CompiledProgram, state: SessionState, inp: T2Input = input()): T2Result {
  const before = structuredClone(state);
  const w = wasm.run(program, state, inp);
  const t = twin.run(program, state, inp);
  expect(w).toEqual(t);
  expect(state).toEqual(before);
  expect(w.state).not.toBe(state);
  return w;
}
