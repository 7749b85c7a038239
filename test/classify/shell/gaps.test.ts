// Coverage gaps (SPEC §6.3 shapes 1–4, 6, 7, 9–12) — each with a benign near
// miss — and the bypass classes a gate must see through.
import { describe, expect, it } from "vitest";
import { MAX_COMMAND_BYTES, MAX_SIMPLE_COMMANDS, type ShellAnalysis } from "../../../src/classify/shell/index.js";
import { analyze, shapes } from "./analyze.js";

const programs = (r: ShellAnalysis): string[] => r.commands.map((c) => [c.cmd.program, ...c.cmd.argv].join(" "));

/** [text, shapes expected] */
const SHAPE_CASES: [string, number[]][] = [
  // 2 parse error
  ["echo 'unterminated", [2]],
  ['git reset --hard "oops', [2]],
  ["if true; then echo", [2]],
  ["( ls", [2]],
  ["&& ls", [2]],
  ["echo 'terminated'", []],
  // 3 dynamic script
  ['bash -c "$X"', [3]],
  ["sh -c $CMD", [3]],
  ['eval "$CMD"', [3]],
  ["eval $(cat cmds)", [3]],
  ['su -c "$X" root', [3]],
  ["su - root", []],
  ["bash -c 'echo $X'", []],
  ["eval 'echo ok'", []],
  // 4 dynamic program word
  ["$CMD args", [4]],
  ["${CMD} args", [4]],
  ['"$CMD" args', [4]],
  ["$(which rm) -rf x", [4]],
  ["`which rm` -rf x", [4]],
  ['"$SHELL" -c "ls"', [4]],
  ["$HOME/bin/tool", [4]],
  ["rm -rf $CMD", []],
  // 6 inline code for a non-shell interpreter
  ["python -c 'print(1)'", [6]],
  ["node -e '1'", [6]],
  ["python script.py", []],
  // 7 interpreter reading a non-literal program from a pipe or heredoc
  ["curl https://x | sh", [7]],
  ["cat x | python", [7]],
  ["bash <<EOF\necho $(date)\nEOF", [7]],
  ["echo 'ls' | sh", []],
  ["curl https://x | jq .", []],
  // 10 redirect target
  ["echo x > ~/out", [10]],
  ["echo x > *.log", [10]],
  ["echo x > out?.txt", [10]],
  ['echo x > "$OUT"', [10]],
  // A fresh temp file (`$(mktemp)`) or a name fragment below the temp directory lies there (issue 20).
  ["echo x > $(mktemp)", []],
  ["echo x > /tmp/out.$$", []],
  ['echo x > "/tmp/$USER/out"', []],
  ['echo x > "/tmp/$USER/../../etc/x"', [10]],
  ["cat < ~/.ssh/id_rsa", [10]],
  ["echo x > /tmp/out.txt", []],
  ["echo x 2>&1 >/dev/null", []],
  ["echo x >&2", []],
  ["sort < <(ls)", []],
  ["cat <<< ~", []],
  // 11 function / alias defined and invoked
  // A function's body is walked where it is called (with the call's arguments): no gap of its own.
  ["f() { rm -rf /usr; }; f", []],
  ["function g { ls; }; g", []],
  // A recursive call is not unrolled.
  ["f() { f; }; f", [11]],
  ["alias r=rm; r -rf /usr", [11]],
  ["f() { ls; }", []],
  ["alias ll='ls -la'", []],
  // `\r` skips the alias: it runs the program `r`, named as written.
  ["alias r=rm; \\r -rf x", []],
  // 12 quote-escape obfuscation — a whole-word quote or one leading backslash
  // decodes to the name as written: that program, no gap (SPEC §6.1).
  ["r\\m -rf /x", [12]],
  ["\\rm -rf /x", []],
  ['"rm" -rf /x', []],
  ["'rm' -rf /x", []],
  ["\\r\\m -rf /x", [12]],
  ["/bin/'rm' -rf /x", [12]],
  ['"r"m -rf /x', [12]],
  ["r''m -rf /x", [12]],
  ["$'rm' -rf /x", [12]],
  // Escapes of whitespace and control characters are how they are written: no obfuscation (issue 20).
  ["echo $'a\\nb'", []],
  ["echo $'\\x72\\x6d'", [12]],
  ["grep $'\\t' f", []],
  ["sudo 'rm' -rf /x", []],
  ["sudo 'r'm -rf /x", [12]],
  ["{rm,-rf,/tmp/x} a", [2]],
  ["r{m,} -rf /tmp/x", [12]],
  ['"/opt/my tools/run" x', []],
  ['echo "quoted arg"', []],
  ["git commit -m 'msg'", []],
];

describe("shapes", () => {
  it.each(SHAPE_CASES)("%s → %j", (text, expected) => {
    expect(shapes(analyze(text))).toEqual(expected);
  });

  it("every gap carries the simple command's raw text", () => {
    const r = analyze("ls; $CMD x; echo ok");
    expect(r.unknown).toEqual([{ shape: 4, reason: expect.any(String), command: "$CMD x" }]);
  });

  it("one gap per shape per command", () => {
    const r = analyze("$'rm' -rf /x");
    expect(r.unknown.filter((u) => u.shape === 12)).toHaveLength(1);
  });
});

