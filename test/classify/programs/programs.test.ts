// Program knowledge (src/classify/programs/): the examples written beside the
// find parser and the interpreter table, and the seams they close.
import { describe, expect, it } from "vitest";
import { FIND_EXAMPLES, findRootValues, parseFind } from "../../../src/classify/programs/find.js";
import { FD_EXAMPLES, parseFd } from "../../../src/classify/programs/fd.js";
import { INTERPRETER_EXAMPLES, interpreterName, interpreterOf, programSource } from "../../../src/classify/programs/interpreters.js";
import { invokedAlias, parseGit } from "../../../src/classify/programs/git.js";
import { literalArg } from "../../../src/classify/programs/args.js";
import { splitWords } from "../../../src/classify/text.js";
import { sh } from "../build.js";

/** The text's top-level command (not one it runs, not a substitution). */
const last = (text: string) => sh(text).commands.find((c) => c.depth === 0 && c.wrappers.length === 0 && !c.inSubstitution)!;

describe("find: the examples beside the parser", () => {
  it.each(FIND_EXAMPLES.map((e) => [...e]))("find %s", (args, roots, filtered, deletes) => {
    const call = parseFind(last(`find ${args}`).args);
    expect([findRootValues(call), call.filtered, call.deletes]).toEqual([roots, filtered, deletes]);
  });
  it("-exec segments end at `;` or at `+` right after `{}`", () => {
    const c = last("find . -exec echo + {} + -exec rm {} \\;");
    const call = parseFind(c.args);
    expect(call.execs.map((e) => c.cmd.argv.slice(e.start, e.end).join(" "))).toEqual(["echo + {}", "rm {}"]);
  });
  it("files find writes", () => {
    const call = parseFind(last("find . -fprint /tmp/a -fprintf /tmp/b '%p' -fls c").args);
    expect(call.writes.map((w) => w.value)).toEqual(["/tmp/a", "/tmp/b", "c"]);
  });
  it("an unknown primary does not swallow the action after it", () => {
    expect(parseFind(last("find . -frobnicate -delete").args)).toMatchObject({ tested: true, filtered: false, deletes: true });
    expect(parseFind(last("find . -frobnicate -exec rm {} +").args).execs).toHaveLength(1);
  });
});

describe("fd: the examples beside the parser", () => {
  it.each(FD_EXAMPLES.map((e) => [...e]))("fd %s", (args, roots, filtered, commands) => {
    const c = last(`fd ${args}`);
    const call = parseFd(c.args);
    expect([call.roots.map((r) => r.value), call.filtered, call.execs.map((e) => c.cmd.argv.slice(e.start, e.end).join(" "))]).toEqual([roots, filtered, commands]);
  });
});

describe("interpreters: one table, versioned names normalised", () => {
  it.each(INTERPRETER_EXAMPLES.map((e) => [...e]))("%s", (text, name, kind) => {
    // The words as the program receives them (an inline script would be analysed further by the walker).
    const [program, ...args] = splitWords(text)!.map((w) => literalArg(w));
    expect(interpreterName(program.value)).toBe(name);
    expect(programSource(program.value, args)?.kind).toBe(kind);
  });
  it("versions and build suffixes, not lookalikes", () => {
    expect(["python3.12", "python3.13t", "pypy3.10", "node22", "nodejs18", "ruby3.3", "perl5.36.0", "php8.2", "lua5.4", "pwsh-preview", "python3-dbg", "zsh-5.9"].map(interpreterName)).toEqual([
      "python", "python", "pypy", "node", "nodejs", "ruby", "perl", "php", "lua", "pwsh", "python3", "zsh",
    ]);
    expect(["python3-config", "nodemon", "rubocop", "phpunit", "shellcheck", "bashful", "sh2"].map(interpreterName)).toEqual([null, null, null, null, null, null, "sh"]);
  });
  it("families", () => {
    expect(interpreterOf("dash")).toEqual({ name: "dash", family: "shell", shellText: true });
    expect(interpreterOf("python3.12")?.family).toBe("python");
    expect(interpreterOf("git")).toBeNull();
  });
});

describe("git: global options and aliases", () => {
  it("the subcommand after global options, `-c` settings kept", () => {
    const c = last("git -C repo -c core.pager='rm -rf ~' --no-pager -cAlias.X=push log");
    const g = parseGit(c.args);
    expect(c.args[g.sub].value).toBe("log");
    expect(g.config.map((s) => [s.key, s.value])).toEqual([["core.pager", "rm -rf ~"], ["alias.x", "push"]]);
  });
  it("an alias the subcommand invokes, case-insensitively; the last definition wins", () => {
    const args = ["-c", "alias.p=pull", "-c", "alias.P=push", "P"].map((w) => literalArg(w));
    expect(invokedAlias(args, parseGit(args))?.value).toBe("push");
  });
});
