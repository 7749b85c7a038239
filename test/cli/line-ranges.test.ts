// The line list of replay's report lines (src/cli/line-ranges.ts): ranges, not one span from first to last.
import { describe, expect, it } from "vitest";
import { LineRanges, MAX_RANGES } from "../../src/cli/line-ranges.js";

const of = (lines: number[]) => {
  const r = new LineRanges();
  for (const l of lines) r.add(l);
  return r;
};

describe("LineRanges", () => {
  it("names one line, a run, and runs apart", () => {
    expect(String(of([7]))).toBe("line 7");
    expect(String(of([11, 12, 13, 14]))).toBe("lines 11–14");
    expect(String(of([11, 40, 41, 42, 1214]))).toBe("lines 11, 40–42, 1214");
    expect(String(of([3, 4]))).toBe("lines 3–4");
    expect(of([11, 40, 41, 42, 1214]).count).toBe(5);
  });

  it("is bounded: past MAX_RANGES ranges the rest is counted as 'and N more'", () => {
    const odd = Array.from({ length: 20 }, (_, i) => 2 * i + 1); // 1, 3, …, 39: 20 ranges of one line
    expect(MAX_RANGES).toBe(8);
    expect(String(of(odd))).toBe("lines 1, 3, 5, 7, 9, 11, 13, 15 and 12 more");
    const wide = of([...odd, 100, 101, 102]);
    expect(wide.count).toBe(23);
    expect(String(wide)).toBe("lines 1, 3, 5, 7, 9, 11, 13, 15 and 15 more");
  });
});
