// The pure parts of session storage (the record codec, the key) and the
// in-memory LRU store.
import fc from "fast-check";
import { describe, expect, it, test } from "vitest";
import { MemorySessionStore } from "../../src/state/memory-store.js";
import { decodeRecord, encodeRecord, layoutIsEmpty, sessionKey } from "../../src/state/record.js";
import { blankState, type SessionState } from "../../src/model/session-state.js";
import type { StateStamp } from "../../src/state/store.js";

const stamp: StateStamp = { layout: { c: 2, f: 1, t: 1, a: 1, run: true }, bundleDigest: "sha256:abc" };
const stateArb = fc.record({
  c: fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
  f: fc.array(fc.boolean(), { minLength: 1, maxLength: 1 }),
  t: fc.array(fc.integer(), { minLength: 1, maxLength: 1 }),
  a: fc.array(fc.nat(), { minLength: 1, maxLength: 1 }),
  run: fc.record({ shape: fc.option(fc.stringMatching(/^[0-9a-f]{64}$/), { nil: null }), len: fc.nat() }),
});

describe("session records", () => {
  test("decode(encode(state, applied)) is the state and the applied list", () => {
    fc.assert(
      fc.property(stateArb, fc.integer({ min: 0 }), fc.array(fc.string(), { maxLength: 3 }), (state, now, applied) => {
        expect(decodeRecord(encodeRecord(state, stamp, now, applied), stamp)).toEqual({ state, problem: null, applied });
      }),
    );
  });
  test("any other text is corrupt or a layout change, never a throw", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue().map((v) => JSON.stringify(v))), (text) => {
        const d = decodeRecord(text, stamp);
        expect(d.state).toBeNull();
        expect(["corrupt", "layout"]).toContain(d.problem);
      }),
    );
  });
  it("keys are the id's SHA-256; the empty layout needs no state", () => {
    expect(sessionKey("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(layoutIsEmpty({ c: 0, f: 0, t: 0, a: 0, run: false })).toBe(true);
    expect(layoutIsEmpty(stamp.layout)).toBe(false);
  });
});

describe("MemorySessionStore", () => {
  const small: StateStamp = { layout: { c: 1, f: 0, t: 0, a: 0, run: false }, bundleDigest: "sha256:1" };
  const inc = (state: SessionState | null) => {
    const s = state ?? blankState(small.layout);
    return { state: { ...s, c: [s.c[0]! + 1] }, result: s.c[0]! };
  };
  it("counts per session and evicts the least recently updated beyond its bound (evicted sessions come back blank)", async () => {
    const store = new MemorySessionStore({ maxSessions: 2 });
    await store.update("a", small, inc);
    await store.update("b", small, inc);
    expect((await store.update("a", small, inc)).result).toBe(1);
    await store.update("c", small, inc); // evicts b
    expect(store.size).toBe(2);
    expect((await store.update("b", small, inc)).result).toBe(0);
    expect((await store.update("c", small, inc)).result).toBe(1);
  });
  it("a layout change restarts blank with a warning", async () => {
    const store = new MemorySessionStore();
    await store.update("a", small, inc);
    const r = await store.update("a", { layout: { ...small.layout, c: 3 }, bundleDigest: "sha256:2" }, (s) => ({ state: blankState({ ...small.layout, c: 3 }), result: s }));
    expect(r.result).toBeNull();
    expect(r.warnings[0]).toMatch(/restarts blank/);
  });
  it("concurrent updates within a process are atomic", async () => {
    const store = new MemorySessionStore();
    await Promise.all(Array.from({ length: 500 }, () => store.update("a", small, inc)));
    expect((await store.update("a", small, inc)).result).toBe(500);
  });
});
