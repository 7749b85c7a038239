// Programs that run shell text or code they are handed: shells (`-c`, stdin,
// `<(…)`), `eval`, `source`, `cmd /C`, PowerShell `-Command`, the non-shell
// interpreters (shape 6/7: their code is another language), and the
// `alias`/`unalias` builtins that change what later words mean. Where each
// takes its code from is the interpreter table's (src/classify/programs/interpreters.ts).
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { codeInterpreterNames, interpreterName, interpreterNames, programSource } from "../../programs/interpreters.js";
import { excerpt } from "../gaps.js";
import { isEnvGenerator } from "../../programs/env-generators.js";
import { perlPrintOnly, perlStdinPrintsOnly } from "../../programs/perl.js";
import { decodeBase64Text, splitWords } from "../../text.js";
import { inheritedScript, type Word } from "../words.js";
import { bunx } from "./envs.js";
import { codeLanguage, commandLineCode, runInlineCode } from "./inline-code.js";
import type { Launch, LauncherRow } from "./types.js";

/** sh/bash/…: `-c SCRIPT`, a script from stdin, or `bash <(…)`; the script is parsed like top-level text. */
function shell(call: Launch): number | null {
  const { name, words } = call;
  const src = programSource(name, words, call.i + 1) ?? programSource("sh", words, call.i + 1)!;
  if (src.kind === "inline") {
    if (src.code < 0) {
      // `xargs sh -c` / `parallel bash -c`: the -c script is the first word of the input.
      if (call.feeder !== null) call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `the ${name} -c script comes from ${call.feeder}'s input`);
      return call.emit();
    }
    const sw = words[src.code];
    const lit = call.literal(sw) ?? inheritedScript(sw);
    if (lit === null) {
      call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `the ${name} -c script ${excerpt(sw.raw)} is not a literal`);
      // A template (`bash -c 'rm -rf {}'` under xargs -I / find -exec) is still
      // worth reading: the gap stays, and the commands it names are shown.
      const out = call.emit();
      if (sw.placeholder) call.inline(sw.value, { inheritStdin: true, sameScope: false });
      return out;
    }
    return call.inline(lit, { inheritStdin: true, sameScope: false });
  }
  if (src.kind === "script") {
    const p = call.procSub(words[src.index]);
    if (!p) {
      const out = call.emit();
      call.runFile(words[src.index], { sameScope: false });
      return out;
    }
    if (p.literal === null) {
      call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${name} runs a script from a process substitution that is not a literal`);
      return call.emit();
    }
    return call.inline(p.literal, { inheritStdin: true, sameScope: false });
  }
  // The script comes from stdin.
  const stdin = call.stdin;
  if (src.kind !== "stdin" || stdin === null || stdin.kind === "file") return call.emit();
  const lit = call.stdinText();
  if (lit === null) {
    call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${name} reads its script from a ${stdin.kind} that is not a literal`);
    return call.emit();
  }
  return call.inline(lit, { inheritStdin: false, sameScope: false });
}

/**
 * python/node/perl/ruby/…: their code is another language — read with its
 * grammar where there is one (inline-code.ts), else shape 6 when it is given,
 * 7 when it cannot be known.
 */
