// The JSON Schema (`gatehouse bundle schema`) is generated from the loader's
// zod schemas; a real validator (ajv, draft 2020-12) holds it to the loader:
// the bundles that load clean validate, and the mistakes the loader skips fail.
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { bundleJsonSchema } from "../../src/bundle/json-schema.js";
import { loadBundle } from "../../src/bundle/load.js";
import { EXACT_FIELD_NAMES, PREDICATES } from "../../src/evaluate/vocabulary.js";
import { defaultBundlePath } from "../../src/node/bundle-file.js";
import { generateBundle } from "../../bench/gen-bundle.mjs";
import { ONE_OF_EACH } from "../support/bundles.js";
import { bundleOf, leaf, t1 } from "../support/engine.js";

const schema = bundleJsonSchema();
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
const valid = (bundle: unknown) => validate(bundle) as boolean;

describe("bundle JSON Schema", () => {
  it("is draft 2020-12 with an id, and lists the closed vocabularies", () => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.$id).toMatch(/^https:\/\//);
    const text = JSON.stringify(schema);
    for (const f of EXACT_FIELD_NAMES) expect(text).toContain(`"${f}"`);
    for (const p of PREDICATES) expect(text).toContain(`"${p}"`);
  });

  it("accepts the default bundle, the team example and the generated 2,000-atom bundle", () => {
    for (const bundle of [JSON.parse(readFileSync(defaultBundlePath(), "utf8")), JSON.parse(readFileSync("bundles/examples/team.json", "utf8")), generateBundle({ atoms: 2000 })])
      expect(valid(bundle), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });

  it("rejects what the loader skips: every artifact of ONE_OF_EACH but the good one", () => {
    const artifacts = (ONE_OF_EACH as { artifacts: unknown[] }).artifacts;
    expect(valid(bundleOf([artifacts[0]]))).toBe(true);
    const loaded = loadBundle(ONE_OF_EACH);
    const skippedIds = new Set(loaded.skipped.filter((s) => s.kind !== "effect_class_entry").map((s) => s.id));
    artifacts.forEach((a, i) => {
      const id = (a as { artifact_id: string }).artifact_id;
      // Repeats, layer conflicts, patterns, floors and leaf values (typed per predicate) are the loader's; shapes and vocabularies are the schema's too.
      if (!skippedIds.has(id) || ["good", "layer-a", "layer-b", "pattern", "floor", "float"].includes(id)) return;
      expect(valid(bundleOf([a])), `artifact ${i} (${id})`).toBe(false);
    });
    expect(valid(bundleOf([t1("x", leaf("tool.name", "eq", "Bash"), "block")]))).toBe(false);
    expect(valid({ ...bundleOf([]), colour: "blue" })).toBe(false);
    expect(valid({ ...bundleOf([]), overrides: { "fs.wipe": { verdict: "block" } } })).toBe(false);
  });
});
