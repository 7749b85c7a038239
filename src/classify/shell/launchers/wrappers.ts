// Wrappers: programs that exec the command written after their own options
// (`sudo`, `env`, `nice`, `timeout`, `xargs`, …). Most are one `wrapper({…})`
// row: the wrapper's options (so an option's value is never taken for the
// program), the options after which it runs nothing, the operands it takes
// before the command. The few with their own rules (`env -S`, `xargs -I`)
// have a small handler.
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { has, parseArgs, type OptionSpec } from "../../programs/options.js";
import { ENV_OPTIONS } from "../../programs/registry.js";
import { splitWords } from "../../text.js";
import type { VarState } from "../values.js";
import { homeAwareWord, placeholderWord, type Word } from "../words.js";
import type { Launch, LauncherRow, LaunchExample } from "./types.js";

export interface WrapperSpec {
  /** The wrapper's own options. Digits cluster as flag letters (`nice -10`) unless `digitsAreFlags: false`. */
  options?: OptionSpec;
  /** Options after which the wrapper runs no command (`command -v`, `sudo -l`): it is the program itself. */
  runsNothing?: readonly string[];
  /** Operands the wrapper takes before the command (`timeout DURATION`, `flock FILE`). */
  operandsBefore?: number;
  /** `VAR=value` words before the command are assignments (`sudo`, `env`). */
  assignments?: boolean;
  /** The command does not read the wrapper's stdin (`xargs` consumes it). */
  consumesStdin?: boolean;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const NO_ASSIGNMENTS: ReadonlyMap<string, VarState> = new Map();

function skipAssignments(words: readonly Word[], i: number): number {
  while (i < words.length && !words[i].dynamic && ASSIGNMENT.test(words[i].value)) i++;
  return i;
}

/** The `VAR=value` words from `from` to `to`, as the command's environment additions. */
export function assignmentsOf(words: readonly Word[], from: number, to: number): ReadonlyMap<string, VarState> {
  if (to <= from) return NO_ASSIGNMENTS;
  const out = new Map<string, VarState>();
  for (let k = from; k < to; k++) {
    const v = words[k].value;
    const eq = v.indexOf("=");
    if (eq <= 0) continue;
    out.set(v.slice(0, eq), [{ value: v.slice(eq + 1), tilde: v[eq + 1] === "~", vars: [] }]);
  }
  return out;
}

/** Read a wrapper's options POSIX-style from `from`: they end at the first operand or a word whose value is unknown. */
export function wrapperOptions(call: Launch, options: OptionSpec = {}, from = call.i + 1, maxWords = Infinity) {
  return parseArgs(call.words, { digitsAreFlags: true, ...options, stopAtOperand: true, stopAtDynamic: true }, from, maxWords);
}

/** The handler of a plain wrapper row: skip its options (and operands), run what follows. */
export function wrapper(spec: WrapperSpec): (call: Launch) => number | null {
  return (call) => {
    const p = wrapperOptions(call, spec.options);
    if (spec.runsNothing && has(p, ...spec.runsNothing)) return call.emit();
    let next = p.end + (spec.operandsBefore ?? 0);
    const from = next;
    if (spec.assignments) next = skipAssignments(call.words, next);
    return call.run(next, { stdin: spec.consumesStdin ? "none" : "keep", assigns: assignmentsOf(call.words, from, next) });
  };
}

const SUDO: OptionSpec = {
  shortValue: "ugCDprtUTR",
  longValue: ["user", "group", "close-from", "chdir", "prompt", "role", "type", "other-user", "command-timeout", "chroot", "host"],
};

/** `env [-i] [-u NAME] [-C DIR] [-S 'STRING'] [NAME=VALUE]… CMD…`: `-S` splits its string into words in place. */
function env(call: Launch): number | null {
  let w: readonly Word[] = call.words;
  let j = call.i + 1;
  const spec: OptionSpec = ENV_OPTIONS;
  for (let guard = 0; guard < 64 && j < w.length; guard++) {
    if (!w[j].dynamic && w[j].value === "-") {
      j++; // a lone `-` means -i
      continue;
    }
    const step = parseArgs(w, { ...spec, stopAtOperand: true, stopAtDynamic: true, digitsAreFlags: true }, j, 1);
    if (step.end === j) break;
    const split = step.flags.find((o) => o.name === "S" || o.name === "split-string");
    if (split && split.value !== null) {
      const parts = splitWords(split.value);
      if (parts === null) return call.emit();
      // The words env splits were shell text: a `~` in them means home (as in argv form).
      w = [...w.slice(0, j), ...parts.map((p) => homeAwareWord(p)), ...w.slice(step.end)];
      continue;
    }
    j = step.end;
    if (w[j - 1] && !w[j - 1].dynamic && w[j - 1].value === "--" && step.flags.length === 0) break;
  }
  const next = skipAssignments(w, j);
  return call.run(next, { words: w, assigns: assignmentsOf(w, j, next) });
}

/** Items of a literal input xargs splits, at most. */
const MAX_FED_ITEMS = 16;

/**
 * The items xargs reads from a literal stdin (`printf '%s\n' a b | xargs …`):
 * lines with `-I`, else blank-separated words (quotes as xargs reads them);
 * null when the input is not known, is split another way (`-0`, `-d`, `-a`,
 * `-E`), or holds more than a few items.
 */
function literalItems(call: Launch, p: ReturnType<typeof wrapperOptions>, lines: boolean): string[] | null {
  if (p.flags.some((f) => ["0", "d", "delimiter", "a", "arg-file", "E", "e", "eof", "null"].includes(f.name))) return null;
  const text = call.stdinText();
  if (text === null) return null;
  const items = lines ? text.split("\n").map((l) => l.replace(/^[ \t]+/, "")).filter((l) => l !== "") : splitWords(text.replace(/\n/g, " "));
  return items === null || items.length > MAX_FED_ITEMS ? null : items;
}

/** `xargs [opts] CMD…`: with a replace string (`-I {}`), the input lands inside the command's words. */
function xargs(call: Launch): number | null {
  const p = wrapperOptions(call, {
    // GNU, plus BSD -J/-R/-S
    shortValue: "adEILnPsJRS",
    shortOptional: "eil",
    longValue: ["arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"],
    longOptional: ["eof", "replace", "max-lines"],
  });
  if (has(p, "help", "version", "show-limits")) return call.emit();
  const repl: string[] = [];
  for (const o of p.flags) {
    if (o.name === "I" || o.name === "J") {
      if (o.value) repl.push(o.value);
    } else if (o.name === "i" || o.name === "replace") repl.push(o.value || "{}");
  }
  // Only as arguments: where the input would name the program or a shell's script (`echo ok | xargs sudo`,
  // `xargs -I{} bash -c {}`), the program still comes from the input (shapes 4 and 3, as before).
  const program = call.words[p.end];
  const asArguments = program !== undefined && !call.isLauncher(program) && !repl.some((r) => program.value.includes(r));
  const fed = asArguments ? literalItems(call, p, repl.length > 0) : null;
  if (fed !== null) {
    // `printf '%s\n' a b | xargs -I{} touch tmp/{}`: the input is known, so are the commands.
    if (repl.length === 0) return call.run(p.end, { words: [...call.words, ...fed.map((v) => homeAwareWord(v))], stdin: "none" });
    let out: number | null = null;
    for (const item of fed) {
      const words = call.words.map((w, k) => (k >= p.end && !w.dynamic && repl.some((r) => w.value.includes(r)) ? homeAwareWord(repl.reduce((v, r) => v.split(r).join(item), w.value)) : w));
      const o = call.run(p.end, { words, stdin: "none" });
      out ??= o;
    }
    return out;
  }
  if (repl.length === 0) return call.run(p.end, { stdin: "none" });
  const marked = call.words.map((w, k) => (k >= p.end && repl.some((r) => w.value.includes(r)) ? placeholderWord(w) : w));
  return call.run(p.end, { words: marked, stdin: "none" });
}

/**
 * `flock [opts] FILE CMD…`, `flock [opts] FILE -c CMD` (through the shell),
 * `flock [opts] FD` (locks a descriptor, runs nothing).
 */
function flock(call: Launch): number | null {
  const spec: OptionSpec = { shortValue: "wEc", longValue: ["wait", "timeout", "conflict-exit-code", "command"], aliases: { command: "c" } };
  const p = wrapperOptions(call, spec);
  const after = p.end < call.words.length ? wrapperOptions(call, spec, p.end + 1) : p;
  const c = [...p.flags, ...after.flags].find((f) => f.name === "c");
  if (c) {
    const lit = call.flagText(c);
    if (lit === null) {
      call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, "the flock -c command is not a literal");
      return call.emit();
    }
    return call.inline(lit, { inheritStdin: true, sameScope: false });
  }
  return call.run(p.end + 1);
}

