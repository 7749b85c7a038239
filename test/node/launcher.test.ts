// bin/gatehouse.js is CommonJS (bin/package.json) and exits as soon as what it
// wrote is flushed, opening neither stdout nor stderr when the run wrote
// nothing (docs/performance.md "Hook process start"). Output through a pipe
// must still arrive whole, on both streams, with the command's exit code.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { watchStdio } from "../../src/node/code-cache.js";
import { runGatehouse } from "../support/spawn-hook.js";

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
