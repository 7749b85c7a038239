import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireFileLock, LockTimeoutError, withFileLock } from "../../src/files/file-lock.js";
import { appendDurable, writeFileAtomic } from "../../src/files/durable-file.js";
import { scratchDir } from "../support/scratch.js";

const here = new URL(".", import.meta.url).pathname;
const root = join(here, "../..");

function run(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code ?? -1));
  });
}

describe("file lock", () => {
  it("serialises read-modify-write across processes: 4 × 40 increments end at 160", async () => {
    const dir = scratchDir("gh-lock-");
    const counter = join(dir, "n");
    writeFileSync(counter, "0");
    const script = join(dir, "inc.mts");
    writeFileSync(
      script,
      `import { withFileLock } from ${JSON.stringify(join(root, "src/files/file-lock.ts"))};
import { writeFileAtomic } from ${JSON.stringify(join(root, "src/files/durable-file.ts"))};
import { readFileSync } from "node:fs";
for (let i = 0; i < 40; i++) await withFileLock(${JSON.stringify(counter + ".lock")}, () => {
  const n = Number(readFileSync(${JSON.stringify(counter)}, "utf8"));
  writeFileAtomic(${JSON.stringify(counter)}, String(n + 1));
});`,
    );
    // Node 20 cannot run TypeScript directly: the repo's esbuild runner bundles the script first.
    const codes = await Promise.all(Array.from({ length: 4 }, () => run("bash", [join(root, "scripts/run-ts.sh"), script])));
    expect(codes).toEqual([0, 0, 0, 0]);
    expect(Number(readFileSync(counter, "utf8"))).toBe(160);
  });

  it("takes over a lock whose owner process is dead", async () => {
    const dir = scratchDir("gh-lock-");
    const lock = join(dir, "s.lock");
    // A pid we know has exited.
    const dead = await new Promise<number>((resolve) => {
      const c = spawn(process.execPath, ["-e", "0"]);
      c.on("exit", () => resolve(c.pid!));
    });
    writeFileSync(lock, JSON.stringify({ pid: dead, host: (await import("node:os")).hostname(), at: Date.now() }));
    const release = await acquireFileLock(lock, { timeoutMs: 2000 });
    expect(JSON.parse(readFileSync(lock, "utf8")).pid).toBe(process.pid);
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it("takes over a torn (unparsable) lock once it is old, and another host's old lock after staleMs", async () => {
    const dir = scratchDir("gh-lock-");
    const torn = join(dir, "a.lock");
    writeFileSync(torn, "{\"pi");
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(torn, old, old);
    (await acquireFileLock(torn, { timeoutMs: 2000 }))();
    const held = join(dir, "b.lock");
    writeFileSync(held, JSON.stringify({ pid: process.ppid, host: "elsewhere", at: 0 }));
    utimesSync(held, old, old);
    (await acquireFileLock(held, { timeoutMs: 2000, staleMs: 30_000 }))();
  });

  it("never takes over the lock of a live process on this host for its age alone", async () => {
    // A slow holder on a loaded machine is not an abandoned one: taking its lock let two writers in.
    const dir = scratchDir("gh-lock-");
    const lock = join(dir, "d.lock");
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: hostname(), at: 0 }));
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(lock, old, old);
    await expect(acquireFileLock(lock, { timeoutMs: 300, staleMs: 1000 })).rejects.toThrow(LockTimeoutError);
    await expect(acquireFileLock(lock, { timeoutMs: 0, staleMs: 1000 })).rejects.toThrow(LockTimeoutError);
    expect(JSON.parse(readFileSync(lock, "utf8")).pid).toBe(process.ppid);
  });

  it("times out with a one-line error naming the lock while a live owner holds it", async () => {
    const dir = scratchDir("gh-lock-");
    const lock = join(dir, "c.lock");
    const release = await acquireFileLock(lock);
    await expect(acquireFileLock(lock, { timeoutMs: 50 })).rejects.toThrow(LockTimeoutError);
    await expect(acquireFileLock(lock, { timeoutMs: 50 })).rejects.toThrow(lock);
    release();
    await withFileLock(lock, () => undefined, { timeoutMs: 50 });
  });
});

