// Appends: one chain from many processes, a torn tail (written by a process
// that really died mid-append) reported and then followed by a valid chain,
// and a full disk (a real, tiny tmpfs where it can be mounted; the write seam
// otherwise) leaving the ledger exactly as it was.
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, lstatSync, readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { appendDecision, LedgerError } from "../../src/ledger/append.js";
import { GENESIS_PREV } from "../../src/ledger/row.js";
import { neutralDecision } from "../../src/model/decision.js";
import { verifyLedger, verifyPassed } from "../../src/ledger/verify.js";
import { main } from "../../src/cli/main.js";
import { memoryIo } from "../support/io.js";
import { bash, defaultEngine, tempDir, tinyTmpfs, write, writeLedger } from "./support.js";

const dir = tempDir();
const child = join(dir, "append-child.mjs");

beforeAll(async () => {
  // One self-contained bundle, so each child process starts in plain node.
  await build({ entryPoints: [join(import.meta.dirname, "append-child.ts")], outfile: child, bundle: true, platform: "node", format: "esm", target: "node20", logLevel: "warning" });
});

function run(args: string[]): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, [child, ...args], { stdio: ["ignore", "ignore", "inherit"] });
    c.on("error", reject);
    c.on("exit", (code, signal) => resolve({ code, signal }));
  });
}

const rowsOf = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    });

