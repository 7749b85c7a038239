// One lookup keyed by program name (src/classify/effects/program-order.ts):
// a program two handler tables have rows for runs them in an order stated as
// data, so a new table or a new name cannot silently change another's result.
import { describe, expect, it } from "vitest";
import { ENTRY_TABLES, HANDLER_TABLES, PROGRAM_LOOKUP, programHandlers } from "../../src/classify/effects/index.js";
import { programLookup, SHARED_PROGRAMS } from "../../src/classify/effects/program-order.js";
import type { Handler } from "../../src/classify/effects/entries.js";

describe("the program lookup", () => {
  it("every program in two or more handler tables has a stated order, and every stated order is current", () => {
    expect(PROGRAM_LOOKUP.unordered).toEqual([]);
  });

  it("runs a shared program's tables in the stated order", () => {
    for (const o of SHARED_PROGRAMS) for (const n of o.names) expect(programHandlers(n).slice(0, o.tables.length).map((h) => h.table), n).toEqual(o.tables);
  });

  it("marks only the catch-alls a family row replaces", () => {
    expect(programHandlers("aws").map((h) => [h.table, h.fallback])).toEqual([["infra", true], ["credential_printer", false]]);
    expect(programHandlers("git").some((h) => h.fallback)).toBe(false);
  });

  it("fails a planted program defined in two tables without an order, and a stale order", () => {
    const h: Handler = () => undefined;
    const planted = { ...HANDLER_TABLES, planted: { git: h, "only-here": h } };
    expect(programLookup(planted, ENTRY_TABLES).unordered).toEqual(["git"]);
    expect(programLookup({ a: { x: h }, b: { x: h } }, {}, []).unordered).toEqual(["x"]);
    expect(programLookup({ a: { x: h } }, {}, [{ names: ["x", "y"], tables: ["a", "b"], why: "" }]).unordered).toEqual(["x", "y"]);
    // Stated in the other order, the later table runs first.
    const first: Handler = () => undefined;
    const lookup = programLookup({ a: { x: h }, b: { x: first } }, {}, [{ names: ["x"], tables: ["b", "a"], why: "" }]);
    expect(lookup.byName.get("x")!.map((p) => p.table)).toEqual(["b", "a"]);
  });
});