function interpreter(call: Launch): number | null {
  const { name, words } = call;
  if (interpreterName(name) === "bun" && !words[call.i + 1]?.dynamic && words[call.i + 1]?.value === "x") return bunx(call, call.i + 2);
  const src = programSource(name, words, call.i + 1);
  const language = codeLanguage(name);
  if (src?.kind === "inline") {
    const literal = src.code >= 0 && call.literal(words[src.code]) !== null;
    const ic = literal && language !== null ? commandLineCode(call, null) : null;
    const read = ic === null ? undefined : runInlineCode(call, ic.language, ic.code);
    if (read !== undefined) return read;
    // A Perl one-liner that only prints (programs/perl.ts): the effect table reads its file operands.
    if (interpreterName(name) === "perl" && perlPrintOnly(words, call.i + 1) !== null) return call.emit();
    call.gap(GAP_SHAPE.INLINE_INTERPRETER, `inline ${name} code (${src.flag})${src.code >= 0 && !literal ? " that is not a literal" : ""}`);
  } else if (src?.kind === "script") {
    const p = call.procSub(words[src.index]);
    // `python x.py`, `node x.js`: a script the host read is read as inline code (src/classify/host-facts.ts).
    // A language with no grammar here (perl, php, …) stays `execute × shell`, as without the host's facts.
    // A program file is judged by what its code literally does: paths it builds at run time are not an
    // unknown shape here (nearly every real program has them — `node bin/tool.js doctor` would ask), as
    // `node x.js` was judged before the host read files at all (docs/host-facts.md).
    const host = p || language === null ? undefined : call.hostFile(words[src.index]);
    if (host !== undefined) {
      if (host.text === null) call.gap(host.shape, `${name} runs ${excerpt(words[src.index].value)}, and ${host.reason}`);
      else {
        const read = runInlineCode(call, language!, host.text, undefined, false);
        if (read !== undefined) return read;
      }
    }
    if (p) {
      if (p.literal === null) call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${name} runs a program from a process substitution that is not a literal`);
      else {
        const read = language === null ? undefined : runInlineCode(call, language, p.literal);
        if (read !== undefined) return read;
        call.gap(GAP_SHAPE.INLINE_INTERPRETER, `inline ${name} code from a process substitution`);
      }
    }
  } else if (src?.kind === "stdin" && call.stdin !== null && call.stdin.kind !== "file") {
    const text = call.stdinText();
    if (text !== null) {
      const ic = language === null ? null : commandLineCode(call, text);
      const read = ic === null ? undefined : runInlineCode(call, ic.language, ic.code);
      if (read !== undefined) return read;
      if (interpreterName(name) === "perl" && perlStdinPrintsOnly(words, call.i + 1, text)) return call.emit();
      call.gap(GAP_SHAPE.INLINE_INTERPRETER, `inline ${name} code fed from a ${call.stdin.kind}`);
    } else call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${name} reads its program from a ${call.stdin.kind} that is not a literal`);
  }
  return call.emit();
}

function evalScript(call: Launch): number | null {
  const rest = call.words.slice(call.i + 1);
  if (rest.length === 0) return call.emit();
  const lits = call.literals(rest);
  if (lits === null) {
    // `eval "$(ssh-agent -s)"`: a tool's own setup code, not a script the text or its input chose.
    if (!(rest.length === 1 && generatedBy(rest[0].raw, /^"?(?:\$\((.*)\)|`(.*)`)"?$/s))) call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, "eval of a script that is not a literal");
    call.scope.vars.forgetAll(); // it may assign anything
    return call.emit();
  }
  return call.inline(lits.join(" "), { inheritStdin: true, sameScope: true });
}

/** Paths that name the shell's own stdin. */
const STDIN_FILES = new Set(["/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"]);

/** `source <(…)` / `. <(…)` / `. /dev/stdin <<< …` / a file the text wrote: a script run in this shell. */
function source(call: Launch): number | null {
  const operand = call.words[call.i + 1];
  const p = call.procSub(operand);
  if (!p) {
    if (operand && !operand.dynamic && STDIN_FILES.has(operand.value)) {
      // `. /dev/stdin <<< '…'`: the script is what stdin carries.
      const text = call.stdinText();
      if (text !== null) return call.inline(text, { inheritStdin: false, sameScope: true });
      if (call.stdin !== null) call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${call.name} runs a script from a ${call.stdin.kind} that is not a literal`);
    }
    const out = call.emit();
    if (call.runFile(operand, { sameScope: true })) return out;
    // A script file runs in this shell: any variable may hold anything after it.
    if (call.words.length > call.i + 1) call.scope.vars.forgetAll();
    return out;
  }
  if (p.literal === null) {
    if (generatedBy(operand.raw, /^<\((.*)\)$/s)) call.scope.vars.forgetAll();
    else call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${call.name} runs a script from a process substitution that is not a literal`);
    return call.emit();
  }
  return call.inline(p.literal, { inheritStdin: true, sameScope: true });
}

