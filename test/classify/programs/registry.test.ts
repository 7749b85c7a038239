// The program registry (issue 19 item 1): each program's options are stated
// once, and every layer reads argv through them. One test per class of bypass
// — not per example: every global option of every registry entry, and every
// value-taking option of every interpreter, inserted into each probe beside
// the entry, leaves the verdict and the effects as they were without it.
import { beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../../src/engine.js";
import { loadEngine } from "../../../src/node/index.js";
import { INTERPRETER_PROBES, interpreterValueOptions } from "../../../src/classify/programs/interpreters.js";
import { PROGRAM_ENTRIES, type ProgramEntry } from "../../../src/classify/programs/registry.js";

const ENV = { cwd: "/home/u/proj", home: "/home/u", path_dirs: [], additional_dirs: [] };
let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine({});
});

/** What a probe must keep: the verdict and rule, the effects' verb × class, the unknown shapes. */
function judged(command: string): string {
  const event = { event_type: "pre_tool_use", session_id: "s", tool_use_id: "t", tool_name: "Bash", tool_input: { command }, env: ENV };
  const d = engine.evaluate(event as never, null, 0).decision;
  const effects = [...new Set(d.effects.map((e) => `${e.verb}×${e.target_class}`))].sort();
  const shapes = [...new Set(d.unknown.map((u) => u.shape))].sort();
  return `${d.verdict} ${d.artifact_id ?? d.atom_id ?? ""} | ${effects.join(" ")} | ${shapes.join(" ")}`;
}

/** The probe with `options` at every `%` (`all`) or at the first one only. */
function insert(probe: string, options: string, all: boolean): string {
  return all ? probe.replaceAll("%", options) : probe.replace("%", options).replaceAll("%", "");
}

/** Each option as it is written on a line: a value-taking one with a value. */
function spellings(entry: ProgramEntry): string[] {
  return [...entry.global.value.map((o) => ` ${o} x`), ...entry.global.value.filter((o) => o.startsWith("--")).map((o) => ` ${o}=x`), ...entry.global.bool.map((o) => ` ${o}`)];
}

describe("every global option of a registry entry leaves its probes as they were", () => {
  for (const entry of PROGRAM_ENTRIES) {
    it(`${entry.names[0]}: ${entry.global.value.length + entry.global.bool.length} options × ${entry.probes.length} probes`, () => {
      const broken: string[] = [];
      for (const probe of entry.probes) {
        const want = judged(insert(probe, "", true));
        for (const option of spellings(entry)) {
          for (const all of [true, false]) {
            const command = insert(probe, option, all);
            const got = judged(command);
            if (got !== want) broken.push(`${command}\n    ${got}\n    want ${want}`);
          }
        }
      }
      expect(broken).toEqual([]);
    });
  }
});

describe("every value-taking option of an interpreter leaves its probes as they were", () => {
  it.each(INTERPRETER_PROBES.map((p) => [p]))("%s", (probe) => {
    const program = probe.slice(0, probe.indexOf("%"));
    const options = interpreterValueOptions(program);
    expect(options.length).toBeGreaterThan(0);
    const want = judged(insert(probe, "", true));
    const broken = options.map((o) => insert(probe, ` ${o} x`, true)).filter((c) => judged(c) !== want).map((c) => `${c}: ${judged(c)} (want ${want})`);
    expect(broken).toEqual([]);
  });
});
