// One argument of a command with what the shell parse knows about it. The
// walker fills these in from the syntax tree (src/classify/shell/words.ts), so
// no program table ever re-lexes a raw string to ask "was this a literal?".
import { quoteWord } from "../../model/shell-quote.js";

export interface Arg {
  /** Quotes removed, escapes resolved, `$'…'` decoded; expansions keep their text (`$HOME/x`). */
  value: string;
  /** As written, quotes kept. */
  raw: string;
  /** `value` is not what the program receives: an expansion, a substitution, or a run-time placeholder. */
  dynamic: boolean;
  /** Holds `$(…)`, backticks or `<(…)`/`>(…)` outside single quotes. */
  subst: boolean;
  /** Names of the `$VAR` / `${VAR…}` expansions outside single quotes (`$((…))` is `"(("`). */
  vars: readonly string[];
  /** Starts with an unquoted `~` (tilde expansion applies). */
  tilde: boolean;
  /** Contained quotes or backslash escapes. */
  quoted: boolean;
  /** Filled in at run time by `find -exec` / `xargs -I` / `parallel` (`{}`): `value` is the template. */
  placeholder?: boolean;
}

export const NO_VARS: readonly string[] = Object.freeze([]);


/** An argument that was never shell text (argv-form commands, words a program splits itself). */
/** Is the word's value what the command will see (no variable, no tilde left to expand)? A missing word counts as literal. */
export const isLiteralArg = (arg: Arg | null): boolean => arg === null || (arg.vars.length === 0 && !arg.tilde);

export function literalArg(value: string, raw?: string): Arg {
  return { value, raw: raw ?? quoteWord(value), dynamic: false, subst: false, vars: NO_VARS, tilde: false, quoted: false };
}

/** `arg` with another value (a path built from it): the facts of the word it came from stay. */
export function withValue(arg: Arg, value: string): Arg {
  return { ...arg, value };
}

/**
 * A value that is part of a word (`--output=~/x`, `-d @~/f`, `of=~/x`): the
 * word's facts, and a leading `~` counts as home — the shell leaves it alone
 * there, but a person who writes it means the home directory, and the gate
 * judges what was meant.
 */
export function valueArg(word: Arg, value: string): Arg {
  return { ...word, value, tilde: word.tilde || value.startsWith("~") };
}

/** A value built from several words (`-C DIR` + `FILE`): it expands if any of them does. */
export function joinedArg(value: string, parts: ReadonlyArray<Arg | null | undefined>): Arg {
  const out = literalArg(value, value);
  const vars: string[] = [];
  for (const p of parts) {
    if (!p) continue;
    out.dynamic ||= p.dynamic;
    out.subst ||= p.subst;
    out.quoted ||= p.quoted;
    vars.push(...p.vars);
  }
  const first = parts.find((p) => p);
  out.tilde = first?.tilde ?? false;
  if (vars.length) out.vars = vars;
  return out;
}

/** The args' values, element for element. */
export function values(args: readonly Arg[]): string[] {
  const out = new Array<string>(args.length);
  for (let i = 0; i < args.length; i++) out[i] = args[i].value;
  return out;
}

/**
 * The words as cmd.exe or PowerShell would split them. Bash reads `\ ` as an
 * escaped space, so `Remove-Item -Path C:\ -Recurse` reaches a row as the
 * words `-Path`, `C: -Recurse`; on Windows the backslash is a path separator
 * and the space ends the word. A word whose raw text has no quotes or
 * expansions and holds `\` + whitespace is split at that whitespace, each
 * part a literal with its backslashes.
 */
export function windowsWords(args: readonly Arg[]): Arg[] {
  const out: Arg[] = [];
  for (const a of args) {
    if (!/\\\s/.test(a.raw) || /["'`$]/.test(a.raw)) {
      out.push(a);
      continue;
    }
    for (const part of a.raw.split(/(?<=\\)\s+/)) if (part !== "") out.push(literalArg(part, part));
  }
  return out;
}

/**
 * The word as cmd.exe or PowerShell receives it, for a program that only runs
 * there (`reg`, `vssadmin`): Bash reads `\` as an escape, so an unquoted
 * `HKLM\SOFTWARE` reaches a row as `HKLMSOFTWARE`; the raw text is the word
 * then. A quoted word already kept its backslashes (Bash keeps `\` before
 * most characters inside double quotes); a word with an expansion is its value.
 */
export function windowsWordValue(arg: Arg): string {
  if (arg.subst || arg.vars.length > 0 || /["'`$]/.test(arg.raw)) return arg.value;
  // Only `\\` pairs (the cmd launcher doubles every backslash before Bash reads the script): Bash made them the word's `\`.
  return arg.raw.replace(/\\\\/g, "").includes("\\") ? arg.raw : arg.value;
}

/** The words as a Windows program receives them: split as cmd.exe/PowerShell would (`windowsWords`), each with its Windows value. */
export function asWindowsArgs(args: readonly Arg[]): Arg[] {
  return windowsWords(args).map((a) => {
    const v = windowsWordValue(a);
    return v === a.value ? a : { ...a, value: v };
  });
}
