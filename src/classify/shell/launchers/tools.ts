// Programs whose options or scripts carry a command they run: sed's `e`
// (programs/sed.ts), vim's Ex commands (`-c ':!…'`, `+':!…'`, an Ex script on
// stdin; programs/ex.ts), tar's `--to-command`/`--checkpoint-action=exec=`/
// `-I`, rsync's `-e`/`--rsync-path`, zip's `-TT`, man's `-P`, gdb's
// `-ex 'shell …'`, emacs `--eval '(shell-command …)'`, expect's `spawn`,
// `entr`, hyperfine's benchmarked commands, and a Makefile make reads from a
// literal stdin or `--eval`. Each is emitted itself (the effect table reads
// its files), then the commands it names are parsed.
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { excerpt } from "../gaps.js";
import { exRuns, exSilentFlag, VIM_EX_OPTIONS, VIM_OPTIONS } from "../../programs/ex.js";
import { parseArgs } from "../../programs/options.js";
import { sedRuns, sedScripts } from "../../programs/sed.js";
import type { Launch, LauncherRow } from "./types.js";
import { wrapperOptions } from "./wrappers.js";

/** A command some part of the program's input runs, which the text does not spell out. */
function computed(call: Launch, what: string): void {
  call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `${what} runs a command the text does not spell out`);
}

function sed(call: Launch): number | null {
  const out = call.emit();
  const { scripts, sandbox } = sedScripts(call.words, call.i + 1);
  if (sandbox) return out;
  for (const s of scripts) {
    if (s.dynamic) {
      if (/\be\b|\/e/.test(s.value)) computed(call, "a sed script that is not a literal");
      continue;
    }
    const r = sedRuns(s.value);
    for (const c of r.commands) call.runScript(c, "the sed e command");
    if (r.dynamic) computed(call, "sed's `e` (the pattern space)");
  }
  return out;
}

/** The Ex commands of a vim command line: `-c CMD`, `--cmd CMD`, `+CMD`; and an Ex script on stdin with `-e`/`-E`/`-es` (or `ex`). */
function vim(call: Launch): number | null {
  const out = call.emit();
  const silentEx = call.name === "ex" || call.words.some(exSilentFlag);
  const p = parseArgs(call.words, silentEx ? VIM_EX_OPTIONS : VIM_OPTIONS, call.i + 1);
  const texts: Array<string | null> = [];
  for (const f of p.flags) {
    if ((f.name === "c" || f.name === "cmd" || f.name === "remote-send" || f.name === "remote-expr") && f.value !== null) {
      texts.push(call.flagText(f));
    }
  }
  for (const o of p.operands) if (o.value.startsWith("+") && o.value.length > 1 && !/^\+\d+$/.test(o.value) && !o.value.startsWith("+/")) texts.push(o.arg.dynamic ? null : o.value.slice(1));
  const exMode = silentEx || p.flags.some((f) => f.name === "e" || f.name === "E");
  if (exMode && call.stdin !== null && call.stdin.kind !== "file") texts.push(...(call.stdinText() ?? "\0").split("\n").map((l) => (l === "\0" ? null : l)));
  for (const t of texts) {
    if (t === null) {
      computed(call, `an Ex command of ${call.name} that is not a literal`);
      continue;
    }
    const r = exRuns(t.replace(/<CR>|\\r/gi, "\n"));
    for (const c of r.commands) call.runScript(c, `the ${call.name} shell command`);
    if (r.dynamic) computed(call, `${call.name}'s Ex command ${JSON.stringify(t.slice(0, 40))}`);
  }
  return out;
}

/** A value-carrying option of the program's command line, as `[name, word, text]` (text null when not literal). */
function optionTexts(call: Launch, shortValue: string, longValue: readonly string[], names: readonly string[]): Array<[string, string | null]> {
  const p = parseArgs(call.words, { shortValue, longValue }, call.i + 1);
  const out: Array<[string, string | null]> = [];
  for (const f of p.flags) {
    if (!names.includes(f.name) || f.value === null) continue;
    out.push([f.name, call.flagText(f)]);
  }
  return out;
}

