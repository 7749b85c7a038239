// Each op's semantics, on both VMs; every case also checks the two agree.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import {
  compileProgram,
  createTier2Vm,
  MAX_SAT,
  RUN_MATERIAL_MAX_BYTES,
  Tier2BytecodeError,
  unionLayout,
} from "../../src/evaluate/tier2/index.js";
import { instantiateGatehouseWasm } from "../../src/hotpath/instance.js";
import { blankState, StateLayoutError, type SessionState } from "../../src/model/session-state.js";
import { compileAlone, input, runBoth, twin, validBody, wasm } from "./vms.js";

function withState(blank: SessionState, over: Partial<SessionState>): SessionState {
  return { ...blank, ...over };
}

const hex = (s: string) => bytesToHex(sha256(utf8ToBytes(s)));

describe("INC_SAT", () => {
  const { program, blank } = compileAlone({
    registers: { c: 3 },
    ops: [{ op: "INC_SAT", c: 0 }, { op: "INC_SAT", c: 1, by: 10 }, { op: "INC_SAT", c: 2, by: 4, cap: 10 }],
  });
  it("adds 1 by default, `by` otherwise, up to `cap`", () => {
    expect(runBoth(program, blank).state.c).toEqual([1, 10, 4]);
    expect(runBoth(program, withState(blank, { c: [5, 5, 8] })).state.c).toEqual([6, 15, 10]);
  });
  it("never lowers a counter already above its cap", () => {
    expect(runBoth(program, withState(blank, { c: [0, 0, 50] })).state.c).toEqual([1, 10, 50]);
  });
  it("saturates at 2^53−1", () => {
    expect(runBoth(program, withState(blank, { c: [MAX_SAT, MAX_SAT - 3, 0] })).state.c).toEqual([MAX_SAT, MAX_SAT, 4]);
    const big = compileAlone({ registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0, by: MAX_SAT }] });
    expect(runBoth(big.program, withState(big.blank, { c: [MAX_SAT - 1] })).state.c).toEqual([MAX_SAT]);
    expect(runBoth(big.program, withState(big.blank, { c: [2] })).state.c).toEqual([MAX_SAT]);
  });
});

describe("DEC_SAT", () => {
  const { program, blank } = compileAlone({ registers: { c: 2 }, ops: [{ op: "DEC_SAT", c: 0 }, { op: "DEC_SAT", c: 1, by: 7 }] });
  it("subtracts, flooring at 0", () => {
    expect(runBoth(program, withState(blank, { c: [3, 10] })).state.c).toEqual([2, 3]);
    expect(runBoth(program, withState(blank, { c: [0, 5] })).state.c).toEqual([0, 0]);
    expect(runBoth(program, withState(blank, { c: [MAX_SAT, MAX_SAT] })).state.c).toEqual([MAX_SAT - 1, MAX_SAT - 7]);
  });
});

describe("ADD_SAT", () => {
  const { program, blank } = compileAlone({
    registers: { a: 3 },
    ops: [
      { op: "ADD_SAT", a: 0, from: "spend.tokens" },
      { op: "ADD_SAT", a: 1, from: "spend.micro_usd" },
      { op: "ADD_SAT", a: 2, from: "session.tokens" },
      { op: "ADD_SAT", a: 0, from: "spend.tokens" },
    ],
  });
  it("adds each source", () => {
    const r = runBoth(program, withState(blank, { a: [1, 2, 3] }), input({ spend_tokens: 10, spend_micro_usd: 20, session_tokens: 30 }));
    expect(r.state.a).toEqual([21, 22, 33]);
    expect(r.inconclusive).toEqual([]);
  });
  it("leaves the register unchanged and reports an absent source once, in first-use order", () => {
    const r = runBoth(program, withState(blank, { a: [1, 2, 3] }), input({ spend_micro_usd: 5 }));
    expect(r.state.a).toEqual([1, 7, 3]);
    expect(r.inconclusive).toEqual(["spend.tokens", "session.tokens"]);
  });
  it("saturates at both ends", () => {
    const r = runBoth(program, withState(blank, { a: [MAX_SAT - 1, 5, 0] }), input({ spend_tokens: 1, spend_micro_usd: -9, session_tokens: MAX_SAT }));
    expect(r.state.a).toEqual([MAX_SAT, 0, MAX_SAT]);
  });
});

