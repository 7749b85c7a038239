// The program registry (issue 19 item 1): each program's options are stated
// once, and every layer reads argv through them. One test per class of bypass
// — not per example: every global option of every registry entry, and every
// value-taking option of every interpreter, inserted into each probe beside
// the entry, leaves the verdict and the effects as they were without it.
// And not the probes alone: every example that any table states for a registry
// program — its handler entries (the credential printers' too), family rows,
// launcher rows — with each global option inserted after the program name, keeps its
// judgement, so a table that reads argv with a list of its own fails here (it
// found `gcloud --account x compute ssh vm1 --command='rm -rf /srv'`: allowed,
// the ssh launcher's list lacked gcloud's global options).
import { beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../../src/engine.js";
import { loadEngine } from "../../../src/node/index.js";
import { INTERPRETER_PROBES, interpreterValueOptions } from "../../../src/classify/programs/interpreters.js";
import { PROGRAM_ENTRIES, type ProgramEntry } from "../../../src/classify/programs/registry.js";
import { ENTRY_TABLES } from "../../../src/classify/effects/index.js";
import { FAMILIES } from "../../../src/classify/effects/families/index.js";
import { LAUNCHER_ROWS } from "../../../src/classify/shell/launchers/index.js";

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

/** Every command any table states as an example for one of these names (where the line starts with the name). */
function examplesOf(names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const has = (ns: readonly string[]) => ns.some((n) => names.includes(n));
  const add = (table: string, command: string) => {
    if (names.some((n) => command.startsWith(`${n} `)) && !out.has(command)) out.set(command, table);
  };
  for (const [table, entries] of Object.entries(ENTRY_TABLES)) for (const e of entries) if (has(e.names)) for (const [c] of e.examples) add(`entries:${table}`, c);
  for (const f of FAMILIES) for (const p of f.programs) if (has(p.names)) for (const r of p.rows) for (const [c] of r.examples) add(`family:${f.name}`, c);
  for (const r of LAUNCHER_ROWS) if (has(r.names)) for (const [c] of r.examples) add("launchers", c);
  return out;
}

/** The example with `option` (a spelling: ` --profile x`) after its program name. */
const withOption = (command: string, names: readonly string[], option: string): string => {
  const name = names.find((n) => command.startsWith(`${n} `))!;
  return `${name}${option}${command.slice(name.length)}`;
};

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

describe("every global option keeps every example a table states for its program", () => {
  for (const entry of PROGRAM_ENTRIES) {
    it(`${entry.names.join("/")}: every table's examples`, () => {
      const examples = examplesOf(entry.names);
      expect(examples.size).toBeGreaterThan(3);
      const broken: string[] = [];
      for (const [command, table] of examples) {
        const want = judged(command);
        for (const option of spellings(entry)) {
          const line = withOption(command, entry.names, option);
          const got = judged(line);
          if (got !== want) broken.push(`${table}: ${line}\n    ${got}\n    want ${want}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it("aws's examples come from every table that has aws", () => {
    const tables = new Set(examplesOf(["aws"]).values());
    expect([...tables].sort()).toEqual(expect.arrayContaining(["entries:credential_printer", "entries:infra", "launchers", "family:clouds", "family:cloud storage"]));
  });
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