describe("appending", () => {
  it("chains each row to the last: seq from 1, prev from the genesis value", async () => {
    const path = await writeLedger(join(dir, "chain.jsonl"), 3);
    const rows = rowsOf(path);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows[0].prev).toBe(GENESIS_PREV);
    expect(rows[1].prev).toBe(rows[0].hash);
    expect(Object.keys(rows[0])).toEqual(["seq", "now_ms", "session_id", "tool_use_id", "event_digest", "decision", "engine_version", "bundle_digest", "event", "state_in", "prev", "hash"]);
    expect(verifyPassed(verifyLedger(path))).toBe(true);
  });

  it("without events a row carries the spec's ten fields only", async () => {
    const path = await writeLedger(join(dir, "bare.jsonl"), 1, {});
    expect(Object.keys(rowsOf(path)[0])).toEqual(["seq", "now_ms", "session_id", "tool_use_id", "event_digest", "decision", "engine_version", "bundle_digest", "prev", "hash"]);
  });

  it("one ledger reached through a symlink and directly is one file under one lock", async () => {
    const real = await writeLedger(join(dir, "real.jsonl"), 1);
    const link = join(dir, "link.jsonl");
    symlinkSync(real, link);
    await writeLedger(link, 1);
    await writeLedger(join(dir, "..", basename(dir), "real.jsonl"), 1);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(verifyLedger(real)).toMatchObject({ rows: 3, breakCount: 0 });
  });

  it("8 processes appending at once leave one valid chain holding every row", async () => {
    const path = join(dir, "concurrent.jsonl");
    const perWorker = 25;
    const results = await Promise.all(Array.from({ length: 8 }, (_, w) => run([path, String(w), String(perWorker)])));
    expect(results.map((r) => r.code)).toEqual(Array(8).fill(0));
    const report = verifyLedger(path);
    expect(verifyPassed(report), JSON.stringify(report.breaks[0])).toBe(true);
    expect(report.rows).toBe(8 * perWorker);
    const ids = rowsOf(path).map((r) => r.tool_use_id);
    expect(new Set(ids).size).toBe(8 * perWorker);
    for (let w = 0; w < 8; w++) for (let i = 0; i < perWorker; i++) expect(ids).toContain(`${w}-${i}`);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it("a process killed mid-append leaves a torn line that verify reports; the next append starts after it and chains to the last row", async () => {
    const path = join(dir, "crash.jsonl");
    expect((await run([path, "0", "3"])).code).toBe(0);
    const crashed = await run([path, "1", "1", "crash"]);
    expect(crashed.signal).toBe("SIGKILL");
    const torn = verifyLedger(path);
    expect(torn.breakCount).toBe(0);
    expect(torn.torn).toEqual([expect.objectContaining({ line: 4, kind: "torn" })]);
    expect(verifyPassed(torn)).toBe(false);
    expect(verifyPassed(torn, true)).toBe(true);
    const before = readFileSync(path);

    // The dead process still "holds" the lock file; the next append takes it over and starts on a new line.
    const e = await defaultEngine();
    const event = bash("ls");
    const result = await appendDecision({ path, events: true }, { event, state_in: null, now_ms: 5, envelope: e.evaluate(event, null, 5) });
    expect(result.followedTornLine).toBe(true);
    expect(result.row.seq).toBe(4);
    expect(result.row.prev).toBe(rowsOf(path)[2].hash);
    const after = readFileSync(path);
    expect(after.subarray(0, before.length).equals(before)).toBe(true); // the torn bytes are kept, not dropped
    const report = verifyLedger(path);
    expect(report.breakCount).toBe(0);
    expect(report.torn.map((t) => t.line)).toEqual([4]);
    expect(report.head).toMatchObject({ line: 5, seq: 4 });

    // And the chain goes on normally from there.
    await appendDecision({ path, events: true }, { event, state_in: null, now_ms: 6, envelope: e.evaluate(event, null, 6) });
    expect(verifyLedger(path)).toMatchObject({ breakCount: 0, rows: 5, head: { seq: 5, line: 6 } });
  });

  it("refuses to append to a file that holds lines but no row (not a ledger: e.g. the events file); a file holding only a torn first row is a ledger", async () => {
    const events = join(dir, "events-not-ledger.jsonl");
    writeFileSync(events, `${JSON.stringify(bash("ls"))}\n`);
    const before = readFileSync(events);
    const e = await defaultEngine();
    const event = bash("ls");
    const record = { event, state_in: null, now_ms: 1, envelope: e.evaluate(event, null, 1) };
    const error = (await appendDecision({ path: events }, record).catch((x: unknown) => x)) as LedgerError;
    expect(error).toBeInstanceOf(LedgerError);
    expect(error.code).toBe("ENOTLEDGER");
    expect(error.message).toMatch(/is not a ledger: it holds no row.*refusing to append/);
    expect(readFileSync(events).equals(before)).toBe(true);

    const firstTorn = join(dir, "first-torn.jsonl");
    await appendDecision({ path: join(dir, "scratch-2.jsonl") }, record);
    writeFileSync(firstTorn, readFileSync(join(dir, "scratch-2.jsonl")).subarray(0, 40));
    const appended = await appendDecision({ path: firstTorn }, record);
    expect(appended.row).toMatchObject({ seq: 1, prev: GENESIS_PREV });
    expect(verifyLedger(firstTorn)).toMatchObject({ rows: 1, breakCount: 0, torn: [{ line: 1 }], head: { line: 2, seq: 1 } });
  });

  it("a row its event would take over 16 MiB is written without the event; verify calls an over-long line unparsable", async () => {
    const path = join(dir, "big.jsonl");
    const event = write("/home/dev/project/big.txt", "x".repeat(17 * 1024 * 1024));
    const envelope = { decision: neutralDecision(), state: { c: [], f: [], t: [], a: [], run: null }, engine_version: "gatehouse/test", bundle_digest: GENESIS_PREV };
    const result = await appendDecision({ path, events: true }, { event, state_in: null, now_ms: 1, envelope });
    expect(result.eventDropped).toBe(true);
    expect(result.row.event).toBeUndefined();
    expect(statSync(path).size).toBeLessThan(4096);
    expect(verifyPassed(verifyLedger(path))).toBe(true);
    appendFileSync(path, `${"y".repeat(17 * 1024 * 1024)}\n`);
    expect(verifyLedger(path).breaks[0]).toMatchObject({ line: 2, kind: "unparsable" });
  });

  it("a complete last row that lost only its newline stays in the chain; the next append adds the newline", async () => {
    const path = await writeLedger(join(dir, "no-newline.jsonl"), 2);
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.slice(0, -1));
    const r = verifyLedger(path);
    expect(verifyPassed(r)).toBe(true);
    expect(r.notes[0]).toContain("no newline");
    await writeLedger(path, 1);
    expect(verifyLedger(path)).toMatchObject({ rows: 3, breakCount: 0, tornCount: 0, notes: [] });
  });

  it("a torn line cut inside a multi-byte character is still a torn line", async () => {
    const path = await writeLedger(join(dir, "utf8.jsonl"), 1);
    const e = await defaultEngine();
    const event = bash("echo ✓✓✓");
    const scratch = join(dir, "scratch.jsonl");
    await appendDecision({ path: scratch, events: true }, { event, state_in: null, now_ms: 1, envelope: e.evaluate(event, null, 1) });
    const line = readFileSync(scratch);
    const cut = line.indexOf(Buffer.from("✓")) + 1; // one byte into the three-byte ✓
    appendFileSync(path, line.subarray(0, cut));
    expect(verifyLedger(path).torn.map((t) => t.line)).toEqual([2]);
  });

  it("bytes after a complete row are damage, not a torn write", async () => {
    const path = await writeLedger(join(dir, "junk.jsonl"), 2);
    const text = readFileSync(path, "utf8");
    writeFileSync(path, `${text.slice(0, -1)}x`);
    const r = verifyLedger(path);
    expect(r.breaks[0]).toMatchObject({ line: 2, kind: "unparsable" });
    expect(r.tornCount).toBe(0);
  });
});