/** tar: `--to-command=CMD`, `--checkpoint-action=exec=CMD`, `-I|--use-compress-program CMD`, `--rsh-command`, `-F|--info-script|--new-volume-script`. */
function tar(call: Launch): number | null {
  const out = call.emit();
  for (const [name, text] of optionTexts(call, "IFfCbTXKLNgV", ["to-command", "checkpoint-action", "use-compress-program", "rsh-command", "info-script", "new-volume-script", "file", "directory", "files-from", "exclude-from"], ["to-command", "checkpoint-action", "use-compress-program", "I", "rsh-command", "info-script", "new-volume-script", "F"])) {
    if (name === "checkpoint-action") {
      if (text !== null && text.startsWith("exec=")) call.runScript(text.slice(5), "the tar checkpoint command");
      else if (text === null) computed(call, "a tar --checkpoint-action that is not a literal");
    } else call.runScript(text, `the tar --${name} command`);
  }
  return out;
}

/** rsync: `-e|--rsh CMD` runs here, `--rsync-path CMD` on the remote end. */
function rsync(call: Launch): number | null {
  const out = call.emit();
  for (const [name, text] of optionTexts(call, "eBfT", ["rsh", "rsync-path", "filter", "exclude", "include", "exclude-from", "include-from", "files-from", "temp-dir", "partial-dir", "backup-dir", "suffix", "chmod", "chown", "password-file", "log-file", "out-format", "compare-dest", "copy-dest", "link-dest", "port", "sockopts", "max-size", "min-size", "bwlimit", "timeout"], ["e", "rsh", "rsync-path"])) {
    call.runScript(text, `the rsync --${name} command`, { runsOn: name === "rsync-path" ? "remote" : undefined });
  }
  return out;
}

/** One option whose value is a command: `zip -TT CMD`, `man -P PAGER`, `emacs --eval`, `gdb -ex`, … */
function commandOption(shortValue: string, longValue: readonly string[], names: readonly string[], read: (call: Launch, text: string) => void = (call, t) => call.runScript(t, `the ${call.name} command`)): LauncherRow["launch"] {
  return (call) => {
    const out = call.emit();
    for (const [, text] of optionTexts(call, shortValue, longValue, names)) {
      if (text === null) computed(call, `a ${call.name} option that is not a literal`);
      else read(call, text);
    }
    return out;
  };
}

/** zip: `-TT CMD` (one dash, two letters: not a cluster of `-T`) and `--unzip-command CMD` test the archive with CMD. */
function zip(call: Launch): number | null {
  const out = call.emit();
  const w = call.words;
  for (let k = call.i + 1; k < w.length; k++) {
    if (w[k].dynamic) continue;
    const m = /^(?:-TT|--unzip-command)(?:=(.*))?$/s.exec(w[k].value);
    if (!m) continue;
    const text = m[1] !== undefined ? m[1] : w[k + 1] ? call.literal(w[++k]) : null;
    if (text === null) computed(call, "a zip test command that is not a literal");
    else call.runScript(text, "the zip test command");
  }
  return out;
}

/** gdb (single-dash long options): the `-ex`/`-iex`/`-eval-command` commands, and the program after `--args` (what `run` starts). */
function gdb(call: Launch): number | null {
  const out = call.emit();
  const w = call.words;
  for (let k = call.i + 1; k < w.length; k++) {
    if (!w[k].dynamic && /^--?args$/.test(w[k].value)) {
      if (k + 1 < w.length) call.run(k + 1, { stdin: "none" });
      break;
    }
    const m = /^--?(ex|iex|eval-command|init-eval-command)(=(.*))?$/s.exec(w[k].value);
    if (!m || w[k].dynamic) continue;
    const text = m[2] !== undefined ? m[3] : w[k + 1] ? call.literal(w[++k]) : null;
    if (text === null) computed(call, "a gdb command that is not a literal");
    else gdbCommand(call, text);
  }
  return out;
}

/** gdb commands: `shell CMD` / `!CMD` run CMD; `python …` is Python. */
function gdbCommand(call: Launch, text: string): void {
  const m = /^\s*(?:shell\s+|!)(.*)$/s.exec(text);
  if (m) call.runScript(m[1], "the gdb shell command");
  else if (/^\s*(python|py|pi|guile|gu|pipe|\|)\b/.test(text)) computed(call, "a gdb python/guile/pipe command");
}

