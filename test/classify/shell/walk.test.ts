// The walk over tree-sitter-bash trees: every construct yields its commands,
// words are decoded as Bash would, redirects and stdin are recorded.
import { describe, expect, it } from "vitest";
import { analyze, shapes } from "./analyze.js";

/** `program argv…` per command, in order. */
const summary = (text: string): string[] =>
  analyze(text).commands.map((c) => [c.cmd.program, ...c.cmd.argv].join(" "));

describe("constructs: every command node is walked", () => {
  const cases: [string, string, string[]][] = [
    ["simple command", "ls -la", ["ls -la"]],
    ["pipeline", "cat a | grep b | wc -l", ["cat a", "grep b", "wc -l"]],
    ["|& pipeline", "make |& tee log", ["make", "tee log"]],
    ["; list", "a; b; c", ["a", "b", "c"]],
    ["&& || list", "a && b || c", ["a", "b", "c"]],
    ["background &", "sleep 1 & wait", ["sleep 1", "wait"]],
    ["newline separated", "a\nb\n\nc", ["a", "b", "c"]],
    ["subshell", "(cd x && rm y)", ["cd x", "rm y"]],
    ["brace group", "{ rm a; rm b; }", ["rm a", "rm b"]],
    ["nested groups", "( { (rm a) ; } )", ["rm a"]],
    ["negation", "! git diff --quiet", ["git diff --quiet"]],
    ["if/elif/else", "if a; then b; elif c; then d; else e; fi", ["a", "b", "c", "d", "e"]],
    ["while", "while a; do b; done", ["a", "b"]],
    ["until", "until a; do b; done", ["a", "b"]],
    ["for in", "for f in a b; do rm $f; done", ["rm a", "rm b"]],
    ["for over an unknown list", "for f in $(ls); do rm $f; done", ["ls", "rm $f"]],
    ["c-style for", "for ((i=0;i<3;i++)); do echo $i; done", ["echo $i"]],
    ["case", "case $x in a) rm a;; b|c) rm b;; esac", ["rm a", "rm b"]],
    ["function body", "f() { rm -rf build; }", ["rm -rf build"]],
    ["function keyword", "function g { ls; }", ["ls"]],
    ["test [ ]", "[ -f x ] && rm x", ["[ -f x", "rm x"]],
    ["test [[ ]]", "[[ $a == b ]] || exit 1", ["[[ $a == b", "exit 1"]],
    ["comment ignored", "ls # rm -rf /", ["ls"]],
    ["comment line", "# rm -rf /\necho hi", ["echo hi"]],
    ["assignment alone", "x=1", []],
    ["assignments alone", "x=1 y=2", []],
    ["assignment prefix dropped", "FOO=1 BAR=2 git reset --hard", ["git reset --hard"]],
    ["declaration", "export A=1 B", ["export A=1 B"]],
    ["local inside function", "f() { local x=1; }", ["local x=1"]],
    ["unset", "unset A", ["unset A"]],
    ["empty text", "", []],
    ["blank text", "   \n\t ", []],
    ["line continuation", "rm \\\n  -rf build", ["rm -rf build"]],
  ];
  it.each(cases)("%s", (_name, text, expected) => {
    expect(summary(text)).toEqual(expected);
  });
});

