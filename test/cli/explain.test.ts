// explain's trace comes from the evaluation that decides: on every corpus case
// the traced envelope equals evaluate's, the trace's decider is the
// decision's, and the trace fits its schema. Then what the trace says about
// candidates, leaves, exceptions, Tier 2 and stages; then the CLI.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/bundle/canonical.js";
import { main } from "../../src/cli/main.js";
import { Engine } from "../../src/engine.js";
import { TraceSchema, type Trace } from "../../src/model/trace.js";
import { readBundleFile } from "../../src/node/bundle-file.js";
import { packageRoot } from "../../src/node/package-root.js";
import { formatTrace } from "../../src/render/trace.js";
import { bundleOf, grammarBytes } from "../support/engine.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const clock = () => performance.now();
const engines = new Map<string, Promise<Engine>>();
const engineFor = (bundle: unknown) => {
  const key = canonicalJson(bundle);
  if (!engines.has(key)) engines.set(key, Engine.load({ bundle, grammar: grammarBytes() }));
  return engines.get(key)!;
};
const defaultEngine = () => engineFor(readBundleFile(join(packageRoot(), "bundles", "default.json")));

const bash = (command: string, extra: Record<string, unknown> = {}) => ({
  event_type: "pre_tool_use",
  session_id: "s",
  tool_use_id: "t",
  tool_name: "Bash",
  tool_input: { command },
  env: { cwd: "/home/dev/project", home: "/home/dev", path_dirs: [], additional_dirs: [] },
  ...extra,
});

/** The trace names the same decider as the decision. */
function expectSameDecider(trace: Trace): void {
  const d = trace.decision;
  if (d.undecided) expect(trace.join.decider).toBeNull();
  else {
    expect(trace.join.decider).not.toBeNull();
    expect(trace.join.decider!.verdict).toBe(d.verdict);
    expect(trace.join.decider!.artifact_id).toBe(d.artifact_id);
    expect(trace.join.decider!.atom_id).toBe(d.atom_id);
    expect(trace.join.decider!.tier).toBe(d.tier);
  }
  const fired = trace.artifacts.filter((a) => a.outcome === "fired").map((a) => a.artifact_id);
  if (d.artifact_id !== null && d.ground_key === null) expect(fired).toContain(d.artifact_id);
}

