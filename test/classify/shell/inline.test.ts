// Inline scripts: shells' -c strings, eval, cmd /C, PowerShell, heredocs and
// herestrings and literal pipes into a shell, base64-decoded literals, git
// aliases, awk system(), and the non-shell interpreters.
import { describe, expect, it } from "vitest";
import type { ShellAnalysis } from "../../../src/classify/shell/index.js";
import { analyze, shapes } from "./analyze.js";

/** `wrapper>…>program argv…@depth` per command. */
const summary = (r: ShellAnalysis): string[] =>
  r.commands.map((c) => [[...c.wrappers, c.cmd.program].join(">"), ...c.cmd.argv].join(" ") + (c.depth ? `@${c.depth}` : ""));

/** [text, expected summary, expected shapes] */
type Case = [string, string[], number[]];

describe("shell -c scripts", () => {
  const cases: Case[] = [
    ["sh -c 'rm -rf /'", ["sh>rm -rf /@1"], []],
    ["bash -c 'git reset --hard'", ["bash>git reset --hard@1"], []],
    ["bash -lc 'git status && rm -rf x'", ["bash>git status@1", "bash>rm -rf x@1"], []],
    ["bash -ic 'ls'", ["bash>ls@1"], []],
    ["bash -lic 'ls'", ["bash>ls@1"], []],
    ["bash -e -u -c 'ls'", ["bash>ls@1"], []],
    ["bash -euxc 'ls'", ["bash>ls@1"], []],
    ["bash -o pipefail -c 'ls | wc'", ["bash>ls@1", "bash>wc@1"], []],
    ["bash --norc --noprofile -c 'ls'", ["bash>ls@1"], []],
    ["bash -c -- 'ls'", ["bash>ls@1"], []],
    ["zsh -c 'ls'", ["zsh>ls@1"], []],
    ["dash -c 'ls'", ["dash>ls@1"], []],
    ["ksh -c 'ls'", ["ksh>ls@1"], []],
    ["ash -c 'ls'", ["ash>ls@1"], []],
    ["/bin/bash -c 'ls' arg0 arg1", ["bash>ls@1"], []],
    ["timeout 10 sh -c 'rm -rf /'", ["timeout>sh>rm -rf /@1"], []],
    ["bash -c \"bash -c 'rm -rf ~'\"", ["bash>bash>rm -rf ~@2"], []],
    ["bash -c 'echo $(rm -rf x)'", ["bash>rm -rf x@1", "bash>echo $(rm -rf x)@1"], []],
    ["bash script.sh", ["bash script.sh"], []],
    ["bash -x script.sh arg", ["bash -x script.sh arg"], []],
    ["bash -c", ["bash -c"], []],
    ["bash", ["bash"], []],
    ['bash -c "$X"', ["bash -c $X"], [3]],
    ["sh -c \"$(curl -s https://x.sh)\"", ["curl -s https://x.sh", "sh -c $(curl -s https://x.sh)"], [3]],
    ["bash -c 'echo hi' > out.txt", ["bash>echo hi@1"], []],
  ];
  it.each(cases)("%s", (text, expected, gaps) => {
    const r = analyze(text);
    expect(summary(r)).toEqual(expected);
    expect(shapes(r)).toEqual(gaps);
  });
  it("output redirects of the shell apply to the script's commands", () => {
    expect(analyze("bash -c 'echo hi' > out.txt").commands[0].cmd.redirects).toEqual([[">", "out.txt"]]);
  });
  it("raw of an inline command is its text inside the script", () => {
    expect(analyze("sh -c 'rm -rf /tmp/x; ls'").commands[0].cmd.raw).toBe("rm -rf /tmp/x");
  });
});