describe("SET / CLEAR / STAMP", () => {
  it("set and clear flags, stamp now_ms", () => {
    const { program, blank } = compileAlone({
      registers: { f: 3, t: 2 },
      ops: [{ op: "SET", f: 0 }, { op: "CLEAR", f: 1 }, { op: "SET", f: 2 }, { op: "CLEAR", f: 2 }, { op: "STAMP", t: 1 }],
      fire: { all: [{ reg: "f0", eq: 1 }, { reg: "f1", eq: 0 }, { reg: "t1", eq: 42 }] },
    });
    const r = runBoth(program, withState(blank, { f: [false, true, true], t: [7, 7] }), input({ now_ms: 42 }));
    expect(r.state.f).toEqual([true, false, false]);
    expect(r.state.t).toEqual([7, 42]);
    expect(r.fired).toBe(true);
  });
  it("stamps a negative or backwards now_ms as given", () => {
    const { program, blank } = compileAlone({ registers: { t: 1 }, ops: [{ op: "STAMP", t: 0 }] });
    expect(runBoth(program, withState(blank, { t: [100] }), input({ now_ms: -5 })).state.t).toEqual([-5]);
  });
});

describe("RESET_IF_OLDER: sliding window", () => {
  // Count calls in a 60 s window: reset when the window has passed, count, stamp.
  const { program, blank } = compileAlone({
    registers: { c: 2, a: 1, f: 1, t: 1 },
    ops: [
      { op: "RESET_IF_OLDER", t: 0, window_ms: 60_000, c: [0], a: [0], f: [0] },
      { op: "INC_SAT", c: 0 },
      { op: "STAMP", t: 0 },
    ],
    fire: { reg: "c0", gte: 3 },
  });
  const at = (state: SessionState, now: number) => runBoth(program, state, input({ now_ms: now }));
  it("keeps counting inside the window and resets after a quiet gap longer than it", () => {
    let s = withState(blank, { t: [1_000_000] });
    s = at(s, 1_000_000).state;
    s = at(s, 1_030_000).state;
    const third = at(s, 1_060_000);
    expect(third.state.c).toEqual([3, 0]);
    expect(third.fired).toBe(true);
    const later = at(third.state, 1_120_001);
    expect(later.state.c).toEqual([1, 0]);
    expect(later.fired).toBe(false);
  });
  it("resets only strictly past the window, and only the listed registers", () => {
    const s = withState(blank, { c: [5, 9], a: [4], f: [true], t: [0] });
    expect(at(s, 60_000).state).toMatchObject({ c: [6, 9], a: [4], f: [true] });
    expect(at(s, 60_001).state).toMatchObject({ c: [1, 9], a: [0], f: [false] });
  });
  it("does not reset when time goes backwards", () => {
    const s = withState(blank, { c: [5, 0], t: [2_000_000] });
    expect(at(s, 1_000_000).state.c).toEqual([6, 0]);
  });
  it("handles differences beyond the safe range", () => {
    const s = withState(blank, { c: [5, 0], t: [-MAX_SAT] });
    expect(at(s, MAX_SAT).state.c).toEqual([1, 0]);
    const back = withState(blank, { c: [5, 0], t: [MAX_SAT] });
    expect(at(back, -MAX_SAT).state.c).toEqual([6, 0]);
  });
});

