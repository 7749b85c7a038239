// The package as users install it (issue 18 item 3): `npm pack` of the built checkout, installed with
// `npm i -g --prefix DIR` (no build step, no devDependencies), then the command and the library from
// outside the checkout. The tarball carries no source maps and no src/ (the declarations are in
// dist/types), and stays under a size bound.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packAndInstall, removePacked, type PackedGatehouse } from "../e2e/harness/gatehouse.js";

/** The packed tarball's bound: 5 MB (4.3 MB measured; it was 11.6 MB with the source maps and src/). */
const MAX_TARBALL_BYTES = 5_000_000;

let packed: PackedGatehouse;
beforeAll(() => {
  packed = packAndInstall();
});
afterAll(() => packed && removePacked(packed));

const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)).map((f) => `${e.name}/${f}`) : [e.name]));

describe("the packed package", () => {
  it("is gatehouse-guard, under the size bound, with no source maps, no src/ and the declarations in dist/types", () => {
    expect(packed.name).toBe("gatehouse-guard");
    expect(packed.tarballBytes).toBeLessThan(MAX_TARBALL_BYTES);
    const installed = files(packed.packageDir).filter((f) => !f.startsWith("node_modules/"));
    expect(installed.filter((f) => f.endsWith(".map"))).toEqual([]);
    expect(installed.filter((f) => f.startsWith("src/") || f.startsWith("assembly/"))).toEqual([]);
    for (const d of ["index.d.ts", "opencode-plugin.d.ts", "kilo-plugin.d.ts", "pi-extension.d.ts", "acp-gate.d.ts"]) expect(existsSync(join(packed.packageDir, "dist/types/node", d)), d).toBe(true);
  });

  it("installed globally: `gatehouse --version`, and `gatehouse eval` denies rm -rf ~ from another directory", () => {
    const elsewhere = join(packed.dir, "elsewhere");
    mkdirSync(elsewhere, { recursive: true });
    expect(execFileSync(packed.bin, ["--version"], { cwd: elsewhere, encoding: "utf8" }).trim()).toBe(`gatehouse ${packed.version}`);
    const events = join(elsewhere, "events.jsonl");
    writeFileSync(events, `${JSON.stringify({ event_type: "pre_tool_use", session_id: "s1", tool_name: "Bash", tool_input: { command: "rm -rf ~" }, env: { cwd: elsewhere, home: "/home/me" } })}\n`);
    const out = JSON.parse(execFileSync(packed.bin, ["eval", events], { cwd: elsewhere, encoding: "utf8" }));
    expect(out.decision).toMatchObject({ verdict: "deny", artifact_id: "fs.wipe" });
  });

  it("the library from a project outside the checkout: gatehouse-guard, gatehouse-guard/acp, gatehouse-guard/opencode, gatehouse-guard/kilo, gatehouse-guard/pi", () => {
    const project = join(packed.dir, "project");
    mkdirSync(join(project, "node_modules"), { recursive: true });
    symlinkSync(packed.packageDir, join(project, "node_modules/gatehouse-guard"));
    const script = [
      `import { loadEngine } from "gatehouse-guard";`,
      `import { createAcpGate } from "gatehouse-guard/acp";`,
      `import { GatehousePlugin } from "gatehouse-guard/opencode";`,
      `import { GatehouseKiloPlugin } from "gatehouse-guard/kilo";`,
      `import GatehousePiExtension from "gatehouse-guard/pi";`,
      `const engine = await loadEngine();`,
      `const r = engine.evaluate({ event_type: "pre_tool_use", session_id: "s1", tool_name: "Bash", tool_input: { command: "git push --force origin main" }, env: { cwd: "/repo", home: "/home/me" }, host: { git: { branch: "main" } } }, null, 0);`,
      `console.log(JSON.stringify({ verdict: r.decision.verdict, rule: r.decision.artifact_id, acp: typeof createAcpGate, opencode: typeof GatehousePlugin, kilo: typeof GatehouseKiloPlugin, pi: typeof GatehousePiExtension }));`,
    ].join("\n");
    const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: project, encoding: "utf8" }));
    expect(out).toEqual({ verdict: "deny", rule: "git.force_push_protected", acp: "function", opencode: "function", kilo: "function", pi: "function" });
  });
});
