// Random and adversarial input into every hook front door: no input makes an
// adapter throw, print a stack trace, print more than one stderr line, print
// stdout that is not the agent's JSON, or exit with a code docs/cli.md does
// not list for that agent.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { ADAPTERS, handleHook, HOOK_AGENTS, type HookAgent, type HookOutcome } from "../../src/adapters/index.js";
import type { Engine } from "../../src/engine.js";
import { MemorySessionStore } from "../../src/state/memory-store.js";
import { realEngine } from "../support/engine.js";
import { acp, claude, cline, codex, copilot, countingBundle, cursor, droid, gemini, qwen } from "../support/hook-payloads.js";
import { inBatches, runGatehouse } from "../support/spawn-hook.js";

/** docs/cli.md "hook": the exit codes each agent's answers use. */
export const DOCUMENTED_EXITS: Record<HookAgent, number[]> = {
  claude: [0, 2, 1, 66, 70],
  codex: [0, 2, 1, 66, 70],
  gemini: [0, 2, 1, 66, 70],
  cursor: [0, 1, 66, 70],
  // Copilot denies on every non-zero exit: fail-open is exit 0 (docs/adapters.md).
  copilot: [0],
  qwen: [0, 2, 1, 66, 70],
  droid: [0, 2, 1, 66, 70],
  // Cline reads no exit code: a block is the cancel JSON on exit 0.
  cline: [0, 1, 66, 70],
  acp: [0, 2, 3, 1, 66, 70],
};

const TEMPLATES: Record<HookAgent, unknown[]> = {
  claude: [claude.pre("ls"), claude.post("Bash", { command: "ls" }, { stdout: "x" }), claude.sessionStart],
  codex: [codex.pre("apply_patch", { command: "*** Add File: a" }), codex.pre("Bash", { command: "rm -rf /" })],
  gemini: [gemini.before("run_shell_command", { command: "ls", dir_path: "x" }), gemini.after("read_file", { file_path: "a" }, {}), gemini.before("mcp_a_b", {}, { mcp_context: { server_name: "a", tool_name: "b" } })],
  cursor: [cursor.shell("ls"), cursor.mcp("q", { a: 1 }), cursor.read("/x/.env"), cursor.afterShell("ls", "out")],
  copilot: [copilot.pre("bash", { command: "ls", description: "x" }), copilot.pre("view", JSON.stringify({ path: "/x/.env" })), copilot.post("bash", { command: "ls" }, "out"), copilot.sessionStart],
  droid: [droid.pre("Execute", { command: "ls", summary: "List the files here", riskLevel: "low", riskLevelReason: "x" }), droid.pre("Create", { file_path: "/x/.env", content: "a" }), droid.post("Read", { file_path: "a" }, "x"), droid.sessionStart],
  qwen: [qwen.pre("run_shell_command", { command: "ls", directory: "x" }), qwen.post("read_file", { file_path: "a" }, {}), qwen.sessionStart],
  cline: [cline.pre("run_commands", { commands: ["ls", "rm -rf ~"] }), cline.pre("editor", { path: "/x/.env", new_text: "a" }), cline.post("read_files", { files: [{ path: "a" }] }, "x"), cline.start],
  acp: [acp.permission({ command: "ls", args: ["-l"] }), acp.permission("rm -rf /"), acp.terminal("ls"), acp.update],
};

/** Stands for JSON nested `depth` levels deep: spliced in as text, since the test's own JSON.stringify would overflow on it. */
const deepMarker = (depth: number) => ({ __deep__: depth });
const spliceDeep = (json: string) => json.replace(/\{"__deep__":(\d+)\}/g, (_, n: string) => `${'{"a":'.repeat(Number(n))}"x"${"}".repeat(Number(n))}`);

/** Adversarial values a field may be replaced by. */
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(null, "", "../../etc/passwd", "\u0000", "__proto__", { __proto__: { polluted: true } }, { constructor: { prototype: {} } }, -0, 1e308, [], {}),
  fc.integer({ min: 600, max: 6000 }).map(deepMarker),
  fc.nat({ max: 3 }).map((n) => "x".repeat(10 ** (n + 3))),
);