describe("a failed write", () => {
  it("through the write seam: a half-written line is cut back and the error is one line", async () => {
    const path = await writeLedger(join(dir, "seam.jsonl"), 2);
    const before = readFileSync(path);
    const e = await defaultEngine();
    const event = bash("ls");
    const failHalfway = (p: string, data: Buffer) => {
      appendFileSync(p, data.subarray(0, 10));
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    };
    const attempt = appendDecision({ path, events: true }, { event, state_in: null, now_ms: 1, envelope: e.evaluate(event, null, 1) }, failHalfway);
    await expect(attempt).rejects.toThrow(LedgerError);
    const error = (await attempt.catch((x: unknown) => x)) as LedgerError;
    expect(error.code).toBe("ENOSPC");
    expect(error.message).not.toContain("\n");
    expect(error.message).toContain(path);
    expect(error.message).toContain("the ledger is unchanged");
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it("an unwritable place is one line, nothing appended", async () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    const e = await defaultEngine();
    const event = bash("ls");
    await expect(appendDecision({ path: join(blocker, "ledger.jsonl") }, { event, state_in: null, now_ms: 1, envelope: e.evaluate(event, null, 1) })).rejects.toThrow(
      /^ledger .*a-file\/ledger\.jsonl: cannot create its directory \(ENOTDIR: a file stands where a directory should be\); nothing was appended$/,
    );
  });
});

const tmpfs = tinyTmpfs();

describe.skipIf(!tmpfs.mounted)("a full disk (real tmpfs of 64 KiB)", () => {
  const path = join(tmpfs.dir, "ledger.jsonl");
  const fill = tmpfs.fill;

  it("an append that runs out of space mid-line leaves the ledger byte for byte as it was, with a one-line ENOSPC error", async () => {
    await writeLedger(path, 3, {});
    const before = readFileSync(path);
    const fillers = fill();
    unlinkSync(fillers.pop()!); // one page left: enough for the lock file, not for the row
    const e = await defaultEngine();
    const event = write("/home/dev/project/notes.txt", "x".repeat(12_000));
    const attempt = appendDecision({ path, events: true }, { event, state_in: null, now_ms: 1, envelope: e.evaluate(event, null, 1) });
    const error = await attempt.then(
      () => null,
      (x: LedgerError) => x,
    );
    expect(error).toBeInstanceOf(LedgerError);
    expect(error!.code).toBe("ENOSPC");
    expect(error!.message).toMatch(/^ledger .*: cannot append \(ENOSPC: no space left on device\); the ledger is unchanged$/);
    expect(statSync(path).size).toBe(before.length);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(verifyPassed(verifyLedger(path))).toBe(true);

    // Through `eval`: the line fails (no envelope printed: the decision was not recorded), exit 1.
    unlinkSync(fillers.pop()!);
    const events = join(dir, "events.jsonl");
    writeFileSync(events, `${JSON.stringify(event)}\n`);
    const { io, out, err } = memoryIo();
    expect(await main(["eval", "--ledger", path, "--ledger-events", events], io)).toBe(1);
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0]!).error.message).toMatch(/^not recorded: ledger .*ENOSPC/);
    expect(err.at(-1)).toContain("1 line(s) failed");
    expect(readFileSync(path).equals(before)).toBe(true);

    // Space again: the next append continues the chain.
    for (const f of fillers) unlinkSync(f);
    const ok = await appendDecision({ path, events: true }, { event, state_in: null, now_ms: 2, envelope: e.evaluate(event, null, 2) });
    expect(ok.row.seq).toBe(4);
    expect(verifyLedger(path)).toMatchObject({ rows: 4, breakCount: 0, tornCount: 0 });
  });

  it("no space even for the lock: one line, nothing appended", async () => {
    const before = readFileSync(path);
    const fillers = fill();
    const e = await defaultEngine();
    const event = bash("ls");
    await expect(appendDecision({ path }, { event, state_in: null, now_ms: 3, envelope: e.evaluate(event, null, 3) })).rejects.toThrow(/cannot take the lock \(ENOSPC/);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}.lock`)).toBe(false); // no ownerless lock left for the next call to wait out
    for (const f of fillers) unlinkSync(f);
  });
});