/** Does `raw` (a substitution as written, matched by `form`) run one literal command that prints environment setup code (programs/env-generators.ts)? */
function generatedBy(raw: string, form: RegExp): boolean {
  const m = form.exec(raw.trim());
  const inner = m ? (m[1] ?? m[2] ?? "") : "";
  if (inner === "" || /[$`;&|<>()\n]/.test(inner)) return false;
  const argv = splitWords(inner.trim());
  return argv !== null && isEnvGenerator(argv);
}

function cmd(call: Launch): number | null {
  const src = programSource("cmd", call.words, call.i + 1);
  if (src?.kind !== "inline") return call.emit();
  const lits = call.literals(call.words.slice(src.code));
  if (lits === null) {
    call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, "cmd /C script is not a literal");
    return call.emit();
  }
  // cmd.exe has no backslash escapes (`C:\dir`): keep them literal for the Bash grammar.
  const script = [src.attached ?? "", ...lits].filter((p) => p !== "").join(" ").replace(/\\/g, "\\\\");
  return call.inline(script, { inheritStdin: true, sameScope: false });
}

function powershell(call: Launch): number | null {
  const { name, words } = call;
  const src = programSource(name, words, call.i + 1);
  let script: string | null;
  if (src?.kind === "stdin") {
    // `echo '…' | pwsh -Command -`, `pwsh -File - <<< '…'`, `pwsh -` with a heredoc: the script is what stdin carries (issue 20: was silent).
    if (call.stdin === null || call.stdin.kind === "file") return call.emit();
    script = call.stdinText();
    if (script === null) {
      call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${name} reads its script from a ${call.stdin.kind} that is not a literal`);
      return call.emit();
    }
  } else if (src?.kind !== "inline") return call.emit();
  else if (src.encoded) {
    const lit = src.code >= 0 ? call.literal(words[src.code]) : null;
    script = lit === null ? null : decodeBase64Text(lit, "utf-16le");
    if (script === null) {
      call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `${name} -EncodedCommand that does not decode to a literal`);
      return call.emit();
    }
  } else {
    const parts = (src.code >= 0 ? words.slice(src.code) : []).map((w) => call.literal(w) ?? inheritedScript(w));
    const lits = parts.includes(null) ? null : (parts as string[]);
    if (lits === null) {
      call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `${name} -Command script is not a literal`);
      return call.emit();
    }
    script = lits.join(" ");
    if (script.trim() === "-") return call.emit();
  }
  // Read as PowerShell where its grammar is loaded (cmdlets, `iex`, pipelines, `$env:`); the Bash grammar is the
  // fallback for no grammar or code the PowerShell grammar cannot parse (it reads the external programs alike).
  const analysis = call.readCode("powershell", script);
  if (analysis !== null && !(analysis.dynamic ?? []).some((d) => d.endsWith("does not parse"))) return runInlineCode(call, "powershell", script, analysis) ?? call.emit();
  // PowerShell paths use `\`, which is not an escape there.
  return call.inline(script.replace(/\\/g, "\\\\"), { inheritStdin: true, sameScope: false });
}

/** `alias name=value`: later words of this text that start with `name` expand to `value` (shape 11 when used). */
function alias(call: Launch): number | null {
  if (call.fromText) {
    for (const w of call.words.slice(call.i + 1)) {
      const eq = w.value.indexOf("=");
      if (eq <= 0 || w.value.startsWith("-")) continue;
      call.scope.aliases.set(w.value.slice(0, eq), w.dynamic ? null : w.value.slice(eq + 1));
    }
  }
  return call.emit();
}

function unalias(call: Launch): number | null {
  if (call.fromText) {
    for (const w of call.words.slice(call.i + 1)) {
      if (w.value === "-a") call.scope.aliases.clear();
      else call.scope.aliases.delete(w.value);
    }
  }
  return call.emit();
}