/** Emacs Lisp: `(shell-command "CMD")` and friends run CMD; processes built otherwise are not read. */
function elisp(call: Launch, text: string): void {
  for (const m of text.matchAll(/\((?:async-)?shell-command(?:-to-string)?\s+"((?:[^"\\]|\\.)*)"/g)) call.runScript(m[1].replace(/\\(.)/g, "$1"), "the emacs shell-command");
  // `(delete-directory "DIR" t)` is `rm -r DIR` (without `t`, rmdir); `(delete-file "F")` is `rm F`.
  for (const m of text.matchAll(/\((delete-directory|delete-file)\s+"((?:[^"\\]|\\.)*)"(\s+t\b)?/g)) {
    call.runArgv(m[1] === "delete-file" ? ["rm", "-f", m[2]] : m[3] ? ["rm", "-r", "-f", m[2]] : ["rmdir", m[2]]);
  }
  if (/\((call-process|start-process|make-process|process-lines|call-process-shell-command|shell-command(?:-to-string)?\s+[^"\s])/.test(text)) computed(call, "emacs Lisp that starts a process");
}

/** expect's `spawn CMD…`, `exec CMD…`, `system CMD…` (the words of a literal `-c` script). */
function expectScript(call: Launch, text: string): void {
  for (const line of text.split(/[\n;]/)) {
    const m = /^\s*(?:spawn|exec|system)\s+(?:-\w+\s+)*(.+)$/.exec(line);
    if (m) call.runScript(m[1].replace(/[{}]/g, ""), "the expect spawned command");
  }
}

/**
 * Recipes of a Makefile text: tab-indented lines and `target: ; CMD`, with
 * `$(shell CMD)` pulled out; make's own references (`$(X)`, `${X}`, `$@`) are
 * values only make knows, so they stay variables (`$MAKE_VAR`).
 */
export function makeRecipes(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\$\(shell\s+([^)]*)\)/g)) out.push(m[1]);
  const clean = (s: string) => s.replace(/^[\s@+-]+/, "").replace(/\$\$/g, "\u0000").replace(/\$(\([^)]*\)|\{[^}]*\}|.)/g, "$MAKE_VAR").replace(/\u0000/g, "$");
  for (const line of text.split("\n")) {
    if (line.startsWith("\t")) out.push(clean(line));
    else {
      const rule = /^[^#=\s][^#=]*?::?(?!=)[^;#]*;(.*)$/.exec(line);
      if (rule) out.push(clean(rule[1]));
    }
  }
  return out.filter((c) => c.trim() !== "");
}

/** make: a Makefile on a literal stdin (`-f -`), from a process substitution (`-f <(…)`) or given with `--eval`. Makefiles on disk are not in the text. */
function make(call: Launch): number | null {
  const out = call.emit();
  const p = parseArgs(call.words, { shortValue: "fCIojlWOE", longValue: ["file", "makefile", "directory", "include-dir", "old-file", "assume-old", "jobs", "load-average", "what-if", "new-file", "assume-new", "eval", "output-sync"], aliases: { f: "file", makefile: "file", E: "eval" } }, call.i + 1);
  const texts: Array<string | null> = [];
  for (const f of p.flags) if (f.name === "eval" && f.value !== null) texts.push(call.flagText(f));
  if (p.flags.some((f) => f.name === "file" && (f.value === "-" || f.value === "/dev/stdin")) && call.stdin !== null && call.stdin.kind !== "file") {
    texts.push(call.stdinText());
  }
  // `make -f <(curl …)`: the Makefile is what the process substitution prints.
  for (const f of p.flags) {
    const sub = f.name === "file" && f.valueIndex >= 0 ? call.procSub(call.words[f.valueIndex]) : null;
    if (sub) texts.push(sub.literal);
  }
  for (const t of texts) {
    if (t === null) computed(call, "a Makefile that is not a literal");
    else for (const r of makeRecipes(t)) call.runScript(r, "a make recipe");
  }
  return out;
}

