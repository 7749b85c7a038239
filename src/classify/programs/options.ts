// The one option parser: every program's arguments — wrappers peeled by the
// walker and rows of the effect table alike — are read here, over arguments
// that carry their word facts (src/classify/programs/args.ts). Three
// conventions:
//
// - GNU (`parseArgs`): clustered short flags (`-rf`), `--flag[=value]`, a bare
//   `--` ends flags, a bare `-` and negative numbers are operands. Each
//   program declares which of its flags take a value, so `curl -o out URL`
//   does not mistake `out` for an operand. Unambiguous long-flag prefixes
//   (`--rec` for `--recursive`) are resolved when the program lists its long
//   flags, as getopt_long does. `stopAtOperand` reads POSIX-style (a wrapper's
//   options end at the command it runs).
// - cmd.exe (`parseCmdStyle`): `/s /q` tokens, case-insensitive, one letter
//   each (`/s/q` also splits), never clustered GNU-style.
// - single-dash long (`parseSingleDash`): Go `flag`-package style used by
//   terraform/tofu and PowerShell (`-destroy`, `-auto-approve`,
//   `-var-file=x`), where `-abc` is ONE flag named `abc`, never `-a -b -c`.
// - Windows programs and cmdlets (`parseWindowsArgs`): cmd-style declared
//   switches (`/all`, `/tn NAME`, `/shadow={id}`, `/maxsize:10%`, also with
//   `-`), and PowerShell parameters (`-Recurse`, any unambiguous prefix `-rec`,
//   `-Confirm:$false`, `-Path X`); names case-insensitive.
//
// Every parsed flag and operand keeps its index and its Arg, so callers read
// "was this a literal?" from the word itself.
import { valueArg, type Arg } from "./args.js";

export interface OptionSpec {
  /** Short flag letters that take a value, attached (`-uroot`) or the next word (`-u root`). */
  shortValue?: string;
  /** Short flag letters whose value may only be attached (`xargs -i{}`, `-l5`). */
  shortOptional?: string;
  /** Long flag names (without `--`) that take a value (`--user=x` or `--user x`). */
  longValue?: readonly string[];
  /** Long flags whose value may only be attached with `=` (read like a flag otherwise; listed for abbreviations). */
  longOptional?: readonly string[];
  /** Long flag names that take no value; with `longValue`, used to resolve abbreviations. */
  longBool?: readonly string[];
  /** Short-to-long aliases (`{ r: "recursive" }`), so callers can test one name. */
  aliases?: Readonly<Record<string, string>>;
  /** Stop at the first operand (POSIX, not GNU permutation): `end` is its index. */
  stopAtOperand?: boolean;
  /** Treat `-5` as the flag `n` with value `5` (head/tail/nice style). */
  numericShort?: string;
  /** Read `-0`, `-10` as clusters of flag letters (getopt), not as negative-number operands. */
  digitsAreFlags?: boolean;
  /** A word whose value is not known where an option could be ends the options (`end` is its index). */
  stopAtDynamic?: boolean;
}

export interface ParsedFlag {
  /** Short letter or long name without `--` (aliases applied: `-r` → `recursive` when aliased). */
  name: string;
  /** The flag as written (`-r`, `--force`, `-o`). */
  text: string;
  value: string | null;
  /** Index of the flag's word. */
  index: number;
  /** Index of the value's word when it is a separate word, else -1. */
  valueIndex: number;
  /** The word that holds the value: the next word, or for an attached value the flag's word with that value. */
  arg: Arg;
}

export interface ParsedOperand {
  value: string;
  index: number;
  arg: Arg;
}

export interface ParsedArgs {
  flags: ParsedFlag[];
  operands: ParsedOperand[];
  /** True once a bare `--` was seen. */
  sawDoubleDash: boolean;
  /** Index into `operands` of the first operand after `--` (operands.length when none). */
  doubleDashOperand: number;
  /** With `stopAtOperand`/`stopAtDynamic`: index of the first word that is not an option (args.length when none). */
  end: number;
  /** A dynamic word stopped the scan where an option could be. */
  stoppedOnDynamic: boolean;
}

