// `gatehouse ledger verify|show` and eval's ledger flags, in-process.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseSince } from "../../src/cli/ledger.js";
import { main } from "../../src/cli/main.js";
import { memoryIo } from "../support/io.js";
import { bash, tempDir } from "./support.js";

const dir = tempDir();
const ledger = join(dir, "l.jsonl");
const T0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z

beforeAll(async () => {
  const events = [
    { event: bash("rm -rf ~", "alpha", "u1"), now_ms: T0 },
    { event: bash("ls", "alpha", "u2"), now_ms: T0 + 60_000 },
    { event: bash("git reset --hard", "beta", "u3"), now_ms: T0 + 3_600_000 },
    { event: bash("echo hi", "evil\u001b[2Jsession", "u4"), now_ms: T0 + 7_200_000 },
  ];
  const input = join(dir, "events.jsonl");
  writeFileSync(input, events.map((e) => JSON.stringify(e)).join("\n") + "\n");
  expect(await main(["eval", "--ledger", ledger, "--ledger-events", input], memoryIo().io)).toBe(0);
});

describe("gatehouse ledger verify", () => {
  it("exit 0 and one line on an intact chain", async () => {
    const { io, out } = memoryIo();
    expect(await main(["ledger", "verify", ledger], io)).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/chain intact — 4 rows, head seq 4 at line 4, sha256:[0-9a-f]{64}$/);
  });

  it("exit 1 naming the first broken row by line, seq and what broke", async () => {
    const lines = readFileSync(ledger, "utf8").split("\n");
    lines[1] = lines[1]!.replace('"ls"', '"lz"');
    const broken = join(dir, "broken.jsonl");
    writeFileSync(broken, lines.join("\n"));
    const { io, out } = memoryIo();
    expect(await main(["ledger", "verify", broken], io)).toBe(1);
    expect(out[0]).toMatch(/chain broken at line 2 \(seq 2\): hash — the row's contents do not match its hash/);
    const json = memoryIo();
    expect(await main(["ledger", "verify", "--json", broken], json.io)).toBe(1);
    expect(JSON.parse(json.out[0]!)).toMatchObject({ ok: false, breakCount: 1, breaks: [{ line: 2, seq: 2, due_seq: 2, kind: "hash" }] });
    lines[1] = "garbage";
    writeFileSync(broken, lines.join("\n"));
    const junk = memoryIo();
    expect(await main(["ledger", "verify", broken], junk.io)).toBe(1);
    expect(junk.out[0]).toMatch(/chain broken at line 2 \(where seq 2 was due\): unparsable — not JSON/);
  });

  it("a torn last line: exit 1 saying it is torn and outside the chain; --allow-torn: exit 0", async () => {
    const torn = join(dir, "torn.jsonl");
    writeFileSync(torn, readFileSync(ledger));
    appendFileSync(torn, readFileSync(ledger, "utf8").split("\n")[0]!.slice(0, 150));
    const { io, out, err } = memoryIo();
    expect(await main(["ledger", "verify", torn], io)).toBe(1);
    expect(out.join("\n")).toMatch(/chain intact — 4 rows/);
    expect(out.join("\n")).toMatch(/line 5: torn — a torn write: the first 150 bytes of a row an append did not finish \(outside the chain\)/);
    expect(err).toHaveLength(0);
    const allowed = memoryIo();
    expect(await main(["ledger", "verify", "--allow-torn", torn], allowed.io)).toBe(0);
    expect(allowed.out.join("\n")).toContain("[allowed]");
  });

  it("a tail of NUL bytes (a crash on a file system that zero-fills lost data) is a torn tail: verify --allow-torn accepts it, the next append starts after it", async () => {
    const rows = readFileSync(ledger, "utf8");
    const firstRow = rows.split("\n")[0]!;
    for (const [name, tail, why] of [
      ["nul-only", "", /line 5: torn — a torn write: 100 NUL bytes .*\(outside the chain\)/],
      ["nul-after-prefix", firstRow.slice(0, 150), /line 5: torn — a torn write: 150 bytes of a row an append did not finish, then 100 NUL bytes/],
      ["nul-after-row", firstRow, /line 5: torn — a torn write: \d+ bytes of a row an append did not finish, then 100 NUL bytes/],
    ] as const) {
      const path = join(dir, `${name}.jsonl`);
      writeFileSync(path, rows + tail + "\0".repeat(100));
      const before = memoryIo();
      expect(await main(["ledger", "verify", path], before.io), name).toBe(1); // torn lines are findings
      expect(before.out.join("\n"), name).toMatch(/chain intact — 4 rows/);
      expect(before.out.join("\n"), name).toMatch(why);
      expect(await main(["ledger", "verify", "--allow-torn", path], memoryIo().io), name).toBe(0);
      // The next append follows it on a new line, chained to row 4; the NUL bytes stay (nothing lost).
      const input = join(dir, `${name}-input.jsonl`);
      writeFileSync(input, JSON.stringify({ event: bash("ls", "gamma", "u9"), now_ms: T0 }) + "\n");
      const appended = memoryIo();
      expect(await main(["eval", "--ledger", path, input], appended.io), name).toBe(0);
      expect(appended.err, name).toEqual([expect.stringContaining("the chain continues after them")]);
      const after = memoryIo();
      expect(await main(["ledger", "verify", "--allow-torn", path], after.io), name).toBe(0);
      expect(after.out[0], name).toMatch(/chain intact — 5 rows, head seq 5 at line 6/);
      expect(readFileSync(path, "utf8").startsWith(rows + tail + "\0".repeat(100) + "\n"), name).toBe(true);
    }
    // NUL bytes inside a line, with something after them, stay damage.
    const inside = join(dir, "nul-inside.jsonl");
    writeFileSync(inside, rows + "\0\0{}\n");
    const damaged = memoryIo();
    expect(await main(["ledger", "verify", "--allow-torn", inside], damaged.io)).toBe(1);
    expect(damaged.out[0]).toMatch(/chain broken at line 5 .*unparsable/);
  });

  it("usage and unreadable files", async () => {
    expect(await main(["ledger"], memoryIo().io)).toBe(64);
    expect(await main(["ledger", "frob", ledger], memoryIo().io)).toBe(64);
    expect(await main(["ledger", "verify"], memoryIo().io)).toBe(64);
    const missing = memoryIo();
    expect(await main(["ledger", "verify", join(dir, "none.jsonl")], missing.io)).toBe(66);
    expect(missing.err).toEqual([expect.stringMatching(/none\.jsonl: cannot read the ledger \(ENOENT\)$/)]);
    expect(await main(["ledger", "verify", dir], memoryIo().io)).toBe(66);
  });
});

