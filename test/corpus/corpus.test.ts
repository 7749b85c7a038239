// The conformance corpus (docs/corpus.md). Each spec in test/corpus/specs/ is
// checked for exactly what it states — its verdict, rule, unknown shapes,
// effects, state or skipped list — and nothing else. The whole envelope is
// recorded in test/corpus/<file>.jsonl as a fixture: here the TypeScript twin
// must produce it byte for byte from the same inputs as the WASM hot path, and
// one test per file says when the fixture is stale (`corpus-build --check`,
// run as part of npm test through the same builder).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCaseLine, caseInputs, engineCache } from "./build-case.js";
import { SPEC_FILES } from "./specs/index.js";

const wasm = engineCache("wasm");
const twin = engineCache("twin");
const REBUILD = "bash scripts/run-ts.sh scripts/corpus-build.ts";

for (const [file, specs] of Object.entries(SPEC_FILES)) {
  describe(`corpus ${file}`, () => {
    const built = new Map<string, string>();
    for (const spec of specs) {
      it(spec.name, async () => {
        const line = await buildCaseLine(spec, wasm);
        built.set(spec.name, line);
        if (spec.expect_error !== undefined) return;
        const { state_in, now_ms } = caseInputs(spec);
        const envelope = (await twin(spec.bundle)).evaluate(spec.event, state_in, now_ms);
        const recorded = JSON.parse(line).expected;
        expect(JSON.stringify({ decision: envelope.decision, state_out: envelope.state }), "the twin's envelope").toBe(
          JSON.stringify({ decision: recorded.decision, state_out: recorded.state_out }),
        );
      });
    }
    it(`${file}.jsonl is what the specs produce`, () => {
      const committed = readFileSync(join(import.meta.dirname, `${file}.jsonl`), "utf8").split("\n").filter((l) => l !== "");
      const byName = new Map(committed.map((l) => [String(JSON.parse(l).name), l]));
      const stale = specs.filter((s) => built.has(s.name) && byName.get(s.name) !== built.get(s.name)).map((s) => s.name);
      const extra = [...byName.keys()].filter((n) => !specs.some((s) => s.name === n));
      expect({ stale: stale.slice(0, 5), staleCount: stale.length, extra, order: committed.length === specs.length }, `run ${REBUILD}`).toEqual({ stale: [], staleCount: 0, extra: [], order: true });
      if (built.size === specs.length) expect(committed.join("\n"), `run ${REBUILD}`).toBe(specs.map((s) => built.get(s.name)).join("\n"));
    });
  });
}

it("the corpus is not empty, and every spec states what it is about", () => {
  const specs = Object.values(SPEC_FILES).flat();
  expect(specs.length).toBeGreaterThan(1000);
  const silent = specs.filter((s) => Object.keys(s.expect ?? {}).length === 0 && s.expect_error === undefined && s.expect_state === undefined && s.expect_skipped === undefined);
  expect(silent.map((s) => s.name)).toEqual([]);
});
