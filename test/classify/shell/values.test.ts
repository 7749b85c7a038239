// Values carried in straight-line text (issue 7, class 2): what a variable, a
// `for` list, `${VAR:-default}`, `$(echo …)`, `$(pwd)`, `$(mktemp)` hold, and
// the scoping that keeps them honest — through the real walker and effect table.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shellEffects } from "../../../src/classify/effects/index.js";
import type { ShellAnalysis } from "../../../src/classify/shell/index.js";
import { analyze, shapes } from "./analyze.js";

const ENV = { cwd: "/home/u/p", home: "/home/u", path_dirs: [], additional_dirs: [] };
/** `verb class target` of every delete/write, and the gap shapes of parser and table together. */
function judged(text: string): { effects: string[]; shapes: number[] } {
  const r: ShellAnalysis = analyze(text);
  const e = shellEffects(r, ENV);
  return {
    effects: e.effects.filter((x) => x.verb === "delete" || x.verb === "write").map((x) => `${x.verb} ${x.target_class} ${x.attrs.target}`),
    shapes: [...new Set([...r.unknown, ...e.unknown].map((u) => u.shape))].sort((a, b) => a - b),
  };
}

describe("a variable assigned a literal is that literal later", () => {
  it.each([
    ['D=~; rm -rf "$D"', ["delete home_dir ~"]],
    ["D=~/x; rm -rf $D", ["delete home_file ~/x"]],
    ['export D=/; rm -rf "$D"', ["delete filesystem_root /"]],
    ['declare D=/srv/app; rm -rf "${D}"', ["delete data_store /srv/app"]],
    ['f() { local D=/tmp/x; rm -rf "$D"; }', ["delete temp_path /tmp/x"]],
    ['readonly D=build; rm -rf "$D/sub"', ["delete workspace_file build/sub"]],
    ['D=a; D+=/b; rm -rf "$D"', ["delete workspace_file a/b"]],
    ['D="$HOME/x"; rm -rf "$D"', ["delete home_file $HOME/x"]],
    ['D=x && rm -rf "$D"', ["delete workspace_file x"]],
    ['printf -v D %s /tmp/y; rm -rf "$D"', ["delete temp_path /tmp/y"]],
  ])("%s", (text, effects) => {
    expect(judged(text)).toEqual({ effects, shapes: [] });
  });
  it("a quoted `~` assigned is a file named ~; an unquoted one is home", () => {
    expect(judged('D="~"; rm -rf "$D"').effects).toEqual(["delete workspace_file ~"]);
    expect(judged("D=~; rm -rf \"$D\"").effects).toEqual(["delete home_dir ~"]);
  });
  it("an unquoted expansion splits into words, an empty one disappears", () => {
    expect(judged('D="a b"; rm -rf $D').effects).toEqual(["delete workspace_file a", "delete workspace_file b"]);
    expect(judged('D=; rm -rf $D /tmp/x').effects).toEqual(["delete temp_path /tmp/x"]);
    expect(judged('unset D; rm -rf "$D"/*').effects).toEqual(["delete filesystem_root /*"]);
  });
});

describe("loop variables over literal lists", () => {
  it("one command per value", () => {
    expect(judged('for d in ~ /tmp/x; do rm -rf "$d"; done').effects).toEqual(["delete home_dir ~", "delete temp_path /tmp/x"]);
    expect(judged("for d in a b; do x=$d/c; rm -rf $x; done").effects).toEqual(["delete workspace_file a/c", "delete workspace_file b/c"]);
  });
  it("a list the text does not know is unknown (shape 8)", () => {
    expect(judged('for d in $(ls); do rm -rf "$d"; done').shapes).toEqual([8]);
    expect(judged('for d; do rm -rf "$d"; done').shapes).toEqual([8]);
  });
  it("after the loop, the variable is unknown", () => {
    expect(judged('for d in a; do :; done; rm -rf "$d"').shapes).toEqual([8]);
  });
});

describe("defaults and alternatives", () => {
  it.each([
    ['rm -rf "${OUT:-/}"', ["delete filesystem_root /"]],
    ["rm -rf ${OUT-~}", ["delete home_dir ~"]],
    ['rm -rf "${OUT:=build}"; rm -rf "$OUT/x"', ["delete workspace_file build", "delete workspace_file build/x"]],
    ['OUT=dist; rm -rf "${OUT:-/}"', ["delete workspace_file dist"]],
    ['OUT=; rm -rf "${OUT:-/tmp/y}"', ["delete temp_path /tmp/y"]],
    ['OUT=a; rm -rf "${OUT:+/tmp/y}"', ["delete temp_path /tmp/y"]],
    ['rm -rf "${TMPDIR:-/tmp}/x"', ["delete temp_path $TMPDIR/x"]],
    ['rm -rf "${HOME:?}/"', ["delete home_dir $HOME/"]],
    ['D=/tmp/y; rm -rf "${D:?}/x"', ["delete temp_path /tmp/y/x"]],
  ])("%s", (text, effects) => {
    expect(judged(text)).toEqual({ effects, shapes: [] });
  });
  it("`${X:+…}` of a variable only the environment knows stays unknown", () => {
    expect(judged('rm -rf "${X:+/}"').shapes).toEqual([8]);
  });
});

