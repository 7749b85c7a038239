// Which simple commands hand inline code to an interpreter this module reads,
// and the code itself. Interpreters and their code flags (SPEC §6.7):
//
// | program | code | language |
// |---|---|---|
// | python, python2, python3, python3.N, pypy, pypy3 | `-c CODE` (also `-Ic CODE`, `-cCODE`); no script operand → stdin | python |
// | node, nodejs | `-e`/`--eval`/`-p`/`--print`/`-pe CODE`; no script operand → stdin | javascript |
// | mongosh, mongo | `--eval CODE` (the Mongo shell is JavaScript; `db.…` calls are read as database effects) | javascript |
// | ruby | `-e CODE` (repeatable: joined by newlines); no script operand → stdin | ruby |
// | pwsh, powershell | `-Command`/`-c …` (the rest of the line), `-EncodedCommand`/`-ec`/`-e` (base64 UTF-16LE), `-` or nothing with stdin; `powershell "…"` (Windows PowerShell treats a bare argument as a command) | powershell |
//
// `stdin` is the literal text fed to the command (a literal heredoc or
// herestring); null when nothing literal is fed. Anything else — a script
// file, `-m module`, another interpreter — is not inline code (null).
import { decodeBase64Text } from "../shell/text.js";
import type { InlineLanguage } from "./grammars.js";

export interface InlineCode {
  language: InlineLanguage;
  code: string;
  /** Where the code came from: the flag (`-c`, `--eval`, `-Command`) or `stdin`. */
  via: string;
}

/** The language an interpreter program speaks, or null (program as the shell table names it: basename, lower-case). */
export function inlineLanguageOf(program: string): InlineLanguage | null {
  const p = program.toLowerCase().replace(/\.exe$/, "");
  if (/^(i?python(\d+(\.\d+)?)?|pypy\d?)$/.test(p)) return "python";
  if (p === "node" || p === "nodejs" || p === "mongosh" || p === "mongo") return "javascript";
  if (p === "ruby") return "ruby";
  if (p === "pwsh" || p === "powershell") return "powershell";
  return null;
}

export function inlineCodeOf(cmd: { program: string; argv: readonly string[] }, stdin: string | null = null): InlineCode | null {
  const language = inlineLanguageOf(cmd.program);
  if (language === null) return null;
  const program = cmd.program.toLowerCase().replace(/\.exe$/, "");
  const argv = cmd.argv;
  switch (language) {
    case "python":
      return flagged(argv, stdin, language, { code: ["-c"], clusterCode: "c", valueFlags: ["-W", "-X", "--check-hash-based-pycs"], stopFlags: ["-m"] });
    case "javascript":
      if (program === "mongosh" || program === "mongo") return flagged(argv, null, language, { code: ["--eval"], valueFlags: ["--host", "--port", "-u", "--username", "-p", "--password", "--authenticationDatabase", "-f", "--file"], operandsAllowed: true });
      return flagged(argv, stdin, language, { code: ["-e", "--eval", "-p", "--print", "-pe"], valueFlags: ["-r", "--require", "--import", "--loader", "--input-type", "--env-file", "--conditions", "-C"] });
    case "ruby":
      return flagged(argv, stdin, language, { code: ["-e"], clusterCode: "e", valueFlags: ["-I", "-r", "-C", "-E", "-F"], repeat: true });
    case "powershell":
      return powershellCode(argv, stdin, program);
  }
}

interface FlagSpec {
  code: string[];
  /** A short flag letter that may close a cluster (`python -Ic CODE`, `ruby -ne CODE`). */
  clusterCode?: string;
  valueFlags: string[];
  stopFlags?: string[];
  /** Several code flags add up (`ruby -e a -e b`). */
  repeat?: boolean;
  /** Operands do not stop the scan (mongosh's connection string). */
  operandsAllowed?: boolean;
}