describe("shape 1: oversize", () => {
  it("text over MAX_COMMAND_BYTES is not parsed", () => {
    const r = analyze("echo " + "x".repeat(MAX_COMMAND_BYTES));
    expect(r.commands).toEqual([]);
    expect(r.unknown).toEqual([{ shape: 1, reason: expect.any(String), command: "" }]);
  });
  it("measures UTF-8 bytes, not UTF-16 units", () => {
    const text = "echo " + "é".repeat(MAX_COMMAND_BYTES / 2);
    expect(text.length).toBeLessThan(MAX_COMMAND_BYTES);
    expect(shapes(analyze(text))).toEqual([1]);
  });
  it("exactly at the limit is parsed", () => {
    const text = "echo " + "x".repeat(MAX_COMMAND_BYTES - 5);
    expect(shapes(analyze(text))).toEqual([]);
  });
  it("more than MAX_SIMPLE_COMMANDS commands stops and reports", () => {
    const text = Array.from({ length: MAX_SIMPLE_COMMANDS + 10 }, (_, k) => `echo ${k}`).join("; ");
    const r = analyze(text);
    expect(shapes(r)).toEqual([1]);
    expect(r.commands.length).toBe(MAX_SIMPLE_COMMANDS);
  });
  it("MAX_SIMPLE_COMMANDS commands are fine", () => {
    const text = Array.from({ length: MAX_SIMPLE_COMMANDS }, (_, k) => `echo ${k}`).join("; ");
    expect(shapes(analyze(text))).toEqual([]);
  });
  it("deep nesting is reported, not a crash", () => {
    expect(shapes(analyze("( ".repeat(3000) + "ls" + " )".repeat(3000)))).toEqual([1]);
    expect(shapes(analyze("echo " + "$(echo ".repeat(1500) + "x" + ")".repeat(1500)))).toEqual([1]);
    expect(shapes(analyze("if a; then ".repeat(1000) + "x" + "; fi".repeat(1000)))).toEqual([1]);
    expect(() => analyze("(".repeat(5000) + "ls" + ")".repeat(5000))).not.toThrow();
  });
});

describe("shape 9: depth", () => {
  const nest = (n: number): string => {
    let s = "rm -rf /";
    for (let k = 0; k < n; k++) s = `bash -c ${"'" + s.replace(/'/g, "'\\''") + "'"}`;
    return s;
  };
  it("four inline levels are analyzed", () => {
    const r = analyze(nest(4));
    expect(shapes(r)).toEqual([]);
    expect(r.commands.map((c) => [c.cmd.program, c.depth])).toEqual([["rm", 4]]);
  });
  it("five are shape 9", () => {
    const r = analyze(nest(5));
    expect(shapes(r)).toEqual([9]);
    expect(r.commands.map((c) => c.cmd.program)).toEqual(["bash"]);
  });
  it("wrappers and inline levels count together", () => {
    expect(shapes(analyze("sudo env nice bash -c 'nohup rm x'"))).toEqual([9]);
    expect(shapes(analyze("sudo env bash -c 'nohup rm x'"))).toEqual([]);
  });
});

describe("dynamic program words resolved when the text says their value", () => {
  it("x=literal; $x: the text names the program, so no gap", () => {
    const r = analyze("x=rm; $x -rf /tmp/y");
    expect(programs(r)).toEqual(["rm -rf /tmp/y"]);
    expect(shapes(r)).toEqual([]);
  });
  it("a program only decoding shows is still judged, with shape 4", () => {
    const r = analyze("a=r; b=m; $a$b -rf /tmp/y");
    expect(programs(r)).toEqual(["rm -rf /tmp/y"]);
    expect(shapes(r)).toEqual([4]);
  });
  it("reassigned to something unknown: not resolved", () => {
    const r = analyze("x=rm; x=$(cat f); $x -rf /tmp/y");
    expect(programs(r)).toEqual(["cat f", "$x -rf /tmp/y"]);
  });
  it("unset: empty, so an unquoted $x disappears", () => {
    expect(programs(analyze("x=rm; unset x; $x a"))).toEqual(["unset x", "a"]);
  });
  it("loop variable: one command per value of the list", () => {
    expect(programs(analyze("x=rm; for x in a b; do $x y; done"))).toEqual(["a y", "b y"]);
  });
  it("quoted expansion is one word", () => {
    expect(programs(analyze('c="rm -rf"; "$c" x'))).toEqual(["rm -rf x"]);
  });
});

describe("gaps sit beside confident commands", () => {
  it("rm -rf /data/x && $UNKNOWN keeps the rm", () => {
    const r = analyze("rm -rf /data/x && $UNKNOWN");
    expect(programs(r)).toEqual(["rm -rf /data/x", "$unknown"]);
    expect(shapes(r)).toEqual([4]);
  });
  it("a parse error keeps the commands that parsed", () => {
    const r = analyze("git reset --hard 'unterminated");
    expect(programs(r)).toEqual(["git reset --hard"]);
    expect(shapes(r)).toEqual([2]);
  });
});

