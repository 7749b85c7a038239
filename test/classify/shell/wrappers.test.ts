// Wrapper peeling: the command that actually runs, with the wrappers recorded.
import { describe, expect, it } from "vitest";
import { analyzeArgv, type ShellAnalysis } from "../../../src/classify/shell/index.js";
import { analyze, parser, shapes } from "./analyze.js";
import { EFFECT_PROGRAMS } from "../../../src/classify/effects/index.js";

/** `wrapper>…>program argv…` per command. */
const summary = (r: ShellAnalysis): string[] =>
  r.commands.map((c) => [[...c.wrappers, c.cmd.program].join(">"), ...c.cmd.argv].join(" "));

describe("wrappers are peeled, options with values skipped", () => {
  const cases: [string, string][] = [
    ["sudo rm -rf /usr", "sudo>rm -rf /usr"],
    ["sudo -u root -- git reset --hard", "sudo>git reset --hard"],
    ["sudo -u root git reset --hard", "sudo>git reset --hard"],
    ["sudo -uroot git reset --hard", "sudo>git reset --hard"],
    ["sudo --user=root git reset --hard", "sudo>git reset --hard"],
    ["sudo --user root git reset --hard", "sudo>git reset --hard"],
    ["sudo -g wheel -C 3 -D /tmp -n -E rm x", "sudo>rm x"],
    ["sudo -nu root rm x", "sudo>rm x"],
    ["sudo FOO=1 rm x", "sudo>rm x"],
    ["doas -u root rm x", "doas>rm x"],
    ["env -i FOO=1 git reset --hard", "env>git reset --hard"],
    ["env -u PATH git reset --hard", "env>git reset --hard"],
    ["env -uPATH git reset --hard", "env>git reset --hard"],
    ["env --unset=PATH -C /tmp git reset --hard", "env>git reset --hard"],
    ["env - A=1 B=2 rm x", "env>rm x"],
    ["env -S 'rm -rf /tmp/x' -v", "env>rm -rf /tmp/x -v"],
    ["nice -n 10 rm -rf /", "nice>rm -rf /"],
    ["nice -10 rm -rf /", "nice>rm -rf /"],
    ["nice --adjustment=5 rm x", "nice>rm x"],
    ["nohup rm -rf x &", "nohup>rm -rf x"],
    ["time rm x", "time>rm x"],
    ["time -p rm x", "time>rm x"],
    ["timeout 10 rm x", "timeout>rm x"],
    ["timeout -s KILL -k 5 10s rm x", "timeout>rm x"],
    ["timeout --signal=TERM --preserve-status 1m rm x", "timeout>rm x"],
    ["command rm x", "command>rm x"],
    ["command -p rm x", "command>rm x"],
    ["builtin echo x", "builtin>echo x"],
    ["exec rm x", "exec>rm x"],
    ["exec -a name -cl rm x", "exec>rm x"],
    ["stdbuf -oL -e 0 rm x", "stdbuf>rm x"],
    ["stdbuf --output=L rm x", "stdbuf>rm x"],
    ["ionice -c 3 -n 7 rm x", "ionice>rm x"],
    ["ionice -c3 rm x", "ionice>rm x"],
    ["xargs rm -rf", "xargs>rm -rf"],
    ["xargs -0 -n 1 -P 4 rm -rf", "xargs>rm -rf"],
    ["xargs -I {} rm -rf {}", "xargs>rm -rf {}"],
    ["xargs -d '\\n' -a list rm", "xargs>rm"],
    ["xargs --max-args=1 --null rm", "xargs>rm"],
    ["busybox rm -rf /x", "busybox>rm -rf /x"],
    ["setsid rm x", "setsid>rm x"],
    ["coproc rm x", "coproc>rm x"],
    ["sudo env FOO=1 nice -n 5 rm x", "sudo>env>nice>rm x"],
    ["/usr/bin/sudo /bin/rm x", "sudo>rm x"],
    ["watch -n 1 rm -rf x", "watch>rm -rf x"],
  ];
  it.each(cases)("%s", (text, expected) => {
    expect(summary(analyze(text))).toEqual([expected]);
  });
});

