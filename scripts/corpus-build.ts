// Build test/corpus/*.jsonl from test/corpus/specs/*.ts (see test/corpus/spec.ts).
// Usage: scripts/run-ts.sh scripts/corpus-build.ts [--check]
//   --check  rebuild in memory and fail if any committed .jsonl differs.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../src/node/package-root.js";
import { buildCaseLine, engineCache } from "../test/corpus/build-case.js";
import { SPEC_FILES } from "../test/corpus/specs/index.js";

const root = packageRoot();
const engineFor = engineCache("wasm");
const build = (spec: Parameters<typeof buildCaseLine>[0]) => buildCaseLine(spec, engineFor);

const check = process.argv.includes("--check");
let failures = 0;
let total = 0;
for (const [file, specs] of Object.entries(SPEC_FILES)) {
  const names = new Set<string>();
  const lines: string[] = [];
  for (const spec of specs) {
    if (names.has(spec.name)) throw new Error(`${file}: duplicate case name ${spec.name}`);
    names.add(spec.name);
    try {
      lines.push(await build(spec));
    } catch (error) {
      failures++;
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  total += specs.length;
  const path = join(root, "test/corpus", `${file}.jsonl`);
  const text = lines.join("\n") + "\n";
  if (check) {
    let old = "";
    try {
      old = readFileSync(path, "utf8");
    } catch {}
    if (old !== text) {
      failures++;
      process.stderr.write(`${path} is out of date: run scripts/run-ts.sh scripts/corpus-build.ts\n`);
    }
  } else if (failures === 0) writeFileSync(path, text);
}
const stale = readdirSync(join(root, "test/corpus")).filter((f) => f.endsWith(".jsonl") && !(f.replace(/\.jsonl$/, "") in SPEC_FILES));
if (stale.length > 0) process.stderr.write(`note: .jsonl without a spec file: ${stale.join(", ")}\n`);
process.stderr.write(`${total} case specs, ${failures} failure(s)\n`);
process.exit(failures > 0 ? 1 : 0);
