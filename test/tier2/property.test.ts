// Property tests: the WASM VM and its TypeScript twin give deep-equal results
// for random valid programs, states and inputs; the WASM SHA-256 equals
// @noble/hashes; no run mutates its input state.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileProgram,
  createTier2Vm,
  MAX_SAT,
  RUN_MATERIAL_MAX_BYTES,
  runMaterialBytes,
  T2_SOURCES,
  unionLayout,
  validateT2Body,
  type T2Body,
  type T2Cond,
  type T2Input,
} from "../../src/evaluate/tier2/index.js";
import type { StateLayout } from "../../src/model/state-layout.js";
import { stateMatches, type SessionState } from "../../src/model/session-state.js";
import { compileAlone, input, runBoth, twin, wasm } from "./vms.js";

// ── Generators ──────────────────────────────────────────────────────────

/** Non-negative integers, weighted towards the interesting places: 0, small, near 2^53−1. */
const satInt = fc.oneof(
  fc.integer({ min: 0, max: 10 }),
  fc.constantFrom(0, 1, MAX_SAT, MAX_SAT - 1, 2 ** 52, 2 ** 32, 2 ** 32 - 1),
  fc.integer({ min: MAX_SAT - 20, max: MAX_SAT }),
  fc.integer({ min: 0, max: MAX_SAT }),
);
/** Any safe integer, for timestamps and now_ms. */
const anyInt = fc.oneof(
  fc.integer({ min: -5, max: 200 }),
  fc.integer({ min: 1_700_000_000_000, max: 1_700_000_100_000 }),
  fc.constantFrom(-MAX_SAT, MAX_SAT, 0),
  fc.integer({ min: -MAX_SAT, max: MAX_SAT }),
);
const spend = fc.option(fc.oneof(fc.integer({ min: -100, max: 1000 }), satInt, fc.integer({ min: -MAX_SAT, max: MAX_SAT })), { nil: null, freq: 3 });

const MATERIALS = ["Bash|execute×shell|ls", "Read|read×workspace_file|", "", "ünï ✓ 🚀", "\u{10FFFF}\uD800x"];
const SHAPES = MATERIALS.map((m) => bytesToHex(sha256(runMaterialBytes(m))));
const material = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MATERIALS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1000, maxLength: 1400 }) },
);

type Regs = { c: number; f: number; t: number; a: number; run: boolean };
const registers: fc.Arbitrary<Regs> = fc.record({
  c: fc.integer({ min: 0, max: 4 }),
  f: fc.integer({ min: 0, max: 3 }),
  t: fc.integer({ min: 0, max: 3 }),
  a: fc.integer({ min: 0, max: 3 }),
  run: fc.boolean(),
});

const idx = (n: number) => fc.integer({ min: 0, max: n - 1 });

function condArb(r: Regs): fc.Arbitrary<T2Cond> {
  const leaves: fc.Arbitrary<T2Cond>[] = [];
  const regNames: string[] = [];
  for (const cls of ["c", "f", "t", "a"] as const) for (let i = 0; i < r[cls]; i++) regNames.push(`${cls}${i}`);
  if (r.run) regNames.push("run.len");
  if (regNames.length > 0) {
    const name = fc.constantFrom(...regNames);
    const small = fc.oneof(satInt, fc.integer({ min: 0, max: 3 }));
    leaves.push(
      fc.record({ reg: name, gte: small }),
      fc.record({ reg: name, lte: small }),
      fc.record({ reg: name, eq: small }),
    );
  }
  if (r.t > 0) {
    const t = idx(r.t).map((i) => `t${i}`);
    const ms = fc.oneof(fc.integer({ min: 0, max: 100_000 }), satInt);
    leaves.push(fc.record({ since: t, lt_ms: ms }), fc.record({ since: t, gte_ms: ms }));
  }
  leaves.push(fc.constant({ all: [] }), fc.constant({ any: [] }));
  const leaf = fc.oneof(...leaves);
  const { cond } = fc.letrec<{ cond: T2Cond }>((tie) => ({
    cond: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.record({ all: fc.array(tie("cond"), { maxLength: 4 }) }),
      fc.record({ any: fc.array(tie("cond"), { maxLength: 4 }) }),
      fc.record({ not: tie("cond") }),
    ),
  }));
  return cond;
}