describe("wrappers that run nothing are the program", () => {
  const cases: [string, string][] = [
    ["command -v rm", "command -v rm"],
    ["command -V git", "command -V git"],
    ["sudo -l", "sudo -l"],
    ["sudo -e /etc/hosts", "sudo -e /etc/hosts"],
    ["sudo", "sudo"],
    ["env", "env"],
    ["env FOO=1", "env FOO=1"],
    ["xargs", "xargs"],
    ["xargs -n1", "xargs -n1"],
    ["ionice -p 1234", "ionice -p 1234"],
    ["timeout 10", "timeout 10"],
    ["nohup", "nohup"],
    ["exec > log", "exec"],
  ];
  it.each(cases)("%s", (text, expected) => {
    expect(summary(analyze(text))).toEqual([expected]);
  });
});

describe("xargs", () => {
  it("the wrapped command does not read xargs's stdin", () => {
    const r = analyze("find . -name '*.o' | xargs rm -f");
    expect(summary(r)).toEqual(["find . -name *.o", "xargs>rm -f"]);
    expect(r.commands[1].stdin).toBeNull();
  });
  it("-I replace string in an inline script is not a literal", () => {
    const r = analyze("cat list | xargs -I{} bash -c {}");
    expect(shapes(r)).toEqual([3]);
  });
  it("a literal input fills the -I string of an argument, never of a program or a script", () => {
    expect(summary(analyze("printf '%s\\n' a | xargs -I{} rm -rf tmp/{}"))).toContain("xargs>rm -rf tmp/a");
    expect(shapes(analyze("echo 'ls' | xargs -I{} bash -c {}"))).toEqual([3]);
    expect(shapes(analyze("echo ls | xargs -I{} {} -la"))).toEqual([4]);
  });
  it("-I template script is still read", () => {
    const r = analyze("ls | xargs -I % sh -c 'rm -rf %'");
    expect(summary(r)).toContain("xargs>sh>rm -rf %");
    expect(shapes(r)).toEqual([3]);
  });
  it("xargs sh -c with positional args is a literal", () => {
    const r = analyze("find . | xargs -n1 sh -c 'wc -l \"$1\"' _");
    expect(summary(r)).toEqual(["find .", "xargs>sh>wc -l $1"]);
    expect(shapes(r)).toEqual([]);
  });
});

describe("find -exec", () => {
  it("emits find and the -exec command with its context", () => {
    const r = analyze("find . -name '*.tmp' -exec rm -rf {} \\;");
    expect(summary(r)).toEqual(["find . -name *.tmp -exec rm -rf {} ;", "find>rm -rf {}"]);
    expect(r.commands[1].find).toEqual({ roots: ["."], filtered: true, names: [{ test: "-name", pattern: "*.tmp" }] });
    expect(r.commands[1].cmd.raw).toBe("rm -rf {} \\;");
  });
  it("unfiltered, several roots, + terminator, -execdir", () => {
    const r = analyze("find /tmp /var/tmp -execdir rm -rf {} +");
    expect(r.commands[1].find).toEqual({ roots: ["/tmp", "/var/tmp"], filtered: false });
    expect(r.commands[1].cmd.argv).toEqual(["-rf", "{}"]);
  });
  it("-ok and several actions", () => {
    const r = analyze("find . -type f -ok rm {} ';' -exec echo {} \\;");
    expect(summary(r)).toEqual(["find . -type f -ok rm {} ; -exec echo {} ;", "find>rm {}", "find>echo {}"]);
  });
  it("neutral primaries do not count as filters", () => {
    const r = analyze("find / -maxdepth 2 -depth -exec rm -rf {} \\;");
    expect(r.commands[1].find).toEqual({ roots: ["/"], filtered: false });
  });
  it("default root is .", () => {
    expect(analyze("find -exec rm {} \\;").commands[1].find).toEqual({ roots: ["."], filtered: false });
  });
  it("-exec through wrappers and shells", () => {
    expect(summary(analyze("find . -exec sudo rm -rf {} \\;"))[1]).toBe("find>sudo>rm -rf {}");
    expect(summary(analyze("find . -exec sh -c 'git reset --hard' \\;"))[1]).toBe("find>sh>git reset --hard");
  });
  it("find -delete is the find command itself", () => {
    expect(summary(analyze("find / -delete"))).toEqual(["find / -delete"]);
  });
  it("{} as the program is not a literal", () => {
    expect(shapes(analyze("find . -exec {} \\;"))).toEqual([4]);
  });
});

