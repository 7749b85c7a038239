// Seed 004's guard evaluation as behaviour: inside the touch set allows;
// outside, negated, `..`-escaping, symlink-escaping, path-less and
// broken-glob writes block with a reason. The symlink cases run on a real
// temporary directory with real symlinks.
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { judgeWrite, type GuardVerdict } from "../../src/guard/judge.js";
import { resolveExistingPrefix } from "../../src/guard/resolve-path.js";
import { TOUCH_SET_GATE, type GuardSpec } from "../../src/guard/spec.js";
import { scratchDir } from "../support/scratch.js";

const specAt = (cwd: string, touchSet: string[]): GuardSpec => ({
  version: 1,
  gate: TOUCH_SET_GATE,
  sessionCwd: cwd,
  touchSet,
  recordFile: join(cwd, "records.jsonl"),
});
const judge = (spec: GuardSpec, tool: string, path: string | undefined, protectedPaths: string[] = []) =>
  judgeWrite(spec, tool, path, { resolve: resolveExistingPrefix, protectedPaths });
const blockedOf = (v: GuardVerdict) => {
  if (v.allow) throw new Error(`expected a block, got allow of ${v.subject}`);
  return v;
};

// A checkout that does not exist: resolution stays lexical (seed 004's fixture).
const CWD = "/nonexistent-gatehouse/repo/wt";

describe("guard: judged against the touch set", () => {
  const spec = specAt(CWD, ["src/**", "!src/generated/**"]);

  it("allows in-contract absolute and relative paths, after normalising ..", () => {
    expect(judge(spec, "Write", `${CWD}/src/lib.rs`)).toEqual({ allow: true, subject: "src/lib.rs" });
    expect(judge(spec, "Edit", "src/lib.rs")).toEqual({ allow: true, subject: "src/lib.rs" });
    expect(judge(spec, "Write", `${CWD}/docs/../src/lib.rs`)).toEqual({ allow: true, subject: "src/lib.rs" });
    expect(judge(spec, "MultiEdit", "./src/a/b.ts")).toEqual({ allow: true, subject: "src/a/b.ts" });
  });

  it("blocks an out-of-contract write, naming the checkout-relative subject and the touch set", () => {
    const v = blockedOf(judge(spec, "Write", `${CWD}/docs/oops.md`));
    expect(v.subject).toBe("docs/oops.md");
    expect(v.reason).toContain("touch-set");
    expect(v.reason).toContain("src/**, !src/generated/**");
    expect(v.reason).toContain("blocked Write");
  });

  it("blocks the !-negated subtree even under src/**", () => {
    expect(blockedOf(judge(spec, "Edit", "src/generated/x.rs")).subject).toBe("src/generated/x.rs");
  });
});

describe("guard: fails closed on what it cannot judge", () => {
  const spec = specAt(CWD, ["src/**"]);

  it("a path outside the checkout", () => {
    const v = blockedOf(judge(spec, "Write", "/outside/checkout.md"));
    expect(v.subject).toBe("/outside/checkout.md");
    expect(v.reason).toContain("outside the checkout");
  });

  it("a relative path whose .. climbs out, and a sibling directory sharing the prefix", () => {
    expect(blockedOf(judge(spec, "Write", "../../etc/passwd")).reason).toContain("outside the checkout");
    expect(blockedOf(judge(spec, "Write", `${CWD}-other/src/a.ts`)).reason).toContain("outside the checkout");
    expect(blockedOf(judge(spec, "Write", CWD)).reason).toContain("outside the checkout");
  });

  it("no path, an empty path, a NUL byte, a path longer than PATH_MAX", () => {
    expect(blockedOf(judge(spec, "NotebookEdit", undefined)).subject).toBe("(unresolved)");
    expect(blockedOf(judge(spec, "Write", "   ")).subject).toBe("(unresolved)");
    expect(blockedOf(judge(spec, "Write", "src/a\0.ts")).reason).toContain("NUL");
    expect(blockedOf(judge(spec, "Write", `src/${"a/".repeat(3000)}x.ts`)).reason).toContain("longer than");
  });

  it("a broken touch-set glob blocks loudly instead of waving writes through", () => {
    const v = blockedOf(judge(specAt(CWD, ["["]), "Write", "src/lib.rs"));
    expect(v.reason).toContain("cannot be judged");
    expect(v.reason).toContain('"["');
  });

  it("git's own metadata and the guard's own files, whatever the touch set", () => {
    const all = specAt(CWD, ["**"]);
    expect(blockedOf(judge(all, "Write", ".git/hooks/pre-commit")).reason).toContain("git's own metadata");
    expect(blockedOf(judge(all, "Write", "vendor/lib/.git/config")).reason).toContain("git's own metadata");
    expect(blockedOf(judge(all, "Write", "gatehouse/spec.json", [`${CWD}/gatehouse/spec.json`])).reason).toContain("guard's own files");
    expect(judge(all, "Write", ".github/workflows/ci.yml").allow).toBe(true);
  });

  it("an empty touch set covers nothing", () => {
    expect(judge(specAt(CWD, []), "Write", "src/a.ts").allow).toBe(false);
  });
});

