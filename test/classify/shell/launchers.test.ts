// The launcher table (src/classify/shell/launchers/): every row's examples
// run through the real walker, and the table is what a later row can extend.
import { describe, expect, it } from "vitest";
import { shellEffects } from "../../../src/classify/effects/index.js";
import { analyzeShellText, type ShellAnalysis } from "../../../src/classify/shell/index.js";
import { LAUNCHER_ROWS, LAUNCHERS, launcherFor, launcherTable } from "../../../src/classify/shell/launchers/index.js";
import type { LauncherRow } from "../../../src/classify/shell/launchers/types.js";
import { wrapper } from "../../../src/classify/shell/launchers/wrappers.js";
import { parser, shapes } from "./analyze.js";
import { EFFECT_PROGRAMS } from "../../../src/classify/effects/index.js";

/** `wrapper>…>program argv…` per command. */
const summary = (r: ShellAnalysis): string[] => r.commands.map((c) => [[...c.wrappers, c.cmd.program].join(">"), ...c.cmd.argv].join(" "));

describe("every launcher row's examples", () => {
  const cases = LAUNCHER_ROWS.flatMap((row) => row.examples.map(([text, commands, gapShapes]) => [row.names[0], text, commands, gapShapes ?? []] as const));
  it.each(cases)("%s: %s", (_name, text, commands, gapShapes) => {
    const r = analyzeShellText(parser, text, { programs: EFFECT_PROGRAMS });
    expect(summary(r)).toEqual(commands);
    expect(shapes(r)).toEqual([...gapShapes].sort((a, b) => a - b));
  });
  it("every row has an example and a line for the docs", () => {
    for (const row of LAUNCHER_ROWS) {
      expect(row.examples.length, row.names.join(",")).toBeGreaterThan(0);
      expect(row.runs.length, row.names.join(",")).toBeGreaterThan(0);
    }
  });
});

describe("the table", () => {
  it("is keyed by normalised program name, each name once", () => {
    for (const name of LAUNCHERS.keys()) expect(name).toBe(name.toLowerCase());
    expect(() => launcherTable([...LAUNCHER_ROWS, LAUNCHER_ROWS[0]])).toThrow(/listed twice/);
  });
  it("finds an interpreter's row by its versioned name", () => {
    expect(launcherFor(LAUNCHERS, "python3.12")).toBe(launcherFor(LAUNCHERS, "python"));
    expect(launcherFor(LAUNCHERS, "bash5")).toBe(launcherFor(LAUNCHERS, "bash"));
    expect(launcherFor(LAUNCHERS, "rm")).toBeUndefined();
  });
});

describe("adding a launcher is a row", () => {
  // Rows of the test's own (`demolock` and `demosh`, shaped like the built-in
  // `flock` and `ssh`), in a table of their own, as the docs describe adding one.
  const flock: LauncherRow = {
    names: ["demolock"],
    runs: "the command after its options and the lock FILE",
    launch: wrapper({ options: { shortValue: "wEc", longValue: ["timeout", "conflict-exit-code", "command"] }, operandsBefore: 1 }),
    examples: [["demolock /tmp/l rm -rf /tmp/x", ["demolock>rm -rf /tmp/x"]]],
  };
  const ssh: LauncherRow = {
    names: ["demosh"],
    runs: "its command words, joined, through the remote user's shell",
    runsOn: "remote",
    launch: (call) => {
      const out = call.emit();
      const host = call.words.findIndex((w, k) => k > call.i && !w.value.startsWith("-"));
      const rest = host < 0 ? [] : call.words.slice(host + 1).map((w) => call.literal(w));
      if (rest.length > 0 && rest.every((w) => w !== null)) call.inline(rest.join(" "), { inheritStdin: false, sameScope: false });
      return out;
    },
    examples: [["demosh host rm -rf /data", ["demosh host rm -rf /data", "demosh>rm -rf /data"]]],
  };
  const table = launcherTable([...LAUNCHER_ROWS, flock, ssh]);
  const analyze = (text: string) => analyzeShellText(parser, text, { launchers: table, programs: EFFECT_PROGRAMS });
  it("a wrapper row peels", () => {
    expect(summary(analyze("demolock -w 5 /tmp/l sudo rm -rf /tmp/x"))).toEqual(["demolock>sudo>rm -rf /tmp/x"]);
  });
  it("a row says where its command runs, and the effects say so", () => {
    const r = analyze("demosh host 'rm -rf /data'");
    expect(r.commands.map((c) => c.runsOn)).toEqual([null, "remote"]);
    const e = shellEffects(r, { cwd: "/home/u/p", home: "/home/u", path_dirs: [], additional_dirs: [] }).effects;
    expect(e).toContainEqual({ verb: "delete", target_class: "data_store", attrs: { program: "rm", command: "rm -rf /data", target: "/data", runs_on: "remote", recursive: true, force: true } });
  });
  it("what runs elsewhere stays elsewhere through wrappers and inline scripts", () => {
    const r = analyze("demosh host sudo sh -c 'rm -rf /x'");
    expect(r.commands.filter((c) => c.cmd.program === "rm").map((c) => c.runsOn)).toEqual(["remote"]);
  });
  it("the built-in table does not know them", () => {
    expect(summary(analyzeShellText(parser, "demolock /tmp/l rm -rf /tmp/x", { programs: EFFECT_PROGRAMS })).slice(0, 1)).toEqual(["demolock /tmp/l rm -rf /tmp/x"]);
  });
});
