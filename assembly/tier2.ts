// Tier 2 VM: runs one compiled saturating-register program (the bytecode of
// src/evaluate/tier2/compile.ts, documented there) against a register window
// the host copied into linear memory. The TypeScript twin
// (src/evaluate/tier2/vm-twin.ts) runs the same bytecode with the same f64
// steps; property tests hold the two to identical answers.
//
// Registers are f64 holding exact integers in [−(2^53−1), 2^53−1] (counters
// and accumulators ≥ 0). f64 rather than i64 so the host moves them with a
// Float64Array and no BigInt conversions; a sum can only round above 2^53,
// where it saturates to 2^53−1 anyway. Flags are 0.0 / 1.0.
//
// Memory: the host allocates every region once at setup and passes pointers;
// nothing here allocates. Bytecode is trusted: the host verifies it first.
//
// IO block (byte offsets; mirrored in vm-wasm.ts, checked via t2AbiVersion):
//   0   f64 now_ms
//   8   f64 source values [spend.tokens, spend.micro_usd, session.tokens]
//   32  f64 run.len (in/out)
//   40  i32 present mask (bit i: source i is not null)
//   44  i32 bias per class c, f, t, a: register slot = absolute index + bias
//   60  i32 run_material byte length; −1: the new-shape area at 160 already
//       holds this material's hash (the host's previous run hashed the same
//       material), so RUN does not hash it again
//   64  i32 previous run shape length (64 = comparable, else −1)
//   68  i32 out: fired
//   72  i32 out: run outcome (0 no RUN, 1 RUN kept the shape, 2 new shape at 160)
//   76  i32 out: inconclusive count; 80: i32 × 3 source ids, first-use order
//   92  i32 out: anomaly count
//   96  64 bytes previous run shape (ASCII)
//   160 64 bytes new run shape (lowercase hex, out)
//   224 i32 × n out: anomaly side-table indices, in op order
import { sha256HexInto } from "./sha256";

const ABI_VERSION: i32 = 2;

const MAX_SAT: f64 = 9007199254740991.0;
const TWO_32: f64 = 4294967296.0;

const IO_NOW: usize = 0;
const IO_SRC: usize = 8;
const IO_RUN_LEN: usize = 32;
const IO_MASK: usize = 40;
const IO_BIAS: usize = 44;
const IO_MAT_LEN: usize = 60;
const IO_PREV_LEN: usize = 64;
const IO_FIRED: usize = 68;
const IO_RUN_OUT: usize = 72;
const IO_INC_N: usize = 76;
const IO_INC: usize = 80;
const IO_ANOM_N: usize = 92;
const IO_PREV: usize = 96;
const IO_SHAPE: usize = 160;
const IO_ANOM: usize = 224;

const HEADER_WORDS: i32 = 13;
const H_FIRE: i32 = 11;

const OP_END: i32 = 0;
const OP_INC_SAT: i32 = 1;
const OP_DEC_SAT: i32 = 2;
const OP_ADD_SAT: i32 = 3;
const OP_SET: i32 = 4;
const OP_CLEAR: i32 = 5;
const OP_STAMP: i32 = 6;
const OP_RESET_IF_OLDER: i32 = 7;
const OP_RUN: i32 = 8;
const OP_ANOMALY: i32 = 9;

const C_END: i32 = 16;
const C_REG: i32 = 17;
const C_SINCE: i32 = 18;
const C_CONST: i32 = 19;
const C_JF: i32 = 20;
const C_JT: i32 = 21;
const C_NOT: i32 = 22;

let gCode: usize = 0;
let gRegs: usize = 0;
let gIo: usize = 0;
let gNow: f64 = 0;
let gBiasC: i32 = 0;
let gBiasF: i32 = 0;
let gBiasT: i32 = 0;
let gBiasA: i32 = 0;

@inline function word(pc: i32): i32 {
  return load<i32>(gCode + (<usize>pc << 2));
}

@inline function imm(pc: i32): f64 {
  return <f64>word(pc + 1) * TWO_32 + <f64>(<u32>word(pc));
}

@inline function slot(idx: i32, bias: i32): usize {
  return gRegs + (<usize>(idx + bias) << 3);
}

function regValue(cls: i32, idx: i32): f64 {
  if (cls == 0) return load<f64>(slot(idx, gBiasC));
  if (cls == 1) return load<f64>(slot(idx, gBiasF));
  if (cls == 2) return load<f64>(slot(idx, gBiasT));
  if (cls == 3) return load<f64>(slot(idx, gBiasA));
  return load<f64>(gIo + IO_RUN_LEN);
}

function evalCond(start: i32): bool {
  let pc = start;
  let acc = false;
  while (true) {
    const op = word(pc);
    if (op == C_END) return acc;
    if (op == C_REG) {
      const x = regValue(word(pc + 1), word(pc + 2));
      const cmp = word(pc + 3);
      const v = imm(pc + 4);
      acc = cmp == 0 ? x >= v : cmp == 1 ? x <= v : x == v;
      pc += 6;
    } else if (op == C_SINCE) {
      const d = gNow - load<f64>(slot(word(pc + 1), gBiasT));
      const v = imm(pc + 3);
      acc = word(pc + 2) == 0 ? d < v : d >= v;
      pc += 5;
    } else if (op == C_CONST) {
      acc = word(pc + 1) == 1;
      pc += 2;
    } else if (op == C_JF) {
      pc = acc ? pc + 2 : word(pc + 1);
    } else if (op == C_JT) {
      pc = acc ? word(pc + 1) : pc + 2;
    } else if (op == C_NOT) {
      acc = !acc;
      pc += 1;
    } else {
      return false; // unreachable: the host verified the bytecode
    }
  }
  return acc;
}