function opArb(r: Regs): fc.Arbitrary<T2Body["ops"][number]> {
  const ops: fc.Arbitrary<T2Body["ops"][number]>[] = [];
  const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
  const strip = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  if (r.c > 0) {
    ops.push(fc.record({ op: fc.constant("INC_SAT" as const), c: idx(r.c), by: opt(satInt), cap: opt(satInt) }).map(strip));
    ops.push(fc.record({ op: fc.constant("DEC_SAT" as const), c: idx(r.c), by: opt(satInt) }).map(strip));
  }
  if (r.a > 0) ops.push(fc.record({ op: fc.constant("ADD_SAT" as const), a: idx(r.a), from: fc.constantFrom(...T2_SOURCES) }));
  if (r.f > 0) {
    ops.push(fc.record({ op: fc.constant("SET" as const), f: idx(r.f) }));
    ops.push(fc.record({ op: fc.constant("CLEAR" as const), f: idx(r.f) }));
  }
  if (r.t > 0) {
    ops.push(fc.record({ op: fc.constant("STAMP" as const), t: idx(r.t) }));
    const list = (n: number) => opt(n > 0 ? fc.array(idx(n), { maxLength: 3 }) : fc.constant([] as number[]));
    ops.push(
      fc
        .record({
          op: fc.constant("RESET_IF_OLDER" as const),
          t: idx(r.t),
          window_ms: fc.oneof(fc.integer({ min: 0, max: 100_000 }), satInt),
          c: list(r.c),
          a: list(r.a),
          f: list(r.f),
        })
        .map(strip),
    );
  }
  if (r.run) ops.push(fc.constant({ op: "RUN" as const }));
  ops.push(
    fc
      .record({ op: fc.constant("ANOMALY" as const), code: fc.constantFrom("a", "b", "loop", "é"), if: opt(condArb(r)) })
      .map(strip),
  );
  return fc.oneof(...ops);
}

const body: fc.Arbitrary<T2Body> = registers.chain((r) =>
  fc.record({
    on: fc.constant(["pre_tool_use"]),
    registers: fc.constant(r),
    ops: fc.array(opArb(r), { maxLength: 12 }),
    fire: condArb(r),
    verdict: fc.constantFrom("allow", "ask", "hold", "deny" as const),
    reason: fc.constant("r"),
  }),
);

function stateArb(layout: StateLayout): fc.Arbitrary<SessionState> {
  return fc.record({
    c: fc.array(satInt, { minLength: layout.c, maxLength: layout.c }),
    f: fc.array(fc.boolean(), { minLength: layout.f, maxLength: layout.f }),
    t: fc.array(anyInt, { minLength: layout.t, maxLength: layout.t }),
    a: fc.array(satInt, { minLength: layout.a, maxLength: layout.a }),
    run: layout.run
      ? fc.record({
          shape: fc.oneof(fc.constantFrom(...SHAPES), fc.constant(null), fc.string({ maxLength: 70 })),
          len: satInt,
        })
      : fc.constant(null),
  });
}

const inputArb: fc.Arbitrary<T2Input> = fc.record({
  now_ms: anyInt,
  spend_tokens: spend,
  spend_micro_usd: spend,
  session_tokens: spend,
  run_material: material,
});

/** A bundle of 1–3 programs, a state for its union layout, and one input per program. */
const scenario = fc
  .array(body, { minLength: 1, maxLength: 3 })
  .chain((bodies) => {
    const { layout, offsets } = unionLayout(bodies);
    return fc.record({
      bodies: fc.constant(bodies),
      layout: fc.constant(layout),
      offsets: fc.constant(offsets),
      state: stateArb(layout),
      inputs: fc.array(inputArb, { minLength: bodies.length, maxLength: bodies.length }),
    });
  });

// ── Properties ──────────────────────────────────────────────────────────