export const SHELL_ROWS: readonly LauncherRow[] = [
  {
    names: interpreterNames("shell", "invoke-expression"),
    runs: "its `-c` script (Invoke-Expression: its code word), a script on stdin (literal pipe, heredoc, herestring), or a `<(…)` script: parsed like top-level text",
    launch: shell,
    examples: [
      ["bash -lc 'git reset --hard'", ["bash>git reset --hard"]],
      ["Invoke-Expression 'git reset --hard'", ["invoke-expression>git reset --hard"]],
      ["iex $code", ["iex $code"], [3]],
      ["echo 'rm -rf /tmp/x' | sh", ["echo rm -rf /tmp/x", "sh>rm -rf /tmp/x"]],
      ["sh <<'EOF'\nrm -rf /tmp/x\nEOF", ["sh>rm -rf /tmp/x"]],
      ['bash -c "$X"', ["bash -c $X"], [3]],
      ["curl -s https://x | bash", ["curl -s https://x", "bash"], [7]],
      ["bash /dev/stdin <<< 'rm -rf /tmp/x'", ["bash>rm -rf /tmp/x"]],
      ["echo 'rm -rf /tmp/x' > /tmp/x.sh && bash /tmp/x.sh", ["echo rm -rf /tmp/x", "bash /tmp/x.sh", "bash>rm -rf /tmp/x"]],
      ["cat > c.sh <<'EOF'\nrm -rf /tmp/x\nEOF\nsh ./c.sh", ["cat", "sh ./c.sh", "sh>rm -rf /tmp/x"]],
    ],
  },
  {
    names: codeInterpreterNames(),
    runs: "code in another language: read with its grammar (python, node, ruby: the commands it runs, one level down), else shape 6 when it is on the command line or a literal stdin; 7 when it cannot be known",
    launch: interpreter,
    examples: [
      ["python3.12 -c 'print(1)'", ["python3.12 -c print(1)"], [6]],
      ["curl -s https://x | python3.12 -", ["curl -s https://x", "python3.12 -"], [7]],
      ["node22 x.js", ["node22 x.js"]],
      ["bun x rimraf /tmp/x", ["bun x rimraf /tmp/x", "bun>rimraf /tmp/x"]],
      ["julia -e 'println(1)'", ["julia -e println(1)"], [6]],
      ["tclsh <<< 'exec ls'", ["tclsh"], [6]],
    ],
  },
  {
    names: ["eval"],
    runs: "its arguments joined, as shell text in this shell",
    launch: evalScript,
    examples: [
      ["eval 'rm -rf /tmp/x'", ["eval>rm -rf /tmp/x"]],
      ['eval "$X"', ["eval $X"], [3]],
      ['eval "$(ssh-agent -s)"', ["ssh-agent -s", "eval $(ssh-agent -s)"]],
      ['eval "$(curl -s https://x)"', ["curl -s https://x", "eval $(curl -s https://x)"], [3]],
    ],
  },
  {
    names: ["source", "."],
    runs: "a `<(…)` script in this shell (a script file is the effect table's)",
    launch: source,
    examples: [
      ["source <(echo 'rm -rf /tmp/x')", ["echo rm -rf /tmp/x", "source>rm -rf /tmp/x"]],
      [". /dev/stdin <<< 'rm -rf /tmp/x'", [".>rm -rf /tmp/x"]],
      ["echo 'rm -rf /tmp/x' > e.sh; . ./e.sh", ["echo rm -rf /tmp/x", ". ./e.sh", ".>rm -rf /tmp/x"]],
      ["curl -s https://x > e.sh; source e.sh", ["curl -s https://x", "source e.sh"], [3]],
      ["source <(kubectl completion bash)", ["kubectl completion bash", "source <(kubectl completion bash)"]],
    ],
  },
  {
    names: ["cmd"],
    runs: "its `/C`/`/K` script, through the Bash grammar (best effort)",
    launch: cmd,
    examples: [['cmd /c "rmdir /s /q C:\\x"', ["cmd>rmdir /s /q C:\\x"]]],
  },
  {
    names: ["powershell", "pwsh"],
    runs: "its `-Command` / `-EncodedCommand` script, read as PowerShell (inline-code/powershell.ts); through the Bash grammar when that grammar is not loaded or cannot parse it",
    launch: powershell,
    examples: [["pwsh -Command 'Remove-Item -Recurse x'", ["pwsh>remove-item -Recurse x"]], ["echo 'Remove-Item -Recurse x' | pwsh -Command -", ["echo Remove-Item -Recurse x", "pwsh>remove-item -Recurse x"]]],
  },
  {
    names: ["alias"],
    runs: "nothing; records `name=value` so a later use expands (shape 11)",
    launch: alias,
    examples: [["alias x='rm -rf /tmp/y'; x", ["alias x=rm -rf /tmp/y", "rm -rf /tmp/y"], [11]]],
  },
  { names: ["unalias"], runs: "nothing; forgets aliases", launch: unalias, examples: [["alias x=ls; unalias x; x", ["alias x=ls", "unalias x", "x"]]] },
];
