// MCP tools that wrap one subcommand of a program (src/classify/mcp-argv.ts):
// the rows' examples rebuild the command line, and through mcp-input.ts the
// shell table judges it as it judges the same command typed into Bash.
import { beforeAll, describe, expect, it } from "vitest";
import { classifyEvent, type ClassifyDeps } from "../../src/classify/index.js";
import { hasEffectRows } from "../../src/classify/effects/index.js";
import { GIT_TOOLS, mcpToolArgv } from "../../src/classify/mcp-argv.js";
import { mcpServerPart, mcpToolPart, nameWords, verbOfToolName } from "../../src/classify/mcp-input.js";
import { analyzeArgv, analyzeShellText, loadShellParser } from "../../src/classify/shell/index.js";
import { EventSchema } from "../../src/model/event.js";
import { readGrammarFiles } from "../../src/node/grammar.js";
import { ENV } from "../corpus/specs/helpers.js";
import { EFFECT_PROGRAMS } from "../../src/classify/effects/index.js";

let deps: ClassifyDeps;
beforeAll(async () => {
  const parser = await loadShellParser(readGrammarFiles());
  deps = { analyzeText: (t) => analyzeShellText(parser, t, { programs: EFFECT_PROGRAMS }), analyzeArgv: (a) => analyzeArgv(parser, a, { programs: EFFECT_PROGRAMS }) };
});
const tuples = (tool_name: string, tool_input: unknown) =>
  classifyEvent(EventSchema.parse({ tool_name, tool_input, env: ENV }), deps).effects.map((e) => `${e.verb} ${e.target_class}`);
const program = (w: string) => (hasEffectRows(w) && verbOfToolName(w) === null ? w : null);
const argvOf = (name: string, input: Record<string, unknown>) =>
  mcpToolArgv(nameWords(mcpToolPart(name)), nameWords(mcpServerPart(name)), input, program, (w) => verbOfToolName(w) !== null);

describe("git tools' fields as git's flags", () => {
  it.each(GIT_TOOLS.flatMap((r) => r.examples.map(([tool, input, want]) => [tool, input, want] as const)))("%s %j → %s", (tool, input, want) => {
    expect(argvOf(tool, input)?.join(" ")).toBe(want);
  });
});

describe("through the shell table", () => {
  it("a structured hard reset, clean and forced checkout discard the working tree", () => {
    expect(tuples("mcp__git__git_reset", { repo_path: "/home/dev/project", mode: "hard", target: "HEAD~5" })).toContain("discard workspace_file");
    expect(tuples("mcp__git__git_clean", { repo_path: "/home/dev/project", force: true, directories: true })).toContain("discard workspace_file");
    expect(tuples("mcp__git__git_checkout", { repo_path: "/home/dev/project", paths: ["."], force: true })).toContain("discard workspace_file");
  });
  it("a tool named for a program's subcommand, or served by the program, is that command line", () => {
    expect(argvOf("mcp__kubernetes__helm_uninstall", { name: "api", namespace: "prod" })).toEqual(["helm", "uninstall", "api", "--namespace", "prod"]);
    expect(tuples("mcp__kubernetes__helm_uninstall", { name: "api", namespace: "prod" })).toContain("destroy infrastructure");
    expect(tuples("mcp__terraform__apply", { working_dir: "/home/dev/project/infra", destroy: true, auto_approve: true })).toContain("destroy infrastructure");
  });
  it("lookalikes stay reads (or nothing)", () => {
    expect(argvOf("mcp__git__git_status", { repo_path: "." })).toBeNull();
    expect(tuples("mcp__git__git_log", { repo_path: "/home/dev/project", max_count: 10 }).filter((t) => !t.startsWith("read "))).toEqual([]);
    expect(tuples("mcp__kubernetes__helm_list", { namespace: "dev" }).filter((t) => !t.startsWith("read "))).toEqual([]);
    // A generic verb after a program-named server is mcp-input.ts's (`get`, `execute_code`), not a subcommand.
    expect(argvOf("mcp__http__get", { url: "https://example.com" })).toBeNull();
    expect(argvOf("mcp__python__execute_code", { code: "print(1)" })).toBeNull();
  });
});
