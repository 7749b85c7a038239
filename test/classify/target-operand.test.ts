// An effect's `target` is the operand it is about (SPEC §6.2: a path, a
// refspec, a URL, a package, a resource name), never the command's whole
// argument list (issue 22: `git reset --hard HEAD~3` quoted `reset --hard
// HEAD~3`). The command as written travels apart, in `attrs.command`, for the
// reasons that quote it (`{{command}}`). Checked over every corpus input.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/engine.js";
import type { Classification } from "../../src/model/classification.js";
import { readGrammarFiles } from "../../src/node/grammar.js";
import { SPEC_FILES } from "../corpus/specs/index.js";

/** Effects whose target is the argument list of the command they come from (two words or more: one word may be the operand). */
function argumentListTargets(c: Classification): string[] {
  const lists = new Map(c.simple.filter((s) => s.argv.length >= 2).map((s) => [s.raw, s.argv.join(" ")] as const));
  return c.effects.flatMap((e) => {
    const list = typeof e.attrs.command === "string" ? lists.get(e.attrs.command) : undefined;
    return list !== undefined && e.attrs.target === list ? [`${e.attrs.command} → ${e.verb} × ${e.target_class} target=${list}`] : [];
  });
}

const engine = await Engine.load({ bundle: JSON.parse(readFileSync("bundles/default.json", "utf8")), grammar: readGrammarFiles() });

async function classify(event: unknown): Promise<Classification | null> {
  try {
    await engine.prepare(event);
    return engine.classify(event as Parameters<Engine["classify"]>[0]);
  } catch {
    return null; // an input the engine refuses (a corpus case about errors)
  }
}

describe("effect target is the operand (issue 22)", () => {
  it("no effect over the corpus inputs targets its command's argument list", async () => {
    const found: string[] = [];
    let effects = 0;
    let commands = 0;
    for (const specs of Object.values(SPEC_FILES)) {
      for (const spec of specs) {
        const c = await classify(spec.event);
        if (c === null) continue;
        effects += c.effects.length;
        commands += c.effects.filter((e) => typeof e.attrs.command === "string").length;
        found.push(...argumentListTargets(c));
      }
    }
    expect(effects).toBeGreaterThan(2000);
    expect(commands).toBeGreaterThan(1500);
    expect(found).toEqual([]);
  });

  it("the check fails a planted whole-argument-list target", () => {
    const raw = "git reset --hard HEAD~3";
    const planted: Classification = {
      effects: [{ verb: "discard", target_class: "workspace_file", attrs: { program: "git", command: raw, target: "reset --hard HEAD~3" } }],
      unknown: [],
      simple: [{ program: "git", argv: ["reset", "--hard", "HEAD~3"], raw, redirects: [], raw_argv: ["reset", "--hard", "HEAD~3"] }],
      paths: [],
      urls: [],
    };
    expect(argumentListTargets(planted)).toHaveLength(1);
    planted.effects[0]!.attrs.target = "HEAD~3";
    expect(argumentListTargets(planted)).toEqual([]);
  });

  it("targets the operand and quotes the command, through the engine", async () => {
    const event = { event_type: "pre_tool_use", session_id: "s", tool_use_id: "u", tool_name: "Bash", tool_input: { command: "git reset --hard HEAD~3" }, env: { cwd: "/home/dev/p", home: "/home/dev", path_dirs: [], additional_dirs: [] } };
    const d = engine.evaluate(event, null, 0).decision;
    expect(d.effects.map((e) => [e.attrs.target, e.attrs.command])).toEqual([["HEAD~3", "git reset --hard HEAD~3"]]);
    expect(d.reason).toContain("`git reset --hard HEAD~3` discards every uncommitted change");
  });
});