describe("guard: path aliases and symlink escapes on a real directory", () => {
  const root = realpathSync(scratchDir("gatehouse-guard-links-"));
  const checkout = join(root, "checkout");
  const outside = join(root, "outside");
  mkdirSync(join(checkout, "src"), { recursive: true });
  mkdirSync(outside);
  const alias = join(root, "checkout-alias");
  symlinkSync(checkout, alias);
  symlinkSync(outside, join(checkout, "escape"));
  symlinkSync(join(outside, "not-yet.ts"), join(checkout, "src", "dangling.ts"));
  symlinkSync(join(checkout, "src"), join(checkout, "src-link"));
  writeFileSync(join(outside, "secret.txt"), "x");
  symlinkSync(join(outside, "secret.txt"), join(checkout, "src", "file-link.txt"));

  const spec = specAt(alias, ["src/**"]);

  it("the canonical and the alias spelling of an aliased checkout both allow", () => {
    expect(judge(spec, "Write", join(checkout, "src/new.ts"))).toEqual({ allow: true, subject: "src/new.ts" });
    expect(judge(spec, "Write", join(alias, "src/new.ts"))).toEqual({ allow: true, subject: "src/new.ts" });
    expect(judge(specAt(checkout, ["src/**"]), "Write", join(alias, "src/deep/new.ts"))).toEqual({ allow: true, subject: "src/deep/new.ts" });
  });

  it("a symlinked directory that escapes the checkout blocks", () => {
    expect(blockedOf(judge(spec, "Write", "escape/outside.ts")).reason).toContain("outside the checkout");
    expect(blockedOf(judge(specAt(checkout, ["**"]), "Write", join(checkout, "escape", "deep", "x.ts"))).reason).toContain("outside the checkout");
  });

  it("a symlinked file, and a dangling symlink whose target is outside, block", () => {
    expect(blockedOf(judge(spec, "Write", "src/file-link.txt")).reason).toContain("outside the checkout");
    expect(blockedOf(judge(spec, "Write", "src/dangling.ts")).reason).toContain("outside the checkout");
  });

  it("a symlink that stays inside is judged where it lands", () => {
    expect(judge(spec, "Write", "src-link/a.ts")).toEqual({ allow: true, subject: "src/a.ts" });
    expect(blockedOf(judge(specAt(checkout, ["src-link/**"]), "Write", "src-link/a.ts")).subject).toBe("src/a.ts");
  });

  it("a symlink loop resolves without hanging, and the write is still judged inside", () => {
    symlinkSync(join(checkout, "loop-b"), join(checkout, "loop-a"));
    symlinkSync(join(checkout, "loop-a"), join(checkout, "loop-b"));
    expect(judge(specAt(checkout, ["src/**"]), "Write", "loop-a/x.ts").allow).toBe(false);
  });
});