describe("substitutions run and are marked", () => {
  it("$(…) in an argument runs before the command", () => {
    const r = analyze("echo $(git reset --hard)");
    expect(r.commands.map((c) => [c.cmd.program, c.inSubstitution])).toEqual([
      ["git", true],
      ["echo", false],
    ]);
    expect(r.commands[1].cmd.raw_argv).toEqual(["$(git reset --hard)"]);
  });
  it("backticks", () => {
    const r = analyze("echo `rm -rf x`");
    expect(r.commands[0].cmd.program).toBe("rm");
    expect(r.commands[0].inSubstitution).toBe(true);
  });
  it("<( ) and >( ) bodies", () => {
    const r = analyze("diff <(ls a) >(tee b)");
    expect(r.commands.map((c) => `${c.cmd.program}:${c.inSubstitution}`)).toEqual(["ls:true", "tee:true", "diff:false"]);
  });
  it("substitution in an assignment", () => {
    expect(summary("x=$(rm -rf /)")).toEqual(["rm -rf /"]);
    expect(analyze("x=$(rm -rf /)").commands[0].inSubstitution).toBe(true);
  });
  it("substitution in a for list", () => {
    expect(summary("for f in $(ls); do rm $f; done")).toEqual(["ls", "rm $f"]);
  });
  it("substitution inside double quotes and arithmetic", () => {
    expect(summary('echo "$(id -u)" $(( $(wc -l < f) + 1 ))')).toEqual(["id -u", "wc -l", "echo $(id -u) $(( $(wc -l < f) + 1 ))"]);
  });
  it("substitution in an unquoted heredoc body runs", () => {
    expect(summary("cat <<EOF\n$(rm -rf /)\nEOF")).toEqual(["rm -rf /", "cat"]);
  });
  it("nested substitutions", () => {
    const r = analyze("echo $(echo $(rm -rf x))");
    expect(r.commands.map((c) => c.cmd.program)).toEqual(["rm", "echo", "echo"]);
    expect(r.commands.slice(0, 2).every((c) => c.inSubstitution)).toBe(true);
  });
  it("substitution in a redirect target", () => {
    const r = analyze("echo x >$(rm -rf /)");
    expect(r.commands[0].cmd.program).toBe("rm");
    expect(shapes(analyze("echo x >$(rm -rf /)"))).toEqual([10]);
  });
});

describe("words: argv unquoted, raw_argv as written", () => {
  const cases: [string, string[], string[]][] = [
    ["echo 'a b' \"c d\" e\\ f", ["a b", "c d", "e f"], ["'a b'", '"c d"', "e\\ f"]],
    ['echo "a"\'b\'c', ["abc"], ['"a"\'b\'c']],
    ["echo $'a\\tb'", ["a\tb"], ["$'a\\tb'"]],
    ["echo $'\\x41\\101\\u00e9'", ["AAé"], ["$'\\x41\\101\\u00e9'"]],
    ['echo "a\\"b\\$c\\\\d\\e"', ['a"b$c\\d\\e'], ['"a\\"b\\$c\\\\d\\e"']],
    ["echo $HOME/x ${HOME}/y", ["$HOME/x", "${HOME}/y"], ["$HOME/x", "${HOME}/y"]],
    ['echo "$VAR"', ["$VAR"], ['"$VAR"']],
    ["echo $(date) `date`", ["$(date)", "`date`"], ["$(date)", "`date`"]],
    ["echo ~/x *.txt", ["~/x", "*.txt"], ["~/x", "*.txt"]],
    ["echo /{usr,etc} x{1..3}", ["/usr", "/etc", "x1", "x2", "x3"], ["/usr", "/etc", "x1", "x2", "x3"]],
    ["echo a{b,{c,d}}e {01..03}", ["abe", "ace", "ade", "01", "02", "03"], ["abe", "ace", "ade", "01", "02", "03"]],
    ["echo '{a,b}' {x} {} ${a}", ["{a,b}", "{x}", "{}", "${a}"], ["'{a,b}'", "{x}", "{}", "${a}"]],
    ["echo {1..1000}", ["{1..1000}"], ["{1..1000}"]],
    ["echo --x=$y", ["--x=$y"], ["--x=$y"]],
    ["echo ''", [""], ["''"]],
  ];
  it.each(cases)("%s", (text, argv, raw) => {
    const c = analyze(text).commands.at(-1)!;
    expect(c.cmd.argv).toEqual(argv);
    expect(c.cmd.raw_argv).toEqual(raw);
  });
  it("raw is the command as written", () => {
    const r = analyze("FOO=1 git  reset   --hard; ls");
    expect(r.commands[0].cmd.raw).toBe("FOO=1 git  reset   --hard");
    expect(r.commands[1].cmd.raw).toBe("ls");
  });
  it("non-ASCII text keeps offsets right", () => {
    const r = analyze("echo héllo 🎉; rm -rf ünï");
    expect(r.commands.map((c) => c.cmd.raw)).toEqual(["echo héllo 🎉", "rm -rf ünï"]);
    expect(r.commands[1].cmd.argv).toEqual(["-rf", "ünï"]);
  });
});

