// bin/gatehouse.js is CommonJS (bin/package.json) and exits as soon as what it
// wrote is flushed, opening neither stdout nor stderr when the run wrote
// nothing (docs/performance.md "Hook process start"). Output through a pipe
// must still arrive whole, on both streams, with the command's exit code.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { watchStdio } from "../../src/node/code-cache.js";
import { runGatehouse } from "../support/spawn-hook.js";
import { scratchDir } from "../support/scratch.js";

/** A process-like object whose two streams are lazy getters, as Node's are. */
function fakeProcess() {
  const built: string[] = [];
  const proc = {};
  for (const name of ["stdout", "stderr"]) Object.defineProperty(proc, name, { configurable: true, enumerable: true, get: () => (built.push(name), { name }) });
  return { proc: proc as unknown as NodeJS.Process, built };
}

describe("watchStdio", () => {
  it("reports only the streams the run opened, each built once", () => {
    const { proc, built } = fakeProcess();
    const stdio = watchStdio(proc);
    expect(stdio.opened()).toEqual([]);
    expect(built).toEqual([]);
    const err = proc.stderr;
    expect(proc.stderr).toBe(err);
    expect(stdio.opened()).toEqual([err]);
    expect(built).toEqual(["stderr"]);
  });

  it("a stream that is not a configurable getter is flushed as before", () => {
    const stream = { name: "plain" };
    const proc = { stdout: stream, stderr: stream } as unknown as NodeJS.Process;
    expect(watchStdio(proc).opened()).toEqual([stream, stream]);
  });
});

describe("the launcher", () => {
  it("is CommonJS, by its own package.json", () => {
    expect(JSON.parse(readFileSync(new URL("../../bin/package.json", import.meta.url), "utf8"))).toEqual({ type: "commonjs" });
  });

  it("large stdout through a pipe arrives whole (bundle schema), and exit codes pass through", async () => {
    const schema = await runGatehouse(["bundle", "schema"], "");
    expect(schema.code).toBe(0);
    expect(schema.stdout.length).toBeGreaterThan(20_000);
    expect(() => JSON.parse(schema.stdout)).not.toThrow();
    const usage = await runGatehouse(["no-such-command"], "");
    expect(usage.code).toBe(64);
    expect(usage.stdout).toBe("");
    expect(usage.stderr).toMatch(/^gatehouse: unknown command "no-such-command"\n/);
  });
});

describe("the code cache a hook run leaves", () => {
  it("a run answered without the engine (SessionStart) writes none; a gated call writes it, and SessionStart then reads it", async () => {
    const { mkdtempSync, readdirSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = scratchDir("gatehouse-cache-hint-");
    const env = { GATEHOUSE_CACHE_DIR: dir };
    const sessionStart = JSON.stringify({ session_id: "s", hook_event_name: "SessionStart", source: "startup" });
    const ls = JSON.stringify({ session_id: "s", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, cwd: "/tmp" });
    expect(await runGatehouse(["hook", "claude"], sessionStart, env)).toEqual({ stdout: "", stderr: "", code: 0 });
    expect(readdirSync(dir)).toEqual([]);
    expect(await runGatehouse(["hook", "claude"], ls, env)).toEqual({ stdout: "", stderr: "", code: 0 });
    const written = readdirSync(dir);
    expect(written).toHaveLength(1);
    expect(await runGatehouse(["hook", "claude"], sessionStart, env)).toEqual({ stdout: "", stderr: "", code: 0 });
    expect(readdirSync(dir)).toEqual(written);
  });
});