/** `entr [-acdnprsz] CMD ARG…`; with `-s`, CMD is one shell command. */
function entr(call: Launch): number | null {
  const p = wrapperOptions(call);
  if (p.flags.some((f) => f.name === "s") && p.end < call.words.length) {
    const out = call.emit();
    call.runScript(call.literal(call.words[p.end]), "the entr -s command");
    return out;
  }
  return call.run(p.end, { stdin: "none" });
}

const HYPERFINE_CMDS = ["s", "setup", "p", "prepare", "c", "cleanup", "conclude", "reference"];

/** hyperfine: every command operand, and the `--prepare`/`--setup`/`--cleanup`/`--conclude`/`--reference` commands, through the shell. */
function hyperfine(call: Launch): number | null {
  const out = call.emit();
  const p = parseArgs(call.words, { shortValue: "wmMrspcSuPDLn", longValue: ["warmup", "min-runs", "max-runs", "runs", "setup", "prepare", "cleanup", "conclude", "reference", "shell", "time-unit", "export-json", "export-csv", "export-markdown", "export-asciidoc", "export-orgmode", "style", "sort", "command-name", "output", "input", "parameter-step-size"] }, call.i + 1);
  for (const f of p.flags) if (HYPERFINE_CMDS.includes(f.name) && f.value !== null) call.runScript(call.flagText(f), "a hyperfine command");
  for (const o of p.operands) call.runScript(call.literal(call.words[o.index]), "a hyperfine command");
  return out;
}

/**
 * less: a `+CMD` operand is a command less runs at start (`+G`, `+/pattern`);
 * `!CMD` in it is a shell escape, `|mCMD` pipes the file to CMD.
 */