describe("program normalisation", () => {
  const cases: [string, string][] = [
    ["/usr/bin/GIT.exe status", "git"],
    ["GIT.EXE status", "git"],
    ["RM -rf x", "rm"],
    ['"C:\\Program Files\\Git\\bin\\git.exe" status', "git"],
    ["./scripts/build.sh", "build.sh"],
    ["'..\\bin\\Tool.EXE'", "tool"],
    ["..\\bin\\Tool.EXE", "..bintool"],
  ];
  it.each(cases)("%s → %s", (text, program) => {
    expect(analyze(text).commands[0].cmd.program).toBe(program);
  });
});

describe("redirects", () => {
  const cases: [string, [string, string][]][] = [
    ["echo a > out.txt", [[">", "out.txt"]]],
    ["echo a >> log", [[">>", "log"]]],
    ["make 2> err.log", [["2>", "err.log"]]],
    ["make &> all.log", [["&>", "all.log"]]],
    ["make &>> all.log", [["&>>", "all.log"]]],
    ["echo a >| f", [[">|", "f"]]],
    ["sort < in.txt", [["<", "in.txt"]]],
    ["cmd 2>&1", [["2>&", "1"]]],
    ["cmd >&2", [[">&", "2"]]],
    ["cat <<'EOF'\nx\nEOF", [["<<", "'EOF'"]]],
    ["cat <<-EOF\n\tx\n\tEOF", [["<<-", "EOF"]]],
    ["cat <<< 'hi'", [["<<<", "'hi'"]]],
    ['echo > "$F"', [[">", '"$F"']]],
    ["cat > f.txt <<'EOF'\nx\nEOF", [[">", "f.txt"], ["<<", "'EOF'"]]],
  ];
  it.each(cases)("%s", (text, redirects) => {
    expect(analyze(text).commands.at(-1)!.cmd.redirects).toEqual(redirects);
  });
  it("redirect on a group applies to each command in it", () => {
    const r = analyze("{ echo a; echo b; } > out.txt");
    expect(r.commands.map((c) => c.cmd.redirects)).toEqual([[[">", "out.txt"]], [[">", "out.txt"]]]);
  });
  it("a trailing redirect binds to the last command of a pipeline or list", () => {
    expect(analyze("a | b > out").commands.map((c) => c.cmd.redirects)).toEqual([[], [[">", "out"]]]);
    expect(analyze("a && b > out").commands.map((c) => c.cmd.redirects)).toEqual([[], [[">", "out"]]]);
    expect(analyze("a | b && c 2> err").commands.map((c) => c.cmd.redirects)).toEqual([[], [], [["2>", "err"]]]);
    expect(analyze("! a > out").commands[0].cmd.redirects).toEqual([[">", "out"]]);
  });
  it("a bare redirection still opens its target", () => {
    const r = analyze("> out.txt");
    expect(r.commands).toHaveLength(1);
    expect(r.commands[0].cmd.program).toBe("");
    expect(r.commands[0].cmd.redirects).toEqual([[">", "out.txt"]]);
  });
  it("words after a redirect target are arguments", () => {
    expect(summary("rm -rf >log /")).toEqual(["rm -rf /"]);
    expect(summary("echo > out a b")).toEqual(["echo a b"]);
  });
  it("redirect before the command", () => {
    const r = analyze(">out echo hi");
    expect(r.commands[0].cmd.program).toBe("echo");
    expect(r.commands[0].cmd.redirects).toEqual([[">", "out"]]);
  });
});

