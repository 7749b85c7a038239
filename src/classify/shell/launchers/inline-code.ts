// Inline code of another language read with its grammar (SPEC §6.7), for the
// interpreter row (shells.ts): `python3 -c CODE`, `node -e CODE`, `ruby -e
// CODE`, or a literal heredoc/herestring/pipe/`<(…)` fed to one. The code's
// analysis rides on the interpreter's command (`ParsedCommand.code`) for the
// effect table (src/classify/effects/inline-code.ts); the commands it runs
// (`os.system("…")`, `subprocess.run([…])`, `child_process.execSync("…")`)
// are analysed here, one wrapper level down, like `bash -c`'s script. Shape 6
// stays only when the code is not fully read (eval, a path built at run time,
// no grammar).
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { inlineCodeOf, inlineLanguageOf, type InlineCodeAnalysis, type InlineLanguage } from "../../inline-code/index.js";
import { interpreterName } from "../../programs/interpreters.js";
import { MAX_WRAPPER_DEPTH } from "../limits.js";
import type { Word } from "../words.js";
import type { Launch } from "./types.js";

/** The language this interpreter speaks when this module can read it (`python3.12` → python). */
export function codeLanguage(name: string): InlineLanguage | null {
  return inlineLanguageOf(interpreterName(name) ?? name);
}

/**
 * The code on the command line (`-c`, `-e`, `--eval`; `ruby -e a -e b`
 * joined) or, with no code flag, `stdin` — null when neither holds code.
 * Words whose value is not known stay as written: they are options or the
 * code's own arguments, never the code (the caller checked the code word).
 */
export function commandLineCode(call: Launch, stdin: string | null): { language: InlineLanguage; code: string } | null {
  const program = interpreterName(call.name) ?? call.name;
  const argv = call.words.slice(call.i + 1).map((w: Word) => call.literal(w) ?? w.value);
  const ic = inlineCodeOf({ program, argv }, stdin);
  return ic === null ? null : { language: ic.language, code: ic.code };
}

/**
 * Read `code` and emit the interpreter with what it found; undefined when the
 * host gave no reader (the caller reports shape 6 as before).
 */
export function runInlineCode(call: Launch, language: InlineLanguage, code: string, read?: InlineCodeAnalysis | null, unreadIsGap = true): number | null | undefined {
  const analysis = read !== undefined ? read : call.readCode(language, code);
  if (analysis === null) return undefined;
  if (analysis.dynamic !== null && unreadIsGap) {
    call.gap(GAP_SHAPE.INLINE_INTERPRETER, `inline ${call.name} code not fully read: ${analysis.dynamic.slice(0, 3).join("; ")}`);
  }
  const out = call.emit(undefined, { code: analysis });
  if (analysis.commands.length === 0) return out;
  if (call.wrappers.length >= MAX_WRAPPER_DEPTH) {
    call.gap(GAP_SHAPE.DEPTH, `commands run by inline ${call.name} code nested deeper than ${MAX_WRAPPER_DEPTH}`);
    return out;
  }
  for (const c of analysis.commands) {
    if ("text" in c) call.inline(c.text, { inheritStdin: false, sameScope: false });
    else call.runArgv(c.argv);
  }
  return out;
}
