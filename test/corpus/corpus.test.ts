// Runs every conformance case in test/corpus/*.jsonl through the engine, with
// the WASM hot path and with its TypeScript twin.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusRunner, describeFailure } from "../../src/cli/corpus.js";

const dir = join(import.meta.dirname, ".");
const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort();

for (const implementation of ["wasm", "twin"] as const) {
  describe(`conformance corpus (${implementation})`, () => {
    const runner = corpusRunner(implementation);
    for (const file of files) {
      const lines = readFileSync(join(dir, file), "utf8").split("\n");
      lines.forEach((line, i) => {
        if (line.trim() === "") return;
        const name = (() => {
          try {
            return String(JSON.parse(line).name);
          } catch {
            return `line ${i + 1}`;
          }
        })();
        it(`${file}: ${name}`, async () => {
          const result = await runner.runLine(line, `${file}:${i + 1}`);
          expect(result.pass, describeFailure(result).join("\n")).toBe(true);
        });
      });
    }
  });
}

it("the corpus is not empty", () => {
  expect(files.length).toBeGreaterThan(0);
});
