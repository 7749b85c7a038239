// docs/bundle.md is a reference whose every example is loaded here: if the
// page and the code disagree, this fails. Fenced blocks by info string:
//   json bundle               a whole bundle: loads with nothing skipped and no warning; valid per the JSON Schema
//   jsonl decisions           lines {command|event, verdict, rule, …} the bundle block above decides
//   json artifact / leaf      activates (a leaf inside a t1 rule); valid per the JSON Schema
//   json effect_class_entry   activates
//   json skip:<reason>        an artifact (or a list) skipped for exactly that reason
//   json warning:<code>       a bundle that loads with a warning of that code
// Relative `extends` resolve from docs/, as they would from the file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/bundle/canonical.js";
import { bundleJsonSchema } from "../../src/bundle/json-schema.js";
import { loadBundle } from "../../src/bundle/load.js";
import { SKIP_REASONS } from "../../src/bundle/skip.js";
import { EXACT_FIELD_NAMES, FIELD_FAMILIES, PREDICATES } from "../../src/evaluate/vocabulary.js";
import { WARNING_CODES } from "../../src/bundle/warning.js";
import { T2OpSchema } from "../../src/evaluate/tier2/schema.js";
import { fileBaseResolver } from "../../src/node/bundle-file.js";
import { loadEngine } from "../../src/node/index.js";

const root = join(import.meta.dirname, "../..");
const docPath = join(root, "docs/bundle.md");
const doc = readFileSync(docPath, "utf8");
const resolveBase = fileBaseResolver(join(root, "docs"));
const load = (bundle: unknown) => loadBundle(bundle, { resolveBase, key: docPath });
const validate = new Ajv2020({ strict: false }).compile(bundleJsonSchema());
const schemaErrors = (bundle: unknown) => (validate(bundle) ? null : JSON.stringify(validate.errors?.slice(0, 2)));

interface Block {
  info: string;
  text: string;
  line: number;
}
const blocks: Block[] = [...doc.matchAll(/^```(\S+)(?: (\S+))?\n([\s\S]*?)^```$/gm)].map((m) => ({
  info: `${m[1]} ${m[2] ?? ""}`.trim(),
  text: m[3]!,
  line: doc.slice(0, m.index).split("\n").length,
}));
const of = (info: string) => blocks.filter((b) => b.info === info);
const json = (b: Block) => JSON.parse(b.text);
const t1With = (when: unknown) => ({ kind: "t1_predicate_tree", artifact_id: "doc.leaf", body: { when, verdict: "deny", reason: "doc" } });
const alone = (artifacts: unknown[]) => ({ schema_version: "2.0", artifacts });