function flagged(argv: readonly string[], stdin: string | null, language: InlineLanguage, spec: FlagSpec): InlineCode | null {
  const pieces: string[] = [];
  let via = "";
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    if (spec.stopFlags?.includes(a)) return null;
    const eq = a.indexOf("=");
    if (a.startsWith("--") && eq > 0 && spec.code.includes(a.slice(0, eq))) {
      pieces.push(a.slice(eq + 1));
      via = a.slice(0, eq);
      if (!spec.repeat) break;
      continue;
    }
    if (spec.code.includes(a)) {
      if (i + 1 >= argv.length) return null;
      pieces.push(argv[++i]!);
      via = a;
      if (!spec.repeat) break;
      continue;
    }
    // `-Ic CODE`, `-cCODE`: a cluster of short flags ending in (or followed by text after) the code letter.
    if (spec.clusterCode && /^-[A-Za-z]+/.test(a) && !a.startsWith("--")) {
      const at = a.indexOf(spec.clusterCode, 1);
      const before = a.slice(1, at);
      // A value-taking short flag before the letter owns the rest (`ruby -rset` requires "set").
      const owned = [...before].some((ch) => spec.valueFlags.includes(`-${ch}`));
      if (at > 0 && /^[A-Za-z]*$/.test(before) && !owned) {
        const rest = a.slice(at + 1);
        if (rest !== "") pieces.push(rest);
        else if (i + 1 < argv.length) pieces.push(argv[++i]!);
        else return null;
        via = `-${spec.clusterCode}`;
        if (!spec.repeat) break;
        continue;
      }
    }
    if (spec.valueFlags.includes(a)) {
      i++;
      continue;
    }
    if (spec.valueFlags.some((f) => f.length === 2 && a.startsWith(f) && a.length > 2)) continue; // `-rjson`, `-W ignore` attached
    if (a.startsWith("-") && a !== "-") continue;
    if (spec.operandsAllowed) continue;
    // A script operand: the program comes from a file, not inline (`-` reads stdin).
    if (a !== "-") return pieces.length > 0 ? { language, code: pieces.join("\n"), via } : null;
    break;
  }
  if (pieces.length > 0) return { language, code: pieces.join("\n"), via };
  if (stdin !== null) return { language, code: stdin, via: "stdin" };
  return null;
}

const PS_VALUE_FLAGS = new Set(["-executionpolicy", "-ep", "-ex", "-windowstyle", "-w", "-workingdirectory", "-wd", "-configurationname", "-version", "-v", "-settingsfile", "-inputformat", "-if", "-outputformat", "-of", "-o"]);

function powershellCode(argv: readonly string[], stdin: string | null, program: string): InlineCode | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const lower = a.toLowerCase().replace(/^\//, "-");
    if (["-command", "-c", "-com", "-comm", "-comma", "-comman"].includes(lower)) {
      const rest = argv.slice(i + 1);
      if (rest.length === 0 || (rest.length === 1 && rest[0] === "-")) return stdin === null ? null : { language: "powershell", code: stdin, via: "stdin" };
      return { language: "powershell", code: rest.join(" "), via: "-Command" };
    }
    if (["-encodedcommand", "-enc", "-ec", "-e", "-en", "-enco", "-encod", "-encode", "-encoded"].includes(lower)) {
      const code = argv[i + 1] === undefined ? null : decodeBase64Text(argv[i + 1]!, "utf-16le");
      return code === null ? null : { language: "powershell", code, via: "-EncodedCommand" };
    }
    if (["-file", "-f"].includes(lower)) return null;
    if (PS_VALUE_FLAGS.has(lower)) {
      i++;
      continue;
    }
    if (a.startsWith("-") && a !== "-") continue;
    if (a === "-") return stdin === null ? null : { language: "powershell", code: stdin, via: "stdin" };
    // A bare argument: Windows PowerShell runs it as a command; pwsh as a script file.
    if (program === "powershell") return { language: "powershell", code: argv.slice(i).join(" "), via: "-Command" };
    return null;
  }
  return stdin === null ? null : { language: "powershell", code: stdin, via: "stdin" };
}
