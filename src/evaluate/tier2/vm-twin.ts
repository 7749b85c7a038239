// The Tier 2 VM in plain TypeScript: the reference the WASM VM is tested
// against, and the fallback where WebAssembly is unavailable. It interprets
// the same bytecode (compile.ts) with the same f64 arithmetic, so every
// rounding step is the one the WASM VM takes.
//
// Registers are exact integers held as JavaScript numbers (IEEE f64). A sum
// that leaves the safe range may round, but only beyond 2^53, where it is
// clamped to 9,007,199,254,740,991 anyway; a difference now_ms − t may round
// likewise, but only where its comparison against a threshold ≤ 2^53−1 cannot
// change. Results are exact.
//
// Semantics (SPEC §8; choices where it is silent are marked *):
//   ops run in order, then `fire` is evaluated on the updated registers.
//   INC_SAT  c = min(c + by, cap)  (by 1, cap 2^53−1 by default);
//            * a counter already at or above `cap` is left as it is, never lowered.
//   DEC_SAT  c = max(c − by, 0).
//   ADD_SAT  a = clamp(a + source, 0, 2^53−1); a null source leaves `a` unchanged
//            and reports the source id as inconclusive (* once per run, first-use order).
//   SET / CLEAR / STAMP (t = now_ms).
//   RESET_IF_OLDER  when now_ms − t > window_ms, listed c/a → 0 and f → false;
//            * t itself is not restamped: pair it with STAMP for a sliding window.
//            A now_ms behind t gives a negative age: nothing is reset.
//   RUN      shape = lowercase hex SHA-256 of run_material's UTF-8 (* the longest
//            whole-code-point prefix of ≤ 4 KiB, what TextEncoder.encodeInto
//            writes); equal to run.shape (exact string) → len + 1 (saturating),
//            else {shape, len: 1}.
//   ANOMALY  records `code` when it has no `if`, or its `if` holds on the
//            registers at that point; never decides.
//   since t  = now_ms − t.
// Inputs: every number must be a safe integer (RangeError otherwise); spends
// may be negative (ADD_SAT then subtracts, flooring at 0).
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { SessionState } from "../../model/session-state.js";
import { cloneState, StateLayoutError } from "../../model/session-state.js";
import type { CompiledProgram } from "./compile.js";
import {
  C_CONST,
  C_END,
  C_JF,
  C_JT,
  C_NOT,
  C_REG,
  C_SINCE,
  FLAG_RUN_REGISTER,
  H_FIRE,
  H_FLAGS,
  H_N_A,
  H_N_C,
  H_N_F,
  H_N_T,
  H_OFF_A,
  H_OFF_C,
  H_OFF_F,
  H_OFF_T,
  HEADER_WORDS,
  OP_ADD_SAT,
  OP_ANOMALY,
  OP_CLEAR,
  OP_DEC_SAT,
  OP_END,
  OP_INC_SAT,
  OP_RESET_IF_OLDER,
  OP_RUN,
  OP_SET,
  OP_STAMP,
  RUN_MATERIAL_MAX_BYTES,
  verifyProgram,
} from "./compile.js";
import { MAX_SAT, T2_SOURCES } from "./schema.js";

/** What a program reads besides the registers. Every number is a safe integer. */
export interface T2Input {
  now_ms: number;
  /** `spend_delta.tokens`; null when the event carries none. */
  spend_tokens: number | null;
  spend_micro_usd: number | null;
  session_tokens: number | null;
  /** The action-shape material RUN hashes (capped at RUN_MATERIAL_MAX_BYTES of UTF-8). */
  run_material: string;
}

export interface T2Outcome {
  fired: boolean;
  /** Codes of the ANOMALY ops that recorded, in op order. */
  anomalies: string[];
  /** Sources ADD_SAT needed but the event lacked ("spend.tokens", …), first-use order, no repeats. */
  inconclusive: string[];
}

export interface T2Result extends T2Outcome {
  /** A new object; the input state is never mutated. */
  state: SessionState;
}

export interface Tier2Vm {
  readonly kind: "wasm" | "twin";
  /** Run one program: ops in order, then `fire` on the updated registers. */
  run(program: CompiledProgram, state: SessionState, input: T2Input): T2Result;
  /**
   * The same, updating `state` in place (registers in the program's window and
   * `state.run`, which is replaced, not mutated). For a caller that threads one
   * working copy through many programs instead of copying the state per program.
   */
  exec(program: CompiledProgram, state: SessionState, input: T2Input): T2Outcome;
  /** Lowercase hex SHA-256 of `bytes` (at most RUN_MATERIAL_MAX_BYTES), by this VM's own implementation. */
  sha256Hex(bytes: Uint8Array): string;
}