describe("the line in front of a lock", () => {
  it("waiters take the lock in the order they asked for it", async () => {
    const dir = scratchDir("gh-lock-");
    const lock = join(dir, "q.lock");
    const first = await acquireFileLock(lock);
    const order: number[] = [];
    // Each call joins the line before its first await: in call order.
    const waiters = Array.from({ length: 12 }, (_, i) => acquireFileLock(lock, { timeoutMs: 60_000 }).then((release) => (order.push(i), release())));
    first();
    await Promise.all(waiters);
    expect(order).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(readdirSync(dir)).toEqual([]); // lock, tickets and the line's directory all gone
  });

  it("processes queue in arrival order: a later one never overtakes an earlier one still waiting", async () => {
    const dir = scratchDir("gh-lock-");
    const lock = join(dir, "p.lock");
    const log = join(dir, "order");
    writeFileSync(log, "");
    const script = join(dir, "take.mts");
    writeFileSync(
      script,
      `import { acquireFileLock } from ${JSON.stringify(join(root, "src/files/file-lock.ts"))};
import { appendFileSync } from "node:fs";
const release = await acquireFileLock(${JSON.stringify(lock)}, { timeoutMs: 600_000, staleMs: 600_000 });
appendFileSync(${JSON.stringify(log)}, process.argv[2] + "\\n");
release();`,
    );
    const holder = await acquireFileLock(lock, { staleMs: 600_000 });
    const queue = join(`${lock}.queue`);
    const exits: Promise<number>[] = [];
    for (let i = 0; i < 4; i++) {
      let exited: number | null = null;
      const exit = run("bash", [join(root, "scripts/run-ts.sh"), script, String(i)]);
      void exit.then((code) => (exited = code));
      exits.push(exit);
      // The next process starts only once this one holds its ticket (holder + i + 1 tickets); one that
      // exits first (a broken script) fails the test at once instead of leaving this loop spinning.
      while (!existsSync(queue) || readdirSync(queue).length < i + 2) {
        if (exited !== null) throw new Error(`waiter ${i} exited with ${exited} before taking its ticket`);
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    holder();
    expect(await Promise.all(exits)).toEqual([0, 0, 0, 0]);
    expect(readFileSync(log, "utf8")).toBe("0\n1\n2\n3\n");
  });

  it("the ticket of a killed waiter or holder is skipped at once, not waited out", async () => {
    const dir = scratchDir("gh-lock-");
    const lock = join(dir, "k.lock");
    const dead = await new Promise<number>((resolve) => {
      const c = spawn(process.execPath, ["-e", "0"]);
      c.on("exit", () => resolve(c.pid!));
    });
    // What a killed holder leaves: its lock file and, ahead of everyone, its ticket (named as lock-queue.ts names them).
    writeFileSync(lock, JSON.stringify({ pid: dead, host: hostname(), at: Date.now() }));
    const ours = await acquireFileLock(`${lock}-probe`); // a ticket of this process, to learn the host tag
    const tag = readdirSync(`${lock}-probe.queue`)[0]!.split("-")[3];
    ours();
    mkdirSync(`${lock}.queue`);
    writeFileSync(join(`${lock}.queue`, `${String(Date.now() - 1000).padStart(15, "0")}-${dead}-000000000-${tag}`), "");
    const release = await acquireFileLock(lock, { timeoutMs: 60_000, staleMs: 600_000 });
    expect(JSON.parse(readFileSync(lock, "utf8")).pid).toBe(process.pid);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a line that cannot be joined (no room for a ticket) still gives the lock, as before the line existed", async () => {
    const dir = scratchDir("gh-lock-");
    const lock = join(dir, "f.lock");
    writeFileSync(`${lock}.queue`, "not a directory");
    const release = await acquireFileLock(lock, { timeoutMs: 60_000 });
    expect(existsSync(lock)).toBe(true);
    release();
    expect(existsSync(lock)).toBe(false);
  });
});

describe("durable files", () => {
  it("atomic replace leaves no temp file and appends accumulate", () => {
    const dir = scratchDir("gh-dur-");
    const f = join(dir, "state.json");
    writeFileAtomic(f, "one");
    writeFileAtomic(f, "two");
    expect(readFileSync(f, "utf8")).toBe("two");
    expect(readdirSync(dir)).toEqual(["state.json"]);
    const log = join(dir, "log.jsonl");
    appendDurable(log, "a\n");
    appendDurable(log, "b\n");
    expect(readFileSync(log, "utf8")).toBe("a\nb\n");
  });

  it("a failed replace keeps the old file (target directory missing)", () => {
    const dir = scratchDir("gh-dur-");
    expect(() => writeFileAtomic(join(dir, "nope", "x"), "data")).toThrow(/ENOENT/);
  });
});
