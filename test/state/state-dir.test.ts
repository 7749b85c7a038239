// The state directory store: hashed file names for hostile session ids,
// quarantine of corrupt records, blank restarts on a layout change, nothing
// stored when evaluation throws, stale locks of killed processes taken over,
// expiry, and unwritable directories reported as StateStoreError.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, unlinkSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultStateDir, StateDirStore } from "../../src/node/state-dir.js";
import { blankState, type SessionState } from "../../src/model/session-state.js";
import type { Journal } from "../../src/state/journal.js";
import { StateStoreError, type StateStamp } from "../../src/state/store.js";
import { scratchDir } from "../support/scratch.js";

const stamp: StateStamp = { layout: { c: 1, f: 0, t: 0, a: 0, run: false }, bundleDigest: "sha256:aaa" };
const fresh = () => scratchDir("gatehouse-state-");
/** The update every test uses: count one. */
const inc = (state: SessionState | null) => {
  const s = state ?? blankState(stamp.layout);
  const next = { ...s, c: [s.c[0]! + 1] };
  return { state: next, result: s.c[0]! };
};
/** The journal of `inc`: a queued call replays as one more count. */
const journal: Journal = { call: { event: { n: 1 }, now_ms: 0 }, replay: (_, state) => inc(state).state };

describe("StateDirStore", () => {
  it("counts per session; files are named by the id's SHA-256 whatever the id holds", async () => {
    const dir = fresh();
    const store = new StateDirStore(dir);
    const ids = ["../../etc/passwd", "a\u0000b", "x".repeat(1_000_000), "", "/abs/path", "ünïcødé"];
    for (const id of ids) {
      expect((await store.update(id, stamp, inc)).result).toBe(0);
      expect((await store.update(id, stamp, inc)).result).toBe(1);
    }
    const names = readdirSync(join(dir, "sessions"));
    expect(names).toHaveLength(ids.length);
    for (const n of names) expect(n).toMatch(/^[0-9a-f]{64}\.json$/);
    expect(readdirSync(dir).sort()).toEqual([".last-sweep", "sessions"]);
    expect(statSync(join(dir, "sessions")).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "sessions", names[0]!)).mode & 0o777).toBe(0o600);
  });

  it("a corrupt record is kept aside with a warning and the session's state becomes unknown — never blank", async () => {
    const store = new StateDirStore(fresh());
    const file = store.fileFor("s");
    await store.update("s", stamp, inc);
    const seen: (SessionState | null)[] = [];
    const look = (state: SessionState | null) => (seen.push(state), { state: state!, result: null });
    const bads = ["{torn", '{"format":"other"}', JSON.stringify({ format: "gatehouse.session-state/1", layout: stamp.layout, bundle_digest: "x", updated_ms: 1, state: { c: [-1], f: [], t: [], a: [], run: null } })];
    for (const bad of bads) {
      writeFileSync(file, bad);
      const r = await store.update("s", stamp, look);
      expect(r.warnings).toHaveLength(1);
      expect(r.warnings[0]).toMatch(/is corrupt \(.+\); kept as .+\.corrupt-\d+-\d+; the session's state is unknown from now on/);
      expect(seen.at(-1)).toMatchObject({ c: [0], unknown: expect.stringMatching(/^its stored record was corrupt: .+; kept as .+\.corrupt-\d+-\d+$/) });
      // The unknown state is what the session now holds: the next call sees it again, without a warning.
      const again = await store.update("s", stamp, look);
      expect(again.warnings).toEqual([]);
      expect(seen.at(-1)!.unknown).toBe(seen.at(-2)!.unknown);
    }
    const aside = readdirSync(dirname(file)).filter((n) => n.includes(".corrupt-"));
    expect(aside.map((n) => readFileSync(join(dirname(file), n), "utf8")).sort()).toEqual([...bads].sort()); // nothing lost
  });

  it("a corrupt record that cannot be moved aside is left in place and the call fails (StateStoreError)", async () => {
    if (process.getuid?.() === 0) return; // root renames in a read-only directory
    const dir = fresh();
    const store = new StateDirStore(dir);
    await store.update("s", stamp, inc);
    writeFileSync(store.fileFor("s"), "{torn");
    chmodSync(join(dir, "sessions"), 0o500);
    try {
      await expect(store.update("s", stamp, inc)).rejects.toThrow(/corrupt session state, and it cannot be moved aside \(EACCES\)/);
    } finally {
      chmodSync(join(dir, "sessions"), 0o700);
    }
    expect(readFileSync(store.fileFor("s"), "utf8")).toBe("{torn");
  });

  it("a record over the size limit is corrupt, not read", async () => {
    const store = new StateDirStore(fresh(), { maxRecordBytes: 1024 });
    await store.update("s", stamp, inc);
    writeFileSync(store.fileFor("s"), " ".repeat(2048));
    const r = await store.update("s", stamp, inc);
    expect(r.warnings[0]).toMatch(/2048 bytes, over the 1024-byte limit/);
  });

  it("another layout restarts blank with a warning, without quarantine", async () => {
    const store = new StateDirStore(fresh());
    await store.update("s", stamp, inc);
    const wider: StateStamp = { layout: { ...stamp.layout, c: 2 }, bundleDigest: "sha256:bbb" };
    const r = await store.update("s", wider, (state) => ({ state: state ?? blankState(wider.layout), result: state }));
    expect(r.result).toBeNull();
    expect(r.warnings[0]).toMatch(/restarts blank: it was written for layout c=1 f=0 t=0 a=0 run=false by bundle sha256:aaa; the bundle in use \(sha256:bbb\) needs c=2/);
    expect(readdirSync(dirname(store.fileFor("s"))).some((n) => n.includes(".corrupt-"))).toBe(false);
  });

  it("an update that throws stores nothing and releases the lock", async () => {
    const store = new StateDirStore(fresh());
    await store.update("s", stamp, inc);
    await expect(
      store.update("s", stamp, () => {
        throw new Error("evaluation failed");
      }),
    ).rejects.toThrow("evaluation failed");
    expect((await store.update("s", stamp, inc)).result).toBe(1);
    expect(existsSync(`${store.fileFor("s")}.lock`)).toBe(false);
  });

  it("an unchanged state is not rewritten, only touched (expiry counts from the last use)", async () => {
    let now = 1_000_000_000_000;
    const store = new StateDirStore(fresh(), { now: () => now });
    await store.update("s", stamp, inc);
    const before = readFileSync(store.fileFor("s"), "utf8");
    now += 60_000;
    await store.update("s", stamp, (state) => ({ state: state!, result: null }));
    expect(readFileSync(store.fileFor("s"), "utf8")).toBe(before);
    expect(Math.round(statSync(store.fileFor("s")).mtimeMs)).toBe(now);
  });

  it("a lock left by a killed process is taken over", async () => {
    const store = new StateDirStore(fresh(), { lockTimeoutMs: 2_000 });
    await store.update("s", stamp, inc);
    const dead = Number(execFileSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).toString());
    writeFileSync(`${store.fileFor("s")}.lock`, JSON.stringify({ pid: dead, host: (await import("node:os")).hostname(), at: Date.now() }));
    expect((await store.update("s", stamp, inc)).result).toBe(1);
  });

  it("past the lock's bound: answered from the last committed state (never blank), queued, and counted by the next commit", async () => {
    const store = new StateDirStore(fresh(), { lockTimeoutMs: 50 });
    for (let i = 0; i < 3; i++) await store.update("s", stamp, inc);
    const lock = `${store.fileFor("s")}.lock`;
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: (await import("node:os")).hostname(), at: Date.now() }));
    // Two calls that cannot get their turn: each sees the committed 3 and the calls queued before it, and is queued.
    for (let i = 0; i < 2; i++) {
      const late = await store.update("s", stamp, inc, journal);
      expect(late.result).toBe(3 + i);
      expect(late.warnings).toHaveLength(1);
      expect(late.warnings[0]).toMatch(/its lock was not free within 50 ms \(other calls of this session held it\); answered from its last committed state, and this call's update is queued as .+\.json\.pending\/\d{15}-\d+-\d+\.json for the next call to apply$/);
    }
    // A caller without a journal can neither replay the queued calls nor queue its own: it sees the record, and is not stored.
    const unjournaled = await store.update("s", stamp, inc);
    expect(unjournaled.result).toBe(3);
    expect(unjournaled.warnings[0]).toMatch(/this call's update is not stored/);
    unlinkSync(lock);
    // The next call that gets the lock applies both queued calls, in order, then its own.
    expect((await store.update("s", stamp, inc, journal)).result).toBe(5);
    expect(readdirSync(dirname(store.fileFor("s"))).sort()).toEqual([`${store.fileFor("s").split("/").pop()}`]);
    expect(JSON.parse(readFileSync(store.fileFor("s"), "utf8")).state.c).toEqual([6]);
    // Listed as applied until the commit after (written before they were removed); then gone from the record too.
    expect(JSON.parse(readFileSync(store.fileFor("s"), "utf8")).applied).toHaveLength(2);
    await store.update("s", stamp, inc, journal);
    expect(JSON.parse(readFileSync(store.fileFor("s"), "utf8"))).toMatchObject({ state: { c: [7] } });
    expect(JSON.parse(readFileSync(store.fileFor("s"), "utf8")).applied).toBeUndefined();
  });

  it("a queued call is applied exactly once even when its removal fails after the commit", async () => {
    const store = new StateDirStore(fresh(), { lockTimeoutMs: 50 });
    await store.update("s", stamp, inc);
    const lock = `${store.fileFor("s")}.lock`;
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: (await import("node:os")).hostname(), at: Date.now() }));
    await store.update("s", stamp, inc, journal);
    unlinkSync(lock);
    const pending = `${store.fileFor("s")}.pending`;
    const [queued] = readdirSync(pending);
    // As if the committing process died between writing the record and removing the queued call:
    // the record lists it as applied, so the next commit removes it without applying it again.
    const record = JSON.parse(readFileSync(store.fileFor("s"), "utf8"));
    writeFileSync(store.fileFor("s"), JSON.stringify({ ...record, state: { ...record.state, c: [2] }, applied: [queued] }));
    expect((await store.update("s", stamp, inc, journal)).result).toBe(2);
    expect(JSON.parse(readFileSync(store.fileFor("s"), "utf8")).state.c).toEqual([3]);
    expect(existsSync(join(pending, queued!))).toBe(false);
  });

  it("a queued call that does not parse is kept aside and the session's state becomes unknown", async () => {
    const store = new StateDirStore(fresh());
    await store.update("s", stamp, inc);
    const pending = `${store.fileFor("s")}.pending`;
    mkdirSync(pending);
    writeFileSync(join(pending, "001767225600000-1-0.json"), "{torn");
    const seen: (SessionState | null)[] = [];
    const r = await store.update("s", stamp, (state) => (seen.push(state), { state: state!, result: null }), journal);
    expect(r.warnings[0]).toMatch(/a queued call is corrupt \(not JSON .*\); kept as .+; the session's state is unknown from now on$/);
    expect(seen.at(-1)!.unknown).toMatch(/^a queued update was corrupt: not JSON/);
    expect(readdirSync(dirname(store.fileFor("s"))).filter((n) => n.includes(".corrupt-")).map((n) => readFileSync(join(dirname(store.fileFor("s")), n), "utf8"))).toEqual(["{torn"]);
  });

  it("expired sessions, old quarantined records and stale temp files are swept; fresh ones stay", async () => {
    const dir = fresh();
    const now = Date.now();
    const store = new StateDirStore(dir, { now: () => now, sweepIntervalMs: 0 });
    await store.update("old", stamp, inc);
    await store.update("new", stamp, inc);
    const sessions = join(dir, "sessions");
    const aged = (path: string, days: number) => utimesSync(path, (now - days * 86_400_000) / 1000, (now - days * 86_400_000) / 1000);
    aged(store.fileFor("old"), 15);
    writeFileSync(join(sessions, "abc.json.corrupt-1-1"), "x");
    aged(join(sessions, "abc.json.corrupt-1-1"), 20);
    writeFileSync(join(sessions, ".abc.json.1.ffff.tmp"), "x");
    aged(join(sessions, ".abc.json.1.ffff.tmp"), 1);
    await store.update("new", stamp, inc); // sweeps after the update
    expect(existsSync(store.fileFor("old"))).toBe(false);
    expect(existsSync(store.fileFor("new"))).toBe(true);
    expect(readdirSync(sessions).sort()).toEqual([`${store.fileFor("new").split("/").pop()}`]);
  });

  it("the sweep runs at most once per interval", async () => {
    const dir = fresh();
    let now = Date.now();
    const store = new StateDirStore(dir, { now: () => now });
    await store.update("old", stamp, inc);
    utimesSync(store.fileFor("old"), (now - 20 * 86_400_000) / 1000, (now - 20 * 86_400_000) / 1000);
    await store.update("other", stamp, inc); // the first update already swept (no marker yet) before "old" was aged
    expect(existsSync(store.fileFor("old"))).toBe(true);
    now += 86_400_001;
    await store.update("other", stamp, inc);
    expect(existsSync(store.fileFor("old"))).toBe(false);
  });

  it("a state dir that cannot be created or written is a StateStoreError naming it", async () => {
    const dir = fresh();
    writeFileSync(join(dir, "file"), "x");
    await expect(new StateDirStore(join(dir, "file", "state")).update("s", stamp, inc)).rejects.toThrow(/file\/state: cannot create the state directory \(ENOTDIR\)/);
    if (process.getuid?.() !== 0) {
      const ro = join(dir, "ro");
      mkdirSync(join(ro, "sessions"), { recursive: true, mode: 0o500 });
      await expect(new StateDirStore(ro).update("s", stamp, inc)).rejects.toBeInstanceOf(StateStoreError);
    }
  });

  it("the default directory follows XDG_STATE_HOME, else ~/.local/state", () => {
    expect(defaultStateDir({ XDG_STATE_HOME: "/x/state", HOME: "/h" })).toBe("/x/state/gatehouse");
    expect(defaultStateDir({ XDG_STATE_HOME: "relative", HOME: "/h" })).toBe("/h/.local/state/gatehouse");
    expect(() => defaultStateDir({})).toThrow(StateStoreError);
  });
});