describe("explain = evaluate, on every corpus case", () => {
  const dir = join(packageRoot(), "test", "corpus");
  const cases = readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .flatMap((f) =>
      readFileSync(join(dir, f), "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as { name: string; bundle: unknown; event: unknown; now_ms: number; state_in?: unknown }),
    );

  it(`${cases.length} cases: same envelope (verdict, decider, state), the decider in the trace, the trace fits TraceSchema`, async () => {
    expect(cases.length).toBeGreaterThan(500);
    let compared = 0;
    for (const c of cases) {
      const bundle = typeof c.bundle === "string" ? readBundleFile(join(packageRoot(), c.bundle)) : c.bundle;
      let engine: Engine;
      try {
        engine = await engineFor(bundle);
      } catch {
        continue; // a bundle that cannot load: nothing to explain
      }
      let evaluated: unknown;
      try {
        evaluated = engine.evaluate(c.event, c.state_in ?? null, c.now_ms);
      } catch (error) {
        // The engine refuses the input: explain refuses it the same way.
        expect(() => engine.explain(c.event, c.state_in ?? null, c.now_ms, clock), c.name).toThrow((error as Error).message);
        continue;
      }
      const { envelope, trace } = engine.explain(c.event, c.state_in ?? null, c.now_ms, clock);
      expect(envelope, c.name).toEqual(evaluated);
      expect(trace.decision).toEqual(envelope.decision);
      expectSameDecider(trace);
      TraceSchema.parse(trace);
      compared++;
    }
    expect(compared).toBeGreaterThan(500);
  });
});

describe("explain's count line: one count, one meaning (issue 22)", () => {
  /** The text's count line against the lines it counts: every rule is evaluated, skipped or ruled out, once. */
  function expectCountsAgree(trace: Trace): string {
    const text = formatTrace(trace);
    const m = /^rules: (\d+) — (\d+) evaluated, (\d+) skipped \(another event type\), (\d+) ruled out by the index before their tree ran \((?:each listed below as filtered|(\d+) listed below as filtered, with what they need; (\d+) filed under keywords only)/m.exec(text);
    expect(m, text.split("\n").find((l) => l.startsWith("rules")) ?? text).not.toBeNull();
    const [rules, evaluated, skipped, ruledOut] = [1, 2, 3, 4].map((i) => Number(m![i]));
    const lines = (label: string) => text.split("\n").filter((l) => l.startsWith(`  ${label}`)).length;
    const filtered = lines("filtered ");
    expect(evaluated).toBe(lines("FIRED ") + lines("not fired"));
    expect(skipped).toBe(lines("skipped "));
    expect(ruledOut).toBe(trace.prefilter.ruled_out);
    expect(ruledOut).toBe(filtered + trace.prefilter.unlisted);
    if (m![5] !== undefined) expect([Number(m![5]), Number(m![6])]).toEqual([filtered, trace.prefilter.unlisted]);
    else expect(trace.prefilter.unlisted).toBe(0);
    // Every "filtered" line says it was ruled out before its tree ran; the count says the same number.
    expect(text.split("\n").filter((l) => l.includes("ruled out before its tree ran")).length).toBe(filtered);
    expect(rules).toBe(evaluated + skipped + ruledOut);
    expect(rules + trace.join.exceptions.length).toBe(trace.prefilter.artifacts);
    return text;
  }

  it("the default bundle: git push --force, rm -rf ~, ls, a Write", async () => {
    const engine = await defaultEngine();
    for (const event of [bash("git push --force origin main"), bash("rm -rf ~"), bash("ls"), { ...bash("x"), tool_name: "Write", tool_input: { file_path: "/home/dev/project/a.ts", content: "" } }]) {
      const text = expectCountsAgree(engine.explain(event, null, 1, clock).trace);
      expect(text).not.toMatch(/0 ruled out by the keyword index/);
    }
  });

  it("a bundle with rules filed under keywords only (counted, not listed) and one for another event type", async () => {
    const bundle = bundleOf([
      ...Array.from({ length: 5 }, (_, i) => ({ kind: "t1_predicate_tree", artifact_id: `kw${i}`, body: { when: { all: [{ field: "content", pred: "keyword", value: `zzq${i}` }, { field: "tool.name", pred: "eq", value: "Bash" }] }, verdict: "deny", reason: "" } })),
      ...Array.from({ length: 3 }, (_, i) => ({ kind: "t1_predicate_tree", artifact_id: `prog${i}`, body: { when: { field: "command.program", pred: "eq", value: `noprog${i}` }, verdict: "deny", reason: "" } })),
      { kind: "t1_predicate_tree", artifact_id: "rm", body: { when: { field: "command.program", pred: "eq", value: "rm" }, verdict: "deny", reason: "no rm" } },
    ]);
    const { trace } = (await engineFor(bundle)).explain(bash("rm -rf build"), null, 1, clock);
    expect(trace.prefilter.unlisted).toBe(5);
    expect(trace.prefilter.ruled_out).toBe(8);
    expect(expectCountsAgree(trace)).toMatch(/^rules: 9 — 1 evaluated, 0 skipped \(another event type\), 8 ruled out by the index before their tree ran \(3 listed below as filtered, with what they need; 5 filed under keywords only/m);
  });
});

describe("what the trace says", () => {
  it("rm -rf ~: fs.wipe fired on the home-dir delete leaf; rules for other verbs filtered with what they need", async () => {
    const engine = await defaultEngine();
    const { trace } = engine.explain(bash("sudo rm -rf ~"), null, 1, clock);
    expect(trace.shell!.commands[0]).toMatchObject({ program: "rm", argv: ["-rf", "~"], wrappers: ["sudo"] });
    expect(trace.effects[0]).toMatchObject({ verb: "delete", target_class: "home_dir" });
    const wipe = trace.artifacts.find((a) => a.artifact_id === "fs.wipe")!;
    expect(wipe.outcome).toBe("fired");
    expect(wipe.deciding).toHaveLength(1);
    expect(wipe.deciding[0]).toMatchObject({ field: "effect", pred: "effect_is", value: { verb: "delete", target_class: "home_dir" }, result: true });
    expect(wipe.tree!.decisive).toBe(true);
    const push = trace.artifacts.find((a) => a.artifact_id === "git.force_push_protected")!;
    expect(push.outcome).toBe("filtered");
    expect(push.missing!.features).toContain("verb:push");
    expect(push.tree).toBeNull();
    expect(trace.join.decider!.artifact_id).toBe("fs.wipe");
    for (const stage of ["parse", "shell", "classify", "scan", "candidates", "trees", "tier2", "exceptions", "join", "serialise", "total"])
      expect(trace.timings_us[stage as keyof Trace["timings_us"]]).toBeGreaterThanOrEqual(0);
    expect(trace.timings_us.total).toBeGreaterThan(0);
  });

  it("a rule that did not fire names the leaf that failed and what it saw", async () => {
    const bundle = bundleOf([
      { kind: "t1_predicate_tree", artifact_id: "push.main", body: { when: { all: [{ field: "command.program", pred: "eq", value: "git" }, { field: "command.argv", pred: "contains", value: "main" }] }, verdict: "deny", reason: "no" } },
    ]);
    const engine = await engineFor(bundle);
    const { trace } = engine.explain(bash("git push origin dev"), null, 1, clock);
    const a = trace.artifacts[0]!;
    expect(a.outcome).toBe("not_fired");
    expect(a.deciding).toEqual([{ field: "command.argv", pred: "contains", value: "main", result: false, observed: ["push", "origin", "dev"], bottom: null }]);
    expect(a.why).toMatch(/did not fire: command\.argv contains "main" \(saw \["push","origin","dev"\]\)/);
    // The first leaf held and the second decided: both evaluated, only the failing one decisive.
    expect(a.tree!.children.map((c) => [c.value, c.decisive])).toEqual([[true, false], [false, true]]);
  });

  it("short-circuited nodes are marked not evaluated; an exception that held shows what it rewrote", async () => {
    const bundle = bundleOf([
      { kind: "t1_predicate_tree", artifact_id: "rm.any", body: { when: { any: [{ field: "command.program", pred: "eq", value: "rm" }, { field: "command.program", pred: "eq", value: "unlink" }] }, verdict: "deny", reason: "no rm" } },
      { kind: "exception", artifact_id: "rm.build", body: { when: { field: "command.argv", pred: "contains", value: "build" }, ground_key: "ticket-7", applies_to: { artifact_ids: ["rm.any"] }, verdict: "allow" } },
    ]);
    const engine = await engineFor(bundle);
    const { trace, envelope } = engine.explain(bash("rm -rf build"), null, 1, clock);
    expect(envelope.decision.verdict).toBe("allow");
    expect(envelope.decision.ground_key).toBe("ticket-7");
    const rule = trace.artifacts[0]!;
    expect(rule.tree!.children.map((c) => c.value)).toEqual([true, null]);
    expect(trace.join.exceptions).toEqual([expect.objectContaining({ artifact_id: "rm.build", outcome: "held", rewrote: ["rm.any"], expired: false })]);
    expect(trace.join.contributions[0]!.verdict).toBe("deny");
    expect(trace.join.final[0]!.verdict).toBe("allow");
    expectSameDecider(trace);
  });

  it("Tier 2: the program's run is recorded; state out equals evaluate's", async () => {
    const bundle = bundleOf([
      { kind: "t2_program", artifact_id: "burst", body: { on: ["pre_tool_use"], registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 2 }, verdict: "ask", reason: "second call" } },
      { kind: "t2_program", artifact_id: "after", body: { on: ["post_tool_use"], registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 1 }, verdict: "ask", reason: "post" } },
    ]);
    const engine = await engineFor(bundle);
    const first = engine.evaluate(bash("ls"), null, 1);
    const { trace, envelope } = engine.explain(bash("ls"), first.state, 2, clock);
    expect(envelope).toEqual(engine.evaluate(bash("ls"), first.state, 2));
    expect(trace.artifacts.find((a) => a.artifact_id === "burst")).toMatchObject({ outcome: "fired", program: { ran: true, fired: true } });
    expect(trace.artifacts.find((a) => a.artifact_id === "after")).toMatchObject({ outcome: "other_event_type", why: "runs only on post_tool_use" });
  });

  it("an event type the engine does not gate: gated false, the neutral allow", async () => {
    const engine = await defaultEngine();
    const { trace } = engine.explain({ event_type: "subagent_idle", session_id: "s" }, null, 1, clock);
    expect(trace.gated).toBe(false);
    expect(trace.decision.undecided).toBe(true);
    TraceSchema.parse(trace);
  });
});

describe("gatehouse explain", () => {
  const dir = scratchDir("gatehouse-explain-");
  it("--json prints a trace that fits the schema; text names the decider, the leaves and the stages", async () => {
    const json = memoryIo();
    expect(await main(["explain", "--json", "--", "git", "push", "--force", "origin", "main"], json.io)).toBe(0);
    const trace = TraceSchema.parse(JSON.parse(json.out[0]!));
    expect(trace.decision.artifact_id).toBe("git.force_push_protected");
    const text = memoryIo();
    expect(await main(["explain", "--command", "git push --force origin main"], text.io)).toBe(0);
    const out = text.out.join("\n");
    expect(out).toMatch(/FIRED\s+git\.force_push_protected/);
    expect(out).toMatch(/decider: git\.force_push_protected deny/);
    expect(out).toMatch(/program git\s+argv \["push","--force","origin","main"\]/);
    expect(out).toMatch(/timings \(µs\): parse [\d.]+ · shell [\d.]+ .*· total [\d.]+/);
  });
  it("--agent: an agent's own hook JSON, mapped as gatehouse hook maps it, explains the hook's decision", async () => {
    const payload = join(dir, "claude.json");
    writeFileSync(payload, JSON.stringify({ session_id: "3f2a", transcript_path: "/t", cwd: "/home/dev/project", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf ~/" }, tool_use_id: "toolu_1" }));
    const r = memoryIo();
    expect(await main(["explain", "--json", "--agent", "claude", "--event", payload], r.io)).toBe(0);
    const trace = TraceSchema.parse(JSON.parse(r.out[0]!));
    expect(trace.event).toMatchObject({ event_type: "pre_tool_use", tool_name: "Bash", session_id: "3f2a" });
    expect(trace.decision.artifact_id).toBe("fs.wipe");
    const stop = join(dir, "stop.json");
    writeFileSync(stop, JSON.stringify({ session_id: "3f2a", transcript_path: "/t", cwd: "/x", hook_event_name: "Stop", stop_hook_active: false }));
    const s = memoryIo();
    expect(await main(["explain", "--agent", "claude", "--event", stop], s.io)).toBe(1);
    expect(s.err[0]).toMatch(/accepts this event silently/);
    expect(await main(["explain", "--agent", "claude", "--", "ls"], memoryIo().io)).toBe(64);
    expect(await main(["explain", "--agent", "vim", "--event", stop], memoryIo().io)).toBe(64);
    // The same payload without --agent is no event (no event_type): refused, naming --agent, never a neutral allow.
    const bare = memoryIo();
    expect(await main(["explain", "--event", payload], bare.io)).toBe(1);
    expect(bare.err[0]).toMatch(/agent's hook JSON .*explain it with --agent claude$/);
  });
  it("--event reads an event or a frame; a non-object event is exit 1; --event with -- is a usage error", async () => {
    const frame = join(dir, "frame.json");
    writeFileSync(frame, JSON.stringify({ event: { ...bash("cat .env"), tool_name: "Bash" }, now_ms: 5 }));
    const r = memoryIo();
    expect(await main(["explain", "--json", "--event", frame], r.io)).toBe(0);
    expect(JSON.parse(r.out[0]!).decision.artifact_id).toBe("secret.read");
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "[1, 2]");
    const b = memoryIo();
    expect(await main(["explain", "--event", bad], b.io)).toBe(1);
    expect(b.err).toHaveLength(1);
    expect(await main(["explain", "--event", frame, "--", "ls"], memoryIo().io)).toBe(64);
    expect(await main(["explain", "--event", frame, "--command", "ls"], memoryIo().io)).toBe(64);
    const stdin = memoryIo({ stdin: JSON.stringify(bash("ls")) });
    expect(await main(["explain", "--json", "--event", "-"], stdin.io)).toBe(0);
  });
});