/** `sg GROUP -c CMD` / `sg GROUP CMD`: CMD through `/bin/sh -c`. */
function sg(call: Launch): number | null {
  const w = call.words;
  let k = call.i + 1;
  if (w[k] && !w[k].dynamic && w[k].value === "-") k++;
  k++; // the group
  if (w[k] && !w[k].dynamic && w[k].value === "-c") k++;
  if (k >= w.length) return call.emit();
  const lits = w.slice(k).map((x) => call.literal(x));
  if (lits.some((l) => l === null)) {
    call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, "the sg command is not a literal");
    return call.emit();
  }
  return call.inline(lits.join(" "), { inheritStdin: true, sameScope: false });
}

const row = (names: readonly string[], runs: string, launch: LauncherRow["launch"], examples: readonly LaunchExample[], extra: Partial<LauncherRow> = {}): LauncherRow => ({
  names,
  runs,
  launch,
  examples,
  ...extra,
});

export const WRAPPER_ROWS: readonly LauncherRow[] = [
  row(["sudo"], "the command after its options and `VAR=x` words; `-l`, `-e`, `-v`, `-k` run none", wrapper({
    options: SUDO,
    runsNothing: ["e", "edit", "l", "list", "v", "validate", "k", "K", "reset-timestamp", "remove-timestamp", "V", "version", "help"],
    assignments: true,
  }), [
    ["sudo -u root -- git reset --hard", ["sudo>git reset --hard"]],
    ["sudo -nu root rm x", ["sudo>rm x"]],
    ["sudo FOO=1 rm x", ["sudo>rm x"]],
    ["sudo -l", ["sudo -l"]],
  ]),
  row(["doas"], "the command after its options; `-C`, `-s`, `-L` run none", wrapper({ options: { shortValue: "uC" }, runsNothing: ["C", "s", "L"] }), [
    ["doas -u root rm x", ["doas>rm x"]],
  ]),
  row(["env"], "the command after its options and `VAR=x` words; `-S` splits a string into words", env, [
    ["env -i FOO=1 git reset --hard", ["env>git reset --hard"]],
    ["env -S 'rm -rf /tmp/x' -v", ["env>rm -rf /tmp/x -v"]],
    ["env FOO=1", ["env FOO=1"]],
  ]),
  row(["nice"], "the command after its options (`-n N`, `-N`)", wrapper({ options: { shortValue: "n", longValue: ["adjustment"] } }), [
    ["nice -10 rm -rf /", ["nice>rm -rf /"]],
    ["nice -n 10 rm -rf /", ["nice>rm -rf /"]],
  ]),
  row(["nohup"], "the command after it", wrapper({ runsNothing: ["help", "version"] }), [["nohup rm -rf x &", ["nohup>rm -rf x"]]]),
  row(["time"], "the command after its options", wrapper({ options: { shortValue: "fo", longValue: ["format", "output"] } }), [["time -p rm x", ["time>rm x"]]]),
  row(["timeout"], "the command after its options and the DURATION", wrapper({
    options: { shortValue: "sk", longValue: ["signal", "kill-after"], digitsAreFlags: false },
    runsNothing: ["help", "version"],
    operandsBefore: 1,
  }), [
    ["timeout -s KILL -k 5 10s rm x", ["timeout>rm x"]],
    ["timeout 10", ["timeout 10"]],
  ]),
  row(["command"], "the command after it; `-v`/`-V` only look a name up", wrapper({ runsNothing: ["v", "V"] }), [
    ["command -p rm x", ["command>rm x"]],
    ["command -v rm", ["command -v rm"]],
  ]),
  row(["builtin"], "the builtin after it", (call) => {
    const next = call.words[call.i + 1];
    return call.run(next && !next.dynamic && next.value === "--" ? call.i + 2 : call.i + 1);
  }, [["builtin echo x", ["builtin>echo x"]]]),
  row(["exec"], "the command after its options (`-a NAME`, `-c`, `-l`)", wrapper({ options: { shortValue: "a" } }), [
    ["exec -a name -cl rm x", ["exec>rm x"]],
    ["exec > log", ["exec"]],
  ]),
  row(["stdbuf"], "the command after its options", wrapper({ options: { shortValue: "ioe", longValue: ["input", "output", "error"] } }), [
    ["stdbuf -oL -e 0 rm x", ["stdbuf>rm x"]],
  ]),
  row(["ionice"], "the command after its options; `-p`/`-P`/`-u` act on running processes", wrapper({
    options: { shortValue: "cnpPu", longValue: ["class", "classdata", "pid", "pgid", "uid"] },
    runsNothing: ["p", "P", "u", "pid", "pgid", "uid"],
  }), [
    ["ionice -c3 rm x", ["ionice>rm x"]],
    ["ionice -p 1234", ["ionice -p 1234"]],
  ]),
  row(["xargs"], "the command after its options, with words from its input appended (or put in place of `-I` strings)", xargs, [
    ["xargs -0 -n 1 -P 4 rm -rf", ["xargs>rm -rf"]],
    ["xargs -I {} rm -rf {}", ["xargs>rm -rf {}"]],
    ["find . -name '*.o' | xargs rm -f", ["find . -name *.o", "xargs>rm -f"]],
    ["cat names | xargs sudo", ["cat names", "xargs>sudo"], [4]],
    ["echo x | xargs sudo", ["echo x", "xargs>sudo"], [4]],
    ["printf '%s\\n' a b | xargs -I{} touch tmp/{}", ["printf %s\\n a b", "xargs>touch tmp/a", "xargs>touch tmp/b"]],
    ["echo a b | xargs rm -f", ["echo a b", "xargs>rm -f a b"]],
  ], { feedsInput: true }),
  row(["coproc"], "the command after it", (call) => call.run(call.i + 1), [["coproc rm x", ["coproc>rm x"]]]),
  row(["busybox"], "the applet named after it", (call) => {
    const next = call.words[call.i + 1];
    return next && !next.dynamic && next.value.startsWith("-") ? call.emit() : call.run(call.i + 1);
  }, [["busybox rm -rf /x", ["busybox>rm -rf /x"]]]),
  row(["setsid"], "the command after its options", wrapper({}), [["setsid rm x", ["setsid>rm x"]]]),
  // ── process attributes, tracing, sandboxes, namespaces (SPEC §6.1 "runners and launchers") ──
  row(["flock"], "the command after its options and the lock FILE, or its `-c` command through the shell; `flock FD` runs none", flock, [
    ["flock -w 5 /tmp/l rm -rf /tmp/x", ["flock>rm -rf /tmp/x"]],
    ["flock /tmp/l -c 'rm -rf /tmp/x'", ["flock>rm -rf /tmp/x"]],
    ["flock -n 9", ["flock -n 9"]],
  ]),
  row(["strace"], "the command after its options; `-p PID` attaches to a running one", wrapper({
    options: { shortValue: "abeEIoOpPsSuUX", longValue: ["output", "attach", "user", "env", "trace-path", "string-limit", "columns", "detach-on", "signal", "trace", "abbrev", "verbose", "raw", "read", "write", "fault", "inject", "kvm", "status", "summary-sort-by", "summary-columns"] },
  }), [["strace -f -e trace=file -o /tmp/t rm -rf /tmp/x", ["strace>rm -rf /tmp/x"]], ["strace -p 123", ["strace -p 123"]]]),
  row(["ltrace"], "the command after its options", wrapper({ options: { shortValue: "aADeFlnopsuwx", longValue: ["output", "align", "indent", "library"] } }), [["ltrace -o /tmp/t -s 64 rm x", ["ltrace>rm x"]]]),
  row(["valgrind", "catchsegv", "unbuffer", "chronic", "dbus-run-session", "dbus-launch", "winpty", "firejail", "systemd-inhibit", "flatpak-spawn"], "the command after its options (`--opt=value` style)", wrapper({}), [
    ["valgrind --tool=memcheck -q rm x", ["valgrind>rm x"]],
    ["chronic rm -rf /tmp/x", ["chronic>rm -rf /tmp/x"]],
    ["firejail --noprofile --private=/tmp/j rm x", ["firejail>rm x"]],
  ]),
  row(["chroot"], "the command after its options and NEWROOT (the shell when none)", wrapper({ options: { longValue: ["userspec", "groups"] }, operandsBefore: 1 }), [
    ["chroot --userspec=1:1 /mnt/root rm -rf /x", ["chroot>rm -rf /x"]],
    ["chroot /mnt/root", ["chroot /mnt/root"]],
  ]),
  row(["unshare"], "the command after its options (the shell when none)", wrapper({
    options: { shortValue: "RwSG", shortOptional: "muinpUCT", longValue: ["root", "wd", "setuid", "setgid", "propagation", "setgroups", "map-user", "map-group", "map-users", "map-groups", "load-interp"], longOptional: ["mount", "uts", "ipc", "net", "pid", "user", "cgroup", "time", "kill-child", "mount-proc"] },
  }), [["unshare -r -n --mount-proc=/proc rm -rf /x", ["unshare>rm -rf /x"]], ["unshare -S 0 -G 0 rm x", ["unshare>rm x"]]]),
  row(["nsenter"], "the command after its options (the target's shell when none)", wrapper({
    options: { shortValue: "tSGW", shortOptional: "muinpUCTrw", longValue: ["target", "setuid", "setgid", "wdns"], longOptional: ["mount", "uts", "ipc", "net", "pid", "user", "cgroup", "time", "root", "wd"] },
  }), [["nsenter -t 1 -m -u -i -n -p -- rm -rf /x", ["nsenter>rm -rf /x"]]]),
  row(["chrt"], "the command after its options and the PRIORITY; `-p` acts on a running process", wrapper({
    options: { shortValue: "TPD", longValue: ["sched-runtime", "sched-period", "sched-deadline"] },
    runsNothing: ["p", "pid", "m", "max", "h", "help", "V", "version"],
    operandsBefore: 1,
  }), [["chrt -f 5 rm -rf /x", ["chrt>rm -rf /x"]], ["chrt -p 5 1234", ["chrt -p 5 1234"]]]),
  row(["taskset"], "the command after its options and the MASK; `-p` acts on a running process", wrapper({
    runsNothing: ["p", "pid", "h", "help", "V", "version"],
    operandsBefore: 1,
  }), [["taskset -c 0,1 rm -rf /x", ["taskset>rm -rf /x"]], ["taskset -p 3 1234", ["taskset -p 3 1234"]]]),
  row(["numactl"], "the command after its options; `--show`/`--hardware` run none", wrapper({
    options: { shortValue: "imNCpPwb", longValue: ["interleave", "membind", "cpunodebind", "physcpubind", "preferred", "preferred-many", "weighted-interleave"] },
    runsNothing: ["s", "show", "H", "hardware"],
  }), [["numactl -N 0 -m 0 rm x", ["numactl>rm x"]]]),
  row(["prlimit"], "the command after its options; `--pid` acts on a running process", wrapper({
    options: { shortValue: "po", shortOptional: "cdefilmnqrstuvxy", longValue: ["pid", "output"] },
    runsNothing: ["p", "pid"],
  }), [["prlimit --nofile=512 -n1024 rm x", ["prlimit>rm x"]]]),
  row(["setpriv"], "the command after its options; `--dump` runs none", wrapper({
    options: { longValue: ["reuid", "regid", "ruid", "rgid", "euid", "egid", "groups", "inh-caps", "ambient-caps", "bounding-set", "securebits", "pdeathsig", "selinux-label", "apparmor-profile", "landlock-access", "landlock-rule", "rlimit"] },
    runsNothing: ["d", "dump"],
  }), [["setpriv --reuid=1000 --init-groups rm x", ["setpriv>rm x"]]]),
  row(["pkexec", "run0"], "the command after its options (`--user`)", wrapper({ options: { shortValue: "ugD", longValue: ["user", "group", "chdir", "nice", "setenv", "property", "unit", "machine", "description", "slice"] }, runsNothing: ["version", "help"] }), [
    ["pkexec --user root rm -rf /x", ["pkexec>rm -rf /x"]],
  ]),
  row(["fakeroot", "fakechroot"], "the command after its options", wrapper({ options: { shortValue: "lisb", longValue: ["lib", "faked", "fd-base"] } }), [["fakeroot -- rm x", ["fakeroot>rm x"]]]),
  row(["faketime"], "the command after its options and the TIMESTAMP", wrapper({ options: { shortValue: "p", longValue: ["date-prog"] }, operandsBefore: 1 }), [["faketime '2020-01-01' rm x", ["faketime>rm x"]]]),
  row(["caffeinate"], "the command after its options", wrapper({ options: { shortValue: "tw" } }), [["caffeinate -i -t 60 rm x", ["caffeinate>rm x"]]]),
  row(["proxychains", "proxychains4", "torify", "tsocks"], "the command after its options (`-f CONFIG`)", wrapper({ options: { shortValue: "f" } }), [["proxychains4 -q -f /etc/p.conf rm x", ["proxychains4>rm x"]]]),
  row(["torsocks"], "the command after its options", wrapper({ options: { shortValue: "upaP", longValue: ["user", "pass", "address", "port"] } }), [["torsocks -a 127.0.0.1 rm x", ["torsocks>rm x"]]]),
  row(["xvfb-run"], "the command after its options", wrapper({ options: { shortValue: "efnpsw", longValue: ["error-file", "auth-file", "server-num", "xauth-protocol", "server-args", "wait"] } }), [["xvfb-run -a -s '-screen 0 1x1x8' rm x", ["xvfb-run>rm x"]]]),
  row(["sshpass"], "the command after its options (`-p PASS`, `-f FILE`, `-e`)", wrapper({ options: { shortValue: "fdpP" } }), [["sshpass -p pw ssh host rm -rf /x", ["sshpass>ssh host rm -rf /x", "sshpass>ssh>rm -rf /x"]]]),
  row(["ssh-agent"], "the command after its options (the agent's shell when none)", wrapper({ options: { shortValue: "aEOPt" } }), [["ssh-agent -t 60 rm x", ["ssh-agent>rm x"]]]),
  row(["cpulimit"], "the command after its options; `-p`/`-e` act on a running process", wrapper({ options: { shortValue: "lpec", longValue: ["limit", "pid", "exe", "cpu"] }, runsNothing: ["p", "e", "pid", "exe"] }), [["cpulimit -l 50 -- rm x", ["cpulimit>rm x"]]]),
  row(["daemonize"], "the program after its options", wrapper({ options: { shortValue: "ceoplu" } }), [["daemonize -u nobody /bin/rm -rf /x", ["daemonize>rm -rf /x"]]]),
  row(["cgexec"], "the command after its options", wrapper({ options: { shortValue: "g" } }), [["cgexec -g cpu:grp rm x", ["cgexec>rm x"]]]),
  row(["sg"], "its command (`-c CMD`, or the words after GROUP) through `/bin/sh`", sg, [["sg docker -c 'rm -rf /tmp/x'", ["sg>rm -rf /tmp/x"]]]),
];
