// A hook process loads only what a hook call runs (docs/performance.md "Hook
// process start"): `main` imports each command's code when that command runs,
// and the hook command's static import graph leaves out every other command,
// the ledger (imported only with --ledger) and zod's locales. Checked on the
// module graph esbuild sees, so a new static import that drags one of them
// back in fails here, not in a benchmark.
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;

/** Every input file reached from `entry` through static imports only. */
async function staticGraph(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    outdir: "/virtual-out",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = (result.metafile as Metafile).outputs;
  const start = Object.keys(outputs).find((o) => outputs[o]!.entryPoint === entry)!;
  const seen = new Set<string>();
  const inputs = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const i of Object.keys(outputs[out]!.inputs)) inputs.add(i);
    for (const imp of outputs[out]!.imports) if (imp.kind === "import-statement" && imp.external !== true) visit(imp.path);
  };
  visit(start);
  return [...inputs];
}

describe("commands load lazily", () => {
  it("main's own static graph holds no engine, classifier, adapter code or zod", async () => {
    const graph = await staticGraph("src/cli/main.ts");
    expect(graph.length).toBeGreaterThan(3);
    for (const path of graph) expect(path).not.toMatch(/^src\/(engine|classify|evaluate|bundle|ledger|install\/(?!agents)|web|node)|src\/cli\/(hook|doctor|explain|install|ledger|replay|check|eval)\.ts|node_modules\/zod/);
  });

  it("the hook command's static graph leaves out the engine, the other commands, the ledger and zod's locales", async () => {
    const graph = await staticGraph("src/cli/hook.ts");
    // The engine is imported when an event is gated (a SessionStart answers without its ~15 ms of module initialisation).
    expect(graph.filter((p) => /^src\/(engine\.ts|classify\/|evaluate\/|hotpath\/|bundle\/(load|schema|artifact|precompiled)\.ts)/.test(p))).toEqual([]);
    expect(await staticGraph("src/cli/engine-options.ts")).toContain("src/engine.ts");
    const forbidden = graph.filter((p) => /^src\/(install|ledger|web|daemon|guard)\/|^src\/cli\/(doctor|explain|install|ledger|replay|check|eval|corpus|demo|serve|page)\.ts$|node_modules\/zod\/v4\/locales\/(?!en\.js)/.test(p));
    expect(forbidden).toEqual([]);
  });
});
