// MCP tools read from their input: the verb in the name, and what the
// command, SQL, code and path fields name (SPEC §6.6).
import { beforeAll, describe, expect, it } from "vitest";
import { classifyEvent, type ClassifyDeps } from "../../src/classify/index.js";
import { looksLikeSql, mcpToolPart, nameWords, verbOfToolName } from "../../src/classify/mcp-input.js";
import { analyzeArgv, analyzeShellText, loadShellParser, type ShellParser } from "../../src/classify/shell/index.js";
import { analyzeInlineCode } from "../../src/classify/inline-code/index.js";
import { EventSchema } from "../../src/model/event.js";
import { readGrammarFiles } from "../../src/node/grammar.js";
import { ENV } from "../corpus/specs/helpers.js";
import { loadGrammars } from "./inline-code/helpers.js";
import { EFFECT_PROGRAMS } from "../../src/classify/effects/index.js";

let deps: ClassifyDeps;
beforeAll(async () => {
  const grammars = await loadGrammars(); // first: the runtime's sync grammar path
  const parser: ShellParser = await loadShellParser(readGrammarFiles());
  deps = {
    analyzeText: (t) => analyzeShellText(parser, t, { programs: EFFECT_PROGRAMS }),
    analyzeArgv: (a) => analyzeArgv(parser, a, { programs: EFFECT_PROGRAMS }),
    inlineCode: (l, c) => analyzeInlineCode(l, c, { grammars }),
  };
});

const classify = (tool_name: string, tool_input: unknown, extra: Partial<ClassifyDeps> = {}) =>
  classifyEvent(EventSchema.parse({ tool_name, tool_input, env: ENV }), { ...deps, ...extra });
const tuples = (c: ReturnType<typeof classify>) => c.effects.map((e) => `${e.verb} ${e.target_class}${e.attrs.target !== undefined ? ` ${e.attrs.target}` : ""}`);

describe("tool names", () => {
  it.each([
    ["mcp__fs__delete_file", "delete_file", "delete"],
    ["mcp__db__run_query", "run_query", "execute"],
    ["mcp__github__get_file_contents", "get_file_contents", "read"],
    ["mcp__fs__writeFile", "writeFile", "write"],
    ["mcp__fs__move_file", "move_file", "move"],
    ["mcp__k8s__resources_delete", "resources_delete", "delete"],
    ["mcp_fs_delete_file", "delete_file", "delete"],
    ["mcp__linear__list_issues", "list_issues", "read"],
    ["mcp__x__frobnicate", "frobnicate", null],
    ["mcp__delete__ping", "ping", null],
  ])("%s → %s, %s", (name, part, verb) => {
    expect(mcpToolPart(name)).toBe(part);
    expect(verbOfToolName(name)).toBe(verb);
  });
  it("splits words on separators and camelCase", () => {
    expect(nameWords("mcp__myServer__dropTable_now")).toEqual(["mcp", "my", "server", "drop", "table", "now"]);
  });
  it("looksLikeSql: the first significant token is a statement keyword", () => {
    expect(looksLikeSql("-- note\n  delete from t")).toBe(true);
    expect(looksLikeSql("WITH x AS (SELECT 1) SELECT * FROM x")).toBe(true);
    expect(looksLikeSql("how do I delete rows")).toBe(false);
  });
});

