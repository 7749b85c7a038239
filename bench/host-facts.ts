// The in-process cost of gathering host facts (src/node/host-facts.ts,
// docs/host-facts.md): µs per call for gather + evaluate against evaluate
// alone, for a call with nothing to read, `bash build.sh`, `npm run test`, and
// at the 1,024-operand / 64-link bound. Run: scripts/run-ts.sh bench/host-facts.ts
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEngine } from "../src/node/load-engine.js";
import { gatherHostFacts } from "../src/node/host-facts.js";

const dir = mkdtempSync(join(tmpdir(), "gatehouse-hf-bench-"));
writeFileSync(join(dir, "build.sh"), "#!/bin/sh\nset -e\nmkdir -p dist\ncp src/*.js dist/\necho built\n");
writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", scripts: { pretest: "tsc --noEmit", test: "vitest run", posttest: "echo done" } }));
mkdirSync(join(dir, "l"));
for (let i = 0; i < 64; i++) symlinkSync("/tmp", join(dir, "l", `k${i}`));
const many = [...Array.from({ length: 64 }, (_, i) => `l/k${i}/x`), ...Array.from({ length: 1024 - 64 }, (_, i) => `f${i}`)];
const engine = await loadEngine({});
const env = { home: "/home/u", cwd: dir, path_dirs: [], additional_dirs: [] };
const ev = (command: string) => ({ event_type: "pre_tool_use", tool_name: "Bash", tool_input: { command }, env });
const cases: Array<[string, string]> = [
  ["nothing to read (git status)", "git status"],
  ["bash build.sh", "bash build.sh"],
  ["npm run test", "npm run test"],
  ["1,024 operands / 64 links (rm -f …)", `rm -f ${many.join(" ")}`],
];
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, command] of cases) {
  const n = command.length > 1000 ? 30 : 300;
  const plain: number[] = [];
  const gathered: number[] = [];
  for (let i = 0; i < n + 20; i++) {
    let t = performance.now();
    engine.evaluate(ev(command), null, 0);
    const a = performance.now() - t;
    t = performance.now();
    const e = gatherHostFacts(engine, ev(command));
    engine.evaluate(e, null, 0);
    const b = performance.now() - t;
    if (i >= 20) (plain.push(a * 1000), gathered.push(b * 1000));
  }
  const p = median(plain);
  const g = median(gathered);
  console.log(`${name.padEnd(40)} evaluate ${p.toFixed(0).padStart(7)} µs   gather+evaluate ${g.toFixed(0).padStart(7)} µs   (+${(g - p).toFixed(0)} µs)`);
}