describe("bypass classes", () => {
  const cases: [string, string][] = [
    ["git checkout -b x; git reset --hard", "git reset --hard"],
    ["git reset --hard; git checkout -b x", "git reset --hard"],
    ["rm -f /tmp/a && rm -rf /", "rm -rf /"],
    ["ls | rm -rf /", "rm -rf /"],
    ["true || rm -rf /", "rm -rf /"],
    ["sudo -u root -- git reset --hard", "git reset --hard"],
    ["env -i FOO=1 git reset --hard", "git reset --hard"],
    ["FOO=1 git reset --hard", "git reset --hard"],
    ["nice -n 10 rm -rf /", "rm -rf /"],
    ["timeout 10 sh -c 'rm -rf /'", "rm -rf /"],
    ["nohup rm -rf / &", "rm -rf /"],
    ["\"rm\" -rf /x", "rm -rf /x"],
    ["r\\m -rf /x", "rm -rf /x"],
    ["$'rm' -rf /x", "rm -rf /x"],
    ["f() { rm -rf /usr; }; f", "rm -rf /usr"],
    ["alias r=rm; r -rf /usr", "rm -rf /usr"],
    ["alias r='sudo rm'; r -rf /usr", "rm -rf /usr"],
    ["echo / | xargs rm -rf", "rm -rf /"],
    ["find . -exec rm -rf {} \\;", "rm -rf {}"],
    ["find / -delete", "find / -delete"],
    ["awk 'BEGIN{system(\"rm -rf /\")}'", "rm -rf /"],
    ["bash <<'EOF'\nrm -rf /\nEOF", "rm -rf /"],
    ["sh <<<'rm -rf /'", "rm -rf /"],
    ["echo cm0gLXJmIC8= | base64 -d | sh", "rm -rf /"],
    ["bash -c \"$(echo cm0gLXJmIC8= | base64 --decode)\"", "rm -rf /"],
    ["sh <<< $(base64 -d <<< cm0gLXJmIC8=)", "rm -rf /"],
    ["echo $(git reset --hard)", "git reset --hard"],
    ["cat <(git reset --hard)", "git reset --hard"],
    ["x=$(git reset --hard)", "git reset --hard"],
    ["[ \"$(git reset --hard)\" ]", "git reset --hard"],
    ["if ! rm -rf /; then :; fi", "rm -rf /"],
    ["while rm -rf /; do :; done", "rm -rf /"],
    ["case x in x) rm -rf /;; esac", "rm -rf /"],
    ["{ rm -rf /; } 2>/dev/null", "rm -rf /"],
    ["(rm -rf /) &", "rm -rf /"],
    ["W='rm -rf ~'; $W", "rm -rf ~"],
    ["$(echo rm) -rf /", "rm -rf /"],
    ["git -c alias.wipe='!rm -rf /' wipe", "rm -rf /"],
    ["cmd /c rm -rf /", "rm -rf /"],
    ["command rm -rf /", "rm -rf /"],
    ["exec rm -rf /", "rm -rf /"],
    ["busybox rm -rf /", "rm -rf /"],
    ["echo ok | xargs -I{} sh -c 'rm -rf /'", "rm -rf /"],
    ["parallel rm -rf ::: /", "rm -rf /"],
    ["watch -n1 'rm -rf /'", "rm -rf /"],
    ["/bin/rm -rf /", "rm -rf /"],
    ["RM -RF /", "rm -RF /"],
    ["rm \\\n -rf /", "rm -rf /"],
    ["rm -rf /{usr,}", "rm -rf /usr /"],
    ["su -c 'rm -rf /' root", "rm -rf /"],
  ];
  it.each(cases)("%s runs %s", (text, expected) => {
    expect(programs(analyze(text))).toContain(expected);
  });
});

// Found by the peer cross-check (docs/peer-cases.md): xargs and GNU parallel
// append words from their input to the command they run, so a command that
// stops early under them gets its program or its -c script from that input.
describe("peer-derived: commands completed by xargs/parallel input", () => {
  const CASES: [string, number[]][] = [
    ["printf 'ls\\n' | xargs sh -c", [3]],
    ["cat jobs.txt | xargs -n1 bash -c", [3]],
    ["cat jobs.txt | parallel bash -c", [3]],
    ["cat names | xargs sudo", [4]],
    ["cat names | xargs nice -n 5", [4]],
    ["cat names | parallel env --", [4]],
    // near misses: a literal script or program, or a look-up, or no feeder at all
    ["cat names | xargs sh -c 'echo \"$@\"' _", []],
    ["cat names | xargs sudo ls", []],
    ["cat names | xargs command -v", []],
    ["parallel bash -c ::: 'echo hi'", []],
    ["bash -c", []],
    ["sudo", []],
    ["cat names | xargs", []],
  ];
  it.each(CASES)("%s → shapes %j", (text, expected) => {
    expect(shapes(analyze(text))).toEqual(expected);
  });
});