describe("docs/bundle.md", () => {
  it("has examples of every kind the test reads", () => {
    for (const info of ["json bundle", "jsonl decisions", "json artifact", "json leaf", "json effect_class_entry"]) expect(of(info).length, info).toBeGreaterThan(0);
  });

  it("the complete example is the shipped file bundles/examples/acme-platform.json", () => {
    const shipped = JSON.parse(readFileSync(join(root, "bundles/examples/acme-platform.json"), "utf8"));
    expect(canonicalJson(json(of("json bundle")[0]!))).toBe(canonicalJson(shipped));
  });

  for (const b of of("json bundle"))
    it(`bundle at line ${b.line} loads clean and fits the schema`, () => {
      const l = load(json(b));
      expect(l.skipped).toEqual([]);
      expect(l.warnings).toEqual([]);
      expect(schemaErrors(json(b))).toBeNull();
    });

  it("every decisions block holds for the bundle above it", async () => {
    const decisions = of("jsonl decisions");
    for (const d of decisions) {
      const bundleBlock = of("json bundle").filter((b) => b.line < d.line).at(-1)!;
      const engine = await loadEngine({ bundle: json(bundleBlock), resolveBase, bundleKey: docPath });
      for (const line of d.text.trim().split("\n")) {
        const c = JSON.parse(line);
        const event = c.event ?? {
          event_type: "pre_tool_use",
          session_id: "doc",
          tool_name: "Bash",
          tool_input: { command: c.command },
          env: { cwd: "/home/dev/project", home: "/home/dev" },
          ...(c.facts ? { facts: c.facts } : {}),
        };
        let state: unknown = null;
        let decision;
        for (let i = 0; i < (c.times ?? 1); i++) {
          const envelope = engine.evaluate(event, state, (c.now_ms ?? 1767225600000) + i);
          state = envelope.state;
          decision = envelope.decision;
        }
        const got: Record<string, unknown> = { verdict: decision!.verdict, rule: decision!.artifact_id };
        const want: Record<string, unknown> = { verdict: c.verdict, rule: c.rule };
        if ("would_have_verdict" in c) [got.would_have_verdict, want.would_have_verdict] = [decision!.would_have_verdict, c.would_have_verdict];
        expect(got, `docs/bundle.md:${d.line}: ${line}`).toEqual(want);
      }
    }
  });

  it("every artifact and leaf example activates and fits the schema", () => {
    for (const b of [...of("json artifact"), ...of("json leaf")]) {
      const artifact = b.info === "json leaf" ? t1With(json(b)) : json(b);
      const l = load(alone([artifact]));
      expect(l.skipped, `docs/bundle.md:${b.line}`).toEqual([]);
      expect(schemaErrors(alone([artifact])), `docs/bundle.md:${b.line}`).toBeNull();
    }
    for (const b of of("json effect_class_entry")) {
      const l = load({ ...alone([]), effect_classes: { entries: [json(b)] } });
      expect(l.skipped, `docs/bundle.md:${b.line}`).toEqual([]);
      expect(l.effectClasses).toHaveLength(1);
    }
  });

  it("shows every skip reason, each skipped for exactly that reason", () => {
    for (const reason of SKIP_REASONS) {
      const b = of(`json skip:${reason}`);
      expect(b, reason).toHaveLength(1);
      const value = json(b[0]!);
      const l = load(alone(Array.isArray(value) ? value : [value]));
      expect(l.skipped.map((s) => s.reason), `docs/bundle.md:${b[0]!.line}`).toEqual(Array.isArray(value) ? value.map(() => reason) : [reason]);
      expect(l.artifacts).toEqual([]);
      // The table quotes the detail (up to the elisions marked …).
      const row = doc.split("\n").find((r) => r.startsWith(`| \`${reason}\` |`))!;
      const quoted = /`(artifacts\[0\][^`]*)`\s*\|$/.exec(row)![1]!.replace(/\\\|/g, "|");
      const pattern = new RegExp(`^${quoted.split("…").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
      expect(l.skipped[0]!.detail, reason).toMatch(pattern);
    }
  });

  it("shows every warning code, each example warning with it", () => {
    for (const code of WARNING_CODES) {
      const b = of(`json warning:${code}`);
      expect(b, code).toHaveLength(1);
      expect(load(json(b[0]!)).warnings.map((w) => w.code), `docs/bundle.md:${b[0]!.line}`).toContain(code);
      expect(doc, code).toContain(`| \`${code}\` |`);
    }
  });

  it("the field and predicate tables cover the whole vocabulary, with an example leaf each", () => {
    const leaves = of("json leaf").map(json) as { field: string; pred: string }[];
    for (const f of EXACT_FIELD_NAMES) {
      expect(doc, f).toContain(`| \`${f}\` |`);
      expect(leaves.some((l) => l.field === f), `example leaf for ${f}`).toBe(true);
    }
    for (const family of FIELD_FAMILIES) expect(leaves.some((l) => l.field.startsWith(family.prefix)), family.prefix).toBe(true);
    const used = new Set([...doc.matchAll(/"pred": "([a-z_]+)"/g)].map((m) => m[1]));
    const predicateRows = doc.slice(doc.indexOf("## Predicates"), doc.indexOf("## Reason templates")).split("\n").filter((r) => r.startsWith("| `"));
    for (const p of PREDICATES) {
      expect(predicateRows.some((r) => r.split("|")[1]!.includes(`\`${p}\``)), `a table row for ${p}`).toBe(true);
      expect(used.has(p), `an example uses ${p}`).toBe(true);
    }
  });

  it("every Tier 2 op appears in an example", () => {
    const ops = T2OpSchema.options.map((o) => (o.shape.op as unknown as { value: string }).value);
    for (const op of ops) expect(doc, op).toContain(`"op": "${op}"`);
  });
});
