// A bundle nested thousands of levels deep is refused as a whole, with the
// path where it went too deep — never a stack overflow in the loader's
// recursive walks (zod, the tree compiler, the digest), at any front door.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLE_DEPTH_CAP, tooDeepAt } from "../../src/bundle/depth.js";
import { BundleLoadError, loadBundle } from "../../src/bundle/load.js";
import { main } from "../../src/cli/main.js";
import { fileBaseResolver } from "../../src/node/bundle-file.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

/** A bundle whose one rule nests `n` `all` groups (two JSON levels each) around a leaf, as JSON text. */
const nestedRule = (n: number) =>
  `{"schema_version":"2.0","bundle_id":"deep","artifacts":[{"kind":"t1_predicate_tree","artifact_id":"deep","body":{"when":${'{"all":['.repeat(n)}{"field":"command.program","pred":"eq","value":"rm"}${"]}".repeat(n)},"verdict":"deny","reason":"deep: no rm"}}]}`;

describe("bundle nesting depth", () => {
  it("measures depth without recursion and names where it went too deep", () => {
    expect(tooDeepAt({ a: [{ b: 1 }] }, 3)).toBeNull();
    expect(tooDeepAt({ a: [{ b: {} }] }, 3)).toEqual(["a", 0, "b"]);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(tooDeepAt(deep)).toHaveLength(BUNDLE_DEPTH_CAP);
  });

  it("a rule nested 20,000 levels deep is a BundleLoadError naming the path, from text and from an object", () => {
    const text = nestedRule(20_000);
    expect(() => loadBundle(text)).toThrow(BundleLoadError);
    expect(() => loadBundle(text)).toThrow(`bundle is nested more than ${BUNDLE_DEPTH_CAP} levels deep at artifacts[0].body.when.all[0]…`);
    expect(() => loadBundle(JSON.parse(text))).toThrow(BundleLoadError);
  });

  it("a deep bundle it extends is refused naming that bundle; one inside the cap loads and decides", () => {
    const dir = scratchDir("gatehouse-depth-");
    writeFileSync(join(dir, "deep.json"), nestedRule(5_000));
    expect(() => loadBundle({ schema_version: "2.0", bundle_id: "team", extends: ["deep.json"] }, { resolveBase: fileBaseResolver(dir) })).toThrow(/deep\.json.*nested more than 256 levels deep/);
    const fits = loadBundle(nestedRule(120));
    expect(fits.skipped).toEqual([]);
    expect(fits.artifacts.map((a) => a.artifact_id)).toEqual(["deep"]);
  });

  it("through the CLI: one line, exit 1 (never an internal error)", async () => {
    const dir = scratchDir("gatehouse-depth-cli-");
    const file = join(dir, "deep.json");
    writeFileSync(file, nestedRule(20_000));
    for (const argv of [["check", "--bundle", file, "--", "rm", "-rf", "x"], ["bundle", "lint", file], ["bundle", "resolve", file]]) {
      const { io, err } = memoryIo();
      expect(await main(argv, io), argv.join(" ")).toBe(1);
      expect(err).toEqual([expect.stringMatching(/deep\.json: bundle is nested more than 256 levels deep at artifacts\[0\]\.body\.when\.all\[0\]…$/)]);
    }
  });
});
