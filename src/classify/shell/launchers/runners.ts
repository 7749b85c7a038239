// Runners: programs that run a command given as their arguments, each with
// its own rules — `su -c`/`runuser`, `watch`, GNU `parallel`, `find -exec`
// (find's grammar is src/classify/programs/find.ts), `fd -x` (fd's is
// programs/fd.ts), `script`, `systemd-run`.
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { FD_PLACEHOLDER, parseFd } from "../../programs/fd.js";
import { findRootValues, parseFind } from "../../programs/find.js";
import { has, parseArgs, type OptionSpec } from "../../programs/options.js";
import { MAX_WRAPPER_DEPTH } from "../limits.js";
import { literalWord, placeholderWord, type Word } from "../words.js";
import type { Launch, LauncherRow } from "./types.js";
import { wrapperOptions } from "./wrappers.js";
import { quoteWord } from "../../../model/shell-quote.js";

/** `su [-] [-c CMD] [user]` runs CMD through the user's shell; `runuser -u USER -- CMD…` execs it. */
function su(call: Launch): number | null {
  const { name, words } = call;
  const scan = wrapperOptions(call, {
    shortValue: "csgGwu",
    longValue: ["command", "shell", "group", "supp-group", "whitelist-environment", "user", "session-command"],
  });
  // GNU su permutes: `-c CMD` may come after the user (`su - root -c …`).
  let w: Word | null = null;
  for (let k = call.i + 1; k < words.length && w === null; k++) {
    const x = words[k];
    if (x.dynamic) {
      if (/^--(session-)?command=/.test(x.value)) w = { ...x, node: null };
      continue;
    }
    if (x.value === "--") break;
    if (x.value === "-c" || x.value === "--command" || x.value === "--session-command") w = words[k + 1] ?? null;
    else if (/^--(session-)?command=/.test(x.value)) w = literalWord(x.value.slice(x.value.indexOf("=") + 1));
  }
  if (w !== null) {
    const lit = call.literal(w);
    if (lit === null) {
      call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `the ${name} -c script is not a literal`);
      return call.emit();
    }
    return call.inline(lit, { inheritStdin: true, sameScope: false });
  }
  if (name === "runuser" && has(scan, "u", "user") && scan.end < words.length) return call.run(scan.end);
  return call.emit();
}

/** `watch [opts] CMD…`: watch hands its arguments to `sh -c` (or execs them with -x). */
function watch(call: Launch): number | null {
  const { words } = call;
  const scan = wrapperOptions(call, { shortValue: "nq", shortOptional: "d", longValue: ["interval", "equexit"], longOptional: ["differences"] });
  if (scan.end >= words.length) return call.emit();
  if (has(scan, "x", "exec") || words.length - scan.end > 1) return call.run(scan.end);
  const lit = call.literal(words[scan.end]);
  if (lit === null) {
    call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, "watch runs a command that is not a literal");
    return call.emit();
  }
  return call.inline(lit, { inheritStdin: false, sameScope: false });
}

