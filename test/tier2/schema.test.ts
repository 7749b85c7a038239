import { describe, expect, it } from "vitest";
import { MAX_CODE_WORDS, MAX_REGS_PER_CLASS, MAX_SAT, T2BodySchema, parseRegName, validateT2Body } from "../../src/evaluate/tier2/index.js";

const base = () => ({
  on: ["pre_tool_use"],
  registers: { c: 2, f: 1, t: 1, a: 1, run: true },
  ops: [] as unknown[],
  fire: { reg: "c0", gte: 3 } as unknown,
  verdict: "deny",
  reason: "too many",
});

function rejects(body: unknown, pattern: RegExp): void {
  const v = validateT2Body(body);
  expect(v.ok).toBe(false);
  if (!v.ok) {
    expect(v.message).toMatch(pattern);
    expect(v.message).not.toContain("\n");
  }
}

describe("T2BodySchema / validateT2Body: accepted", () => {
  it("accepts every op and condition form", () => {
    const body = {
      ...base(),
      match: { field: "tool.name", pred: "eq", value: "Bash" },
      ops: [
        { op: "RESET_IF_OLDER", t: 0, window_ms: 60000, c: [0, 1], a: [0], f: [0] },
        { op: "INC_SAT", c: 0 },
        { op: "INC_SAT", c: 1, by: 5, cap: 100 },
        { op: "DEC_SAT", c: 1, by: 2 },
        { op: "ADD_SAT", a: 0, from: "spend.micro_usd" },
        { op: "SET", f: 0 },
        { op: "CLEAR", f: 0 },
        { op: "STAMP", t: 0 },
        { op: "RUN" },
        { op: "ANOMALY", code: "burst" },
        { op: "ANOMALY", code: "loop", if: { reg: "run.len", gte: 5 } },
      ],
      fire: {
        all: [
          { reg: "c0", gte: 3 },
          { any: [{ reg: "a0", lte: 10 }, { reg: "f0", eq: 1 }, { not: { since: "t0", lt_ms: 1000 } }] },
          { since: "t0", gte_ms: 0 },
          { all: [] },
        ],
      },
    };
    const v = validateT2Body(body);
    expect(v).toMatchObject({ ok: true });
    if (v.ok) expect(v.program.ops).toHaveLength(11);
  });
  it("accepts an empty register block and no ops", () => {
    expect(validateT2Body({ ...base(), registers: {}, fire: { any: [] } }).ok).toBe(true);
  });
  it("accepts integers at the saturation bound", () => {
    expect(validateT2Body({ ...base(), ops: [{ op: "INC_SAT", c: 0, by: MAX_SAT, cap: MAX_SAT }], fire: { reg: "c0", eq: MAX_SAT } }).ok).toBe(true);
  });
  it("parses register names", () => {
    expect(parseRegName("c0")).toEqual({ cls: "c", idx: 0 });
    expect(parseRegName("t12")).toEqual({ cls: "t", idx: 12 });
    expect(parseRegName("run.len")).toEqual({ cls: "run.len", idx: 0 });
    for (const bad of ["c01", "x0", "c", "c-1", "run", "C0", " c0"]) expect(parseRegName(bad)).toBeNull();
  });
  it("the zod schema alone accepts what validate accepts structurally", () => {
    expect(T2BodySchema.safeParse(base()).success).toBe(true);
  });
});

