import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadBundle } from "../../src/bundle/load.js";

const path = new URL("../../bundles/default.json", import.meta.url);

describe("the embedded default bundle", () => {
  it("is generated from bundles/default.source.mjs and up to date", () => {
    const r = spawnSync(process.execPath, [new URL("../../bundles/default.source.mjs", import.meta.url).pathname, "--check"], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("loads with nothing skipped and no warnings", () => {
    const loaded = loadBundle(readFileSync(path, "utf8"));
    expect(loaded.skipped).toEqual([]);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.on_unknown).toBe("ask");
  });

  it("every rule has a stable dotted id, a severity, and a reason naming itself and quoting its target", () => {
    const bundle = JSON.parse(readFileSync(path, "utf8"));
    const ids = new Set<string>();
    for (const a of bundle.artifacts) {
      expect(a.artifact_id).toMatch(/^[a-z]+\.[a-z_]+$/);
      expect(ids.has(a.artifact_id)).toBe(false);
      ids.add(a.artifact_id);
      expect(["critical", "high", "medium", "low"]).toContain(a.severity);
      expect(a.body.reason.startsWith(`${a.artifact_id}:`)).toBe(true);
      expect(a.body.reason).toMatch(/\{\{(command|target|program)\}\}/);
    }
    for (const seed003 of ["fs.wipe", "git.force_push_protected", "git.reset_hard", "infra.destroy", "secret.exfiltrate", "net.pipe_to_interpreter"]) {
      expect(bundle.artifacts.find((a: { artifact_id: string }) => a.artifact_id === seed003)?.body.verdict).toBe("deny");
    }
  });
});
