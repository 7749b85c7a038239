// The launcher's V8 code cache (src/node/code-cache.ts) never changes an
// answer: through the real bin/gatehouse.js, a first call writes the cache, a
// second reads it, and a cache that was flipped, truncated, emptied or
// replaced by garbage is refused by V8 (the launcher runs with
// --verify-snapshot-checksum) — the same answer, and the cache rewritten.
// Each case is a fresh process: V8 also keeps an in-process compilation
// cache that would hide what the file does.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { codeCacheDir } from "../../src/node/code-cache.js";
import { claude } from "../support/hook-payloads.js";
import { runGatehouse, type Run } from "../support/spawn-hook.js";

const deny = JSON.stringify(claude.pre("rm -rf ~"));
const allow = JSON.stringify(claude.pre("ls -la"));

describe("code cache directory", () => {
  it("GATEHOUSE_CACHE_DIR (empty or off: none), else $XDG_CACHE_HOME/gatehouse, else ~/.cache/gatehouse; relative paths are ignored", () => {
    expect(codeCacheDir({ GATEHOUSE_CACHE_DIR: "/c", XDG_CACHE_HOME: "/x", HOME: "/h" })).toBe("/c");
    expect(codeCacheDir({ GATEHOUSE_CACHE_DIR: "off", HOME: "/h" })).toBeNull();
    expect(codeCacheDir({ GATEHOUSE_CACHE_DIR: "", HOME: "/h" })).toBeNull();
    expect(codeCacheDir({ GATEHOUSE_CACHE_DIR: "rel", HOME: "/h" })).toBeNull();
    expect(codeCacheDir({ XDG_CACHE_HOME: "/x", HOME: "/h" })).toBe("/x/gatehouse");
    expect(codeCacheDir({ XDG_CACHE_HOME: "x", HOME: "/h" })).toBe("/h/.cache/gatehouse");
    expect(codeCacheDir({})).toBeNull();
  });
});

describe("hook claude through a code cache", () => {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-code-cache-"));
  const run = (input: string, cacheDir = dir): Promise<Run> => runGatehouse(["hook", "claude"], input, { GATEHOUSE_CACHE_DIR: cacheDir });
  const cacheFile = () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".v8cache"));
    expect(files).toHaveLength(1);
    return join(dir, files[0]!);
  };

  it("a missing, a valid and a damaged cache give the same answers; a damaged one is rewritten", async () => {
    const reference = { deny: await run(deny, "off"), allow: await run(allow, "off") };
    expect(reference.deny.code).toBe(0);
    expect(JSON.parse(reference.deny.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    expect(reference.allow).toEqual({ stdout: "", stderr: "", code: 0 });

    expect(await run(deny)).toEqual(reference.deny); // miss: written
    const file = cacheFile();
    const good = readFileSync(file);
    expect(good.length).toBeGreaterThan(10_000);
    expect(await run(allow)).toEqual(reference.allow); // hit
    expect(readFileSync(file).equals(good)).toBe(true);

    const flip = (at: number) => {
      const b = Buffer.from(good);
      b[at] = b[at]! ^ 0x5a;
      return b;
    };
    const damaged: Array<[string, Buffer]> = [
      ["a flipped header byte", flip(4)],
      ["a flipped byte in the middle", flip(Math.floor(good.length / 2))],
      ["a flipped last byte", flip(good.length - 1)],
      ["truncated", good.subarray(0, Math.floor(good.length / 3))],
      ["empty", Buffer.alloc(0)],
      ["garbage", Buffer.from("not a code cache at all\n".repeat(100))],
    ];
    for (const [what, bytes] of damaged) {
      writeFileSync(file, bytes);
      const before = statSync(file).mtimeMs;
      expect(await run(deny), what).toEqual(reference.deny);
      const after = readFileSync(file);
      expect(after.equals(bytes), `${what}: rewritten`).toBe(false);
      expect(statSync(file).mtimeMs).toBeGreaterThanOrEqual(before);
      writeFileSync(file, good);
    }
  }, 60_000);

  it("an unwritable cache directory only costs the cache", async () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    expect(await run(deny, join(blocker, "sub"))).toEqual(await run(deny, "off"));
  }, 30_000);
});
