// What an MCP tool's name and structured input say (src/classify/mcp-names.ts,
// wired by mcp-input.ts): whole-operation names, push fields, argv fields.
import { beforeAll, describe, expect, it } from "vitest";
import { classifyEvent, type ClassifyDeps } from "../../src/classify/index.js";
import { MCP_NAME_LOOKALIKES, MCP_NAME_ROWS } from "../../src/classify/mcp-names.js";
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
const classify = (tool_name: string, tool_input: unknown) => classifyEvent(EventSchema.parse({ tool_name, tool_input, env: ENV }), deps);
const tuples = (tool_name: string, tool_input: unknown) => classify(tool_name, tool_input).effects.map((e) => `${e.verb} ${e.target_class}`);

describe("names that are a whole operation", () => {
  it.each(MCP_NAME_ROWS.flatMap((r) => r.examples.map((x) => [x, `${r.verb} ${r.target}`])))("%s → %s", (name, want) => {
    expect(tuples(name, {})).toContain(want);
  });
  it.each(MCP_NAME_LOOKALIKES.map((x) => [x]))("%s carries no destructive effect", (name) => {
    expect(tuples(name, {}).filter((t) => /^(delete|destroy) /.test(t))).toEqual([]);
  });
  it("the attrs the default rules read are there", () => {
    expect(classify("mcp__s3__empty_bucket", { bucket: "prod" }).effects[0]!.attrs).toMatchObject({ total: true, operation: "empty_bucket" });
    expect(classify("mcp__k8s__delete_namespace", { name: "prod" }).effects[0]!.attrs).toMatchObject({ teardown: "namespace" });
  });
});

describe("push tools read their fields", () => {
  it.each([
    [{ remote: "origin", branch: "main", force: true }, { force: true, branch: "main" }],
    [{ branch: "refs/heads/master", force_with_lease: true }, { force: true, branch: "master" }],
    [{ refspec: "+HEAD:main" }, { force: true, branch: "main" }],
    [{ remote: "origin", force: true }, { force: true, scope: "current" }],
    [{ branch: "feature", delete: true }, { delete: true, branch: "feature" }],
    [{ branch: "feature" }, { branch: "feature" }],
  ])("%j", (input, attrs) => {
    const push = classify("mcp__git__git_push", input).effects.find((e) => e.verb === "push")!;
    expect(push.target_class).toBe("vcs_remote");
    expect(push.attrs).toMatchObject(attrs);
    if (!("force" in attrs)) expect(push.attrs.force).toBeUndefined();
  });
});

describe("argv and command-line fields", () => {
  it.each([
    ["mcp__k8s__kubectl", { args: ["delete", "namespace", "prod"] }, "destroy infrastructure"],
    ["mcp__cloud__kubectl", { argv: ["kubectl", "delete", "ns", "prod"] }, "destroy infrastructure"],
    ["mcp__shell__exec", { args: ["rm", "-rf", "/home/dev"] }, "delete home_dir"],
    ["mcp__aws__call_aws", { cli_command: "aws s3 rb s3://prod --force" }, "destroy object_storage"],
  ])("%s %j → %s", (name, input, want) => {
    expect(tuples(name, input)).toContain(want);
  });
  it("argv on a tool named for no known program is not a command line", () => {
    expect(tuples("mcp__slack__post_message", { args: ["delete", "everything"], text: "rm -rf ~" })).toEqual([]);
  });
  it("a read-only argv stays a read", () => {
    expect(tuples("mcp__k8s__kubectl", { args: ["get", "pods"] })).toEqual(["read infrastructure"]);
  });
});

describe("a delete of a directory class takes everything under it", () => {
  it.each([
    ["/home/dev", "home_dir", true],
    ["/", "filesystem_root", true],
    ["/home/dev/project/a.txt", "workspace_file", undefined],
  ])("%s", (path, cls, recursive) => {
    const e = classify("mcp__fs__delete_file", { path }).effects[0]!;
    expect(e.target_class).toBe(cls);
    expect(e.attrs.recursive).toBe(recursive);
  });
});