/** A real payload with some of its fields (top level or one level down) replaced by hostile values. */
function mutated(agent: HookAgent) {
  return fc.tuple(fc.constantFrom(...TEMPLATES[agent]), fc.array(fc.tuple(fc.string({ maxLength: 12 }), hostile), { maxLength: 4 }), fc.nat()).map(([template, edits, pick]) => {
    const out = structuredClone(template) as Record<string, unknown>;
    const keys = Object.keys(out);
    for (const [k, v] of edits) {
      const key = keys.length > 0 && pick % 2 === 0 ? keys[(pick + k.length) % keys.length]! : k;
      // Own properties only, defined rather than assigned: a key such as "__proto__" must become a field
      // (as JSON.parse makes it), never the object's prototype.
      const target = Object.hasOwn(out, key) ? out[key] : undefined;
      const set = (o: object, name: string) => Object.defineProperty(o, name, { value: v, enumerable: true, writable: true, configurable: true });
      if (target !== null && typeof target === "object" && !Array.isArray(target) && pick % 3 === 0) set(target, k);
      else set(out, key);
    }
    return spliceDeep(JSON.stringify(out));
  });
}

const inputs = (agent: HookAgent) =>
  fc.oneof(
    { weight: 4, arbitrary: mutated(agent) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom("", "   ", "{", "[]", "null", "\u0000\u0001", '{"hook_event_name":', "1e999", '"\\ud800"') },
  );

function checkOutcome(agent: HookAgent, outcome: HookOutcome): void {
  const { answer } = outcome;
  expect(DOCUMENTED_EXITS[agent]).toContain(answer.exitCode);
  if (answer.stdout !== "") expect(() => JSON.parse(answer.stdout)).not.toThrow();
  for (const line of [answer.stderr, ...outcome.warnings]) {
    if (line === null) continue;
    expect(line).not.toMatch(/\n/);
    expect(line).not.toMatch(/\bat .+:\d+:\d+/); // a stack frame
  }
}

let defaultEngine: Engine;
let countingEngine: Engine;
beforeAll(async () => {
  defaultEngine = await realEngine(JSON.parse(readFileSync(new URL("../../bundles/default.json", import.meta.url), "utf8")));
  countingEngine = await realEngine(countingBundle(3));
});

describe.each(HOOK_AGENTS)("%s adapter front door", (agent) => {
  test("random and adversarial input: a documented answer, never a throw", async () => {
    const seen = { answered: 0, ignored: 0, failed: 0 };
    await fc.assert(
      fc.asyncProperty(inputs(agent), fc.constantFrom("open" as const, "closed" as const), fc.boolean(), async (input, posture, counting) => {
        const outcome = await handleHook(ADAPTERS[agent], input, {
          engine: counting ? countingEngine : defaultEngine,
          store: new MemorySessionStore(),
          host: { cwd: "/home/dev/project", home: "/home/dev", pathDirs: [], mode: "hook" },
          nowMs: 1_767_225_600_000,
          posture,
          grantAllow: posture === "closed",
          inputName: "stdin",
        });
        checkOutcome(agent, outcome);
        seen[outcome.outcome]++;
      }),
      { numRuns: 60 },
    );
    // The inputs reach evaluation as well as the error paths (the property is not vacuous).
    expect(seen.answered).toBeGreaterThan(5);
    expect(seen.failed).toBeGreaterThan(5);
  });
});

test("the same through real processes: documented exit codes, no stack traces", async () => {
  const samples = HOOK_AGENTS.flatMap((agent) => fc.sample(inputs(agent), { numRuns: 4, seed: 42 }).map((input, i) => ({ agent, input, posture: i % 2 === 0 ? "open" : "closed" })));
  const results = await inBatches(samples.map((s) => () => runGatehouse(["hook", s.agent, "--on-error", s.posture], s.input)));
  results.forEach((r, i) => {
    const { agent } = samples[i]!;
    expect(DOCUMENTED_EXITS[agent], `${agent}: ${samples[i]!.input.slice(0, 80)}`).toContain(r.code);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr.split("\n").filter(Boolean).length).toBeLessThanOrEqual(2);
    if (r.stdout !== "") expect(() => JSON.parse(r.stdout)).not.toThrow();
  });
});
