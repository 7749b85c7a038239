// Which simple commands hand inline code to an interpreter this module reads,
// and the code itself. Where the code is comes from the interpreter table
// (src/classify/programs/interpreters.ts, `programSource`) — the one place
// each interpreter's options are stated, so a value-taking option the walker
// skips is skipped here too (`node --title x -e CODE`). Languages (SPEC §6.7):
//
// | interpreter family | code | language |
// |---|---|---|
// | python (python, python3.N, pypy, ipython) | `-c CODE` (also `-Ic CODE`, `-cCODE`); no script operand → stdin | python |
// | node (node, nodejs) | `-e`/`--eval`/`-p`/`--print`/`-pe CODE`; no script operand → stdin | javascript |
// | ruby (ruby, jruby) | `-e CODE` (repeatable: joined by newlines); no script operand → stdin | ruby |
// | powershell (pwsh, powershell) | `-Command`/`-c …` (the rest of the line), `-EncodedCommand`/`-ec`/`-e` (base64 UTF-16LE), `-` or nothing with stdin; `powershell "…"` (Windows PowerShell treats a bare argument as a command) | powershell |
//
// The Mongo shell's `--eval` code is JavaScript too (src/classify/shell/launchers/database-shells.ts).
// `stdin` is the literal text fed to the command (a literal heredoc or
// herestring); null when nothing literal is fed. Anything else — a script
// file, `-m module`, another interpreter — is not inline code (null).
import { literalArg, type Arg } from "../programs/args.js";
import { interpreterOf, programSource, type InterpreterFamily, type ProgramSource } from "../programs/interpreters.js";
import { decodeBase64Text } from "../text.js";
import type { InlineLanguage } from "./grammars.js";

export interface InlineCode {
  language: InlineLanguage;
  code: string;
  /** Where the code came from: the flag (`-c`, `--eval`, `-Command`) or `stdin`. */
  via: string;
}

/** The interpreter families whose code this module reads, and in which language. */
const LANGUAGES: Partial<Record<InterpreterFamily, InlineLanguage>> = { python: "python", node: "javascript", ruby: "ruby", powershell: "powershell" };

/** The language an interpreter program speaks, or null (program as the shell table names it: basename, lower-case). */
export function inlineLanguageOf(program: string): InlineLanguage | null {
  const family = interpreterOf(program.toLowerCase().replace(/\.exe$/, ""))?.family;
  return family === undefined ? null : (LANGUAGES[family] ?? null);
}

export function inlineCodeOf(cmd: { program: string; argv: readonly string[] }, stdin: string | null = null): InlineCode | null {
  const language = inlineLanguageOf(cmd.program);
  if (language === null) return null;
  const program = cmd.program.toLowerCase().replace(/\.exe$/, "");
  const args = cmd.argv.map((a) => literalArg(a));
  const src = programSource(program, args);
  const fromStdin = (): InlineCode | null => (stdin === null ? null : { language, code: stdin, via: "stdin" });
  if (src === null || src.kind === "script" || src.kind === "module" || src.kind === "other") return null;
  if (src.kind === "stdin") return fromStdin();
  if (language === "powershell") {
    if (src.code < 0) return src.encoded ? null : fromStdin();
    if (src.encoded) {
      const code = decodeBase64Text(args[src.code]!.value, "utf-16le");
      return code === null ? null : { language, code, via: "-EncodedCommand" };
    }
    return { language, code: args.slice(src.code).map((a) => a.value).join(" "), via: "-Command" };
  }
  const first = codeAt(args, src);
  if (first === null) return null;
  const pieces = [first];
  // `ruby -e a -e b`: several code flags add up.
  if (language === "ruby") {
    for (let next = programSource(program, args, src.code + 1); next?.kind === "inline"; next = programSource(program, args, next.code + 1)) {
      const more = codeAt(args, next);
      if (more === null) break;
      pieces.push(more);
    }
  }
  return { language, code: pieces.join("\n"), via: src.flag };
}

/** The code an inline source names: glued to its flag (`-cCODE`, `--eval=CODE`) or the word after it. */
function codeAt(args: readonly Arg[], src: Extract<ProgramSource, { kind: "inline" }>): string | null {
  if (src.code < 0) return null;
  if (src.attached !== undefined) return src.attached;
  const word = args[src.code]!.value;
  // `--eval=CODE`: the source names the flag's own word.
  const glued = src.flag.startsWith("--") && word.startsWith(`${src.flag}=`) && args[src.code - 1]?.value !== src.flag;
  return glued ? word.slice(src.flag.length + 1) : word;
}