function sameShape(io: usize): bool {
  if (load<i32>(io + IO_PREV_LEN) != 64) return false;
  for (let i: usize = 0; i < 64; i += 8) {
    if (load<u64>(io + IO_PREV + i) != load<u64>(io + IO_SHAPE + i)) return false;
  }
  return true;
}

/** The ABI of the IO block above; the host refuses a module whose version differs. */
export function t2AbiVersion(): i32 {
  return ABI_VERSION;
}

/** Run the program at `code` on the register window at `regs` (see the IO block layout above). */
export function t2Run(code: usize, regs: usize, io: usize, material: usize): void {
  gCode = code;
  gRegs = regs;
  gIo = io;
  gBiasC = load<i32>(io + IO_BIAS);
  gBiasF = load<i32>(io + IO_BIAS + 4);
  gBiasT = load<i32>(io + IO_BIAS + 8);
  gBiasA = load<i32>(io + IO_BIAS + 12);
  const now = load<f64>(io + IO_NOW);
  gNow = now;
  const present = load<i32>(io + IO_MASK);
  let incSeen: i32 = 0;
  let incN: i32 = 0;
  let anomN: i32 = 0;
  let hashed = false;
  let same = false;
  let ranRun = false;
  let pc: i32 = HEADER_WORDS;
  let running = true;
  while (running) {
    const op = word(pc);
    if (op == OP_INC_SAT) {
      const p = slot(word(pc + 1), gBiasC);
      const by = imm(pc + 2);
      const cap = imm(pc + 4);
      const v = load<f64>(p);
      if (v < cap) {
        const s = v + by;
        store<f64>(p, s < cap ? s : cap);
      }
      pc += 6;
    } else if (op == OP_DEC_SAT) {
      const p = slot(word(pc + 1), gBiasC);
      const s = load<f64>(p) - imm(pc + 2);
      store<f64>(p, s > 0 ? s : 0);
      pc += 4;
    } else if (op == OP_ADD_SAT) {
      const p = slot(word(pc + 1), gBiasA);
      const source = word(pc + 2);
      if ((present & (1 << source)) == 0) {
        if ((incSeen & (1 << source)) == 0) {
          incSeen |= 1 << source;
          store<i32>(io + IO_INC + (<usize>incN << 2), source);
          incN++;
        }
      } else {
        const s = load<f64>(p) + load<f64>(io + IO_SRC + (<usize>source << 3));
        store<f64>(p, s < 0 ? 0 : s > MAX_SAT ? MAX_SAT : s);
      }
      pc += 3;
    } else if (op == OP_SET) {
      store<f64>(slot(word(pc + 1), gBiasF), 1.0);
      pc += 2;
    } else if (op == OP_CLEAR) {
      store<f64>(slot(word(pc + 1), gBiasF), 0.0);
      pc += 2;
    } else if (op == OP_STAMP) {
      store<f64>(slot(word(pc + 1), gBiasT), now);
      pc += 2;
    } else if (op == OP_RESET_IF_OLDER) {
      const older = now - load<f64>(slot(word(pc + 1), gBiasT)) > imm(pc + 2);
      let at = pc + 4;
      for (let cls: i32 = 0; cls < 3; cls++) {
        const n = word(at);
        if (older) {
          const bias = cls == 0 ? gBiasC : cls == 1 ? gBiasA : gBiasF;
          for (let j: i32 = 1; j <= n; j++) store<f64>(slot(word(at + j), bias), 0.0);
        }
        at += 1 + n;
      }
      pc = at;
    } else if (op == OP_RUN) {
      if (!hashed) {
        const len = load<i32>(io + IO_MAT_LEN);
        if (len >= 0) sha256HexInto(material, len, io + IO_SHAPE);
        hashed = true;
        same = sameShape(io);
      }
      if (ranRun || same) {
        const l = load<f64>(io + IO_RUN_LEN) + 1;
        store<f64>(io + IO_RUN_LEN, l > MAX_SAT ? MAX_SAT : l);
      } else {
        store<f64>(io + IO_RUN_LEN, 1.0);
      }
      ranRun = true;
      pc += 1;
    } else if (op == OP_ANOMALY) {
      const cond = word(pc + 2);
      if (cond == -1 || evalCond(cond)) {
        store<i32>(io + IO_ANOM + (<usize>anomN << 2), word(pc + 1));
        anomN++;
      }
      pc += 3;
    } else {
      running = false; // OP_END
    }
  }
  store<i32>(io + IO_INC_N, incN);
  store<i32>(io + IO_ANOM_N, anomN);
  store<i32>(io + IO_RUN_OUT, ranRun ? (same ? 1 : 2) : 0);
  store<i32>(io + IO_FIRED, evalCond(word(H_FIRE)) ? 1 : 0);
}

/** Lowercase hex SHA-256 of `len` bytes at `ptr`, as 64 ASCII bytes at `out`. */
export function t2Sha256Hex(ptr: usize, len: i32, out: usize): void {
  sha256HexInto(ptr, len, out);
}
