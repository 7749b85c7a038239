// The launcher's V8 code cache (src/node/code-cache.ts) never changes an
// answer: through the real bin/gatehouse.js, a first call writes the cache
// and its digest (in the state directory), a second reads it, and a cache
// that was flipped, truncated, emptied, replaced by garbage, copied in
// without a digest or forged for another source of the same length — which
// V8 alone would run — is ignored: the same answer, and the cache rewritten.
// Each case is a fresh process: V8 also keeps an in-process compilation
// cache that would hide what the file does.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codeCacheDigestDir, codeCacheDir } from "../../src/node/code-cache.js";
import { claude } from "../support/hook-payloads.js";
import { BIN, runGatehouse, type Run } from "../support/spawn-hook.js";
import { scratchDir } from "../support/scratch.js";

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

  it("its digests live in the hook's state directory: an absolute --state-dir, else $XDG_STATE_HOME/gatehouse, else ~/.local/state/gatehouse", () => {
    expect(codeCacheDigestDir({ XDG_STATE_HOME: "/x", HOME: "/h" }, ["hook", "claude"])).toBe("/x/gatehouse/code-cache");
    expect(codeCacheDigestDir({ HOME: "/h" }, ["hook", "claude"])).toBe("/h/.local/state/gatehouse/code-cache");
    expect(codeCacheDigestDir({ HOME: "/h" }, ["hook", "claude", "--state-dir", "/s"])).toBe("/s/code-cache");
    expect(codeCacheDigestDir({ HOME: "/h" }, ["hook", "claude", "--state-dir=/s"])).toBe("/s/code-cache");
    expect(codeCacheDigestDir({ HOME: "/h" }, ["hook", "claude", "--state-dir", "rel"])).toBeNull();
    expect(codeCacheDigestDir({ HOME: "/h" }, ["check", "--", "--state-dir", "/s"])).toBe("/h/.local/state/gatehouse/code-cache");
    expect(codeCacheDigestDir({}, ["hook", "claude"])).toBeNull();
  });
});

/**
 * A cache V8 accepts for `cli`: made, exactly as the launcher compiles, for a source of the same length that exits 0 at
 * once — a silent allow of every call if it ran. (V8 checks the source's length, not its text.)
 */
function forgeCache(cli: string, out: string): void {
  const forger = `
    const { readFileSync, writeFileSync } = require("node:fs");
    const { setFlagsFromString } = require("node:v8");
    const { Script } = require("node:vm");
    setFlagsFromString("--liftoff-only");
    setFlagsFromString("--verify-snapshot-checksum");
    const source = readFileSync(${JSON.stringify(cli)}, "latin1");
    const head = "process.exit(0)//";
    const evil = head + source.slice(head.length);
    const wrapper = "(function (exports, require, module, __filename, __dirname) {" + evil + "\\n})";
    writeFileSync(${JSON.stringify(out)}, new Script(wrapper, { filename: ${JSON.stringify(cli)} }).createCachedData());
  `;
  execFileSync(process.execPath, ["-e", forger]);
}

describe("hook claude through a code cache", () => {
  const dir = scratchDir("gatehouse-code-cache-");
  const stateHome = scratchDir("gatehouse-code-cache-state-");
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(stateHome, { recursive: true, force: true });
  });
  const run = (input: string, cacheDir = dir): Promise<Run> => runGatehouse(["hook", "claude"], input, { GATEHOUSE_CACHE_DIR: cacheDir, XDG_STATE_HOME: stateHome });
  const digestFile = (cache: string) => join(stateHome, "gatehouse", "code-cache", `${cache.slice(cache.lastIndexOf("/") + 1)}.sha256`);
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
    const digest = readFileSync(digestFile(file), "utf8");
    expect(digest).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(digestFile(file)).mode & 0o777).toBe(0o600);
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
      ["another V8 cache of this build (a different run's bytes)", (() => {
        const other = join(dir, "forged.bin");
        forgeCache(join(BIN, "..", "..", "dist", "cli.cjs"), other);
        return readFileSync(other);
      })()],
    ];
    for (const [what, bytes] of damaged) {
      writeFileSync(file, bytes);
      const before = statSync(file).mtimeMs;
      expect(await run(deny), what).toEqual(reference.deny);
      const after = readFileSync(file);
      expect(after.equals(bytes), `${what}: rewritten`).toBe(false);
      expect(statSync(file).mtimeMs).toBeGreaterThanOrEqual(before);
      writeFileSync(file, good);
      writeFileSync(digestFile(file), digest);
    }
  });

  it("a cache forged for a same-length source that exits 0 — V8 would run it — is ignored: the deny stands", async () => {
    const reference = await run(deny, "off");
    await run(deny); // the cache and its digest exist
    const file = cacheFile();
    forgeCache(join(BIN, "..", "..", "dist", "cli.cjs"), file);
    const forged = readFileSync(file);
    // Without the digest check this run would exit 0 with nothing on stdout: a silent allow of `rm -rf ~`.
    expect(await run(deny)).toEqual(reference);
    expect(readFileSync(file).equals(forged), "rewritten").toBe(false);
    // A digest missing altogether (a cache copied in from elsewhere) is no better.
    forgeCache(join(BIN, "..", "..", "dist", "cli.cjs"), file);
    rmSync(digestFile(file));
    expect(await run(deny)).toEqual(reference);
    expect(readFileSync(digestFile(file), "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
  });

  it("no digest directory (no $HOME, no $XDG_STATE_HOME): no cache is read or written", async () => {
    const bare = scratchDir("gatehouse-code-cache-bare-");
    try {
      const r = await runGatehouse(["hook", "claude"], deny, { GATEHOUSE_CACHE_DIR: bare, XDG_STATE_HOME: "", HOME: "" });
      expect(r).toEqual(await run(deny, "off"));
      expect(readdirSync(bare)).toEqual([]);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it("an unwritable cache directory only costs the cache", async () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    expect(await run(deny, join(blocker, "sub"))).toEqual(await run(deny, "off"));
  });
});