export function has(parsed: ParsedArgs, ...names: string[]): boolean {
  return parsed.flags.some((f) => names.includes(f.name));
}

export function flagValue(parsed: ParsedArgs, ...names: string[]): string | null {
  for (const f of parsed.flags) if (names.includes(f.name) && f.value !== null) return f.value;
  return null;
}

/** The first flag of one of these names that has a value. */
export function flagWithValue(parsed: ParsedArgs, ...names: string[]): (ParsedFlag & { value: string }) | null {
  for (const f of parsed.flags) if (names.includes(f.name) && f.value !== null) return f as ParsedFlag & { value: string };
  return null;
}

export function flagValues(parsed: ParsedArgs, ...names: string[]): Array<ParsedFlag & { value: string }> {
  return parsed.flags.filter((f): f is ParsedFlag & { value: string } => names.includes(f.name) && f.value !== null);
}

function isNegativeNumber(arg: string): boolean {
  return /^-\d+(\.\d+)?$/.test(arg);
}

function resolveLong(name: string, spec: OptionSpec): string {
  const all = [...(spec.longValue ?? []), ...(spec.longBool ?? []), ...(spec.longOptional ?? [])];
  if (all.length === 0 || all.includes(name)) return name;
  const matches = all.filter((n) => n.startsWith(name));
  return matches.length === 1 ? matches[0] : name;
}

/** GNU getopt_long-style parsing from `start`. Never throws. */
export function parseArgs(args: readonly Arg[], spec: OptionSpec = {}, start = 0, maxOptionWords = Infinity): ParsedArgs {
  const flags: ParsedFlag[] = [];
  const operands: ParsedOperand[] = [];
  const shortValue = spec.shortValue ?? "";
  const shortOptional = spec.shortOptional ?? "";
  const longValue = spec.longValue ?? [];
  const alias = (n: string): string => spec.aliases?.[n] ?? n;
  const out: ParsedArgs = { flags, operands, sawDoubleDash: false, doubleDashOperand: -1, end: args.length, stoppedOnDynamic: false };
  const rest = (from: number): void => {
    for (let k = from; k < args.length; k++) operands.push({ value: args[k].value, index: k, arg: args[k] });
  };
  let words = 0;
  for (let i = start; i < args.length; i++) {
    if (words++ >= maxOptionWords) {
      out.end = i;
      rest(i);
      break;
    }
    const word = args[i];
    if (spec.stopAtDynamic && word.dynamic) {
      out.end = i;
      out.stoppedOnDynamic = true;
      rest(i);
      break;
    }
    const arg = word.value;
    if (arg === "--") {
      out.sawDoubleDash = true;
      out.doubleDashOperand = operands.length;
      out.end = i + 1;
      rest(i + 1);
      break;
    }
    if (arg.startsWith("--")) {
      const body = arg.slice(2);
      const eq = body.indexOf("=");
      const rawName = eq >= 0 ? body.slice(0, eq) : body;
      const name = alias(resolveLong(rawName, spec));
      if (eq >= 0) {
        const value = body.slice(eq + 1);
        flags.push({ name, text: `--${rawName}`, value, index: i, valueIndex: -1, arg: valueArg(word, value) });
      } else if (longValue.includes(name) && i + 1 < args.length) {
        flags.push({ name, text: arg, value: args[i + 1].value, index: i, valueIndex: i + 1, arg: args[i + 1] });
        i++;
      } else {
        flags.push({ name, text: arg, value: null, index: i, valueIndex: -1, arg: word });
      }
      continue;
    }
    const negative = isNegativeNumber(arg);
    if (arg.startsWith("-") && arg !== "-" && (!negative || spec.digitsAreFlags)) {
      const body = arg.slice(1);
      for (let k = 0; k < body.length; k++) {
        const c = body[k];
        if (shortValue.includes(c)) {
          const attached = body.slice(k + 1);
          if (attached.length > 0) {
            flags.push({ name: alias(c), text: `-${c}`, value: attached, index: i, valueIndex: -1, arg: valueArg(word, attached) });
          } else if (i + 1 < args.length) {
            flags.push({ name: alias(c), text: `-${c}`, value: args[i + 1].value, index: i, valueIndex: i + 1, arg: args[i + 1] });
            i++;
          } else {
            flags.push({ name: alias(c), text: `-${c}`, value: null, index: i, valueIndex: -1, arg: word });
          }
          break;
        }
        if (shortOptional.includes(c)) {
          const attached = body.slice(k + 1);
          flags.push({ name: alias(c), text: `-${c}`, value: attached.length > 0 ? attached : null, index: i, valueIndex: -1, arg: attached.length > 0 ? valueArg(word, attached) : word });
          break;
        }
        flags.push({ name: alias(c), text: `-${c}`, value: null, index: i, valueIndex: -1, arg: word });
      }
      continue;
    }
    if (spec.numericShort && negative) {
      flags.push({ name: alias(spec.numericShort), text: arg, value: arg.slice(1), index: i, valueIndex: -1, arg: word });
      continue;
    }
    operands.push({ value: arg, index: i, arg: word });
    if (spec.stopAtOperand) {
      out.end = i;
      rest(i + 1);
      break;
    }
  }
  if (out.doubleDashOperand < 0) out.doubleDashOperand = operands.length;
  return out;
}