describe("gatehouse ledger show", () => {
  it("one readable line per row: seq, time, session, tool, verdict, rule, reason", async () => {
    const { io, out } = memoryIo();
    expect(await main(["ledger", "show", ledger], io)).toBe(0);
    expect(out).toHaveLength(4);
    expect(out[0]).toMatch(/^#1 {2}2026-01-01T00:00:00\.000Z {2}alpha {2}Bash {2}deny {3}fs\.wipe {2}fs\.wipe: `rm` would recursively delete ~/);
    expect(out[1]).toMatch(/^#2 {2}2026-01-01T00:01:00\.000Z {2}alpha {2}Bash {2}allow {2}-$/);
  });

  it("a hostile session id is printed escaped, never as terminal control", async () => {
    const { io, out } = memoryIo();
    await main(["ledger", "show", ledger, "--session", "evil\u001b[2Jsession"], io);
    expect(out).toHaveLength(1);
    expect(out[0]).toContain("evil\\u001b[2Jsession");
    expect(out[0]).not.toContain("\u001b");
  });

  it("filters by session, verdict (one or several) and time", async () => {
    const count = async (...args: string[]) => {
      const { io, out } = memoryIo();
      expect(await main(["ledger", "show", ledger, ...args], io)).toBe(0);
      return out.length;
    };
    expect(await count("--session", "alpha")).toBe(2);
    expect(await count("--verdict", "deny")).toBe(2);
    expect(await count("--verdict", "deny,allow")).toBe(4);
    expect(await count("--since", "2026-01-01T00:30:00Z")).toBe(2);
    expect(await count("--since", String(T0 + 60_000))).toBe(3);
    expect(await count("--session", "alpha", "--verdict", "allow")).toBe(1);
    expect(await count("--session", "nobody")).toBe(0);
  });

  it("--json prints each matching row exactly as recorded", async () => {
    const { io, out } = memoryIo();
    await main(["ledger", "show", ledger, "--json", "--verdict", "deny"], io);
    const recorded = readFileSync(ledger, "utf8").split("\n");
    expect(out).toEqual([recorded[0], recorded[2]]);
  });

  it("--since takes epoch ms, ISO dates and durations back from now", () => {
    expect(parseSince("1767225600000", 0)).toBe(T0);
    expect(parseSince("2026-01-01", 0)).toBe(T0);
    expect(parseSince("2026-01-01T01:00:00Z", 0)).toBe(T0 + 3_600_000);
    expect(parseSince("30m", T0)).toBe(T0 - 1_800_000);
    expect(parseSince("7d", T0)).toBe(T0 - 7 * 86_400_000);
    expect(() => parseSince("yesterday", T0)).toThrow(/--since "yesterday"/);
  });

  it("bad filters are usage errors; lines that are not rows are skipped with one note", async () => {
    expect(await main(["ledger", "show", ledger, "--verdict", "maybe"], memoryIo().io)).toBe(64);
    expect(await main(["ledger", "show", ledger, "--since", "soon"], memoryIo().io)).toBe(64);
    const damaged = join(dir, "damaged.jsonl");
    writeFileSync(damaged, `${readFileSync(ledger, "utf8")}not a row\n`);
    const { io, out, err } = memoryIo();
    expect(await main(["ledger", "show", damaged], io)).toBe(0);
    expect(out).toHaveLength(4);
    expect(err).toEqual([expect.stringContaining("1 line(s)")]);
  });
});

describe("eval's ledger flags", () => {
  it("--ledger-events and --ledger-redact need --ledger", async () => {
    const input = join(dir, "one.jsonl");
    writeFileSync(input, JSON.stringify(bash("ls")) + "\n");
    const { io, err } = memoryIo();
    expect(await main(["eval", "--ledger-events", input], io)).toBe(64);
    expect(err[0]).toContain("--ledger-events needs --ledger FILE");
    expect(await main(["eval", "--ledger-redact", input], memoryIo().io)).toBe(64);
  });

  it("a line that fails to evaluate appends nothing; the others are recorded in order", async () => {
    const input = join(dir, "mixed.jsonl");
    writeFileSync(input, [JSON.stringify(bash("ls", "s", "a")), "{ not json", JSON.stringify(bash("pwd", "s", "b"))].join("\n") + "\n");
    const path = join(dir, "mixed-ledger.jsonl");
    const { io, out } = memoryIo();
    expect(await main(["eval", "--ledger", path, input], io)).toBe(1);
    expect(JSON.parse(out[1]!).error.line).toBe(2);
    const rows = readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.seq, r.tool_use_id])).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
  });
});
