// Host side of the WASM Tier 2 VM (assembly/tier2.ts). At setup it allocates
// its regions once with the module's `alloc` — bytecode, register window, IO
// block, run material — and never again. Per run it copies the program's
// bytecode and only the program's register window (not the whole session
// state) into memory, calls `t2Run`, and copies the window back.
//
// Per-run linear memory of the VM (constant): code 32 KiB (MAX_CODE_WORDS
// words) + registers 8 KiB (4 classes × 256 f64 slots) + IO 11,132 B + run
// material 4 KiB = 56,188 B (WASM_VM_MEMORY_BYTES), plus 640 B of static
// SHA-256 data in the module.
//
// Views over memory detach when it grows (another part of the module may
// allocate later): a detached view reads as length 0, and then every view is
// re-created from the current memory.buffer.
import type { GatehouseWasm } from "../../hotpath/instance.js";
import { instantiateGatehouseWasm } from "../../hotpath/instance.js";
import type { SessionState } from "../../model/session-state.js";
import { cloneState } from "../../model/session-state.js";
import type { CompiledProgram } from "./compile.js";
import {
  FLAG_RUN_OP,
  FLAG_RUN_REGISTER,
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
  MAX_CODE_WORDS,
  RUN_MATERIAL_MAX_BYTES,
} from "./compile.js";
import { MAX_REGS_PER_CLASS, T2_SOURCES } from "./schema.js";
import type { T2Input, T2Outcome, Tier2Vm } from "./vm-twin.js";
import { checkRun } from "./vm-twin.js";

const ABI_VERSION = 2;

// IO block byte offsets — mirror of assembly/tier2.ts.
const IO_NOW = 0;
const IO_SRC = 8;
const IO_RUN_LEN = 32;
const IO_MASK = 40;
const IO_BIAS = 44;
const IO_MAT_LEN = 60;
const IO_PREV_LEN = 64;
const IO_FIRED = 68;
const IO_RUN_OUT = 72;
const IO_INC_N = 76;
const IO_INC = 80;
const IO_ANOM_N = 92;
const IO_PREV = 96;
const IO_SHAPE = 160;
const IO_ANOM = 224;
/** At most one anomaly per ANOMALY op, which takes 3 words. */
const MAX_ANOMALIES = Math.ceil((MAX_CODE_WORDS - HEADER_WORDS) / 3);
const IO_BYTES = IO_ANOM + 4 * MAX_ANOMALIES;
const CODE_BYTES = MAX_CODE_WORDS * 4;
const REG_SLOTS = 4 * MAX_REGS_PER_CLASS;
const REG_BYTES = REG_SLOTS * 8;

/** Bytes of linear memory the WASM Tier 2 VM uses (allocated once). */
export const WASM_VM_MEMORY_BYTES = CODE_BYTES + REG_BYTES + IO_BYTES + RUN_MATERIAL_MAX_BYTES;

interface Tier2Exports {
  memory: WebAssembly.Memory;
  alloc(size: number): number;
  t2Run(code: number, regs: number, io: number, material: number): void;
  t2Sha256Hex(ptr: number, len: number, out: number): void;
  t2AbiVersion(): number;
}

const encoder = new TextEncoder();
const NONE: readonly string[] = Object.freeze([]);

