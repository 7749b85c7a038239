// Program knowledge added for commands inside commands (issue 7, class 1):
// the examples beside the sed parser, the Ex-command reader, the
// command-bearing variables, git's command settings and make's recipes.
import { describe, expect, it } from "vitest";
import { COMMAND_VARIABLE_EXAMPLES, commandVariable } from "../../../src/classify/programs/command-variables.js";
import { AWK_WRITE_EXAMPLES, awkWrites } from "../../../src/classify/programs/awk.js";
import { EX_EXAMPLES, EX_WRITE_EXAMPLES, exRuns } from "../../../src/classify/programs/ex.js";
import { configSet, isCommandSetting, isShellTextSetting, parseGit } from "../../../src/classify/programs/git.js";
import { SED_EXAMPLES, SED_WRITE_EXAMPLES, sedRuns, sedScripts } from "../../../src/classify/programs/sed.js";
import { makeRecipes } from "../../../src/classify/shell/launchers/tools.js";
import { sh } from "../build.js";

const top = (text: string) => sh(text).commands.find((c) => c.depth === 0 && c.wrappers.length === 0 && !c.inSubstitution)!;

describe("sed: scripts and what they run", () => {
  it.each(SED_EXAMPLES.map((e) => [...e]))("%s", (script, commands, dynamic) => {
    expect(sedRuns(script)).toMatchObject({ commands, dynamic });
  });
  it.each(SED_WRITE_EXAMPLES.map((e) => [...e]))("%s writes %j", (script, writes) => {
    expect(sedRuns(script).writes).toEqual(writes);
  });
  it("finds its scripts: -e, --expression=, or the first operand", () => {
    expect(sedScripts(top("sed -n -e p -e '1e ls' f").args).scripts.map((a) => a.value)).toEqual(["p", "1e ls"]);
    expect(sedScripts(top("sed --expression='s/a/b/' f").args).scripts.map((a) => a.value)).toEqual(["s/a/b/"]);
    expect(sedScripts(top("sed -i.bak 's/a/b/' f").args).scripts.map((a) => a.value)).toEqual(["s/a/b/"]);
    expect(sedScripts(top("sed --sandbox '1e ls' f").args).sandbox).toBe(true);
  });
  it("never throws on arbitrary scripts", () => {
    for (const s of ["s", "s/", "s/a", "\\", "e", "{", "}", "1,", "/x", "y/a/", "s\n/a/b/e"]) expect(() => sedRuns(s)).not.toThrow();
  });
});

describe("Ex commands (vim -c, +cmd)", () => {
  it.each(EX_EXAMPLES.map((e) => [...e]))("%s", (text, commands, dynamic) => {
    expect(exRuns(text)).toMatchObject({ commands, dynamic });
  });
  it.each(EX_WRITE_EXAMPLES.map((e) => [...e]))("%s writes the buffer: %s, files %j, dynamic %s", (text, buffer, files, dynamic) => {
    const r = exRuns(text);
    expect({ buffer: r.writes?.buffer ?? false, files: r.writes?.files ?? [], dynamic: r.dynamic }).toEqual({ buffer, files, dynamic });
  });
});

describe("awk: the files its program writes", () => {
  it.each(AWK_WRITE_EXAMPLES.map((e) => [...e]))("%s", (program, files, dynamic) => {
    expect(awkWrites(program)).toEqual({ files, dynamic });
  });
});

describe("command-bearing variables", () => {
  it.each(COMMAND_VARIABLE_EXAMPLES.map((e) => [...e]))("%s=%s", (name, value, text) => {
    expect(commandVariable(name, () => null)?.command(value) ?? null).toBe(text);
  });
  it("GIT_CONFIG_VALUE_<n> is a command when its key names a command setting", () => {
    const keys: Record<string, string> = { GIT_CONFIG_KEY_0: "core.pager", GIT_CONFIG_KEY_1: "user.name" };
    const lookup = (n: string) => keys[n] ?? null;
    expect(commandVariable("GIT_CONFIG_VALUE_0", lookup)?.command("rm -rf /tmp/x")).toBe("rm -rf /tmp/x");
    expect(commandVariable("GIT_CONFIG_VALUE_1", lookup)?.command("rm -rf /tmp/x")).toBeNull();
    expect(commandVariable("GIT_CONFIG_VALUE_2", lookup)).toBeNull();
    expect(commandVariable("HOME", lookup)).toBeNull();
  });
});

describe("git: settings that name a command", () => {
  it.each([
    ["core.pager", "less -R", true],
    ["pager.log", "false", false],
    ["pager.log", "rm -rf x", true],
    ["core.fsmonitor", "true", false],
    ["core.fsmonitor", "./hook", true],
    ["diff.pdf.textconv", "pdftotext", true],
    ["filter.lfs.smudge", "git-lfs smudge -- %f", true],
    ["credential.helper", "store", false],
    ["credential.helper", "!f() { echo x; }; f", true],
    ["alias.co", "checkout", false],
    ["alias.x", "!rm -rf /", true],
    ["user.name", "rm -rf /", false],
    ["url.ext::sh.insteadof", "https://", false],
  ] as const)("%s=%s", (key, value, command) => {
    expect(isCommandSetting(key, value)).toBe(command);
  });
  it("core.hooksPath names hooks (execute) but is no shell text", () => {
    expect(isCommandSetting("core.hookspath", ".githooks")).toBe(true);
    expect(isShellTextSetting("core.hookspath", ".githooks")).toBe(false);
  });
  it("git config NAME VALUE, git config set NAME VALUE; reads and unsets set nothing", () => {
    const set = (text: string) => {
      const c = top(text);
      return configSet(c.args, parseGit(c.args).sub);
    };
    expect(set("git config --global alias.st '!rm -rf x'")).toMatchObject({ key: "alias.st", value: "!rm -rf x" });
    expect(set("git config set core.pager less")).toMatchObject({ key: "core.pager", value: "less" });
    expect(set("git config --file f --add core.editor vim")).toMatchObject({ key: "core.editor", value: "vim" });
    expect(set("git config --get core.pager")).toBeNull();
    expect(set("git config --unset core.pager x")).toBeNull();
    expect(set("git config get core.pager")).toBeNull();
    expect(set("git config core.pager")).toBeNull();
  });
});

describe("make: recipes of a Makefile text", () => {
  it("tab-indented lines, `target: ; cmd`, $(shell …); make's variables stay variables", () => {
    expect(makeRecipes("all: a\n\t@rm -rf $(OUT)\n\t-echo $$HOME\nb: ; git push -f\nX := $(shell rm -rf /tmp/x)\n")).toEqual([
      "rm -rf /tmp/x",
      "rm -rf $MAKE_VAR",
      "echo $HOME",
      "git push -f",
    ]);
    expect(makeRecipes("X = 1\n# comment: ; not a rule\n")).toEqual([]);
  });
});
