// Argument parsing for the effect table (SPEC §6.2). Three conventions:
//
// - GNU (`parseGnu`): clustered short flags (`-rf`), `--flag[=value]`, a bare
//   `--` ends flags, a bare `-` and negative numbers are operands. Each
//   program declares which of its flags take a value, so `curl -o out URL`
//   does not mistake `out` for an operand. Unambiguous long-flag prefixes
//   (`--rec` for `--recursive`) are resolved when the program lists its long
//   flags, as getopt_long does.
// - cmd.exe (`parseCmdStyle`): `/s /q` tokens, case-insensitive, one letter
//   each (`/s/q` also splits), never clustered GNU-style.
// - single-dash long (`parseSingleDash`): Go `flag`-package style used by
//   terraform/tofu (`-destroy`, `-auto-approve`, `-var-file=x`), where `-abc`
//   is ONE flag named `abc`, never `-a -b -c`.
//
// Every parsed element remembers its argv index so callers can consult the
// matching `raw_argv` entry (was the operand a literal?).

export interface FlagSpec {
  /** Short flag letters that take a value (`"o"` for curl's `-o FILE`). */
  shortValue?: string;
  /** Long flag names (without `--`) that take a value (`["output"]`). */
  longValue?: readonly string[];
  /** Long flag names that take no value; with `longValue`, used to resolve abbreviations. */
  longBool?: readonly string[];
  /** Short-to-long aliases (`{ r: "recursive" }`), so callers can test one name. */
  aliases?: Readonly<Record<string, string>>;
  /** Stop flag parsing at the first operand (POSIX, not GNU permutation). */
  stopAtOperand?: boolean;
  /** Treat `-5` as the flag `n` with value `5` (head/tail style). */
  numericShort?: string;
}

export interface ParsedFlag {
  /** Short letter or long name (aliases applied: `-r` → `recursive` when aliased). */
  name: string;
  /** The flag as written (`-r`, `--force`, `-o`). */
  text: string;
  value: string | null;
  /** argv index of the flag token. */
  index: number;
  /** argv index of the value token when it is a separate token, else -1. */
  valueIndex: number;
}

export interface ParsedOperand {
  value: string;
  index: number;
}

export interface ParsedArgs {
  flags: ParsedFlag[];
  operands: ParsedOperand[];
  /** True once a bare `--` was seen. */
  sawDoubleDash: boolean;
  /** Index into `operands` of the first operand after `--` (operands.length when none). */
  doubleDashOperand: number;
}

export function has(parsed: ParsedArgs, ...names: string[]): boolean {
  return parsed.flags.some((f) => names.includes(f.name));
}

export function flagValue(parsed: ParsedArgs, ...names: string[]): string | null {
  for (const f of parsed.flags) if (names.includes(f.name) && f.value !== null) return f.value;
  return null;
}

export function flagValues(parsed: ParsedArgs, ...names: string[]): ParsedFlag[] {
  return parsed.flags.filter((f) => names.includes(f.name) && f.value !== null);
}

function isNegativeNumber(arg: string): boolean {
  return /^-\d+(\.\d+)?$/.test(arg);
}

function resolveLong(name: string, spec: FlagSpec): string {
  const all = [...(spec.longValue ?? []), ...(spec.longBool ?? [])];
  if (all.length === 0 || all.includes(name)) return name;
  const matches = all.filter((n) => n.startsWith(name));
  return matches.length === 1 ? matches[0] : name;
}

/** Once flags end (`--`, or the first operand under stopAtOperand), every word from `from` on is an operand. */
function pushOperandsFrom(argv: readonly string[], from: number, operands: ParsedOperand[]): void {
  for (let i = from; i < argv.length; i++) operands.push({ value: argv[i], index: i });
}

