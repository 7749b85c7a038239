import { describe, expect, it } from "vitest";
import {
  C_CONST,
  C_END,
  C_JF,
  C_JT,
  C_NOT,
  C_REG,
  C_SINCE,
  compileProgram,
  HEADER_WORDS,
  MAGIC,
  MAX_SAT,
  OP_ANOMALY,
  OP_END,
  OP_INC_SAT,
  OP_RESET_IF_OLDER,
  OP_RUN,
  readImm,
  Tier2BytecodeError,
  Tier2CompileError,
  unionLayout,
  verifyProgram,
  type CompiledProgram,
} from "../../src/evaluate/tier2/index.js";
import { validBody } from "./vms.js";

describe("unionLayout", () => {
  it("assigns offsets in bundle order and shares one run register", () => {
    const programs = [
      validBody({ registers: { c: 2, t: 1 } }),
      validBody({ registers: { c: 1, f: 3, run: true } }),
      validBody({ registers: { a: 2, t: 2, run: true } }),
      validBody({ registers: {} }),
    ];
    const { layout, offsets } = unionLayout(programs);
    expect(layout).toEqual({ c: 3, f: 3, t: 3, a: 2, run: true });
    expect(offsets).toEqual([
      { c: 0, f: 0, t: 0, a: 0 },
      { c: 2, f: 0, t: 1, a: 0 },
      { c: 3, f: 3, t: 1, a: 0 },
      { c: 3, f: 3, t: 3, a: 2 },
    ]);
  });
  it("has no run register unless a program declares it", () => {
    expect(unionLayout([validBody({ registers: { c: 1 } })]).layout.run).toBe(false);
    expect(unionLayout([]).layout).toEqual({ c: 0, f: 0, t: 0, a: 0, run: false });
  });
});

describe("compileProgram", () => {
  it("emits the documented encoding with absolute register indices", () => {
    const b = validBody({
      registers: { c: 2, t: 1, run: true },
      ops: [
        { op: "INC_SAT", c: 1, by: 2 ** 40 + 7 },
        { op: "RESET_IF_OLDER", t: 0, window_ms: 1000, c: [0, 1] },
        { op: "RUN" },
        { op: "ANOMALY", code: "burst", if: { not: { reg: "c1", gte: 3 } } },
        { op: "ANOMALY", code: "burst" },
      ],
      fire: { any: [{ reg: "run.len", eq: 4 }, { since: "t0", lt_ms: 50 }] },
    });
    const p = compileProgram(b, { c: 10, f: 0, t: 5, a: 0 });
    const code = Array.from(p.code);
    expect(code.slice(0, HEADER_WORDS)).toEqual([MAGIC, code.length, 3, 10, 2, 0, 0, 5, 1, 0, 0, code[11], 1]);
    let pc = HEADER_WORDS;
    expect(code.slice(pc, pc + 2)).toEqual([OP_INC_SAT, 11]);
    expect(readImm(p.code, pc + 2)).toBe(2 ** 40 + 7);
    expect(readImm(p.code, pc + 4)).toBe(MAX_SAT);
    pc += 6;
    expect(code[pc]).toBe(OP_RESET_IF_OLDER);
    expect(code[pc + 1]).toBe(5);
    expect(readImm(p.code, pc + 2)).toBe(1000);
    expect(code.slice(pc + 4, pc + 4 + 5)).toEqual([2, 10, 11, 0, 0]);
    pc += 9;
    expect(code[pc]).toBe(OP_RUN);
    pc += 1;
    expect(code.slice(pc, pc + 2)).toEqual([OP_ANOMALY, 0]);
    const condAt = code[pc + 2]!;
    pc += 3;
    expect(code.slice(pc, pc + 3)).toEqual([OP_ANOMALY, 0, -1]);
    pc += 3;
    expect(code[pc]).toBe(OP_END);
    pc += 1;
    expect(condAt).toBe(pc);
    expect(code.slice(condAt, condAt + 4)).toEqual([C_REG, 0, 11, 0]);
    expect(readImm(p.code, condAt + 4)).toBe(3);
    expect(code.slice(condAt + 6, condAt + 8)).toEqual([C_NOT, C_END]);
    const fire = code[11]!;
    expect(fire).toBe(condAt + 8);
    expect(code.slice(fire, fire + 4)).toEqual([C_REG, 4, 0, 2]);
    expect(code.slice(fire + 6, fire + 8)).toEqual([C_JT, fire + 13]); // to the end of the any
    expect(code.slice(fire + 8, fire + 11)).toEqual([C_SINCE, 5, 0]);
    expect(code[fire + 13]).toBe(C_END);
    expect(code.length).toBe(fire + 14);
    expect(p.anomalies).toEqual(["burst"]);
    verifyProgram(p);
  });
  it("compiles empty all/any to constants and all with JF", () => {
    const p = compileProgram(validBody({ registers: { c: 1 }, fire: { all: [{ any: [] }, { reg: "c0", gte: 1 }, { all: [] }] } }), { c: 0, f: 0, t: 0, a: 0 });
    const fire = p.code[11]!;
    const code = Array.from(p.code.slice(fire));
    expect(code.slice(0, 2)).toEqual([C_CONST, 0]);
    expect(code[2]).toBe(C_JF);
    expect(code.at(-3)).toBe(C_CONST);
    expect(code.at(-2)).toBe(1);
    expect(code.at(-1)).toBe(C_END);
  });
  it("deduplicates anomaly codes in first-use order", () => {
    const p = compileProgram(
      validBody({ ops: [{ op: "ANOMALY", code: "b" }, { op: "ANOMALY", code: "a" }, { op: "ANOMALY", code: "b" }] }),
      { c: 0, f: 0, t: 0, a: 0 },
    );
    expect(p.anomalies).toEqual(["b", "a"]);
    expect(p.code[12]).toBe(2);
  });
  it("throws on a reference outside the declared registers", () => {
    const b = validBody({ registers: { c: 1 } });
    const bad = { ...b, ops: [{ op: "INC_SAT" as const, c: 1 }] };
    expect(() => compileProgram(bad, { c: 0, f: 0, t: 0, a: 0 })).toThrow(Tier2CompileError);
  });
});