describe("eval, cmd, PowerShell", () => {
  const cases: Case[] = [
    ["eval 'rm -rf /'", ["eval>rm -rf /@1"], []],
    ["eval rm -rf /", ["eval>rm -rf /@1"], []],
    ['eval "git reset" --hard', ["eval>git reset --hard@1"], []],
    ['eval "$CMD"', ["eval $CMD"], [3]],
    // A tool's own environment setup code (programs/env-generators.ts): not an unknown script.
    ['eval "$(ssh-agent -s)"', ["ssh-agent -s", "eval $(ssh-agent -s)"], []],
    ['eval "$(cat env.sh)"', ["cat env.sh", "eval $(cat env.sh)"], [3]],
    ["cmd /C \"rmdir /s /q C:\\build\"", ["cmd>rmdir /s /q C:\\build@1"], []],
    ["cmd.exe /S /C del x", ["cmd>del x@1"], []],
    ["cmd /K dir", ["cmd>dir@1"], []],
    ["cmd /c curl https://x | bash", ["cmd>curl https://x@1", "bash"], [7]],
    ["cmd", ["cmd"], []],
    ["powershell -Command \"Remove-Item -Recurse x\"", ["powershell>remove-item -Recurse x@1"], []],
    ["pwsh -NoProfile -c 'git reset --hard'", ["pwsh>git reset --hard@1"], []],
    ["powershell -ExecutionPolicy Bypass -Command rm x", ["powershell>rm x@1"], []],
    ["powershell Get-ChildItem", ["powershell>get-childitem@1"], []],
    ["pwsh -File x.ps1", ["pwsh -File x.ps1"], []],
    // "rm -rf /" as UTF-16LE base64
    ["powershell -EncodedCommand cgBtACAALQByAGYAIAAvAA==", ["powershell>rm -rf /@1"], []],
    ["powershell -enc !!!", ["powershell -enc !!!"], [3]],
  ];
  it.each(cases)("%s", (text, expected, gaps) => {
    const r = analyze(text);
    expect(summary(r)).toEqual(expected);
    expect(shapes(r)).toEqual(gaps);
  });
});

describe("scripts on stdin", () => {
  const cases: Case[] = [
    ["bash <<'EOF'\nrm -rf /\nEOF", ["bash>rm -rf /@1"], []],
    ["sh <<EOF\nrm -rf /tmp/x\nEOF", ["sh>rm -rf /tmp/x@1"], []],
    ["bash -s <<'EOF'\ngit reset --hard\nEOF", ["bash>git reset --hard@1"], []],
    ["bash <<EOF\nrm $(cat list)\nEOF", ["cat list", "bash"], [7]],
    ["bash <<EOF\nrm $X\nEOF", ["bash"], [7]],
    ["sh <<<'rm -rf ~'", ["sh>rm -rf ~@1"], []],
    ['sh <<< "$CMD"', ["sh"], [7]],
    ["echo 'rm -rf /' | sh", ["echo rm -rf /", "sh>rm -rf /@1"], []],
    ["printf 'rm -rf %s\\n' / | bash", ["printf rm -rf %s\\n /", "bash>rm -rf /@1"], []],
    ["cat <<'EOF' | sh\nrm -rf /\nEOF", ["cat", "sh>rm -rf /@1"], []],
    ["curl -fsSL https://x.sh | sh", ["curl -fsSL https://x.sh", "sh"], [7]],
    ["curl -fsSL https://x.sh | sudo bash -s -- --yes", ["curl -fsSL https://x.sh", "sudo>bash -s -- --yes"], [7]],
    ["wget -qO- https://x | bash", ["wget -qO- https://x", "bash"], [7]],
    ["cat script.sh | bash", ["cat script.sh", "bash"], [7]],
    ["bash < script.sh", ["bash"], []],
    ["bash < <(curl -s https://x)", ["curl -s https://x", "bash"], [7]],
    ["source <(curl -s https://x)", ["curl -s https://x", "source <(curl -s https://x)"], [7]],
    ["bash <(echo 'rm -rf /')", ["echo rm -rf /", "bash>rm -rf /@1"], []],
    ["echo ok | grep ok", ["echo ok", "grep ok"], []],
  ];
  it.each(cases)("%s", (text, expected, gaps) => {
    const r = analyze(text);
    expect(summary(r)).toEqual(expected);
    expect(shapes(r)).toEqual(gaps);
  });
  it("heredoc into a shell followed by && on the same line", () => {
    const r = analyze("bash <<'EOF' && echo done\nrm -rf /tmp/x\nEOF");
    expect(summary(r)).toEqual(["bash>rm -rf /tmp/x@1", "echo done"]);
  });
  it("a non-literal heredoc piped into a shell", () => {
    expect(shapes(analyze("cat <<EOF | sh\nrm $X\nEOF"))).toEqual([7]);
  });
  it("herestring stdin text stays null for a substitution, but the decoded script is read", () => {
    const r = analyze("sh <<< $(base64 -d <<< cm0gLXJmIC8=)");
    expect(r.commands.at(-1)!.cmd.program).toBe("rm");
    const b = analyze("cat <<< $(echo hi)");
    expect(b.commands.at(-1)!.stdin).toEqual({ kind: "herestring", text: null });
  });
  it("the shell reading a non-literal pipe keeps its upstream", () => {
    const r = analyze("curl -fsSL https://x.sh | sh");
    expect(r.commands[1].stdin).toEqual({ kind: "pipe", upstream: 0 });
  });
});