const PARALLEL_LONG_VALUE = [
  "jobs", "joblog", "results", "res", "tmpdir", "timeout", "delay", "retries", "halt", "sshlogin", "colsep",
  "arg-file", "delimiter", "basefile", "workdir", "wd", "env", "tag-string", "tagstring", "transfer-file",
  "return", "memfree", "load", "nice", "header", "semaphorename", "id", "termseq", "sshdelay", "max-args",
  "max-replace-args", "max-lines", "max-procs", "max-chars", "eof",
];
const PARALLEL_MARKERS = new Set([":::", "::::", ":::+", "::::+"]);
const PARALLEL_PLACEHOLDER = /\{\d*(?:\.|\/|\/\/|\/\.|#|%)?\}/;
/** Jobs read from literal `:::` inputs, at most. */
const MAX_JOBS = 16;

/** GNU parallel: `parallel [opts] [CMD…] [::: INPUT…]`. */
function parallel(call: Launch): number | null {
  const { words } = call;
  const scan = wrapperOptions(call, { shortValue: "aCdEIjLNnPSsWB", longValue: PARALLEL_LONG_VALUE });
  let m = -1;
  for (let k = scan.end; k < words.length; k++) {
    if (!words[k].dynamic && PARALLEL_MARKERS.has(words[k].value)) {
      m = k;
      break;
    }
  }
  const cmdWords = words.slice(scan.end, m >= 0 ? m : words.length);
  const inputWords = m >= 0 ? words.slice(m + 1).filter((w) => w.dynamic || !PARALLEL_MARKERS.has(w.value)) : [];
  const fileInputs = m >= 0 && words.slice(m).some((w) => !w.dynamic && w.value.startsWith("::::"));
  const literalInputs = m >= 0 && !fileInputs && inputWords.every((w) => !w.dynamic) ? inputWords.map((w) => w.value) : null;
  const repl = scan.flags.filter((o) => o.name === "I" && o.value).map((o) => o.value as string);
  const placeholder = (v: string): boolean => PARALLEL_PLACEHOLDER.test(v) || repl.some((r) => v.includes(r));
  const job = (words: Word[]) => call.run(0, { words, stdin: "none", fromText: false, onDepth: "inner" });
  if (cmdWords.length === 0) {
    if (literalInputs) {
      let out: number | null = null;
      for (const input of literalInputs.slice(0, MAX_JOBS)) {
        const o = call.inline(input, { inheritStdin: false, sameScope: false });
        if (o !== null) out = o;
      }
      return out;
    }
    if (m >= 0) {
      call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, "parallel runs commands that are not literals");
      return call.emit();
    }
    // No command: parallel runs each line of its stdin as a command.
    const stdin = call.stdin;
    if (stdin === null || stdin.kind === "file") return call.emit();
    const lit = call.stdinText();
    if (lit === null) {
      call.gap(GAP_SHAPE.INTERPRETER_STDIN, `parallel runs commands from a ${stdin.kind} that is not a literal`);
      return call.emit();
    }
    return call.inline(lit, { inheritStdin: false, sameScope: false });
  }
  if (literalInputs && literalInputs.length > 0) {
    let out: number | null = null;
    const fill = (v: string, input: string): string =>
      repl.reduce((acc, r) => acc.split(r).join(input), v.replace(new RegExp(PARALLEL_PLACEHOLDER.source, "g"), input));
    const literalCmd = cmdWords.every((w) => !w.dynamic);
    const quoted = has(scan, "q", "quote");
    const hasPlaceholder = cmdWords.some((w) => !w.dynamic && placeholder(w.value));
    inputWords.slice(0, MAX_JOBS).forEach((iw) => {
      const input = iw.value;
      let o: number | null;
      const asWords = () => job(hasPlaceholder ? cmdWords.map((w) => (!w.dynamic && placeholder(w.value) ? literalWord(fill(w.value, input)) : w)) : [...cmdWords, iw]);
      // parallel joins its command words with blanks and runs the line through the shell, the input quoted
      // (`parallel 'rm -rf {}' ::: x`); a home the shell expanded before parallel saw it stays home. A later
      // word that holds blanks or shell syntax (`parallel bash -c 'git reset --hard' ::: x`) was meant as one
      // word, and the joined line would be another command (or none): judged as words, like `-q`.
      if (literalCmd && !quoted && !cmdWords.slice(1).some((w) => /[\s'"(){};|&<>$`\\]/.test(w.value))) {
        const q = iw.tilde ? input : quoteWord(input);
        const line = hasPlaceholder ? cmdWords.map((w) => fill(w.value, q)).join(" ") : [...cmdWords.map((w) => w.value), q].join(" ");
        o = call.inline(line, { inheritStdin: false, sameScope: false });
      } else o = asWords();
      if (o !== null) out = o;
    });
    return out;
  }
  return job(cmdWords.map((w) => (!w.dynamic && placeholder(w.value) ? placeholderWord(w) : w)));
}

/** `find … -exec|-execdir|-ok|-okdir CMD … {} ;|+`: find itself, then each CMD with `{}` the paths it visits. */
function find(call: Launch): number | null {
  const { words } = call;
  const out = call.emit();
  const spec = parseFind(words, call.i + 1);
  const context = { roots: findRootValues(spec), filtered: spec.filtered, ...(spec.names.length > 0 ? { names: spec.names } : {}) };
  for (const seg of spec.execs) {
    if (seg.end <= seg.start) continue;
    // `{}` is replaced by each path find visits: not a literal.
    const segWords = words.slice(seg.start, seg.end).map((w) => (w.value.includes("{}") ? placeholderWord(w) : w));
    const first = words[seg.start];
    const last = words[seg.terminator] ?? words[seg.end - 1];
    const raw = call.span(first, last) ?? words.slice(seg.start, seg.terminator + 1).map((w) => w.raw).join(" ");
    if (call.wrappers.length >= MAX_WRAPPER_DEPTH) {
      call.run(0, { words: segWords, onDepth: "none" });
      break;
    }
    call.run(0, { words: segWords, raw, stdin: "none", find: context, fromText: false });
  }
  return out;
}

/** `fd … -x|-X CMD…`: fd itself, then CMD with `{}` the paths it lists (appended when CMD names no placeholder). */
function fd(call: Launch): number | null {
  const { words } = call;
  const out = call.emit();
  const spec = parseFd(words, call.i + 1);
  const context = { roots: spec.roots.length ? spec.roots.map((r) => r.value) : ["."], filtered: spec.filtered };
  for (const seg of spec.execs) {
    if (seg.end <= seg.start) continue;
    let segWords = words.slice(seg.start, seg.end).map((w) => (FD_PLACEHOLDER.test(w.value) ? placeholderWord({ ...w, value: w.value.replace(FD_PLACEHOLDER, "{}") }) : w));
    if (!segWords.some((w) => w.placeholder)) segWords = [...segWords, placeholderWord(literalWord("{}"))];
    const raw = call.span(words[seg.start], words[seg.end - 1]) ?? segWords.map((w) => w.raw).join(" ");
    if (call.wrappers.length >= MAX_WRAPPER_DEPTH) {
      call.run(0, { words: segWords, onDepth: "none" });
      break;
    }
    call.run(0, { words: segWords, raw, stdin: "none", find: context, fromText: false });
  }
  return out;
}

/**
 * `script [opts] -c CMD [FILE]` (util-linux: CMD through the shell) or
 * `script [opts] FILE CMD…` (BSD: CMD exec'd); without either, an
 * interactive shell that runs nothing this text says.
 */
function script(call: Launch): number | null {
  const p = parseArgs(call.words, { shortValue: "cEIOBTmo", shortOptional: "t", longValue: ["command", "echo", "log-in", "log-out", "log-io", "log-timing", "logging-format", "output-limit"], longOptional: ["timing"], aliases: { command: "c" }, stopAtOperand: true, stopAtDynamic: true }, call.i + 1);
  const c = p.flags.find((f) => f.name === "c");
  if (c) {
    const lit = call.flagText(c);
    if (lit === null) {
      call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, "the script -c command is not a literal");
      return call.emit();
    }
    return call.inline(lit, { inheritStdin: true, sameScope: false });
  }
  return p.end + 1 < call.words.length ? call.run(p.end + 1) : call.emit();
}

const SYSTEMD_RUN: OptionSpec = {
  shortValue: "upEHM",
  longValue: [
    "unit", "property", "description", "slice", "setenv", "uid", "gid", "nice", "working-directory", "on-active", "on-boot",
    "on-startup", "on-unit-active", "on-unit-inactive", "on-calendar", "timer-property", "path-property", "socket-property",
    "host", "machine", "service-type", "capsule", "json",
  ],
  aliases: { H: "host", M: "machine" },
};

/** `systemd-run [opts] CMD…`: a transient unit runs CMD — later (`--on-*` timers) or now, here, on `-H HOST` or in `-M MACHINE`. */
function systemdRun(call: Launch): number | null {
  const p = wrapperOptions(call, SYSTEMD_RUN);
  const runsOn = has(p, "host") ? "remote" : has(p, "machine") ? "container" : undefined;
  return call.run(p.end, { runsOn });
}

export const RUNNER_ROWS: readonly LauncherRow[] = [
  {
    names: ["su", "runuser"],
    runs: "its `-c` script through the user's shell; `runuser -u USER CMD…` execs CMD",
    launch: su,
    examples: [
      ["su - root -c 'rm -rf /tmp/x'", ["su>rm -rf /tmp/x"]],
      ["runuser -u app -- rm -rf /tmp/x", ["runuser>rm -rf /tmp/x"]],
    ],
  },
  {
    names: ["watch"],
    runs: "its arguments: one word through `sh -c`, several (or `-x`) exec'd",
    launch: watch,
    examples: [
      ["watch 'git reset --hard'", ["watch>git reset --hard"]],
      ["watch -n 1 rm -rf x", ["watch>rm -rf x"]],
    ],
  },
  {
    names: ["parallel"],
    runs: "its command once per `:::` input (placeholders filled in), or each line of its stdin",
    launch: parallel,
    feedsInput: true,
    examples: [
      ["parallel rm -rf ::: /a /b", ["parallel>rm -rf /a", "parallel>rm -rf /b"]],
      ["parallel ::: 'rm -rf /' 'true'", ["parallel>rm -rf /", "parallel>true"]],
      ["parallel 'rm -rf {}' ::: /a 'b c'", ["parallel>rm -rf /a", "parallel>rm -rf b c"]],
      ["echo / | parallel rm -rf", ["echo /", "parallel>rm -rf"]],
    ],
  },
  {
    names: ["find"],
    runs: "itself, and each `-exec`/`-execdir`/`-ok`/`-okdir` command with `{}` the paths it visits",
    launch: find,
    examples: [
      ["find . -name '*.tmp' -exec rm -rf {} \\;", ["find . -name *.tmp -exec rm -rf {} ;", "find>rm -rf {}"]],
      ["find . -exec sudo rm -rf {} +", ["find . -exec sudo rm -rf {} +", "find>sudo>rm -rf {}"]],
      ["find . -exec {} \\;", ["find . -exec {} ;", "find>{}"], [4]],
    ],
  },
  {
    names: ["fd", "fdfind"],
    runs: "itself, and each `-x`/`-X` command with `{}` the paths it lists (appended when the command has no placeholder)",
    launch: fd,
    examples: [
      ["fd . ~ -x rm", ["fd . ~ -x rm", "fd>rm {}"]],
      ["fd -e pyc -X rm -f {} \\; -H", ["fd -e pyc -X rm -f {} ; -H", "fd>rm -f {}"]],
    ],
  },
  {
    names: ["script"],
    runs: "its `-c` command through the shell (util-linux), or the command after FILE (BSD)",
    launch: script,
    examples: [
      ["script -q -c 'rm -rf /tmp/x' /dev/null", ["script>rm -rf /tmp/x"]],
      ["script -q /dev/null rm -rf /tmp/x", ["script>rm -rf /tmp/x"]],
      ["script out.log", ["script out.log"]],
    ],
  },
  {
    names: ["systemd-run"],
    runs: "the command after its options, in a transient unit (`-H HOST`: remote, `-M MACHINE`: a container)",
    launch: systemdRun,
    examples: [
      ["systemd-run --user --on-active=30 rm -rf /tmp/x", ["systemd-run>rm -rf /tmp/x"]],
      ["systemd-run -p User=app -H web1 rm -rf /srv/x", ["systemd-run>rm -rf /srv/x"]],
    ],
  },
];
