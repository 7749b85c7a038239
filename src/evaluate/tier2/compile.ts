// Tier 2 compiler: bundle-order register offsets (the union layout) and the
// bytecode both VMs run — the AssemblyScript VM in assembly/tier2.ts and the
// TypeScript twin in vm-twin.ts. Nothing here runs per event.
//
// ── Bytecode ────────────────────────────────────────────────────────────
// One Int32Array per program. Register operands are ABSOLUTE indices into the
// session's register arrays (program-local index + the program's offset).
// A 53-bit immediate N (0 ≤ N ≤ 2^53−1) takes two words: lo = N mod 2^32
// (stored as its int32 bit pattern), hi = ⌊N / 2^32⌋ (0 ≤ hi < 2^21);
// N = hi·2^32 + (lo >>> 0).
//
//   header (13 words)
//     [0] MAGIC 0x47543201 ("GT2", version 1)
//     [1] length of the whole program in words
//     [2] flags: bit 0 = touches the run register (RUN or run.len),
//                bit 1 = has a RUN op (the host must supply run_material)
//     [3] c offset  [4] c count        the program's register window per class:
//     [5] f offset  [6] f count        operands lie in [offset, offset+count)
//     [7] t offset  [8] t count
//     [9] a offset  [10] a count
//     [11] word index of the `fire` condition
//     [12] number of entries in the anomaly side table
//
//   ops, from word 13, in body order, ending with END
//     0 END
//     1 INC_SAT  c, by.lo, by.hi, cap.lo, cap.hi        (by defaults to 1, cap to 2^53−1)
//     2 DEC_SAT  c, by.lo, by.hi
//     3 ADD_SAT  a, source   (0 spend.tokens, 1 spend.micro_usd, 2 session.tokens)
//     4 SET      f
//     5 CLEAR    f
//     6 STAMP    t
//     7 RESET_IF_OLDER  t, window.lo, window.hi, nc, c…, na, a…, nf, f…
//     8 RUN
//     9 ANOMALY  code index (into `anomalies`), condition word index or −1
//
//   conditions: subroutines after END, each ending in C_END. They are
//   compiled to straight-line code with forward jumps over one accumulator
//   (no stack, no recursion, guaranteed to terminate):
//     16 C_END                          → result is the accumulator
//     17 C_REG   class, index, cmp, v.lo, v.hi
//                class 0 c, 1 f (false 0 / true 1), 2 t, 3 a, 4 run.len; cmp 0 ≥, 1 ≤, 2 =
//     18 C_SINCE t, cmp, v.lo, v.hi     now_ms − t[t]; cmp 0 <, 1 ≥
//     19 C_CONST 0|1
//     20 C_JF    target                 jump if the accumulator is false
//     21 C_JT    target                 jump if the accumulator is true
//     22 C_NOT
//   all[x, y]: x; JF end; y; end:  (empty all: CONST 1)
//   any[x, y]: x; JT end; y; end:  (empty any: CONST 0)
//   not x:     x; NOT
//
// Anomaly codes live in the program's side table (deduplicated, in first-use
// order); the VMs report indices and the host maps them back to strings.
// (schema.ts and this module import each other; both only use the other's
// values inside functions, so either may load first.)
import type { StateLayout } from "../../model/state-layout.js";
import type { T2Body, T2Cond } from "./schema.js";
import { MAX_REGS_PER_CLASS, MAX_SAT, parseRegName, T2_SOURCES, declaredRegisters } from "./schema.js";

export const MAGIC = 0x47543201;
export const HEADER_WORDS = 13;
/** Largest program the VMs accept, in words (the WASM code region is this size). */
export const MAX_CODE_WORDS = 8192;
/** run_material is hashed as the longest whole-code-point UTF-8 prefix of at most this many bytes. */
export const RUN_MATERIAL_MAX_BYTES = 4096;

export const H_MAGIC = 0;
export const H_LENGTH = 1;
export const H_FLAGS = 2;
export const H_OFF_C = 3;
export const H_N_C = 4;
export const H_OFF_F = 5;
export const H_N_F = 6;
export const H_OFF_T = 7;
export const H_N_T = 8;
export const H_OFF_A = 9;
export const H_N_A = 10;
export const H_FIRE = 11;
export const H_ANOMALIES = 12;