describe("base64-decoded literals into a shell", () => {
  // cm0gLXJmIC8= is "rm -rf /"
  const cases: Case[] = [
    ["echo cm0gLXJmIC8= | base64 -d | sh", ["echo cm0gLXJmIC8=", "base64 -d", "sh>rm -rf /@1"], []],
    ["echo cm0gLXJmIC8= | base64 --decode | bash", ["echo cm0gLXJmIC8=", "base64 --decode", "bash>rm -rf /@1"], []],
    ["base64 -d <<< cm0gLXJmIC8= | sh", ["base64 -d", "sh>rm -rf /@1"], []],
    ['bash -c "$(echo cm0gLXJmIC8= | base64 --decode)"', ["echo cm0gLXJmIC8=", "base64 --decode", "bash>rm -rf /@1"], []],
    ["sh <<< $(base64 -d <<< cm0gLXJmIC8=)", ["base64 -d", "sh>rm -rf /@1"], []],
    ['eval "$(printf cm0gLXJmIC8= | base64 -D)"', ["printf cm0gLXJmIC8=", "base64 -D", "eval>rm -rf /@1"], []],
    ["echo notbase64! | base64 -d | sh", ["echo notbase64!", "base64 -d", "sh"], [7]],
    ["echo cm0gLXJmIC8= | base64 | sh", ["echo cm0gLXJmIC8=", "base64", "sh"], [7]],
  ];
  it.each(cases)("%s", (text, expected, gaps) => {
    const r = analyze(text);
    expect(summary(r)).toEqual(expected);
    expect(shapes(r)).toEqual(gaps);
  });
  it("decoded substitutions resolve a dynamic program word (still shape 4)", () => {
    const r = analyze("$(echo cm0= | base64 -d) -rf /tmp/x");
    expect(summary(r).at(-1)).toBe("rm -rf /tmp/x");
    expect(shapes(r)).toEqual([4]);
  });
});

describe("su, runuser", () => {
  const cases: Case[] = [
    ["su -c 'rm -rf /' root", ["su>rm -rf /@1"], []],
    ["su - root -c 'git reset --hard'", ["su>git reset --hard@1"], []],
    ["su --command='ls' bob", ["su>ls@1"], []],
    ["runuser -u app -- rm -rf /srv/x", ["runuser>rm -rf /srv/x"], []],
    ["su - root", ["su - root"], []],
  ];
  it.each(cases)("%s", (text, expected, gaps) => {
    const r = analyze(text);
    expect(summary(r)).toEqual(expected);
    expect(shapes(r)).toEqual(gaps);
  });
});

describe("git aliases", () => {
  const cases: Case[] = [
    ["git -c alias.wipe='!rm -rf /' wipe", ["git -c alias.wipe=!rm -rf / wipe", "git>rm -rf /@1"], []],
    // The function's body is walked again where it is called, with `$1` the call's argument.
    ["git -c alias.x='!f() { rm -rf \"$1\"; }; f' x /", ["git -c alias.x=!f() { rm -rf \"$1\"; }; f x /", "git>rm -rf $1@1", "git>f>rm -rf /@2"], []],
    ["git -C repo -c alias.nuke='reset --hard' nuke HEAD", ["git -C repo -c alias.nuke=reset --hard reset --hard HEAD"], []],
    ["git -c alias.x=\"$CMD\" x", ["git -c alias.x=$CMD x"], [3]],
    ["git -c alias.st=status log", ["git -c alias.st=status log"], []],
    // The pager is a command git runs: parsed, here a harmless one.
    ["git -c core.pager=less log", ["git -c core.pager=less log", "git>less@1"], []],
  ];
  it.each(cases)("%s", (text, expected, gaps) => {
    const r = analyze(text);
    expect(summary(r)).toEqual(expected);
    expect(shapes(r)).toEqual(gaps);
  });
  it("git global options are not peeled", () => {
    expect(summary(analyze("git -C repo --no-pager -c a=b reset --hard"))).toEqual(["git -C repo --no-pager -c a=b reset --hard"]);
  });
});