export function createWasmTier2Vm(wasm: GatehouseWasm = instantiateGatehouseWasm()): Tier2Vm {
  const ex = wasm.exports as unknown as Tier2Exports;
  if (typeof ex.t2Run !== "function" || typeof ex.t2AbiVersion !== "function" || ex.t2AbiVersion() !== ABI_VERSION) {
    throw new Error("gatehouse wasm: the module's Tier 2 VM is missing or of another ABI version");
  }
  const memory = ex.memory;
  // Allocate every region once, before any view is made.
  const codePtr = ex.alloc(CODE_BYTES);
  const regsPtr = ex.alloc(REG_BYTES);
  const ioPtr = ex.alloc(IO_BYTES);
  const matPtr = ex.alloc(RUN_MATERIAL_MAX_BYTES);
  for (const p of [codePtr, regsPtr, ioPtr, matPtr]) if (p % 8 !== 0) throw new Error("gatehouse wasm: unaligned Tier 2 region");

  let i32 = new Int32Array(0);
  let f64 = new Float64Array(0);
  let u8 = new Uint8Array(0);
  let material = new Uint8Array(0);
  let prevShape = new Uint8Array(0);
  const views = (): void => {
    if (f64.length !== 0) return; // still attached
    const buffer = memory.buffer;
    i32 = new Int32Array(buffer);
    f64 = new Float64Array(buffer);
    u8 = new Uint8Array(buffer);
    material = new Uint8Array(buffer, matPtr, RUN_MATERIAL_MAX_BYTES);
    prevShape = new Uint8Array(buffer, ioPtr + IO_PREV, 64);
  };

  const codeWord = codePtr >> 2;
  const io32 = ioPtr >> 2;
  const io64 = ioPtr >> 3;
  const regBase = [regsPtr >> 3, (regsPtr >> 3) + MAX_REGS_PER_CLASS, (regsPtr >> 3) + 2 * MAX_REGS_PER_CLASS, (regsPtr >> 3) + 3 * MAX_REGS_PER_CLASS];

  let loaded: CompiledProgram | null = null; // the program whose bytecode is in the code region
  // The material whose hash the new-shape area holds (a run with a RUN op leaves it there). Every
  // program of one event gets the same material string: it is encoded and hashed once per event.
  let hashedMaterial: string | null = null;
  // The run shape the previous-shape area holds (only the host writes it): programs of one event see the same.
  let previousShape: string | null = null;

  function exec(program: CompiledProgram, state: SessionState, input: T2Input): T2Outcome {
    checkRun(program, state, input);
    views();
    const code = program.code;
    if (program !== loaded) {
      i32.set(code, codeWord);
      loaded = program;
    }

    // Register windows in; bias = slot − absolute index, in slots from regsPtr.
    const offC = code[H_OFF_C]!, nC = code[H_N_C]!;
    const offF = code[H_OFF_F]!, nF = code[H_N_F]!;
    const offT = code[H_OFF_T]!, nT = code[H_N_T]!;
    const offA = code[H_OFF_A]!, nA = code[H_N_A]!;
    const c = state.c, f = state.f, t = state.t, a = state.a;
    let base = regBase[0]!;
    for (let j = 0; j < nC; j++) f64[base + j] = c[offC + j]!;
    base = regBase[1]!;
    for (let j = 0; j < nF; j++) f64[base + j] = f[offF + j] ? 1 : 0;
    base = regBase[2]!;
    for (let j = 0; j < nT; j++) f64[base + j] = t[offT + j]!;
    base = regBase[3]!;
    for (let j = 0; j < nA; j++) f64[base + j] = a[offA + j]!;
    i32[io32 + IO_BIAS / 4] = -offC;
    i32[io32 + IO_BIAS / 4 + 1] = MAX_REGS_PER_CLASS - offF;
    i32[io32 + IO_BIAS / 4 + 2] = 2 * MAX_REGS_PER_CLASS - offT;
    i32[io32 + IO_BIAS / 4 + 3] = 3 * MAX_REGS_PER_CLASS - offA;

    f64[io64 + IO_NOW / 8] = input.now_ms;
    let present = 0;
    if (input.spend_tokens !== null) {
      present |= 1;
      f64[io64 + IO_SRC / 8] = input.spend_tokens;
    }
    if (input.spend_micro_usd !== null) {
      present |= 2;
      f64[io64 + IO_SRC / 8 + 1] = input.spend_micro_usd;
    }
    if (input.session_tokens !== null) {
      present |= 4;
      f64[io64 + IO_SRC / 8 + 2] = input.session_tokens;
    }
    i32[io32 + IO_MASK / 4] = present;

    const flags = code[H_FLAGS]!;
    const run = state.run;
    if ((flags & FLAG_RUN_REGISTER) !== 0) f64[io64 + IO_RUN_LEN / 8] = run!.len;
    if ((flags & FLAG_RUN_OP) !== 0) {
      if (input.run_material === hashedMaterial) i32[io32 + IO_MAT_LEN / 4] = -1;
      else i32[io32 + IO_MAT_LEN / 4] = encoder.encodeInto(input.run_material, material).written;
      const shape = run!.shape;
      let comparable = -1;
      if (shape !== null && shape.length === 64) {
        if (shape === previousShape) comparable = 64;
        else {
          const r = encoder.encodeInto(shape, prevShape);
          if (r.read === 64 && r.written === 64) [comparable, previousShape] = [64, shape];
          else previousShape = null;
        }
      }
      i32[io32 + IO_PREV_LEN / 4] = comparable;
    }

    ex.t2Run(codePtr, regsPtr, ioPtr, matPtr);
    views(); // t2Run never allocates, but stay correct if that ever changes
    if ((flags & FLAG_RUN_OP) !== 0) hashedMaterial = input.run_material;

    base = regBase[0]!;
    for (let j = 0; j < nC; j++) c[offC + j] = f64[base + j]!;
    base = regBase[1]!;
    for (let j = 0; j < nF; j++) f[offF + j] = f64[base + j] !== 0;
    base = regBase[2]!;
    for (let j = 0; j < nT; j++) t[offT + j] = f64[base + j]!;
    base = regBase[3]!;
    for (let j = 0; j < nA; j++) a[offA + j] = f64[base + j]!;

    if ((flags & FLAG_RUN_OP) !== 0) {
      const outcome = i32[io32 + IO_RUN_OUT / 4];
      if (outcome !== 0) {
        const len = f64[io64 + IO_RUN_LEN / 8]!;
        const shape = outcome === 1 ? run!.shape : String.fromCharCode.apply(null, u8.subarray(ioPtr + IO_SHAPE, ioPtr + IO_SHAPE + 64) as unknown as number[]);
        state.run = { shape, len };
      }
    }

    // Most runs report neither: one shared empty list then (callers only read them).
    const nAnom = i32[io32 + IO_ANOM_N / 4]!;
    const anomalies: string[] = nAnom === 0 ? (NONE as string[]) : [];
    for (let j = 0; j < nAnom; j++) anomalies.push(program.anomalies[i32[io32 + IO_ANOM / 4 + j]!]!);
    const nInc = i32[io32 + IO_INC_N / 4]!;
    const inconclusive: string[] = nInc === 0 ? (NONE as string[]) : [];
    for (let j = 0; j < nInc; j++) inconclusive.push(T2_SOURCES[i32[io32 + IO_INC / 4 + j]!]!);
    return { fired: i32[io32 + IO_FIRED / 4] === 1, anomalies, inconclusive };
  }

  return {
    kind: "wasm",
    exec,
    run(program, state, input) {
      const next = cloneState(state);
      const outcome = exec(program, next, input);
      return { state: next, fired: outcome.fired, anomalies: outcome.anomalies, inconclusive: outcome.inconclusive };
    },
    sha256Hex(bytes) {
      if (bytes.length > RUN_MATERIAL_MAX_BYTES) throw new RangeError(`sha256Hex: at most ${RUN_MATERIAL_MAX_BYTES} bytes`);
      views();
      material.set(bytes);
      hashedMaterial = null; // the new-shape area is overwritten below
      ex.t2Sha256Hex(matPtr, bytes.length, ioPtr + IO_SHAPE);
      views();
      return String.fromCharCode.apply(null, u8.subarray(ioPtr + IO_SHAPE, ioPtr + IO_SHAPE + 64) as unknown as number[]);
    },
  };
}
