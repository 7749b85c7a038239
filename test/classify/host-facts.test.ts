// The classifier's reading of host facts (src/classify/host-facts.ts,
// programs/script-operands.ts, shell/host-scripts.ts) and Engine.hostWants:
// which operand is a script a runner runs (the table's examples), the project
// files' commands, the links, and what the engine asks the host to look at.
import { describe, expect, it } from "vitest";
import { loadEngine } from "../../src/node/load-engine.js";
import { PROJECT_RUN_EXAMPLES, projectRun } from "../../src/classify/programs/script-operands.js";
import { projectCommands } from "../../src/classify/shell/host-scripts.js";
import { throughHostLink } from "../../src/classify/host-facts.js";
import { envWithHost } from "../../src/classify/host-env.js";
import type { EventInput } from "../../src/model/event.js";

const ENV = { home: "/home/u", cwd: "/home/u/app", path_dirs: [], additional_dirs: [] };
const engine = await loadEngine({});
const bash = (command: string, host?: unknown): EventInput => ({ event_type: "pre_tool_use", tool_name: "Bash", tool_input: { command }, env: ENV, ...(host === undefined ? {} : { host: host as EventInput["host"] }) });

describe("script operands (programs/script-operands.ts)", () => {
  it.each(PROJECT_RUN_EXAMPLES.map(([p, a, r]) => [`${p} ${a.join(" ")}`, p, a, r] as const))("%s", (_, program, argv, expected) => {
    expect(projectRun(program, argv)).toEqual(expected);
  });
});

describe("project files' commands (shell/host-scripts.ts)", () => {
  it("a Makefile target runs its prerequisites first, variables expanded, make's prefixes dropped", () => {
    const mk = "OUT = dist\nall: prep build\nprep:\n\t@mkdir -p $(OUT)\nbuild: prep\n\t-tsc --outDir $(OUT) $$HOME $@\n";
    expect(projectCommands({ kind: "make", files: [], target: null }, mk)).toEqual({ texts: ["mkdir -p dist", "tsc --outDir dist $HOME build"] });
  });
  it("an undefined make variable is the environment's", () => {
    expect(projectCommands({ kind: "make", files: [], target: "c" }, "c:\n\trm -rf $(HOME)/\n")).toEqual({ texts: ["rm -rf ${HOME}/"] });
  });
  it("package.json: pre, the script, post", () => {
    expect(projectCommands({ kind: "package-script", files: [], name: "b" }, JSON.stringify({ scripts: { postb: "c", b: "b", preb: "a" } }))).toEqual({ texts: ["a", "b", "c"] });
    expect(projectCommands({ kind: "package-script", files: [], name: "b" }, "{")).toHaveProperty("error");
  });
  it("a justfile recipe with its dependencies, {{x}} as a variable", () => {
    expect(projectCommands({ kind: "just", files: [], recipe: "d" }, "b:\n    cargo build\nd target: b\n    @scp app {{target}}:/srv\n")).toEqual({ texts: ["cargo build", "scp app ${target}:/srv"] });
  });
});

describe("links (host-facts.ts)", () => {
  const env = envWithHost(ENV, { gate: [], links: { "/home/u/app/h": "/home/u", "/home/u/app/h/deep": "/srv/x" }, files: {} });
  it.each([
    ["/home/u/app/h", "h/", "/home/u"],
    ["/home/u/app/h", "h", null],
    ["/home/u/app/h/.bashrc", "h/.bashrc", "/home/u/.bashrc"],
    ["/home/u/app/h/deep/y", "h/deep/y", "/srv/x/y"],
    ["/home/u/app/hx", "hx/", null],
  ])("%s (%s) → %s", (normalized, value, real) => {
    expect(throughHostLink(env, normalized, value)).toBe(real);
  });
  it("a file tool follows a bare link", () => {
    expect(throughHostLink(env, "/home/u/app/h", "h", true)).toBe("/home/u");
  });
});

describe("Engine.hostWants", () => {
  it("names the scripts a command runs and the paths it resolved", () => {
    const w = engine.hostWants(bash("bash x.sh && rm -rf homelink/ && npm test && make"));
    expect(w.files).toEqual(expect.arrayContaining(["/home/u/app/x.sh", "/home/u/app/package.json", "/home/u/app/Makefile"]));
    expect(w.paths).toEqual(expect.arrayContaining(["/home/u/app/homelink"]));
  });
  it("names the script a read script runs (the next round)", () => {
    const w = engine.hostWants(bash("bash a.sh", { gate: [], links: {}, files: { "/home/u/app/a.sh": { text: "source ./lib/b.sh\n", truncated: false } } }));
    expect(w.files).toContain("/home/u/app/lib/b.sh");
  });
  it("wants nothing of a call that runs no file", () => {
    expect(engine.hostWants(bash("git status")).files).toEqual([]);
  });
  it("the evaluate of the same event object reuses its classification; a changed host is classified again", () => {
    const e = bash("bash x.sh");
    engine.hostWants(e);
    const first = engine.evaluate(e, null, 0).decision;
    expect(first.verdict).toBe("allow");
    engine.hostWants(e);
    e.host = { gate: [], links: {}, files: { "/home/u/app/x.sh": { text: "rm -rf ~\n", truncated: false } } };
    const second = engine.evaluate(e, null, 0).decision;
    expect(second.verdict).toBe("deny");
  });
  it("the same event with host facts and without (the pure engine) is judged by what it carries", () => {
    const host = { gate: [], links: {}, files: { "/home/u/app/x.sh": { text: "rm -rf ~\n", truncated: false } } };
    expect(engine.evaluate(bash("bash x.sh", host), null, 0).decision.verdict).toBe("deny");
    expect(engine.evaluate(bash("bash x.sh"), null, 0).decision.verdict).toBe("allow");
  });
});