describe("stdin", () => {
  it("pipe: upstream is the previous stage's command", () => {
    const r = analyze("cat a | grep b | wc -l");
    expect(r.commands.map((c) => c.stdin)).toEqual([
      null,
      { kind: "pipe", upstream: 0 },
      { kind: "pipe", upstream: 1 },
    ]);
  });
  it("pipe upstream skips substitution commands of that stage", () => {
    const r = analyze("echo $(date) | tee x");
    expect(r.commands.map((c) => c.cmd.program)).toEqual(["date", "echo", "tee"]);
    expect(r.commands[2].stdin).toEqual({ kind: "pipe", upstream: 1 });
  });
  it("heredoc with quoted delimiter is literal", () => {
    expect(analyze("cat <<'EOF'\na $x\nEOF").commands[0].stdin).toEqual({ kind: "heredoc", text: "a $x\n" });
  });
  it("heredoc without expansions is literal", () => {
    expect(analyze("cat <<EOF\nplain \\$x\nEOF").commands[0].stdin).toEqual({ kind: "heredoc", text: "plain $x\n" });
  });
  it("heredoc with an expansion is not", () => {
    expect(analyze("cat <<EOF\nhi $USER\nEOF").commands[0].stdin).toEqual({ kind: "heredoc", text: null });
  });
  it("<<- strips leading tabs", () => {
    expect(analyze("cat <<-EOF\n\tone\n\t\ttwo\n\tEOF").commands[0].stdin).toEqual({ kind: "heredoc", text: "one\ntwo\n" });
  });
  it("herestring", () => {
    expect(analyze("grep x <<< 'a b'").commands[0].stdin).toEqual({ kind: "herestring", text: "a b" });
    expect(analyze('grep x <<< "$v"').commands[0].stdin).toEqual({ kind: "herestring", text: null });
  });
  it("file", () => {
    expect(analyze("sort < in.txt").commands[0].stdin).toEqual({ kind: "file", path: "in.txt" });
  });
  it("a redirect overrides the pipe", () => {
    expect(analyze("echo x | sort < in.txt").commands[1].stdin).toEqual({ kind: "file", path: "in.txt" });
  });
  it("loop redirect feeds the loop's commands", () => {
    const r = analyze("while read l; do echo $l; done < list.txt");
    expect(r.commands.map((c) => c.stdin)).toEqual([
      { kind: "file", path: "list.txt" },
      { kind: "file", path: "list.txt" },
    ]);
  });
  it("< <(cmd) is a pipe from cmd", () => {
    const r = analyze("sort < <(ls)");
    expect(r.commands[1].stdin).toEqual({ kind: "pipe", upstream: 0 });
    expect(shapes(analyze("sort < <(ls)"))).toEqual([]);
  });
  it("heredoc fed into a pipeline (tree-sitter attaches the pipe to the heredoc)", () => {
    const r = analyze("cat <<'EOF' | grep x\nbody\nEOF");
    expect(r.commands.map((c) => c.cmd.program)).toEqual(["cat", "grep"]);
    expect(r.commands[1].stdin).toEqual({ kind: "pipe", upstream: 0 });
  });
});

describe("quoted data stays data", () => {
  const cases: [string, string[]][] = [
    ['echo "rm -rf /"', ["echo rm -rf /"]],
    ["printf 'rm -rf /'", ["printf rm -rf /"]],
    ['git commit -m "fix: rm -rf / no more"', ["git commit -m fix: rm -rf / no more"]],
    ["grep 'git reset --hard' notes", ["grep git reset --hard notes"]],
    ["echo rm -rf /", ["echo rm -rf /"]],
    ["cat <<'EOF'\nrm -rf /\nEOF", ["cat"]],
    ["cat <<EOF\nrm -rf ~\nEOF", ["cat"]],
    ["# git reset --hard", []],
    ["sed 's/git reset --hard/x/' f", ["sed s/git reset --hard/x/ f"]],
    ["awk '/rm -rf/ {print}' log", ["awk /rm -rf/ {print} log"]],
  ];
  it.each(cases)("%s", (text, expected) => {
    expect(summary(text)).toEqual(expected);
    expect(shapes(analyze(text))).toEqual([]);
  });
  it("commit message from a quoted heredoc in $(…)", () => {
    const text = "git commit -m \"$(cat <<'EOF'\nfix: stop rm -rf / and git reset --hard\nEOF\n)\"";
    expect(analyze(text).commands.map((c) => c.cmd.program)).toEqual(["cat", "git"]);
    expect(shapes(analyze(text))).toEqual([]);
  });
});