/** GNU getopt_long-style parsing. Never throws. */
export function parseGnu(argv: readonly string[], spec: FlagSpec = {}): ParsedArgs {
  const flags: ParsedFlag[] = [];
  const operands: ParsedOperand[] = [];
  const shortValue = spec.shortValue ?? "";
  const longValue = spec.longValue ?? [];
  const alias = (n: string): string => spec.aliases?.[n] ?? n;
  let sawDoubleDash = false;
  let doubleDashOperand = -1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      sawDoubleDash = true;
      doubleDashOperand = operands.length;
      pushOperandsFrom(argv, i + 1, operands);
      break;
    }
    if (arg.startsWith("--")) {
      const body = arg.slice(2);
      const eq = body.indexOf("=");
      const rawName = eq >= 0 ? body.slice(0, eq) : body;
      const name = alias(resolveLong(rawName, spec));
      if (eq >= 0) {
        flags.push({ name, text: `--${rawName}`, value: body.slice(eq + 1), index: i, valueIndex: -1 });
      } else if (longValue.includes(name) && i + 1 < argv.length) {
        flags.push({ name, text: arg, value: argv[i + 1], index: i, valueIndex: i + 1 });
        i++;
      } else {
        flags.push({ name, text: arg, value: null, index: i, valueIndex: -1 });
      }
      continue;
    }
    if (arg.startsWith("-") && arg !== "-" && !isNegativeNumber(arg)) {
      const body = arg.slice(1);
      for (let k = 0; k < body.length; k++) {
        const c = body[k];
        if (shortValue.includes(c)) {
          const rest = body.slice(k + 1);
          if (rest.length > 0) {
            flags.push({ name: alias(c), text: `-${c}`, value: rest, index: i, valueIndex: -1 });
          } else if (i + 1 < argv.length) {
            flags.push({ name: alias(c), text: `-${c}`, value: argv[i + 1], index: i, valueIndex: i + 1 });
            i++;
          } else {
            flags.push({ name: alias(c), text: `-${c}`, value: null, index: i, valueIndex: -1 });
          }
          break;
        }
        flags.push({ name: alias(c), text: `-${c}`, value: null, index: i, valueIndex: -1 });
      }
      continue;
    }
    if (spec.numericShort && isNegativeNumber(arg)) {
      flags.push({ name: alias(spec.numericShort), text: arg, value: arg.slice(1), index: i, valueIndex: -1 });
      continue;
    }
    operands.push({ value: arg, index: i });
    if (spec.stopAtOperand) {
      pushOperandsFrom(argv, i + 1, operands);
      break;
    }
  }
  return { flags, operands, sawDoubleDash, doubleDashOperand: doubleDashOperand < 0 ? operands.length : doubleDashOperand };
}

/** A cmd.exe switch token: `/s`, `/Q`, `/a:h`, `/s/q`, `/?`. A Unix path like `/tmp` is not one. */
export function isCmdSwitch(arg: string): boolean {
  return /^(\/[a-z?](:[^/\s]*)?)+$/i.test(arg);
}

/** cmd.exe-style: `/flag` tokens, lowercased, no clustering (`/s/q` is two switches). */
export function parseCmdStyle(argv: readonly string[]): { switches: Set<string>; operands: ParsedOperand[] } {
  const switches = new Set<string>();
  const operands: ParsedOperand[] = [];
  argv.forEach((arg, index) => {
    if (isCmdSwitch(arg)) {
      for (const part of arg.split("/").filter(Boolean)) switches.add(part.split(":")[0].toLowerCase());
    } else {
      operands.push({ value: arg, index });
    }
  });
  return { switches, operands };
}

export interface SingleDashParsed {
  /** Flag name → value (`true` when the flag had no `=value`). Later wins. */
  flags: Map<string, string | true>;
  operands: ParsedOperand[];
}

/**
 * Go `flag`-package style (terraform, tofu): `-name`, `--name`, `-name=value`;
 * names in `valueFlags` also take the next token as their value. Never clustered.
 * Boolean flags given `=false` are stored as the string "false"; use `boolFlag`.
 */
export function parseSingleDash(argv: readonly string[], valueFlags: readonly string[] = []): SingleDashParsed {
  const flags = new Map<string, string | true>();
  const operands: ParsedOperand[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      pushOperandsFrom(argv, i + 1, operands);
      break;
    }
    const m = /^--?([^=-][^=]*)(=(.*))?$/s.exec(arg);
    if (m && arg !== "-") {
      const name = m[1].toLowerCase();
      if (m[2] !== undefined) flags.set(name, m[3]);
      else if (valueFlags.includes(name) && i + 1 < argv.length) {
        flags.set(name, argv[i + 1]);
        i++;
      } else flags.set(name, true);
      continue;
    }
    operands.push({ value: arg, index: i });
  }
  return { flags, operands };
}

/** A Go-style boolean flag: present and not `=false`/`=0`. */
export function boolFlag(parsed: SingleDashParsed, name: string): boolean {
  const v = parsed.flags.get(name);
  if (v === undefined) return false;
  if (v === true) return true;
  return !/^(false|0|f)$/i.test(v);
}