describe("verifyProgram", () => {
  const good = compileProgram(
    validBody({
      registers: { c: 2, t: 1, f: 1 },
      ops: [{ op: "INC_SAT", c: 0 }, { op: "ANOMALY", code: "x", if: { all: [{ reg: "c0", gte: 1 }, { reg: "f0", eq: 1 }] } }],
      fire: { since: "t0", gte_ms: 10 },
    }),
    { c: 4, f: 1, t: 0, a: 0 },
  );
  const tamper = (edit: (code: Int32Array) => void, anomalies = good.anomalies): CompiledProgram => {
    const code = good.code.slice();
    edit(code);
    return { code, anomalies };
  };
  it("accepts compiled programs", () => {
    expect(() => verifyProgram(good)).not.toThrow();
  });
  it.each([
    ["bad magic", (c: Int32Array) => (c[0] = 1)],
    ["length word", (c: Int32Array) => (c[1] = c[1]! + 1)],
    ["register outside its window", (c: Int32Array) => (c[HEADER_WORDS + 1] = 6)],
    ["register below its window", (c: Int32Array) => (c[HEADER_WORDS + 1] = 3)],
    ["window too large", (c: Int32Array) => (c[4] = 100000)],
    ["unknown opcode", (c: Int32Array) => (c[HEADER_WORDS] = 99)],
    ["immediate over 2^53", (c: Int32Array) => (c[HEADER_WORDS + 3] = 1 << 21)],
    ["fire out of bounds", (c: Int32Array) => (c[11] = 100000)],
    ["fire inside the ops", (c: Int32Array) => (c[11] = HEADER_WORDS + 1)],
    ["RUN without the flag", (c: Int32Array) => (c[HEADER_WORDS] = OP_RUN)],
    [
      "backward jump",
      (c: Int32Array) => {
        const at = c.indexOf(C_JF);
        c[at + 1] = at - 6;
      },
    ],
    [
      "jump into an instruction",
      (c: Int32Array) => {
        const at = c.indexOf(C_JF);
        c[at + 1] = at + 3;
      },
    ],
  ])("rejects %s", (_name, edit) => {
    expect(() => verifyProgram(tamper(edit))).toThrow(Tier2BytecodeError);
  });
  it("rejects an anomaly table that disagrees with the header", () => {
    expect(() => verifyProgram(tamper(() => {}, []))).toThrow(/anomaly count/);
  });
  it("rejects something that is not an Int32Array", () => {
    expect(() => verifyProgram({ code: Array.from(good.code) as unknown as Int32Array, anomalies: ["x"] })).toThrow(Tier2BytecodeError);
  });
});
