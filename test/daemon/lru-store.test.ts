// The daemon's in-memory store: bounded, least recently used out first, and an
// evicted session comes back blank (SPEC §8).
import { describe, expect, it } from "vitest";
import { LruSessionStore } from "../../src/state/lru-store.js";
import { blankState, type SessionState } from "../../src/state/session.js";

const layout = { c: 1, f: 0, t: 0, a: 0, run: false };
const scope = { layout, bundleDigest: "sha256:test" };
const inc = (s: SessionState | null) => {
  const state = s === null ? blankState(layout) : { ...s, c: [s.c[0]! + 1] };
  if (s === null) state.c[0] = 1;
  return { state, result: state.c[0]! };
};

describe("LruSessionStore", () => {
  it("keeps at most maxSessions; the least recently used goes first and returns blank", async () => {
    const store = new LruSessionStore(3);
    for (const id of ["a", "b", "c"]) await store.update(id, scope, inc);
    await store.update("a", scope, inc); // a is now the most recent: b is the oldest
    await store.update("d", scope, inc); // evicts b
    expect(await store.sessionsHeld()).toBe(3);
    expect((await store.update("a", scope, inc)).result).toBe(3);
    expect((await store.update("b", scope, inc)).result).toBe(1); // evicted → blank
  });

  it("a state of another layout (a reloaded bundle) restarts blank with a warning", async () => {
    const store = new LruSessionStore();
    await store.update("s", scope, inc);
    const other = { layout: { ...layout, c: 2 }, bundleDigest: "sha256:other" };
    const out = await store.update("s", other, (s) => ({ state: s ?? blankState(other.layout), result: s }));
    expect(out.result).toBeNull();
    expect(out.warnings.join()).toContain("another bundle layout");
  });

  it("keeps the held state when the evaluation throws", async () => {
    const store = new LruSessionStore();
    await store.update("s", scope, inc);
    await expect(store.update("s", scope, () => { throw new Error("boom"); })).rejects.toThrow("boom");
    expect((await store.update("s", scope, inc)).result).toBe(2);
  });

  it("refuses a bound that is not a positive integer", () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => new LruSessionStore(n)).toThrow(RangeError);
  });
});
