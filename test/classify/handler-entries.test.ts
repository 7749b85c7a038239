// Every program entry's examples (src/classify/effects/entries.ts), through the
// real Bash grammar, walker and the whole shell table — the handlers the effect
// table keeps as code carry their examples beside them, as family rows do
// (test/classify/families/rows.test.ts), and an entry without a positive
// example and a lookalike fails here.
import { describe, expect, it } from "vitest";
import { ENTRY_TABLES } from "../../src/classify/effects/index.js";
import type { ProgramEntry } from "../../src/classify/effects/entries.js";
import { GIT_SUBCOMMANDS } from "../../src/classify/effects/git.js";
import { checkExample } from "./families/helpers.js";


/**
 * Does an expected-effects string name an effect other than a plain read (`"read x; write y"` does, `"read x"` and `""` do not)?
 * A read of a secret acts (`gh auth token` prints one: `read secret_file`).
 */
const acts = (expected: string): boolean => expected.split(";").some((e) => e.trim() !== "" && !(e.trim().startsWith("read ") && !/^read secret_/.test(e.trim())));

/** What an entry lacks: an example that acts, a lookalike that does not. */
function lacks(e: ProgramEntry): string[] {
  const out: string[] = [];
  if (!e.examples.some(([, want]) => acts(want))) out.push(`${e.names.join("/")}: no example with an effect`);
  if (!e.examples.some(([, want]) => !acts(want))) out.push(`${e.names.join("/")}: no lookalike (an example with no effect, or reads only)`);
  return out;
}

describe("every program entry's examples", () => {
  for (const [table, entries] of Object.entries(ENTRY_TABLES)) {
    describe(table, () => {
      const cases = entries.flatMap((e) => e.examples.map((ex) => [e.names[0]!, ex] as const));
      it.each(cases)("%s: %j", (_name, ex) => checkExample(ex));
      it("every entry has an example that acts and a lookalike that does not", () => {
        expect(entries.flatMap(lacks)).toEqual([]);
      });
      it("names each program once", () => {
        const names = entries.flatMap((e) => e.names);
        expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
      });
    });
  }
  it("every git subcommand row has an example that acts and a lookalike that does not", () => {
    expect(GIT_SUBCOMMANDS.flatMap((r) => lacks({ names: r.subs.map((s) => `git ${s}`), handler: () => undefined, examples: r.examples }))).toEqual([]);
  });
  it("fails a planted entry without a lookalike, or without a positive example", () => {
    const handler = () => undefined;
    expect(lacks({ names: ["x"], handler, examples: [["x -rf /", "delete system_path"]] })).toEqual(["x: no lookalike (an example with no effect, or reads only)"]);
    expect(lacks({ names: ["y"], handler, examples: [["y --help", ""], ["y .", "read workspace_root"]] })).toEqual(["y: no example with an effect"]);
    expect(lacks({ names: ["z"], handler, examples: [] })).toHaveLength(2);
  });
});