export const FLAG_RUN_REGISTER = 1;
export const FLAG_RUN_OP = 2;

export const OP_END = 0;
export const OP_INC_SAT = 1;
export const OP_DEC_SAT = 2;
export const OP_ADD_SAT = 3;
export const OP_SET = 4;
export const OP_CLEAR = 5;
export const OP_STAMP = 6;
export const OP_RESET_IF_OLDER = 7;
export const OP_RUN = 8;
export const OP_ANOMALY = 9;

export const C_END = 16;
export const C_REG = 17;
export const C_SINCE = 18;
export const C_CONST = 19;
export const C_JF = 20;
export const C_JT = 21;
export const C_NOT = 22;

export const CLS_C = 0;
export const CLS_F = 1;
export const CLS_T = 2;
export const CLS_A = 3;
export const CLS_RUN_LEN = 4;

export const CMP_GTE = 0;
export const CMP_LTE = 1;
export const CMP_EQ = 2;
export const SINCE_LT = 0;
export const SINCE_GTE = 1;

export interface RegisterOffsets {
  c: number;
  f: number;
  t: number;
  a: number;
}

export interface CompiledProgram {
  /** The bytecode; never modify it after compilation. */
  readonly code: Int32Array;
  /** Anomaly side table: ANOMALY ops refer to codes by index. */
  readonly anomalies: readonly string[];
}

/**
 * The bundle's state layout and each program's offsets, assigned in bundle
 * order. All programs that declare `run` share the one run register.
 */
export function unionLayout(programs: readonly T2Body[]): { layout: StateLayout; offsets: RegisterOffsets[] } {
  const layout: StateLayout = { c: 0, f: 0, t: 0, a: 0, run: false };
  const offsets: RegisterOffsets[] = [];
  for (const body of programs) {
    const regs = declaredRegisters(body);
    offsets.push({ c: layout.c, f: layout.f, t: layout.t, a: layout.a });
    layout.c += regs.c;
    layout.f += regs.f;
    layout.t += regs.t;
    layout.a += regs.a;
    layout.run ||= regs.run;
  }
  return { layout, offsets };
}

const TWO_32 = 4294967296;

function pushImm(out: number[], value: number): void {
  out.push(value % TWO_32 | 0, Math.floor(value / TWO_32));
}

/** Decode the two-word immediate at `pc`. */
export function readImm(code: Int32Array, pc: number): number {
  return code[pc + 1]! * TWO_32 + (code[pc]! >>> 0);
}

const CLASS_CODE = { c: CLS_C, f: CLS_F, t: CLS_T, a: CLS_A, "run.len": CLS_RUN_LEN } as const;

export class Tier2CompileError extends Error {
  override readonly name = "Tier2CompileError";
}

/**
 * Compile a validated body. `offsets` are the program's register offsets from
 * `unionLayout`. Throws Tier2CompileError for a reference outside the declared
 * registers or a program over MAX_CODE_WORDS (validateT2Body rules both out).
 */