describe("WASM VM ≡ twin", () => {
  it("generated bodies are valid programs", () => {
    fc.assert(
      fc.property(body, (b) => {
        const v = validateT2Body(JSON.parse(JSON.stringify(b)));
        if (!v.ok) throw new Error(v.message);
      }),
      { numRuns: 500 },
    );
  });

  it("deep-equal results over random programs, states and inputs, never mutating the input state", () => {
    fc.assert(
      fc.property(scenario, ({ bodies, layout, offsets, state, inputs }) => {
        let current = state;
        bodies.forEach((b, i) => {
          const w = runBoth(compileProgram(b, offsets[i]!), current, inputs[i]!);
          expect(stateMatches(w.state, layout)).toBe(true);
          for (const v of [...w.state.c, ...w.state.a]) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
          current = w.state;
        });
      }),
      { numRuns: 1500 },
    );
  });

  it("exec in place gives the same state as run", () => {
    fc.assert(
      fc.property(scenario, ({ bodies, offsets, state, inputs }) => {
        const viaRun = bodies.reduce((s, b, i) => wasm.run(compileProgram(b, offsets[i]!), s, inputs[i]!).state, state);
        const inPlace = structuredClone(state);
        bodies.forEach((b, i) => twin.exec(compileProgram(b, offsets[i]!), inPlace, inputs[i]!));
        expect(inPlace).toEqual(viaRun);
      }),
      { numRuns: 300 },
    );
  });
});

describe("one event's programs share one material (hashed once per event)", () => {
  // The engine hands every program of an event the same run_material string; both VMs keep the
  // last material's hash. Fresh VMs (no memo) are the reference; sha256Hex calls in between must
  // not leave a stale hash behind.
  it("equal to fresh VMs over events of 1–3 programs with one material each, sha256Hex interleaved", () => {
    fc.assert(
      fc.property(scenario, fc.array(material, { minLength: 1, maxLength: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), ({ bodies, offsets, state, inputs }, materials, hashBetween) => {
        let viaShared = state;
        let viaFresh = state;
        materials.forEach((m, e) => {
          bodies.forEach((b, i) => {
            const program = compileProgram(b, offsets[i]!);
            const one = { ...inputs[i]!, run_material: m };
            const shared = runBoth(program, viaShared, one);
            const fresh = createTier2Vm({ kind: "wasm" }).run(program, viaFresh, one);
            expect(shared).toEqual(fresh);
            viaShared = shared.state;
            viaFresh = fresh.state;
          });
          if (hashBetween[e]) {
            const other = runMaterialBytes(`${m}x`).slice(0, 100);
            expect(wasm.sha256Hex(other)).toBe(twin.sha256Hex(other));
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe("SHA-256", () => {
  const noble = (bytes: Uint8Array) => bytesToHex(sha256(bytes));
  it("WASM equals @noble/hashes on random byte strings, empty and block boundaries included", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 200 }),
          fc.integer({ min: 1, max: 4 }).chain((k) => fc.uint8Array({ minLength: 64 * k - 9, maxLength: 64 * k + 1 })),
          fc.uint8Array({ minLength: RUN_MATERIAL_MAX_BYTES - 70, maxLength: RUN_MATERIAL_MAX_BYTES }),
        ),
        (bytes) => {
          expect(wasm.sha256Hex(bytes)).toBe(noble(bytes));
          expect(twin.sha256Hex(bytes)).toBe(noble(bytes));
        },
      ),
      { numRuns: 1000 },
    );
    for (let n = 0; n <= 200; n++) expect(wasm.sha256Hex(new Uint8Array(n).fill(0x61))).toBe(noble(new Uint8Array(n).fill(0x61)));
  });

  it("RUN's shape is @noble/hashes over the capped UTF-8 of random strings (non-ASCII, lone surrogates, empty, over 4 KiB)", () => {
    const { program, blank: state } = compileAlone({ on: ["stop"], registers: { run: true }, ops: [{ op: "RUN" }], verdict: "ask", reason: "" });
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "binary", maxLength: 100 }), fc.string({ unit: "grapheme", maxLength: 100 }), fc.string({ unit: "binary", minLength: 1000, maxLength: 2500 })),
        (s) => {
          const bytes = new TextEncoder().encode(s);
          let cut = Math.min(bytes.length, RUN_MATERIAL_MAX_BYTES);
          while (cut < bytes.length && (bytes[cut]! & 0xc0) === 0x80) cut--; // back to a code-point boundary
          const expected = bytesToHex(sha256(bytes.subarray(0, cut)));
          expect(runBoth(program, state, input({ now_ms: 0, run_material: s })).state.run!.shape).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