// ── Checks shared by both VMs (so both refuse exactly the same things) ──

function checkNumber(name: string, value: unknown, nullable: boolean): void {
  if (nullable && value === null) return;
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new RangeError(`tier 2 input: ${name} must be a safe integer${nullable ? " or null" : ""}, got ${String(value)}`);
  }
}

function windowTooShort(key: "c" | "f" | "t" | "a", have: number, need: number): never {
  throw new StateLayoutError(`session state does not match the bundle's layout: "${key}" has ${have} entries, the program needs ${need}`);
}

/** Throws unless the program is valid bytecode, the input well-typed and the state wide enough for the program's window. */
export function checkRun(program: CompiledProgram, state: SessionState, input: T2Input): void {
  verifyProgram(program);
  if (
    !Number.isSafeInteger(input.now_ms) ||
    (input.spend_tokens !== null && !Number.isSafeInteger(input.spend_tokens)) ||
    (input.spend_micro_usd !== null && !Number.isSafeInteger(input.spend_micro_usd)) ||
    (input.session_tokens !== null && !Number.isSafeInteger(input.session_tokens))
  ) {
    checkNumber("now_ms", input.now_ms, false);
    checkNumber("spend_tokens", input.spend_tokens, true);
    checkNumber("spend_micro_usd", input.spend_micro_usd, true);
    checkNumber("session_tokens", input.session_tokens, true);
  }
  if (typeof input.run_material !== "string") throw new TypeError("tier 2 input: run_material must be a string");
  const code = program.code;
  let need = code[H_OFF_C]! + code[H_N_C]!;
  if (code[H_N_C]! > 0 && state.c.length < need) windowTooShort("c", state.c.length, need);
  need = code[H_OFF_F]! + code[H_N_F]!;
  if (code[H_N_F]! > 0 && state.f.length < need) windowTooShort("f", state.f.length, need);
  need = code[H_OFF_T]! + code[H_N_T]!;
  if (code[H_N_T]! > 0 && state.t.length < need) windowTooShort("t", state.t.length, need);
  need = code[H_OFF_A]! + code[H_N_A]!;
  if (code[H_N_A]! > 0 && state.a.length < need) windowTooShort("a", state.a.length, need);
  if ((code[H_FLAGS]! & FLAG_RUN_REGISTER) !== 0 && state.run === null) {
    throw new StateLayoutError(`session state does not match the bundle's layout: "run" is null, the program needs a run register`);
  }
}

export function sourceValue(input: T2Input, source: number): number | null {
  return source === 0 ? input.spend_tokens : source === 1 ? input.spend_micro_usd : input.session_tokens;
}

// ── The twin ────────────────────────────────────────────────────────────

const encoder = new TextEncoder();
const materialBuffer = new Uint8Array(RUN_MATERIAL_MAX_BYTES);
const TWO_32 = 4294967296;

/** The run_material bytes RUN hashes: encodeInto's whole-code-point prefix of ≤ 4 KiB. */
export function runMaterialBytes(material: string): Uint8Array {
  const { written } = encoder.encodeInto(material, materialBuffer);
  return materialBuffer.subarray(0, written);
}

function twinSha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

// Every Tier 2 program of one event hashes the same run_material (one string per
// event): the last material's shape is kept, so an event pays for one hash, not
// one per program. A pure function's memo — what it returns never changes.
let lastMaterial: string | null = null;
let lastShape = "";
function runShape(material: string): string {
  if (material !== lastMaterial) {
    lastShape = twinSha256Hex(runMaterialBytes(material));
    lastMaterial = material;
  }
  return lastShape;
}

function evalCond(code: Int32Array, start: number, state: SessionState, now: number): boolean {
  let pc = start;
  let acc = false;
  for (;;) {
    switch (code[pc]) {
      case C_END:
        return acc;
      case C_REG: {
        const cls = code[pc + 1]!;
        const idx = code[pc + 2]!;
        const cmp = code[pc + 3]!;
        const v = code[pc + 5]! * TWO_32 + (code[pc + 4]! >>> 0);
        const x =
          cls === 0 ? state.c[idx]! : cls === 1 ? (state.f[idx] ? 1 : 0) : cls === 2 ? state.t[idx]! : cls === 3 ? state.a[idx]! : state.run!.len;
        acc = cmp === 0 ? x >= v : cmp === 1 ? x <= v : x === v;
        pc += 6;
        break;
      }
      case C_SINCE: {
        const d = now - state.t[code[pc + 1]!]!;
        const v = code[pc + 4]! * TWO_32 + (code[pc + 3]! >>> 0);
        acc = code[pc + 2] === 0 ? d < v : d >= v;
        pc += 5;
        break;
      }
      case C_CONST:
        acc = code[pc + 1] === 1;
        pc += 2;
        break;
      case C_JF:
        pc = acc ? pc + 2 : code[pc + 1]!;
        break;
      case C_JT:
        pc = acc ? code[pc + 1]! : pc + 2;
        break;
      case C_NOT:
        acc = !acc;
        pc += 1;
        break;
      default:
        throw new Error(`tier 2 twin: unknown condition opcode at ${pc}`); // unreachable after verifyProgram
    }
  }
}