/** A cmd.exe switch token: `/s`, `/Q`, `/a:h`, `/s/q`, `/?`. A Unix path like `/tmp` is not one. */
export function isCmdSwitch(arg: string): boolean {
  return /^(\/[a-z?](:[^/\s]*)?)+$/i.test(arg);
}

/** cmd.exe-style: `/flag` tokens, lowercased, no clustering (`/s/q` is two switches). */
export function parseCmdStyle(args: readonly Arg[]): { switches: Set<string>; operands: ParsedOperand[] } {
  const switches = new Set<string>();
  const operands: ParsedOperand[] = [];
  args.forEach((arg, index) => {
    if (isCmdSwitch(arg.value)) {
      for (const part of arg.value.split("/").filter(Boolean)) switches.add(part.split(":")[0].toLowerCase());
    } else {
      operands.push({ value: arg.value, index, arg });
    }
  });
  return { switches, operands };
}

export interface SingleDashParsed {
  /** Flag name (lowercased) → value (`true` when the flag had no `=value`). Later wins. */
  flags: Map<string, string | true>;
  /** Flag name → the word that holds its value. */
  flagArgs: Map<string, Arg>;
  operands: ParsedOperand[];
}

/**
 * Go `flag`-package style (terraform, tofu) and PowerShell parameters:
 * `-name`, `--name`, `-name=value`; names in `valueFlags` also take the next
 * word as their value. Never clustered. Boolean flags given `=false` are
 * stored as the string "false"; use `boolFlag`.
 */
export function parseSingleDash(args: readonly Arg[], valueFlags: readonly string[] = []): SingleDashParsed {
  const flags = new Map<string, string | true>();
  const flagArgs = new Map<string, Arg>();
  const operands: ParsedOperand[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i].value;
    if (arg === "--") {
      for (let k = i + 1; k < args.length; k++) operands.push({ value: args[k].value, index: k, arg: args[k] });
      break;
    }
    const m = /^--?([^=-][^=]*)(=(.*))?$/s.exec(arg);
    if (m && arg !== "-") {
      const name = m[1].toLowerCase();
      if (m[2] !== undefined) {
        flags.set(name, m[3]);
        flagArgs.set(name, valueArg(args[i], m[3]));
      } else if (valueFlags.includes(name) && i + 1 < args.length) {
        flags.set(name, args[i + 1].value);
        flagArgs.set(name, args[i + 1]);
        i++;
      } else flags.set(name, true);
      continue;
    }
    operands.push({ value: arg, index: i, arg: args[i] });
  }
  return { flags, flagArgs, operands };
}

/** A Go-style boolean flag: present and not `=false`/`=0`. */
export function boolFlag(parsed: SingleDashParsed, name: string): boolean {
  const v = parsed.flags.get(name);
  if (v === undefined) return false;
  if (v === true) return true;
  return !/^(false|0|f)$/i.test(v);
}