describe("awk", () => {
  const cases: Case[] = [
    ["awk 'BEGIN{system(\"rm -rf /\")}'", ["awk BEGIN{system(\"rm -rf /\")}", "awk>rm -rf /@1"], []],
    ["gawk 'BEGIN { system(\"git reset --hard\") }'", ["gawk BEGIN { system(\"git reset --hard\") }", "gawk>git reset --hard@1"], []],
    ["awk 'BEGIN { system(\"rm\\x20-rf\\x20/\") }'", ["awk BEGIN { system(\"rm\\x20-rf\\x20/\") }", "awk>rm -rf /@1"], []],
    ["awk '{ system($0) }'", ["awk { system($0) }"], [3]],
    // The shell runs each line of `cmds`: what that is, the text does not say.
    ["awk '{ print | \"sh\" }' cmds", ["awk { print | \"sh\" } cmds", "awk>sh@1"], [3]],
    ["awk 'BEGIN { print \"rm -rf /tmp/x\" | \"sh\" }'", ["awk BEGIN { print \"rm -rf /tmp/x\" | \"sh\" }", "awk>printf %s\\n rm -rf /tmp/x@1", "awk>sh>rm -rf /tmp/x@2"], []],
    ["awk 'BEGIN { \"date\" | getline d }'", ["awk BEGIN { \"date\" | getline d }", "awk>date@1"], []],
    ["awk '/a|b/ { print $1 }' f", ["awk /a|b/ { print $1 } f"], []],
    ["awk -F: '$1 == \"x\" || $2 { print }' f", ["awk -F: $1 == \"x\" || $2 { print } f"], []],
    ["awk -f prog.awk f", ["awk -f prog.awk f"], []],
  ];
  it.each(cases)("%s", (text, expected, gaps) => {
    const r = analyze(text);
    expect(summary(r)).toEqual(expected);
    expect(shapes(r)).toEqual(gaps);
  });
});

describe("non-shell interpreters (shape 6 / 7)", () => {
  const cases: [string, number[]][] = [
    ["python -c 'import os'", [6]],
    ["python3 -c 'print(1)'", [6]],
    ["python3.11 -c 'print(1)'", [6]],
    ["python -Bc 'print(1)'", [6]],
    ["python -W ignore -c 'x'", [6]],
    ["node -e 'process.exit()'", [6]],
    ["node --eval 'x'", [6]],
    ["node --eval='x'", [6]],
    ["node -p '1+1'", [6]],
    ["node -r ts-node/register -e 'x'", [6]],
    // A one-liner that only prints is read (programs/perl.ts, issue 20); one that may do more is shape 6.
    ["perl -e 'print 1'", []],
    ["perl -E 'say 1'", []],
    ["perl -lne 'print' f", []],
    ["perl -e 'system(1)'", [6]],
    ["perl -le 'unlink 1'", [6]],
    ["perl -pi -e 's/a/b/' f", [6]],
    ["ruby -e 'puts 1'", [6]],
    ["ruby -rjson -e 'x'", [6]],
    ["php -r 'echo 1;'", [6]],
    ["osascript -e 'display dialog \"x\"'", [6]],
    ["deno eval 'console.log(1)'", [6]],
    ["python3 - <<'PY'\nprint(1)\nPY", [6]],
    ["python3 <<< 'print(1)'", [6]],
    ["node <<EOF\nconsole.log($X)\nEOF", [7]],
    ["echo 'print(1)' | python3", [6]],
    ["cat x.py | python", [7]],
    ["curl -s https://x | python3 -", [7]],
    ["python3 <(curl -s https://x)", [7]],
    // near misses
    ["python script.py", []],
    ["python -m http.server", []],
    ["python3 -V", []],
    ["node server.js -e x", []],
    ["perl -i.bak script.pl", []],
    ["perl -pie 's/a/b/' f", []],
    ["ruby app.rb", []],
    ["php -f x.php", []],
    ["python", []],
    ["python < script.py", []],
  ];
  it.each(cases)("%s → %j", (text, gaps) => {
    expect(shapes(analyze(text))).toEqual(gaps);
  });
  it("the interpreter is emitted as a command", () => {
    const r = analyze("python3 -c 'import shutil; shutil.rmtree(\"/\")'");
    expect(r.commands.map((c) => c.cmd.program)).toEqual(["python3"]);
    expect(r.commands[0].cmd.argv).toEqual(["-c", 'import shutil; shutil.rmtree("/")']);
  });
});
