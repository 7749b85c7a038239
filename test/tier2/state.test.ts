import { describe, expect, it } from "vitest";
import { EMPTY_LAYOUT, sameLayout, sessionStateBytes, type StateLayout } from "../../src/model/state-layout.js";
import {
  blankState,
  checkState,
  cloneState,
  layoutMismatch,
  SessionStateSchema,
  StateLayoutError,
  stateMatches,
} from "../../src/model/session-state.js";

const LAYOUT: StateLayout = { c: 2, f: 1, t: 3, a: 1, run: true };

describe("blankState", () => {
  it("zeroes every register and starts the run empty", () => {
    expect(blankState(LAYOUT)).toEqual({ c: [0, 0], f: [false], t: [0, 0, 0], a: [0], run: { shape: null, len: 0 } });
  });
  it("has no run register when the layout has none", () => {
    expect(blankState(EMPTY_LAYOUT)).toEqual({ c: [], f: [], t: [], a: [], run: null });
  });
  it("serialises keys in wire order c, f, t, a, run", () => {
    expect(Object.keys(blankState(LAYOUT))).toEqual(["c", "f", "t", "a", "run"]);
    expect(JSON.stringify(blankState({ c: 1, f: 0, t: 0, a: 0, run: false }))).toBe('{"c":[0],"f":[],"t":[],"a":[],"run":null}');
  });
  it("matches its own layout", () => {
    expect(stateMatches(blankState(LAYOUT), LAYOUT)).toBe(true);
    expect(stateMatches(blankState(LAYOUT), { ...LAYOUT, run: false })).toBe(false);
    expect(stateMatches(blankState(LAYOUT), { ...LAYOUT, c: 3 })).toBe(false);
  });
});

describe("checkState", () => {
  it("returns a parsed state that fits", () => {
    const state = { c: [1, 9007199254740991], f: [true], t: [-5, 0, 7], a: [3], run: { shape: "x", len: 2 } };
    expect(checkState(state, LAYOUT)).toEqual(state);
  });
  it("rejects a wrong array length, naming the array, never padding", () => {
    const short = { c: [1], f: [true], t: [0, 0, 0], a: [0], run: { shape: null, len: 0 } };
    expect(() => checkState(short, LAYOUT)).toThrow(StateLayoutError);
    expect(() => checkState(short, LAYOUT)).toThrow(/"c" has 1 entry, the layout needs 2/);
    expect(short.c).toEqual([1]);
  });
  it("names every mismatched array on one line", () => {
    const bad = { c: [0, 0, 0], f: [], t: [0, 0, 0], a: [0], run: null };
    let message = "";
    try {
      checkState(bad, LAYOUT);
    } catch (e) {
      expect(e).toBeInstanceOf(StateLayoutError);
      message = (e as Error).message;
    }
    expect(message).not.toContain("\n");
    expect(message).toContain('"c" has 3 entries, the layout needs 2');
    expect(message).toContain('"f" has 0 entries, the layout needs 1');
    expect(message).toContain('"run" is null, the layout needs a run register');
    expect(message).not.toContain('"t"');
  });
  it("rejects a run register the layout does not have", () => {
    expect(() => checkState(blankState(LAYOUT), { ...LAYOUT, run: false })).toThrow(/"run" is present, the layout has no run register/);
  });
  it("rejects malformed values with the path", () => {
    expect(() => checkState({ c: [1.5, 0], f: [true], t: [0, 0, 0], a: [0], run: null }, LAYOUT)).toThrow(/state\.c\[0\]/);
    expect(() => checkState({ c: [-1, 0], f: [true], t: [0, 0, 0], a: [0], run: null }, LAYOUT)).toThrow(StateLayoutError);
    expect(() => checkState({ c: [2 ** 53, 0], f: [true], t: [0, 0, 0], a: [0], run: null }, LAYOUT)).toThrow(StateLayoutError);
    expect(() => checkState("nope", LAYOUT)).toThrow(/malformed session state/);
    expect(() => checkState({ c: [0, 0], f: [1], t: [0, 0, 0], a: [0], run: null }, LAYOUT)).toThrow(/state\.f\[0\]/);
    expect(() => checkState({ c: [0, 0], f: [true], t: [0, 0, 0], a: [0] }, LAYOUT)).toThrow(/state\.run/);
  });
  it("allows negative timestamps but not negative counters", () => {
    expect(SessionStateSchema.safeParse({ c: [], f: [], t: [-1], a: [], run: null }).success).toBe(true);
    expect(SessionStateSchema.safeParse({ c: [], f: [], t: [], a: [-1], run: null }).success).toBe(false);
  });
});

describe("layout helpers", () => {
  it("layoutMismatch is null for a fitting state", () => {
    expect(layoutMismatch(blankState(LAYOUT), LAYOUT)).toBeNull();
  });
  it("cloneState copies deeply", () => {
    const s = blankState(LAYOUT);
    const copy = cloneState(s);
    copy.c[0] = 5;
    copy.run!.len = 3;
    expect(s.c[0]).toBe(0);
    expect(s.run!.len).toBe(0);
  });
  it("counts packed bytes per session", () => {
    expect(sessionStateBytes(EMPTY_LAYOUT)).toBe(0);
    expect(sessionStateBytes(LAYOUT)).toBe(8 * (2 + 3 + 1) + 1 + 40);
  });
  it("sameLayout compares every field", () => {
    expect(sameLayout(LAYOUT, { ...LAYOUT })).toBe(true);
    expect(sameLayout(LAYOUT, { ...LAYOUT, a: 0 })).toBe(false);
  });
});