describe("parallel and watch", () => {
  it("parallel CMD ::: inputs runs CMD per input", () => {
    expect(summary(analyze("parallel rm -rf ::: /a /b"))).toEqual(["parallel>rm -rf /a", "parallel>rm -rf /b"]);
  });
  it("parallel with {} placeholders", () => {
    expect(summary(analyze("parallel rm -rf {} ::: /"))).toEqual(["parallel>rm -rf /"]);
  });
  it("parallel ::: commands", () => {
    expect(summary(analyze("parallel ::: 'rm -rf /' 'true'"))).toEqual(["parallel>rm -rf /", "parallel>true"]);
  });
  it("parallel fed by stdin", () => {
    const r = analyze("echo / | parallel rm -rf");
    expect(summary(r)).toEqual(["echo /", "parallel>rm -rf"]);
  });
  it("watch with one argument runs it through sh -c", () => {
    expect(summary(analyze("watch 'git reset --hard'"))).toEqual(["watch>git reset --hard"]);
  });
});

describe("depth", () => {
  it("four wrappers are fine, five are shape 9", () => {
    expect(shapes(analyze("sudo env nice nohup rm x"))).toEqual([]);
    const r = analyze("sudo env nice nohup timeout 5 rm x");
    expect(shapes(r)).toEqual([9]);
    expect(r.commands[0].cmd.program).toBe("timeout");
  });
});

describe("analyzeArgv", () => {
  it("peels wrappers without shell-parsing the words", () => {
    const r = analyzeArgv(parser, ["sudo", "rm", "-rf", "$HOME; echo"], { programs: EFFECT_PROGRAMS });
    expect(summary(r)).toEqual(["sudo>rm -rf $HOME; echo"]);
    expect(r.commands[0].cmd.raw_argv).toEqual(["-rf", "'$HOME; echo'"]);
    expect(shapes(r)).toEqual([]);
  });
  it("parses an inline script", () => {
    const r = analyzeArgv(parser, ["bash", "-lc", "git reset --hard && rm -rf /tmp/x"], { programs: EFFECT_PROGRAMS });
    expect(summary(r)).toEqual(["bash>git reset --hard", "bash>rm -rf /tmp/x"]);
    expect(r.commands.every((c) => c.depth === 1)).toBe(true);
  });
  it("find -exec in argv form", () => {
    const r = analyzeArgv(parser, ["find", ".", "-exec", "rm", "{}", ";"], { programs: EFFECT_PROGRAMS });
    expect(summary(r)).toEqual(["find . -exec rm {} ;", "find>rm {}"]);
    expect(r.commands[1].cmd.raw).toBe("rm '{}' ';'");
  });
  it("empty argv", () => {
    expect(analyzeArgv(parser, [], { programs: EFFECT_PROGRAMS })).toEqual({ commands: [], unknown: [] });
  });
  it("program word quoting never counts as obfuscation", () => {
    expect(shapes(analyzeArgv(parser, ["rm", "-rf", "x"], { programs: EFFECT_PROGRAMS }))).toEqual([]);
    expect(analyzeArgv(parser, ["/usr/bin/GIT.exe", "status"], { programs: EFFECT_PROGRAMS }).commands[0].cmd.program).toBe("git");
  });
  it("oversize argv", () => {
    expect(shapes(analyzeArgv(parser, ["echo", "x".repeat(20000)], { programs: EFFECT_PROGRAMS }))).toEqual([1]);
  });
});