describe("RUN", () => {
  const { program, blank } = compileAlone({ registers: { run: true }, ops: [{ op: "RUN" }], fire: { reg: "run.len", gte: 3 } });
  it("starts a run with the shape = hex SHA-256 of run_material", () => {
    const r = runBoth(program, blank, input({ run_material: "abc" }));
    expect(r.state.run).toEqual({ shape: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", len: 1 });
  });
  it("extends a run of the same shape and fires on its length", () => {
    const shape = hex("Read|read×workspace_file|");
    const r = runBoth(program, withState(blank, { run: { shape, len: 2 } }), input({ run_material: "Read|read×workspace_file|" }));
    expect(r.state.run).toEqual({ shape, len: 3 });
    expect(r.fired).toBe(true);
  });
  it("restarts at 1 on a different shape, including a non-hex or upper-case one", () => {
    const m = "Bash|x";
    for (const shape of [hex("other"), "not a hash", hex(m).toUpperCase(), "é".repeat(64), null]) {
      const r = runBoth(program, withState(blank, { run: { shape, len: 7 } }), input({ run_material: m }));
      expect(r.state.run).toEqual({ shape: hex(m), len: 1 });
      expect(r.fired).toBe(false);
    }
  });
  it("saturates the length", () => {
    const shape = hex("m");
    expect(runBoth(program, withState(blank, { run: { shape, len: MAX_SAT } }), input({ run_material: "m" })).state.run).toEqual({ shape, len: MAX_SAT });
  });
  it("two RUN ops in one program count the action twice", () => {
    const two = compileAlone({ registers: { run: true }, ops: [{ op: "RUN" }, { op: "RUN" }] });
    expect(runBoth(two.program, withState(two.blank, { run: { shape: "old", len: 4 } }), input({ run_material: "m" })).state.run).toEqual({ shape: hex("m"), len: 2 });
  });
  it("hashes UTF-8, capped at 4 KiB on a code-point boundary", () => {
    expect(runBoth(program, blank, input({ run_material: "ünïcødé ✓ 🚀" })).state.run!.shape).toBe(hex("ünïcødé ✓ 🚀"));
    expect(runBoth(program, blank, input({ run_material: "" })).state.run!.shape).toBe(hex(""));
    const long = "x".repeat(RUN_MATERIAL_MAX_BYTES);
    expect(runBoth(program, blank, input({ run_material: long + "tail" })).state.run!.shape).toBe(hex(long));
    // 4095 ASCII bytes + a 2-byte character: the character does not fit, so it is dropped whole.
    const edge = "y".repeat(RUN_MATERIAL_MAX_BYTES - 1);
    expect(runBoth(program, blank, input({ run_material: edge + "é" })).state.run!.shape).toBe(hex(edge));
  });
  it("leaves the run register alone in a program without RUN", () => {
    const other = compileAlone({ registers: { c: 1, run: true }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "run.len", eq: 9 } });
    const r = runBoth(other.program, withState(other.blank, { run: { shape: "s", len: 9 } }));
    expect(r.state.run).toEqual({ shape: "s", len: 9 });
    expect(r.fired).toBe(true);
  });
});

describe("ANOMALY", () => {
  const { program, blank } = compileAlone({
    registers: { c: 1 },
    ops: [
      { op: "ANOMALY", code: "always" },
      { op: "INC_SAT", c: 0 },
      { op: "ANOMALY", code: "burst", if: { reg: "c0", gte: 2 } },
      { op: "ANOMALY", code: "always" },
    ],
    fire: { any: [] },
  });
  it("records unconditionally, or when its condition holds on the registers at that point; never fires", () => {
    expect(runBoth(program, blank)).toMatchObject({ anomalies: ["always", "always"], fired: false });
    expect(runBoth(program, withState(blank, { c: [1] }))).toMatchObject({ anomalies: ["always", "burst", "always"], fired: false });
  });
});

describe("conditions", () => {
  const { program, blank } = compileAlone({
    registers: { c: 1, a: 1, f: 1, t: 1 },
    fire: {
      all: [
        { reg: "c0", gte: 2 },
        { reg: "c0", lte: 4 },
        { not: { reg: "a0", eq: 0 } },
        { any: [{ reg: "f0", eq: 1 }, { since: "t0", lt_ms: 100 }] },
        { since: "t0", gte_ms: 10 },
      ],
    },
  });
  const fires = (over: Partial<SessionState>, now = 1000) => runBoth(program, withState(blank, over), input({ now_ms: now })).fired;
  it("evaluates all/any/not, comparators and since", () => {
    expect(fires({ c: [3], a: [1], f: [true], t: [0] })).toBe(true);
    expect(fires({ c: [1], a: [1], f: [true], t: [0] })).toBe(false);
    expect(fires({ c: [5], a: [1], f: [true], t: [0] })).toBe(false);
    expect(fires({ c: [3], a: [0], f: [true], t: [0] })).toBe(false);
    expect(fires({ c: [3], a: [1], f: [false], t: [0] })).toBe(false);
    expect(fires({ c: [3], a: [1], f: [false], t: [950] })).toBe(true);
    expect(fires({ c: [3], a: [1], f: [false], t: [995] })).toBe(false);
    expect(fires({ c: [3], a: [1], f: [true], t: [2000] })).toBe(false);
  });
  it("empty all is true and empty any is false", () => {
    expect(runBoth(compileAlone({ fire: { all: [] } }).program, blankState({ c: 0, f: 0, t: 0, a: 0, run: false })).fired).toBe(true);
    expect(runBoth(compileAlone({ fire: { any: [] } }).program, blankState({ c: 0, f: 0, t: 0, a: 0, run: false })).fired).toBe(false);
  });
  it("fire sees the registers after the ops", () => {
    const p = compileAlone({ registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", eq: 1 } });
    expect(runBoth(p.program, p.blank).fired).toBe(true);
  });
});

describe("offsets and refusals", () => {
  it("touches only the program's own window in a shared layout", () => {
    const bodies = [
      { registers: { c: 2 }, ops: [{ op: "INC_SAT", c: 1 }] },
      { registers: { c: 1, t: 1 }, ops: [{ op: "INC_SAT", c: 0, by: 5 }, { op: "STAMP", t: 0 }] },
    ].map((b) => validBody({ on: ["stop"], verdict: "ask", reason: "", ...b }));
    const { layout, offsets } = unionLayout(bodies);
    const second = compileProgram(bodies[1]!, offsets[1]!);
    const r = runBoth(second, { ...blankState(layout), c: [7, 7, 7] }, input({ now_ms: 9 }));
    expect(r.state).toEqual({ c: [7, 7, 12], f: [], t: [9], a: [], run: null });
  });
  it("refuses a state too short for the program, and a missing run register", () => {
    const { program } = compileAlone({ registers: { c: 2, run: true }, ops: [{ op: "RUN" }] });
    for (const vm of [wasm, twin]) {
      expect(() => vm.run(program, { c: [0], f: [], t: [], a: [], run: { shape: null, len: 0 } }, input())).toThrow(StateLayoutError);
      expect(() => vm.run(program, { c: [0, 0], f: [], t: [], a: [], run: null }, input())).toThrow(/"run" is null/);
    }
  });
  it("refuses inputs that are not safe integers", () => {
    const { program, blank } = compileAlone({});
    for (const vm of [wasm, twin]) {
      expect(() => vm.run(program, blank, input({ now_ms: 1.5 }))).toThrow(RangeError);
      expect(() => vm.run(program, blank, input({ now_ms: Number.NaN }))).toThrow(RangeError);
      expect(() => vm.run(program, blank, input({ spend_tokens: 2 ** 53 }))).toThrow(/spend_tokens/);
    }
  });
  it("refuses tampered bytecode", () => {
    const { program, blank } = compileAlone({ registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }] });
    const code = program.code.slice();
    code[14] = 1000;
    for (const vm of [wasm, twin]) expect(() => vm.run({ code, anomalies: [] }, blank, input())).toThrow(Tier2BytecodeError);
  });
  it("exec updates the given state in place", () => {
    const { program, blank } = compileAlone({ registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }] });
    for (const vm of [wasm, twin]) {
      const s = structuredClone(blank);
      vm.exec(program, s, input());
      vm.exec(program, s, input());
      expect(s.c).toEqual([2]);
    }
  });
  it("keeps working after linear memory grows (views are re-created)", () => {
    const instance = instantiateGatehouseWasm();
    const vm = createTier2Vm({ kind: "wasm", wasm: instance });
    const { program, blank } = compileAlone({ registers: { c: 1, run: true }, ops: [{ op: "INC_SAT", c: 0 }, { op: "RUN" }] });
    const first = vm.run(program, blank, input({ run_material: "m" }));
    const pages = instance.exports.memory.buffer.byteLength / 65536;
    instance.exports.alloc(8 * 1024 * 1024);
    expect(instance.exports.memory.buffer.byteLength / 65536).toBeGreaterThan(pages);
    const second = vm.run(program, first.state, input({ run_material: "m" }));
    expect(second.state).toEqual({ c: [2], f: [], t: [], a: [], run: { shape: hex("m"), len: 2 } });
    expect(vm.sha256Hex(new Uint8Array([0x61, 0x62, 0x63]))).toBe(hex("abc"));
  });
  it("several VMs on one instance keep separate regions", () => {
    const instance = instantiateGatehouseWasm();
    const one = createTier2Vm({ kind: "wasm", wasm: instance });
    const two = createTier2Vm({ kind: "wasm", wasm: instance });
    const a = compileAlone({ registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }] });
    const b = compileAlone({ registers: { c: 1 }, ops: [{ op: "DEC_SAT", c: 0 }] });
    expect(one.run(a.program, a.blank, input()).state.c).toEqual([1]);
    expect(two.run(b.program, { ...b.blank, c: [5] }, input()).state.c).toEqual([4]);
    expect(one.run(a.program, { ...a.blank, c: [5] }, input()).state.c).toEqual([6]);
  });
  it("reports its kind", () => {
    expect(wasm.kind).toBe("wasm");
    expect(twin.kind).toBe("twin");
  });
});

describe("memory bound", () => {
  it("the WASM VM's regions add up to the documented constant", async () => {
    const { WASM_VM_MEMORY_BYTES } = await import("../../src/evaluate/tier2/index.js");
    expect(WASM_VM_MEMORY_BYTES).toBe(56_188);
  });
});