describe("T2BodySchema / validateT2Body: rejected", () => {
  it("an unknown key at the top, in registers, in an op, in a condition", () => {
    rejects({ ...base(), extra: 1 }, /Unrecognized key.*extra/);
    rejects({ ...base(), registers: { c: 1, d: 1 } }, /registers.*Unrecognized key.*"d"/);
    rejects({ ...base(), ops: [{ op: "INC_SAT", c: 0, step: 1 }] }, /ops\[0\].*Unrecognized key.*step/);
    rejects({ ...base(), fire: { reg: "c0", gte: 1, note: "x" } }, /fire.*Unrecognized key.*note/);
    rejects({ ...base(), fire: { all: [{ not: { since: "t0", lt_ms: 1, x: 2 } }] } }, /fire\.all\[0\]\.not.*Unrecognized key/);
  });
  it("a float anywhere", () => {
    rejects({ ...base(), ops: [{ op: "INC_SAT", c: 0, by: 1.5 }] }, /ops\[0\]\.by/);
    rejects({ ...base(), registers: { c: 1.5 } }, /registers\.c/);
    rejects({ ...base(), fire: { reg: "c0", gte: 2.5 } }, /fire\.gte: expected an integer, got 2\.5/);
    rejects({ ...base(), ops: [{ op: "RESET_IF_OLDER", t: 0, window_ms: 0.1 }] }, /window_ms/);
  });
  it("numbers outside [0, 2^53−1]", () => {
    rejects({ ...base(), ops: [{ op: "INC_SAT", c: 0, by: -1 }] }, /ops\[0\]\.by/);
    rejects({ ...base(), ops: [{ op: "INC_SAT", c: 0, cap: 2 ** 53 }] }, /ops\[0\]\.cap/);
    rejects({ ...base(), fire: { reg: "c0", lte: -1 } }, /fire\.lte: must be between 0 and 9007199254740991/);
  });
  it("a register reference outside the declared counts", () => {
    rejects({ ...base(), ops: [{ op: "INC_SAT", c: 2 }] }, /ops\[0\]\.c: counter 2 is out of range \(the program declares 2 counters\)/);
    rejects({ ...base(), ops: [{ op: "SET", f: 1 }] }, /ops\[0\]\.f: flag 1/);
    rejects({ ...base(), ops: [{ op: "STAMP", t: 3 }] }, /ops\[0\]\.t: timestamp 3/);
    rejects({ ...base(), ops: [{ op: "ADD_SAT", a: 1, from: "spend.tokens" }] }, /ops\[0\]\.a: accumulator 1/);
    rejects({ ...base(), ops: [{ op: "RESET_IF_OLDER", t: 0, window_ms: 5, c: [0, 7] }] }, /ops\[0\]\.c\[1\]: counter 7/);
    rejects({ ...base(), fire: { reg: "a3", gte: 1 } }, /fire\.reg: accumulator 3/);
    rejects({ ...base(), fire: { any: [{ since: "t1", lt_ms: 1 }] } }, /fire\.any\[0\]\.since: timestamp 1/);
    rejects({ ...base(), ops: [{ op: "ANOMALY", code: "x", if: { reg: "f4", eq: 1 } }] }, /ops\[0\]\.if\.reg: flag 4/);
    rejects({ ...base(), registers: {}, fire: { reg: "c0", gte: 1 } }, /counter 0 is out of range \(the program declares 0 counters\)/);
  });
  it("RUN and run.len without registers.run", () => {
    rejects({ ...base(), registers: { c: 1 }, ops: [{ op: "RUN" }] }, /ops\[0\]\.op: RUN needs registers\.run: true/);
    rejects({ ...base(), registers: { c: 1, run: false }, fire: { reg: "run.len", gte: 2 } }, /fire\.reg: run\.len needs registers\.run: true/);
  });
  it("bad conditions", () => {
    rejects({ ...base(), fire: { reg: "c0", gte: 1, lte: 2 } }, /exactly one of gte, lte, eq is required, got 2/);
    rejects({ ...base(), fire: { reg: "c0" } }, /exactly one of gte, lte, eq is required, got 0/);
    rejects({ ...base(), fire: { reg: "z0", gte: 1 } }, /unknown register "z0"/);
    rejects({ ...base(), fire: { since: "c0", lt_ms: 1 } }, /"since" needs a timestamp register/);
    rejects({ ...base(), fire: { since: "t0", gte: 1 } }, /Unrecognized key/);
    rejects({ ...base(), fire: {} }, /expected a condition/);
    rejects({ ...base(), fire: [] }, /expected a condition object/);
    rejects({ ...base(), fire: { all: { reg: "c0", gte: 1 } } }, /fire\.all: expected an array of conditions/);
    rejects({ ...base(), fire: { reg: 3, gte: 1 } }, /fire\.reg: expected a register name string/);
    rejects({ ...base(), fire: undefined }, /fire: a condition is required/);
    let deep: unknown = { reg: "c0", gte: 1 };
    for (let i = 0; i < 40; i++) deep = { not: deep };
    rejects({ ...base(), fire: deep }, /nested deeper than 32 levels/);
  });
  it("bad ops, verdicts and event lists", () => {
    rejects({ ...base(), ops: [{ op: "MUL_SAT", c: 0 }] }, /ops\[0\]\.op/);
    rejects({ ...base(), ops: [{ op: "ADD_SAT", a: 0, from: "spend.dollars" }] }, /ops\[0\]\.from/);
    rejects({ ...base(), ops: [{ op: "INC_SAT" }] }, /ops\[0\]\.c/);
    rejects({ ...base(), verdict: "block" }, /verdict/);
    rejects({ ...base(), on: [] }, /^on:/);
    rejects({ ...base(), reason: undefined }, /reason/);
    rejects("not an object", /body/);
  });
  it("limits: registers per class and compiled size", () => {
    rejects({ ...base(), registers: { c: MAX_REGS_PER_CLASS + 1 } }, /registers\.c: at most 256 per program/);
    const ops = Array.from({ length: Math.ceil(MAX_CODE_WORDS / 6) + 1 }, () => ({ op: "INC_SAT", c: 0 }));
    rejects({ ...base(), ops }, /compiles to \d+ words, over the VM's 8192/);
  });
});