export function compileProgram(body: T2Body, offsets: RegisterOffsets, options: { unchecked?: boolean } = {}): CompiledProgram {
  const regs = declaredRegisters(body);
  const out: number[] = new Array<number>(HEADER_WORDS).fill(0);
  const anomalies: string[] = [];
  const anomalyIndex = new Map<string, number>();
  const check = !options.unchecked;

  const abs = (cls: "c" | "f" | "t" | "a", idx: number): number => {
    if (check && !(Number.isInteger(idx) && idx >= 0 && idx < regs[cls])) {
      throw new Tier2CompileError(`register ${cls}${idx} is outside the program's ${regs[cls]} declared`);
    }
    return offsets[cls] + idx;
  };

  let flags = regs.run ? FLAG_RUN_REGISTER : 0;
  const pendingConds: { at: number; cond: T2Cond }[] = [];

  for (const op of body.ops) {
    switch (op.op) {
      case "INC_SAT":
        out.push(OP_INC_SAT, abs("c", op.c));
        pushImm(out, op.by ?? 1);
        pushImm(out, op.cap ?? MAX_SAT);
        break;
      case "DEC_SAT":
        out.push(OP_DEC_SAT, abs("c", op.c));
        pushImm(out, op.by ?? 1);
        break;
      case "ADD_SAT":
        out.push(OP_ADD_SAT, abs("a", op.a), T2_SOURCES.indexOf(op.from));
        break;
      case "SET":
        out.push(OP_SET, abs("f", op.f));
        break;
      case "CLEAR":
        out.push(OP_CLEAR, abs("f", op.f));
        break;
      case "STAMP":
        out.push(OP_STAMP, abs("t", op.t));
        break;
      case "RESET_IF_OLDER": {
        out.push(OP_RESET_IF_OLDER, abs("t", op.t));
        pushImm(out, op.window_ms);
        for (const cls of ["c", "a", "f"] as const) {
          const list = op[cls] ?? [];
          out.push(list.length);
          for (const idx of list) out.push(abs(cls, idx));
        }
        break;
      }
      case "RUN":
        if (check && !regs.run) throw new Tier2CompileError("RUN without registers.run");
        flags |= FLAG_RUN_OP | FLAG_RUN_REGISTER;
        out.push(OP_RUN);
        break;
      case "ANOMALY": {
        let index = anomalyIndex.get(op.code);
        if (index === undefined) {
          index = anomalies.length;
          anomalies.push(op.code);
          anomalyIndex.set(op.code, index);
        }
        out.push(OP_ANOMALY, index, -1);
        if (op.if !== undefined) pendingConds.push({ at: out.length - 1, cond: op.if });
        break;
      }
    }
  }
  out.push(OP_END);

  const emitCond = (cond: T2Cond): void => {
    if ("reg" in cond) {
      const ref = parseRegName(cond.reg);
      if (ref === null) throw new Tier2CompileError(`unknown register "${cond.reg}"`);
      if (ref.cls === "run.len" && check && !regs.run) throw new Tier2CompileError("run.len without registers.run");
      const index = ref.cls === "run.len" ? 0 : abs(ref.cls, ref.idx);
      const [cmp, value] = "gte" in cond ? [CMP_GTE, cond.gte] : "lte" in cond ? [CMP_LTE, cond.lte] : [CMP_EQ, cond.eq];
      out.push(C_REG, CLASS_CODE[ref.cls], index, cmp);
      pushImm(out, value);
    } else if ("since" in cond) {
      const ref = parseRegName(cond.since);
      if (ref === null || ref.cls !== "t") throw new Tier2CompileError(`"since" needs a timestamp register, got "${cond.since}"`);
      const [cmp, value] = "lt_ms" in cond ? [SINCE_LT, cond.lt_ms] : [SINCE_GTE, cond.gte_ms];
      out.push(C_SINCE, abs("t", ref.idx), cmp);
      pushImm(out, value);
    } else if ("not" in cond) {
      emitCond(cond.not);
      out.push(C_NOT);
    } else {
      const isAll = "all" in cond;
      const list = isAll ? cond.all : (cond as { any: T2Cond[] }).any;
      if (list.length === 0) {
        out.push(C_CONST, isAll ? 1 : 0);
        return;
      }
      const patches: number[] = [];
      list.forEach((child, i) => {
        emitCond(child);
        if (i < list.length - 1) {
          out.push(isAll ? C_JF : C_JT, 0);
          patches.push(out.length - 1);
        }
      });
      for (const at of patches) out[at] = out.length;
    }
  };
  const emitSubroutine = (cond: T2Cond): number => {
    const start = out.length;
    emitCond(cond);
    out.push(C_END);
    return start;
  };

  for (const pending of pendingConds) out[pending.at] = emitSubroutine(pending.cond);
  const fire = emitSubroutine(body.fire);

  out[H_MAGIC] = MAGIC;
  out[H_LENGTH] = out.length;
  out[H_FLAGS] = flags;
  out[H_OFF_C] = offsets.c;
  out[H_N_C] = regs.c;
  out[H_OFF_F] = offsets.f;
  out[H_N_F] = regs.f;
  out[H_OFF_T] = offsets.t;
  out[H_N_T] = regs.t;
  out[H_OFF_A] = offsets.a;
  out[H_N_A] = regs.a;
  out[H_FIRE] = fire;
  out[H_ANOMALIES] = anomalies.length;
  if (check && out.length > MAX_CODE_WORDS) {
    throw new Tier2CompileError(`program compiles to ${out.length} words, over the VM's ${MAX_CODE_WORDS}`);
  }
  return { code: Int32Array.from(out), anomalies };
}

