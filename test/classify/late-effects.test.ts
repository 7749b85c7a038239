// Late effects: the pieces beside the family rows (whose examples rows.test.ts runs) —
// git's long-option prefixes, the `cd DIR &&` chain, symlink aliases, sources removed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { andJoined } from "../../src/classify/effects/cd-chain.js";
import { expandGitAbbreviations } from "../../src/classify/effects/git-args.js";
import { shellEffects } from "../../src/classify/effects/index.js";
import { noteAlias, throughAlias, type PathAliases } from "../../src/classify/effects/path-aliases.js";
import { literalArg } from "../../src/classify/programs/args.js";
import type { EventEnv } from "../../src/model/event.js";
import { sh } from "./build.js";

const ENV: EventEnv = { home: "/home/u", cwd: "/home/u/proj", path_dirs: [], additional_dirs: [] };
const SPEC = { longBool: ["force", "force-with-lease", "force-if-includes", "delete", "dry-run"] };
const expand = (...words: string[]) => expandGitAbbreviations(words.map((w) => literalArg(w)), SPEC).map((a) => a.value);
const deletes = (text: string) => shellEffects(sh(text), ENV).effects.filter((e) => e.verb === "delete").map((e) => `${e.target_class}${e.attrs.recursive ? " recursive" : ""}`);

describe("git long-option prefixes", () => {
  it("a prefix of one option's variants is that option; a unique prefix is its option; others stay", () => {
    expect(expand("--forc", "--for", "--force-w", "--force-i", "--dele", "--d", "--dr")).toEqual(["--force", "--force", "--force-with-lease", "--force-if-includes", "--delete", "--d", "--dry-run"]);
  });
  it("keeps values, exact names, short flags and operands after --", () => {
    expect(expand("--force-w=origin/main", "--force", "-f", "--", "--forc")).toEqual(["--force-with-lease=origin/main", "--force", "-f", "--", "--forc"]);
  });
  it("every prefix of force-with-lease from --force-w on resolves to it", () => {
    fc.assert(fc.property(fc.integer({ min: "force-w".length, max: "force-with-lease".length }), (n) => expand(`--${"force-with-lease".slice(0, n)}`)[0] === "--force-with-lease"));
  });
  it("never throws and keeps one word per word", () => {
    fc.assert(fc.property(fc.array(fc.string(), { maxLength: 8 }), (words) => expand(...words).length === words.length));
  });
});

describe("cd DIR && …", () => {
  it("reads && joins between top-level commands only, from the tree's list operators", () => {
    const text = "cd build && make && rm -rf *; rm -rf *";
    expect(sh(text).commands.map((c) => c.joinedBy ?? null)).toEqual([null, "&&", "&&", ";"]);
    expect(sh(text).commands.map((c) => c.follows ?? null)).toEqual([null, 0, 1, 2]);
    expect(andJoined(sh(text).commands)).toEqual([false, true, true, false]);
  });
  it.each([
    ["cd a && rm -rf *", ["&&"], [true]],
    ["cd a || rm -rf *", ["||"], [false]],
    ["cd a | rm -rf *", ["|"], [false]],
    ["cd a & rm -rf *", ["&"], [false]],
    ["cd a\nrm -rf *", ["\n"], [false]],
    ["(cd a) && rm -rf *", ["&&"], [false]],
    ["{ cd a; } && rm -rf *", ["&&"], [false]],
    ["cd a && echo $(pwd) > x && rm -rf *", ["&&", "&&"], [true, true]],
    ["if cd a && rm -rf *; then ls; fi", ["&&", null], [true, false]],
    ["cd a 'b c' && rm -rf * && ls | wc -l", ["&&", "&&", "|"], [true, true, false]],
  ])("%j: the operators after the first command, and which are && joins", (text, ops, joined) => {
    const cmds = sh(text).commands;
    const top = cmds.map((c, i) => [c, i] as const).filter(([c]) => c.depth === 0 && !c.inSubstitution);
    expect(top.slice(1).map(([c]) => c.joinedBy ?? null)).toEqual(ops);
    const all = andJoined(cmds);
    expect(top.slice(1).map(([, i]) => all[i])).toEqual(joined);
  });
  it("the glob after cd && is in the directory; after ; it may be the project", () => {
    expect(deletes("cd build && rm -rf *")).toEqual(["workspace_file recursive"]);
    expect(deletes("cd build; rm -rf *")).toEqual(["workspace_root recursive", "workspace_file recursive"]);
    expect(deletes("cd build || exit; rm -rf *")).toContain("workspace_root recursive");
  });
  it("never throws on arbitrary text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (text) => andJoined(sh(text).commands).length === sh(text).commands.length));
  });
  it("the glob after (cd x) && stays possibly the project's: the subshell's cd is gone", () => {
    expect(deletes("(cd build) && rm -rf *")).toContain("workspace_root recursive");
  });
});

describe("symlinks and bind mounts", () => {
  it("a path through the name reaches the target; the bare name does not", () => {
    const aliases: PathAliases = new Map();
    noteAlias(aliases, ENV, { value: "h", arg: literalArg("h") }, { value: "/home/u", arg: literalArg("/home/u") });
    expect(throughAlias(aliases, "/home/u/proj/h/x", "h/x")).toBe("/home/u/x");
    expect(throughAlias(aliases, "/home/u/proj/h", "h/")).toBe("/home/u");
    expect(throughAlias(aliases, "/home/u/proj/h", "h")).toBeNull();
    expect(throughAlias(aliases, "/home/u/proj/hh", "hh/")).toBeNull();
  });
  it("in the shell table", () => {
    expect(deletes("ln -s ~ h && rm -rf h/")).toContain("home_dir recursive");
    expect(deletes("ln -s ~ h && rm -rf h")).toEqual(["workspace_file recursive"]);
  });
});

describe("sources removed", () => {
  it("a whole tree moved is a recursive delete; a file moved keeps its flags", () => {
    expect(deletes("mv ~ /tmp/old")).toEqual(["home_dir recursive"]);
    expect(deletes("mv * sub/")).toEqual(["workspace_root"]);
    expect(deletes("mv ~/Downloads/x.zip .")).toEqual(["home_file"]);
    expect(deletes("tar --remove-files -czf /tmp/h.tgz src")).toEqual(["workspace_file recursive"]);
    expect(deletes("tar --no-recursion --remove-files -czf /tmp/h.tgz src")).toEqual(["workspace_file"]);
  });
});