describe("inputs", () => {
  it("paths take the name's verb; flags carry over", () => {
    expect(tuples(classify("mcp__fs__delete_directory", { path: "/home/dev/project/build", recursive: true }))).toEqual(["delete workspace_file /home/dev/project/build"]);
    expect(classify("mcp__fs__delete_directory", { path: "build", recursive: true }).effects[0]!.attrs).toMatchObject({ recursive: true, mcp_verb: "delete", program: "mcp__fs__delete_directory" });
    expect(tuples(classify("mcp__fs__read_multiple_files", { paths: ["a.ts", "~/.ssh/id_rsa"] }))).toEqual(["read workspace_file a.ts", "read secret_file ~/.ssh/id_rsa"]);
  });
  it("move: the source is deleted, the destination written", () => {
    expect(tuples(classify("mcp__fs__move_file", { source: "a.txt", destination: "/etc/a.txt" }))).toEqual(["delete workspace_file a.txt", "write system_path /etc/a.txt"]);
  });
  it("copy-like writes read their source", () => {
    expect(tuples(classify("mcp__fs__copy_file", { source: "~/.aws/credentials", destination: "out/creds" }))).toEqual(["read secret_file ~/.aws/credentials", "write workspace_file out/creds"]);
  });
  it("source/destination that are not path-like are not paths", () => {
    expect(classify("mcp__github__create_pull_request", { source: "feature", destination: "main", title: "x" }).paths).toEqual([]);
  });
  it("an unknown verb records the paths but claims no effect", () => {
    const c = classify("mcp__x__frobnicate", { path: "/etc/passwd" });
    expect(c.effects).toEqual([]);
    expect(c.paths.map((p) => p.class)).toEqual(["system_path"]);
  });
  it("command fields are shell: effects, gaps and simple commands", () => {
    const c = classify("mcp__shell__run", { command: "rm -rf ~ && echo $(cat x)" });
    expect(tuples(c)).toContain("delete home_dir ~");
    expect(c.simple.map((s) => s.program).sort()).toEqual(["cat", "echo", "rm"]);
    const g = classify("mcp__shell__run", { cmd: "bash -c \"$X\"" });
    expect(g.unknown.map((u) => u.shape)).toEqual([3]);
  });
  it("SQL fields give database effects; a `query` only on a database tool", () => {
    expect(tuples(classify("mcp__db__execute", { sql: "DROP TABLE t; DELETE FROM u" }))).toEqual(["destroy database t", "delete database u"]);
    expect(classify("mcp__db__execute", { sql: "DELETE FROM u" }).effects[0]!.attrs).toMatchObject({ statement: "DELETE", table: "u", where: "none" });
    expect(classify("mcp__notion__query", { query: "DELETE FROM u" }).effects).toEqual([]);
    expect(tuples(classify("mcp__supabase__query", { query: "TRUNCATE u" }))).toEqual(["destroy database u"]);
  });
  it("code fields are read with the grammar the name says (and their commands as shell)", () => {
    expect(tuples(classify("mcp__python__execute_code", { code: "import os; os.system('rm -rf /')" }))).toContain("delete filesystem_root /");
    expect(tuples(classify("mcp__js__run_javascript", { code: "require('fs').unlinkSync('.env')" }))).toEqual(["delete secret_file .env"]);
    expect(classify("mcp__python__execute_code", { code: "print(1)" }).effects).toEqual([]);
    expect(classify("mcp__python__execute_code", { code: "exec(input())" }).unknown.map((u) => u.shape)).toEqual([6]);
    // Without an inline-code reader, code is not read at all (the bundle's entries decide).
    expect(classify("mcp__python__execute_code", { code: "import shutil; shutil.rmtree('/')" }, { inlineCode: undefined }).effects).toEqual([]);
  });
  it("a destructive name with nothing to place: delete × unknown, unless the bundle declared the call", () => {
    expect(tuples(classify("mcp__github__delete_release", { owner: "a", repo: "b", id: 3 }))).toEqual(["delete unknown"]);
    // A name that is a whole operation maps to its effect (mcp-names.ts).
    expect(tuples(classify("mcp__github__delete_repository", { owner: "a", repo: "b" }))).toEqual(["destroy vcs_forge"]);
    const declared = classify("mcp__github__delete_repository", { owner: "a", repo: "b" }, { mcpEffects: () => [{ verb: "destroy", target_class: "vcs_remote", attrs: {} }] });
    expect(tuples(declared)).toEqual(["destroy vcs_remote"]);
  });
  it("bundle entries come first; input effects are added", () => {
    const c = classify("mcp__fs__delete_file", { path: "/etc/x" }, { mcpEffects: () => [{ verb: "write", target_class: "unknown", attrs: {} }] });
    expect(tuples(c)).toEqual(["write unknown", "delete system_path /etc/x"]);
  });
});