function execTwin(program: CompiledProgram, state: SessionState, input: T2Input): T2Outcome {
  checkRun(program, state, input);
  const code = program.code;
  const { c, f, t, a } = state;
  const now = input.now_ms;
  const anomalies: string[] = [];
  const inconclusive: string[] = [];
  let inconclusiveSeen = 0;
  let shape: string | null = null;
  let pc = HEADER_WORDS;
  for (let running = true; running; ) {
    switch (code[pc]) {
      case OP_END:
        running = false;
        break;
      case OP_INC_SAT: {
        const i = code[pc + 1]!;
        const by = code[pc + 3]! * TWO_32 + (code[pc + 2]! >>> 0);
        const cap = code[pc + 5]! * TWO_32 + (code[pc + 4]! >>> 0);
        const v = c[i]!;
        if (v < cap) {
          const s = v + by;
          c[i] = s < cap ? s : cap;
        }
        pc += 6;
        break;
      }
      case OP_DEC_SAT: {
        const i = code[pc + 1]!;
        const s = c[i]! - (code[pc + 3]! * TWO_32 + (code[pc + 2]! >>> 0));
        c[i] = s > 0 ? s : 0;
        pc += 4;
        break;
      }
      case OP_ADD_SAT: {
        const i = code[pc + 1]!;
        const source = code[pc + 2]!;
        const amount = sourceValue(input, source);
        if (amount === null) {
          if ((inconclusiveSeen & (1 << source)) === 0) {
            inconclusiveSeen |= 1 << source;
            inconclusive.push(T2_SOURCES[source]!);
          }
        } else {
          const s = a[i]! + amount;
          a[i] = s < 0 ? 0 : s > MAX_SAT ? MAX_SAT : s;
        }
        pc += 3;
        break;
      }
      case OP_SET:
        f[code[pc + 1]!] = true;
        pc += 2;
        break;
      case OP_CLEAR:
        f[code[pc + 1]!] = false;
        pc += 2;
        break;
      case OP_STAMP:
        t[code[pc + 1]!] = now;
        pc += 2;
        break;
      case OP_RESET_IF_OLDER: {
        const window = code[pc + 3]! * TWO_32 + (code[pc + 2]! >>> 0);
        const older = now - t[code[pc + 1]!]! > window;
        let at = pc + 4;
        for (let cls = 0; cls < 3; cls++) {
          const n = code[at]!;
          if (older) {
            for (let j = 1; j <= n; j++) {
              const r = code[at + j]!;
              if (cls === 0) c[r] = 0;
              else if (cls === 1) a[r] = 0;
              else f[r] = false;
            }
          }
          at += 1 + n;
        }
        pc = at;
        break;
      }
      case OP_RUN: {
        if (shape === null) shape = runShape(input.run_material);
        const run = state.run!;
        if (run.shape === shape) {
          const len = run.len + 1;
          state.run = { shape, len: len > MAX_SAT ? MAX_SAT : len };
        } else {
          state.run = { shape, len: 1 };
        }
        pc += 1;
        break;
      }
      case OP_ANOMALY: {
        const cond = code[pc + 2]!;
        if (cond === -1 || evalCond(code, cond, state, now)) anomalies.push(program.anomalies[code[pc + 1]!]!);
        pc += 3;
        break;
      }
      default:
        throw new Error(`tier 2 twin: unknown opcode at ${pc}`); // unreachable after verifyProgram
    }
  }
  const fired = evalCond(code, code[H_FIRE]!, state, now);
  return { fired, anomalies, inconclusive };
}

export function createTwinTier2Vm(): Tier2Vm {
  return {
    kind: "twin",
    exec: execTwin,
    run(program, state, input) {
      const next = cloneState(state);
      const outcome = execTwin(program, next, input);
      return { state: next, fired: outcome.fired, anomalies: outcome.anomalies, inconclusive: outcome.inconclusive };
    },
    sha256Hex(bytes) {
      if (bytes.length > RUN_MATERIAL_MAX_BYTES) throw new RangeError(`sha256Hex: at most ${RUN_MATERIAL_MAX_BYTES} bytes`);
      return twinSha256Hex(bytes);
    },
  };
}
