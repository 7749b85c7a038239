// Runs conformance cases against engines the caller loads (the caller does the
// I/O: reading bundle files, loading the grammar). Engines are cached per bundle.
import { canonicalJson } from "../bundle/canonical.js";
import type { Engine } from "../engine.js";
import { jsonEqual } from "../evaluate/predicates.js";
import { CorpusCaseSchema, type CorpusCase } from "./case.js";
import { compareDecision, skipIdentity, type Difference } from "./compare.js";

export interface CorpusHost {
  /** A bundle named by path (relative to the repository root). */
  readBundle(ref: string): unknown;
  loadEngine(bundle: unknown): Promise<Engine>;
}

export interface CaseResult {
  name: string;
  /** `file:line` where the case came from, when known. */
  where: string;
  pass: boolean;
  differences: Difference[];
}

export class CorpusRunner {
  private readonly engines = new Map<string, Promise<Engine>>();
  constructor(private readonly host: CorpusHost) {}

  private engineFor(bundle: unknown): Promise<Engine> {
    const key = canonicalJson(bundle);
    let engine = this.engines.get(key);
    if (engine === undefined) {
      engine = this.host.loadEngine(bundle);
      this.engines.set(key, engine);
    }
    return engine;
  }

  /** Parse and run one JSONL line. A malformed line is a failing case, never a crash. */
  async runLine(line: string, where: string): Promise<CaseResult> {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      return { name: "(unparsable line)", where, pass: false, differences: [{ path: "line", expected: "JSON", actual: String(error) }] };
    }
    const parsed = CorpusCaseSchema.safeParse(value);
    if (!parsed.success) {
      const name = typeof (value as { name?: unknown })?.name === "string" ? (value as { name: string }).name : "(malformed case)";
      return { name, where, pass: false, differences: [{ path: "case", expected: "a corpus case", actual: parsed.error.issues[0]?.message }] };
    }
    return this.runCase(parsed.data, where);
  }

  async runCase(c: CorpusCase, where: string): Promise<CaseResult> {
    const result = (differences: Difference[]): CaseResult => ({ name: c.name, where, pass: differences.length === 0, differences });
    let engine: Engine;
    try {
      const bundle = typeof c.bundle === "string" ? this.host.readBundle(c.bundle) : c.bundle;
      engine = await this.engineFor(bundle);
    } catch (error) {
      const name = error instanceof Error ? error.name : "Error";
      if ("error" in c.expected && c.expected.error === name) return result([]);
      return result([{ path: "bundle", expected: "a loadable bundle", actual: String(error) }]);
    }
    let envelope;
    try {
      envelope = engine.evaluate(c.event, c.state_in, c.now_ms);
    } catch (error) {
      const name = error instanceof Error ? error.name : "Error";
      if ("error" in c.expected && c.expected.error === name) return result([]);
      return result([{ path: "evaluate", expected: "error" in c.expected ? c.expected.error : "an envelope", actual: String(error) }]);
    }
    if ("error" in c.expected) return result([{ path: "evaluate", expected: c.expected.error, actual: "an envelope" }]);
    const differences = compareDecision(c.expected.decision, envelope.decision);
    if (!jsonEqual(c.expected.state_out, envelope.state)) differences.push({ path: "state_out", expected: c.expected.state_out, actual: envelope.state });
    if (c.expected.skipped !== undefined && !jsonEqual(skipIdentity(c.expected.skipped), skipIdentity(engine.skipped)))
      differences.push({ path: "skipped", expected: skipIdentity(c.expected.skipped), actual: skipIdentity(engine.skipped) });
    return result(differences);
  }
}