/**
 * What a Windows program or cmdlet declares about its switches and
 * parameters (lower-case names). Undeclared words are operands — so `/tmp`
 * stays a path for a cmd-style tool that has no `/tmp` switch.
 */
export interface WindowsOptionSpec {
  /** Switches/parameters that take a value: attached (`/tn:x`, `/maxsize=10%`, `-Path:x`) or the next word. */
  value?: readonly string[];
  /** Switches/parameters that take none. */
  bool?: readonly string[];
  /** Alternative names (`{ s: "shutdown", rec: "recurse" }` for parameter aliases PowerShell defines). */
  aliases?: Readonly<Record<string, string>>;
}

/** PowerShell's `$true`/`$false` as the words `true`/`false` (so `-Confirm:$false` reads as off). */
function psValue(v: string): string {
  return /^\$(true|false)$/i.test(v) ? v.slice(1).toLowerCase() : v;
}

/**
 * cmd-style (`/name`, `-name`, one declared switch per word, `/s/q` splits
 * when every part is a switch) or PowerShell-style (`-name`, unambiguous
 * prefixes of the declared names, `--` ends parameters). A value is attached
 * with `:` (either style) or `=` (cmd), or is the next word for a declared
 * value switch. Never throws.
 */
export function parseWindowsArgs(args: readonly Arg[], spec: WindowsOptionSpec, style: "cmd" | "powershell"): { flags: ParsedFlag[]; operands: ParsedOperand[] } {
  const values = spec.value ?? [];
  const declared = [...values, ...(spec.bool ?? []), ...Object.keys(spec.aliases ?? {})];
  const canonical = (name: string): string | null => {
    const n = name.toLowerCase();
    const pick = (x: string) => spec.aliases?.[x] ?? x;
    if (declared.includes(n)) return pick(n);
    if (style === "powershell" && n.length > 0) {
      const hits = [...new Set(declared.filter((d) => d.startsWith(n)).map(pick))];
      if (hits.length === 1) return hits[0];
    }
    return null;
  };
  const flags: ParsedFlag[] = [];
  const operands: ParsedOperand[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    const v = word.value;
    if (style === "powershell" && (v === "--" || v === "--%")) {
      for (let k = i + 1; k < args.length; k++) operands.push({ value: args[k].value, index: k, arg: args[k] });
      break;
    }
    const m = style === "cmd" ? /^[/-]([A-Za-z?][\w?.-]*)(?:[:=](.*))?$/s.exec(v) : /^-([A-Za-z?][\w?-]*)(?::(.*))?$/s.exec(v);
    const name = m ? (m[1] === "?" ? "?" : canonical(m[1])) : null;
    if ((m === null || name === null) && style === "cmd" && v.startsWith("/") && isCmdSwitch(v)) {
      // One-letter switches nobody declared (`/s/q`): each part a switch.
      for (const part of v.split("/").filter(Boolean)) {
        const [n, val] = part.split(":");
        flags.push({ name: canonical(n) ?? n.toLowerCase(), text: `/${part}`, value: val ?? null, index: i, valueIndex: -1, arg: word });
      }
      continue;
    }
    if (!m || name === null) {
      // PowerShell: an undeclared parameter is still a parameter (its value, if any, stays an operand).
      if (style === "powershell" && m && !/^-\d/.test(v)) flags.push({ name: m[1].toLowerCase(), text: v, value: m[2] === undefined ? null : psValue(m[2]), index: i, valueIndex: -1, arg: word });
      else operands.push({ value: v, index: i, arg: word });
      continue;
    }
    if (m[2] !== undefined) flags.push({ name, text: v, value: psValue(m[2]), index: i, valueIndex: -1, arg: valueArg(word, m[2]) });
    else if (values.includes(name) && i + 1 < args.length) {
      flags.push({ name, text: v, value: psValue(args[i + 1].value), index: i, valueIndex: i + 1, arg: args[i + 1] });
      i++;
    } else flags.push({ name, text: v, value: null, index: i, valueIndex: -1, arg: word });
  }
  return { flags, operands };
}