function less(call: Launch): number | null {
  const out = call.emit();
  for (const w of call.words.slice(call.i + 1)) {
    if (!w.value.startsWith("+")) continue;
    if (w.dynamic) {
      if (/^\+{1,2}["']?[!|]/.test(w.raw)) computed(call, "a less command that is not a literal");
      continue;
    }
    const cmd = w.value.replace(/^\+{1,2}/, "");
    if (cmd.startsWith("!")) call.runScript(cmd.slice(1), "the less shell escape");
    else if (cmd.startsWith("|") && cmd.length > 2) call.runScript(cmd.slice(2), "the less pipe command");
  }
  return out;
}

/** scp/sftp: `-S PROGRAM` runs instead of ssh (with the connection's arguments); `-o ProxyCommand=…`/`LocalCommand=…` run here, as for ssh. */
function scp(call: Launch): number | null {
  const out = call.emit();
  for (const [name, text] of optionTexts(call, "cFiJlOoPSDXRb", [], ["S", "o"])) {
    if (name === "S") {
      if (text === null) computed(call, `the ${call.name} -S program that is not a literal`);
      else call.runScript(text, `the ${call.name} -S program`);
      continue;
    }
    const m = text === null ? null : /^\s*(proxycommand|localcommand|knownhostscommand)\s*[= ]\s*(.*)$/is.exec(text);
    if (m) call.runScript(m[2].replace(/%[hnpr]/g, "x"), `${call.name} ${m[1]}`);
    else if (text === null) computed(call, `a ${call.name} -o option that is not a literal`);
  }
  return out;
}

/** Script and program extensions an opener runs rather than shows. */
const RUNNABLE = /\.(sh|bash|zsh|command|tool|desktop|py|pl|rb|js|exe|bat|cmd|com|ps1|vbs|jar|app|appimage|run|bin)$/i;

/**
 * Openers (`xdg-open`, `open`, `gio open`): a URL is handed to the browser,
 * a file to its default application — which runs a program or a script
 * (`file:///bin/sh`, `./x.desktop`). What runs is the desktop's choice: a gap.
 */
function opener(call: Launch): number | null {
  const out = call.emit();
  let rest = call.words.slice(call.i + 1);
  if (call.name === "gio" && rest[0]?.value !== "open") return out;
  if (call.name === "gio") rest = rest.slice(1);
  for (const w of rest) {
    if (w.dynamic || w.value.startsWith("-")) continue;
    const path = w.value.replace(/^file:\/\//i, "");
    if (/^[a-z][a-z0-9+.-]*:/i.test(path)) continue; // a URL for its handler (https:, mailto:)
    if (RUNNABLE.test(path) || /(^|\/)(s?bin|libexec)\//.test(path)) call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `${call.name} ${excerpt(w.value)} may run it as a program`);
  }
  return out;
}

export const TOOL_ROWS: readonly LauncherRow[] = [
  {
    names: ["sed", "gsed"],
    runs: "itself, and the commands of its script's `e CMD` and `s/…/…/e` (the pattern space otherwise: shape 3)",
    launch: sed,
    examples: [
      ["sed -n '1e rm -rf /tmp/x' f", ["sed -n 1e rm -rf /tmp/x f", "sed>rm -rf /tmp/x"]],
      ["sed 's/.*/rm -rf \\/tmp\\/x/e' f", ["sed s/.*/rm -rf \\/tmp\\/x/e f", "sed>rm -rf /tmp/x"]],
      ["sed -i 's/a/b/g' f", ["sed -i s/a/b/g f"]],
      ["sed 's/^/rm /e' list", ["sed s/^/rm /e list"], [3]],
    ],
  },
  {
    names: ["vim", "vi", "nvim", "gvim", "view", "vimdiff", "ex", "evim"],
    runs: "itself, and the shell commands of its Ex commands (`-c`, `--cmd`, `+CMD`, an Ex script on stdin)",
    launch: vim,
    examples: [
      ["vim -c ':!rm -rf /tmp/x' -c q", ["vim -c :!rm -rf /tmp/x -c q", "vim>rm -rf /tmp/x"]],
      ["nvim +'silent !rm -rf /tmp/x' +qa", ["nvim +silent !rm -rf /tmp/x +qa", "nvim>rm -rf /tmp/x"]],
      ["vim -c 'call system(\"rm -rf /tmp/x\")'", ["vim -c call system(\"rm -rf /tmp/x\")", "vim>rm -rf /tmp/x"]],
      ["vim +42 src/a.ts", ["vim +42 src/a.ts"]],
      ["vim -es <<'EOF'\n!rm -rf /tmp/x\nEOF", ["vim -es", "vim>rm -rf /tmp/x"]],
    ],
  },
  {
    names: ["tar", "gtar", "bsdtar"],
    runs: "itself, and `--to-command`, `--checkpoint-action=exec=`, `-I`/`--use-compress-program`, `--rsh-command`, `-F`/`--info-script` commands",
    launch: tar,
    examples: [
      ["tar -cf /dev/null x --checkpoint=1 --checkpoint-action=exec='rm -rf /tmp/x'", ["tar -cf /dev/null x --checkpoint=1 --checkpoint-action=exec=rm -rf /tmp/x", "tar>rm -rf /tmp/x"]],
      ["tar -I 'zstd -19' -cf a.tzst src", ["tar -I zstd -19 -cf a.tzst src", "tar>zstd -19"]],
    ],
  },
  {
    names: ["rsync"],
    runs: "itself, and its `-e`/`--rsh` command (here) and `--rsync-path` (on the remote end)",
    launch: rsync,
    examples: [["rsync -av -e 'ssh -p 2222' src/ host:dst/", ["rsync -av -e ssh -p 2222 src/ host:dst/", "rsync>ssh -p 2222"]]],
  },
  {
    names: ["zip"],
    runs: "itself, and its `-TT`/`--unzip-command` test command",
    launch: zip,
    examples: [
      ["zip a.zip f -T --unzip-command 'rm -rf /tmp/x'", ["zip a.zip f -T --unzip-command rm -rf /tmp/x", "zip>rm -rf /tmp/x"]],
      ["zip -q a.zip f -T -TT 'rm -rf /tmp/x #'", ["zip -q a.zip f -T -TT rm -rf /tmp/x #", "zip>rm -rf /tmp/x"]],
    ],
  },
  { names: ["man"], runs: "itself, and its `-P`/`--pager` command", launch: commandOption("PHMLmSsCRET", ["pager", "html", "manpath", "locale"], ["P", "pager", "H", "html"]), examples: [["man -P 'rm -rf /tmp/x' ls", ["man -P rm -rf /tmp/x ls", "man>rm -rf /tmp/x"]]] },
  { names: ["gdb"], runs: "itself, the `shell`/`!` commands of `-ex`/`-iex`/`--eval-command`, and the program after `--args`", launch: gdb, examples: [["gdb -batch -ex '!rm -rf /tmp/x'", ["gdb -batch -ex !rm -rf /tmp/x", "gdb>rm -rf /tmp/x"]], ["gdb -batch -ex run --args rm -rf /tmp/x", ["gdb -batch -ex run --args rm -rf /tmp/x", "gdb>rm -rf /tmp/x"]]] },
  {
    names: ["less"],
    runs: "itself, and the shell escape (`!CMD`) or pipe (`|mCMD`) of a `+CMD` start command",
    launch: less,
    examples: [["less +'!rm -rf /tmp/x' README.md", ["less +!rm -rf /tmp/x README.md", "less>rm -rf /tmp/x"]], ["less +G README.md", ["less +G README.md"]]],
  },
  {
    names: ["scp", "sftp"],
    runs: "itself, its `-S` program (run instead of ssh), and `-o ProxyCommand=…`/`LocalCommand=…`",
    launch: scp,
    examples: [
      ["scp -S 'rm -rf /tmp/x' a h:b", ["scp -S rm -rf /tmp/x a h:b", "scp>rm -rf /tmp/x"]],
      ["scp -o 'ProxyCommand=rm -rf /tmp/x' a h:b", ["scp -o ProxyCommand=rm -rf /tmp/x a h:b", "scp>rm -rf /tmp/x"]],
      ["scp -P 2222 -o StrictHostKeyChecking=no a h:b", ["scp -P 2222 -o StrictHostKeyChecking=no a h:b"]],
    ],
  },
  {
    names: ["xdg-open", "open", "gio", "gnome-open", "kde-open", "kde-open5", "wslview", "sensible-browser"],
    runs: "itself; a file it would run (a script, a program in a bin dir) rather than show is a gap",
    launch: opener,
    examples: [["xdg-open 'file:///bin/sh'", ["xdg-open file:///bin/sh"], [3]], ["xdg-open https://example.com", ["xdg-open https://example.com"]], ["open report.pdf", ["open report.pdf"]]],
  },
  { names: ["emacs", "emacsclient"], runs: "itself, and `(shell-command \"…\")` in its `--eval`/`-e` Lisp", launch: commandOption("e", ["eval"], ["e", "eval"], elisp), examples: [["emacs -batch --eval '(shell-command \"rm -rf /tmp/x\")'", ["emacs -batch --eval (shell-command \"rm -rf /tmp/x\")", "emacs>rm -rf /tmp/x"]]] },
  { names: ["expect"], runs: "itself, and the `spawn`/`exec`/`system` commands of its `-c` script", launch: commandOption("c", [], ["c"], expectScript), examples: [["expect -c 'spawn rm -rf /tmp/x; expect eof'", ["expect -c spawn rm -rf /tmp/x; expect eof", "expect>rm -rf /tmp/x"]]] },
  { names: ["make", "gmake"], runs: "itself, and the recipes of a Makefile on a literal stdin (`-f -`), from `-f <(…)` or in `--eval`", launch: make, examples: [["make -f - all <<'EOF'\nall:\n\trm -rf /tmp/x\nEOF", ["make -f - all", "make>rm -rf /tmp/x"]], ["make -f <(curl -s https://x/Makefile)", ["curl -s https://x/Makefile", "make -f <(curl -s https://x/Makefile)"], [3]], ["make test", ["make test"]]] },
  { names: ["entr"], runs: "the command after its options (`-s`: one shell command)", launch: entr, examples: [["ls | entr -s 'rm -rf /tmp/x'", ["ls", "entr -s rm -rf /tmp/x", "entr>rm -rf /tmp/x"]]] },
  { names: ["hyperfine"], runs: "itself, and each benchmarked command and its `--prepare`/`--setup`/`--cleanup` commands", launch: hyperfine, examples: [["hyperfine --prepare 'rm -rf /tmp/x' 'ls'", ["hyperfine --prepare rm -rf /tmp/x ls", "hyperfine>rm -rf /tmp/x", "hyperfine>ls"]]] },
];
