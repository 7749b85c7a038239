import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, utimesSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireFileLock, LockTimeoutError, withFileLock } from "../../src/node/file-lock.js";
import { appendDurable, writeFileAtomic } from "../../src/node/durable-file.js";

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
    const dir = mkdtempSync(join(tmpdir(), "gh-lock-"));
    const counter = join(dir, "n");
    writeFileSync(counter, "0");
    const script = join(dir, "inc.mts");
    writeFileSync(
      script,
      `import { withFileLock } from ${JSON.stringify(join(root, "src/node/file-lock.ts"))};
import { writeFileAtomic } from ${JSON.stringify(join(root, "src/node/durable-file.ts"))};
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
    const dir = mkdtempSync(join(tmpdir(), "gh-lock-"));
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

  it("takes over a torn (unparsable) lock once it is old, and an old lock of a live pid after staleMs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-lock-"));
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

  it("times out with a one-line error naming the lock while a live owner holds it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-lock-"));
    const lock = join(dir, "c.lock");
    const release = await acquireFileLock(lock);
    await expect(acquireFileLock(lock, { timeoutMs: 50 })).rejects.toThrow(LockTimeoutError);
    await expect(acquireFileLock(lock, { timeoutMs: 50 })).rejects.toThrow(lock);
    release();
    await withFileLock(lock, () => undefined, { timeoutMs: 50 });
  });
});

describe("durable files", () => {
  it("atomic replace leaves no temp file and appends accumulate", () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-dur-"));
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
    const dir = mkdtempSync(join(tmpdir(), "gh-dur-"));
    expect(() => writeFileAtomic(join(dir, "nope", "x"), "data")).toThrow(/ENOENT/);
  });
});