// ── Verification ────────────────────────────────────────────────────────
// Both VMs run only bytecode that passed this check (cached per program), so
// a hand-made or corrupted CompiledProgram can neither read nor write outside
// its register window nor loop: the WASM VM trusts what it is given.

const verified = new WeakSet<CompiledProgram>();

export class Tier2BytecodeError extends TypeError {
  override readonly name = "Tier2BytecodeError";
}

/** Throws Tier2BytecodeError unless `program` is well-formed bytecode. */
export function verifyProgram(program: CompiledProgram): void {
  if (verified.has(program)) return;
  const fail = (why: string): never => {
    throw new Tier2BytecodeError(`invalid Tier 2 bytecode: ${why}`);
  };
  const code = program.code;
  if (!(code instanceof Int32Array)) fail("code is not an Int32Array");
  if (!Array.isArray(program.anomalies) || program.anomalies.some((a) => typeof a !== "string")) fail("anomaly table is not a string list");
  const len = code.length;
  if (len < HEADER_WORDS || len > MAX_CODE_WORDS) fail(`length ${len} outside [${HEADER_WORDS}, ${MAX_CODE_WORDS}]`);
  if (code[H_MAGIC] !== MAGIC) fail("bad magic");
  if (code[H_LENGTH] !== len) fail("length word disagrees with the array");
  const flags = code[H_FLAGS]!;
  if ((flags & ~3) !== 0 || ((flags & FLAG_RUN_OP) !== 0 && (flags & FLAG_RUN_REGISTER) === 0)) fail("bad flags");
  const maxOffset = 0x7fffffff - MAX_REGS_PER_CLASS;
  const win: [number, number][] = [];
  for (let h = H_OFF_C; h <= H_OFF_A; h += 2) {
    const off = code[h]!;
    const n = code[h + 1]!;
    if (off < 0 || off > maxOffset || n < 0 || n > MAX_REGS_PER_CLASS) fail(`bad register window at header word ${h}`);
    win.push([off, n]);
  }
  if (code[H_ANOMALIES] !== program.anomalies.length) fail("anomaly count disagrees with the side table");
  const inWindow = (cls: number, idx: number, at: number): void => {
    const [off, n] = win[cls]!;
    if (!(idx >= off && idx < off + n)) fail(`register ${idx} of class ${cls} outside its window at word ${at}`);
  };
  const imm = (pc: number): void => {
    if (pc + 1 >= len) fail(`truncated immediate at word ${pc}`);
    const hi = code[pc + 1]!;
    if (hi < 0 || hi >= 1 << 21) fail(`immediate over 2^53−1 at word ${pc}`);
  };
  const need = (pc: number, words: number): void => {
    if (pc + words > len) fail(`truncated instruction at word ${pc}`);
  };

  const verifyCond = (start: number): void => {
    if (!(start > HEADER_WORDS && start < len)) fail(`condition start ${start} out of bounds`);
    const boundaries = new Set<number>();
    const jumps: [number, number][] = [];
    let pc = start;
    for (;;) {
      if (pc >= len) fail(`condition at ${start} has no C_END`);
      boundaries.add(pc);
      const op = code[pc]!;
      if (op === C_END) break;
      switch (op) {
        case C_REG: {
          need(pc, 6);
          const cls = code[pc + 1]!;
          const cmp = code[pc + 3]!;
          if (cls < CLS_C || cls > CLS_RUN_LEN || cmp < CMP_GTE || cmp > CMP_EQ) fail(`bad C_REG at word ${pc}`);
          if (cls === CLS_RUN_LEN) {
            if ((flags & FLAG_RUN_REGISTER) === 0) fail(`run.len without the run flag at word ${pc}`);
          } else inWindow(cls, code[pc + 2]!, pc);
          imm(pc + 4);
          pc += 6;
          break;
        }
        case C_SINCE: {
          need(pc, 5);
          inWindow(CLS_T, code[pc + 1]!, pc);
          const cmp = code[pc + 2]!;
          if (cmp !== SINCE_LT && cmp !== SINCE_GTE) fail(`bad C_SINCE at word ${pc}`);
          imm(pc + 3);
          pc += 5;
          break;
        }
        case C_CONST:
          need(pc, 2);
          if (code[pc + 1] !== 0 && code[pc + 1] !== 1) fail(`bad C_CONST at word ${pc}`);
          pc += 2;
          break;
        case C_JF:
        case C_JT:
          need(pc, 2);
          jumps.push([pc, code[pc + 1]!]);
          pc += 2;
          break;
        case C_NOT:
          pc += 1;
          break;
        default:
          fail(`unknown condition opcode ${op} at word ${pc}`);
      }
    }
    for (const [at, target] of jumps) {
      if (!(target > at && boundaries.has(target))) fail(`jump at word ${at} to ${target} is not forward onto an instruction`);
    }
  };

  let pc = HEADER_WORDS;
  const condStarts: number[] = [code[H_FIRE]!];
  for (let done = false; !done; ) {
    if (pc >= len) fail("ops have no END");
    const op = code[pc]!;
    switch (op) {
      case OP_END:
        done = true;
        pc += 1;
        break;
      case OP_INC_SAT:
        need(pc, 6);
        inWindow(CLS_C, code[pc + 1]!, pc);
        imm(pc + 2);
        imm(pc + 4);
        pc += 6;
        break;
      case OP_DEC_SAT:
        need(pc, 4);
        inWindow(CLS_C, code[pc + 1]!, pc);
        imm(pc + 2);
        pc += 4;
        break;
      case OP_ADD_SAT:
        need(pc, 3);
        inWindow(CLS_A, code[pc + 1]!, pc);
        if (code[pc + 2]! < 0 || code[pc + 2]! >= T2_SOURCES.length) fail(`bad ADD_SAT source at word ${pc}`);
        pc += 3;
        break;
      case OP_SET:
      case OP_CLEAR:
        need(pc, 2);
        inWindow(CLS_F, code[pc + 1]!, pc);
        pc += 2;
        break;
      case OP_STAMP:
        need(pc, 2);
        inWindow(CLS_T, code[pc + 1]!, pc);
        pc += 2;
        break;
      case OP_RESET_IF_OLDER: {
        need(pc, 5);
        inWindow(CLS_T, code[pc + 1]!, pc);
        imm(pc + 2);
        let at = pc + 4;
        for (const cls of [CLS_C, CLS_A, CLS_F]) {
          need(at, 1);
          const n = code[at]!;
          if (n < 0 || n > MAX_CODE_WORDS) fail(`bad list length at word ${at}`);
          need(at, 1 + n);
          for (let j = 1; j <= n; j++) inWindow(cls, code[at + j]!, at + j);
          at += 1 + n;
        }
        pc = at;
        break;
      }
      case OP_RUN:
        if ((flags & FLAG_RUN_OP) === 0) fail(`RUN without the RUN flag at word ${pc}`);
        pc += 1;
        break;
      case OP_ANOMALY: {
        need(pc, 3);
        const index = code[pc + 1]!;
        if (index < 0 || index >= program.anomalies.length) fail(`anomaly index ${index} outside the side table at word ${pc}`);
        const cond = code[pc + 2]!;
        if (cond !== -1) condStarts.push(cond);
        pc += 3;
        break;
      }
      default:
        fail(`unknown opcode ${op} at word ${pc}`);
    }
  }
  for (const start of condStarts) {
    if (start < pc) fail(`condition start ${start} inside the op stream`);
    verifyCond(start);
  }
  verified.add(program);
}