describe("substitutions the text gives a value", () => {
  it.each([
    ["rm -rf $(echo ~/x)", []],
    ["rm -rf $(echo /tmp/x)", ["delete temp_path /tmp/x"]],
    ["rm -rf `echo /tmp/x`", ["delete temp_path /tmp/x"]],
    ['rm -rf "$(pwd)"', ["delete workspace_root $PWD"]],
    ['T=$(mktemp -d); rm -rf "$T"', ["delete temp_path $TMPDIR/tmp.XXXXXXXXXX"]],
    ['T=$(mktemp -d -p /srv); rm -rf "$T"', ["delete data_store /srv/tmp.XXXXXXXXXX"]],
    ['rm -rf "$(mktemp -t x.XXXX)"', ["delete temp_path $TMPDIR/x.XXXX"]],
  ])("%s", (text, effects) => {
    const j = judged(text);
    if (effects.length) expect(j).toEqual({ effects, shapes: [] });
    else expect(j.shapes).toEqual([5]); // `$(echo ~)` prints a path the text does not spell
  });
  it("$(echo literal) as the program word is that program, with no gap", () => {
    expect(shapes(analyze("$(echo git) status"))).toEqual([]);
    expect(analyze("`echo rm` -rf /tmp/x").commands.map((c) => c.cmd.program)).toEqual(["echo", "rm"]);
  });
});

describe("cd moves $PWD and $OLDPWD", () => {
  it.each([
    ['cd /tmp/w && rm -rf "$PWD"', ["delete temp_path /tmp/w"]],
    ['cd ~ && rm -rf "$(pwd)"', ["delete home_dir ~"]],
    ['cd / && rm -rf "$PWD"', ["delete filesystem_root /"]],
    ['cd /srv; cd app; rm -rf "$PWD"', ["delete data_store /srv/app"]],
    ['cd /tmp/a; cd /srv; rm -rf "$OLDPWD"', ["delete temp_path /tmp/a"]],
    ['pushd /srv/x; rm -rf "$PWD"', ["delete data_store /srv/x"]],
  ])("%s", (text, effects) => {
    expect(judged(text)).toEqual({ effects, shapes: [] });
  });
  it("cd .. and a relative rm: judged under every candidate directory", () => {
    expect(judged("cd .. && rm -rf *").effects).toContain("delete home_dir *");
  });
  it("popd, or a cd to a directory not known, makes $PWD unknown", () => {
    expect(judged('cd "$X"; rm -rf "$PWD"').shapes).toEqual([8]);
    expect(judged('pushd /a; popd; rm -rf "$PWD"').shapes).toEqual([8]);
  });
});

describe("scoping: a value that may not be the one is not one literal", () => {
  it.each([
    'if x; then D=/tmp/a; else D=~; fi; rm -rf "$D"',
    'D=/tmp/a; [ -d x ] && D=~; rm -rf "$D"',
    'D=/tmp/a; case $1 in a) D=~;; esac; rm -rf "$D"',
    'D=/tmp/a; while read l; do D=$l; done; rm -rf "$D"',
    'D=/tmp/a; read D; rm -rf "$D"',
    'D=/tmp/a; source ./env.sh; rm -rf "$D"',
    'D=/tmp/a; eval "$X"; rm -rf "$D"',
    'D=/tmp/a; f() { D=~; }; rm -rf "$D"',
    'for ((i=0; i<3; i++)); do rm -rf "/tmp/$i"; done',
    'TMPDIR=$(cat f); rm -rf "$TMPDIR/x"',
    'HOME=$X; rm -rf "$HOME/.cache"',
  ])("%s → shape 8", (text) => {
    expect(judged(text).shapes).toContain(8);
  });
  it("inside a branch, the branch's own value holds", () => {
    expect(judged('if x; then D=~; rm -rf "$D"; fi').effects).toEqual(["delete home_dir ~"]);
    expect(judged('if x; then D=/tmp/a; else rm -rf "$D"; fi').shapes).toEqual([8]);
  });
  it("nothing leaks out of a subshell, a pipeline stage or a substitution", () => {
    expect(judged('D=/tmp/a; (D=~); rm -rf "$D"').effects).toEqual(["delete temp_path /tmp/a"]);
    expect(judged('D=/tmp/a; echo | D=~; rm -rf "$D"').effects).toEqual(["delete temp_path /tmp/a"]);
    expect(judged('D=/tmp/a; x=$(D=~); rm -rf "$D"').effects).toEqual(["delete temp_path /tmp/a"]);
  });
  it("a child shell sees exported values only", () => {
    expect(judged("export D=~; bash -c 'rm -rf \"$D\"'").effects).toEqual(["delete home_dir ~"]);
    expect(judged("D=~; bash -c 'rm -rf \"$D\"'").shapes).toEqual([8]);
    expect(judged("D=~ bash -c 'rm -rf \"$D\"'").effects).toEqual(["delete home_dir ~"]);
  });
  it("an export inside a subshell does not survive it", () => {
    expect(judged("D=~; (export D); bash -c 'rm -rf \"$D\"'").shapes).toEqual([8]);
  });
  it("a remote shell starts with none of them", () => {
    expect(judged("export D=~; ssh host 'rm -rf \"$D\"'").shapes).toContain(8);
  });
});

describe("property: a variable holding a literal path is that path", () => {
  const segment = fc.stringMatching(/^[a-z0-9_.-]{1,8}$/).filter((s) => s !== "." && s !== "..");
  const path = fc.tuple(fc.constantFrom("/", "/tmp/", "~/", "", "/srv/"), fc.array(segment, { maxLength: 3 })).map(([p, s]) => p + s.join("/"));
  it("D=P; rm -rf \"$D\" judges like rm -rf P", () => {
    fc.assert(
      fc.property(path, (p) => {
        const direct = judged(`rm -rf ${p || "''"}`);
        const carried = judged(`D=${p}; rm -rf "$D"`);
        expect(carried.effects.map((e) => e.split(" ").slice(0, 2).join(" "))).toEqual(direct.effects.map((e) => e.split(" ").slice(0, 2).join(" ")));
      }),
      { numRuns: 60 },
    );
  });
});
