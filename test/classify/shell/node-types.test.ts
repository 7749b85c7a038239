// Every named node type of the Bash grammar is placed: handled by the walk
// (src/classify/shell/nodes.ts says how) or ignored with a reason. A grammar
// version that adds a type fails here until someone decides what it means.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import * as nodes from "../../../src/classify/shell/nodes.js";

const require = createRequire(import.meta.url);
const grammarTypes: Array<{ type: string; named: boolean }> = JSON.parse(
  readFileSync(require.resolve("tree-sitter-bash/src/node-types.json"), "utf8"),
);
const named = grammarTypes.filter((t) => t.named).map((t) => t.type);

const HANDLED: Record<string, ReadonlySet<string>> = {
  statement: nodes.STATEMENT_TYPES,
  container: nodes.CONTAINER_TYPES,
  redirect: nodes.REDIRECT_TYPES,
  "redirect part": nodes.REDIRECT_PART_TYPES,
  substitution: nodes.SUBSTITUTION_TYPES,
  expansion: nodes.DYNAMIC_TYPES,
  word: nodes.WORD_TYPES,
  "test expression": nodes.TEST_EXPRESSION_TYPES,
};

/** Types tree-sitter itself adds, not listed in node-types.json. */
const BUILT_IN = new Set(["ERROR"]);

describe("tree-sitter-bash node types", () => {
  it("the grammar has named types to check", () => {
    expect(named.length).toBeGreaterThan(50);
  });
  it.each(named)("%s is handled or ignored with a reason", (type) => {
    const roles = Object.entries(HANDLED).filter(([, set]) => set.has(type)).map(([role]) => role);
    const ignored = nodes.IGNORED_TYPES[type];
    expect(roles.length > 0 || (typeof ignored === "string" && ignored.length > 0), `${type} is neither handled nor ignored`).toBe(true);
    expect(roles.length > 0 && ignored !== undefined, `${type} is both handled and ignored`).toBe(false);
  });
  it("every listed type exists in the grammar (no stale names)", () => {
    const known = new Set(named);
    const listed = [...Object.values(HANDLED).flatMap((s) => [...s]), ...Object.keys(nodes.IGNORED_TYPES)];
    expect(listed.filter((t) => !known.has(t) && !BUILT_IN.has(t))).toEqual([]);
  });
});
