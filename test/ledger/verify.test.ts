// verify: an untouched ledger passes; any one-byte change, a deleted row and a
// reordered row are named by line (and seq).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { GENESIS_PREV } from "../../src/ledger/row.js";
import { verifyLedger, verifyPassed, type VerifyReport } from "../../src/ledger/verify.js";
import { tempDir, writeLedger } from "./support.js";

const dir = tempDir();
let pristine: Buffer;
let lineStarts: number[];
const ROWS = 6;

beforeAll(async () => {
  const path = await writeLedger(join(dir, "base.jsonl"), ROWS);
  pristine = readFileSync(path);
  lineStarts = [0];
  for (let i = 0; i < pristine.length - 1; i++) if (pristine[i] === 0x0a) lineStarts.push(i + 1);
});

function verifyBytes(bytes: Buffer | string, name = "t.jsonl"): VerifyReport {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return verifyLedger(path);
}

/** The line (1-based) a byte offset belongs to; a newline belongs to the line it ends. */
const lineOf = (offset: number) => lineStarts.filter((s) => s <= offset).length;
const firstFinding = (r: VerifyReport) => Math.min(...[...r.breaks, ...r.torn].map((f) => f.line));
const lines = () => pristine.toString("utf8").split("\n").slice(0, ROWS);

describe("ledger verify", () => {
  it("passes an untouched ledger and names its head", () => {
    const r = verifyBytes(pristine);
    expect(verifyPassed(r)).toBe(true);
    expect(r.rows).toBe(ROWS);
    expect(r.head?.seq).toBe(ROWS);
    expect(r.head?.line).toBe(ROWS);
    const first = JSON.parse(lines()[0]!);
    expect(first.seq).toBe(1);
    expect(first.prev).toBe(GENESIS_PREV);
  });

  it("an empty file is an intact ledger of no rows", () => {
    const r = verifyBytes("");
    expect(verifyPassed(r)).toBe(true);
    expect(r.head).toBeNull();
  });

  it("any single-byte change anywhere is caught, and the first finding is that byte's line (property)", () => {
    fc.assert(
      fc.property(fc.nat({ max: pristine.length - 1 }), fc.integer({ min: 1, max: 255 }), (offset, delta) => {
        const tampered = Buffer.from(pristine);
        tampered[offset] = (tampered[offset]! + delta) % 256;
        const r = verifyBytes(tampered);
        expect(verifyPassed(r), `offset ${offset}`).toBe(false);
        expect(firstFinding(r)).toBe(lineOf(offset));
      }),
      { numRuns: 400 },
    );
  });

  it("every byte of one row, flipped in turn, is caught at that row (exhaustive over line 3)", () => {
    const start = lineStarts[2]!;
    const end = lineStarts[3]!; // through line 3's newline
    for (let offset = start; offset < end; offset++) {
      const tampered = Buffer.from(pristine);
      tampered[offset] = tampered[offset]! ^ 0x01;
      const r = verifyBytes(tampered);
      expect(verifyPassed(r), `offset ${offset}`).toBe(false);
      expect(firstFinding(r)).toBe(3);
    }
  });

  it("a deleted row is a seq gap at the row after it", () => {
    const l = lines();
    const r = verifyBytes([...l.slice(0, 2), ...l.slice(3)].join("\n") + "\n");
    expect(r.breaks[0]).toMatchObject({ line: 3, seq: 4, kind: "seq" });
    expect(r.breaks[0]!.message).toContain("1 row missing");
  });

  it("a deleted first row is caught at line 1", () => {
    const r = verifyBytes(lines().slice(1).join("\n") + "\n");
    expect(r.breaks[0]).toMatchObject({ line: 1, seq: 2, kind: "seq" });
  });

  it("two swapped rows are caught at the first of them", () => {
    const l = lines();
    [l[3], l[4]] = [l[4]!, l[3]!];
    const r = verifyBytes(l.join("\n") + "\n");
    expect(r.breaks[0]).toMatchObject({ line: 4, seq: 5, kind: "seq" });
  });

  it("a repeated row is caught", () => {
    const l = lines();
    const r = verifyBytes([...l.slice(0, 3), l[2], ...l.slice(3)].join("\n") + "\n");
    expect(r.breaks[0]).toMatchObject({ line: 4, seq: 3, kind: "seq" });
    expect(r.breaks[0]!.message).toContain("repeated or reordered");
  });

  it("a row rewritten with a fresh, self-consistent hash still breaks the link to the next row", async () => {
    const { rowHash } = await import("../../src/ledger/row.js");
    const { sha256Digest } = await import("../../src/ledger/hash.js");
    const l = lines();
    const row = JSON.parse(l[1]!);
    row.decision.reason = "forged";
    row.hash = rowHash(row, sha256Digest);
    l[1] = JSON.stringify(row);
    const r = verifyBytes(l.join("\n") + "\n");
    expect(r.breaks[0]).toMatchObject({ line: 3, seq: 3, kind: "prev" });
  });

  it("an inserted blank line or foreign JSON is a break naming its line", () => {
    const l = lines();
    expect(verifyBytes([...l.slice(0, 2), "", ...l.slice(2)].join("\n") + "\n").breaks[0]).toMatchObject({ line: 3, kind: "unparsable" });
    expect(verifyBytes([...l.slice(0, 2), '{"seq":3}', ...l.slice(2)].join("\n") + "\n").breaks[0]).toMatchObject({ line: 3, kind: "not_a_row" });
  });

  it("deleting rows from the end is not detectable by the chain alone: the head says how far it runs", () => {
    const r = verifyBytes(lines().slice(0, 4).join("\n") + "\n");
    expect(verifyPassed(r)).toBe(true);
    expect(r.head?.seq).toBe(4);
  });

  it("one damaged row is one finding: the walk re-anchors after it", () => {
    const tampered = Buffer.from(pristine);
    tampered[lineStarts[1]! + 20] = tampered[lineStarts[1]! + 20]! ^ 0x02;
    const r = verifyBytes(tampered);
    expect(r.breakCount).toBe(1);
  });
});
