// A small argument reader: `--flag value`, `--flag=value`, boolean flags, and
// `--` ending options. Unknown flags are usage errors, named exactly. Commands
// describe their options once (src/cli/commands.ts); `parseCommandArgs` reads
// argv by that description, so help, parsing and docs cannot drift apart.
import type { CommandSpec } from "./command-spec.js";

export class UsageError extends Error {
  override readonly name = "UsageError";
}

export interface ParsedArgs {
  /** The last value of each value option given. */
  values: Map<string, string>;
  /** Every value of each value option, in order (for options that may repeat). */
  lists: Map<string, string[]>;
  flags: Set<string>;
  positionals: string[];
  /** Everything after a bare `--`. */
  rest: string[] | null;
}

export interface ArgNames {
  values?: readonly string[];
  flags?: readonly string[];
}

export function parseArgs(argv: readonly string[], spec: ArgNames): ParsedArgs {
  const values = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  const valueNames = new Set(spec.values ?? []);
  const flagNames = new Set(spec.flags ?? []);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") return { values, lists, flags, positionals, rest: argv.slice(i + 1) };
    if (!arg.startsWith("--") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (valueNames.has(name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      // `--cwd -- ls`, `--bundle --json`: the value was forgotten, not meant to be an option's name.
      if (eq < 0 && value.startsWith("--")) throw new UsageError(`--${name} needs a value (got ${JSON.stringify(value)}; write --${name}=${value} if that is the value)`);
      values.set(name, value);
      lists.set(name, [...(lists.get(name) ?? []), value]);
    } else if (flagNames.has(name) && eq < 0) {
      if (flags.has(name) && name !== "help") throw new UsageError(`--${name} may be given once`);
      flags.add(name);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { values, lists, flags, positionals, rest: null };
}

const article = (n: number) => (n === 1 ? "one" : String(n));

/**
 * Parse argv by a command's description: its options, their choices, its
 * operands and whether `--` may end them. `--help` (or `-h`) is always
 * accepted and, when given, skips the other checks.
 */
export function parseCommandArgs(argv: readonly string[], spec: CommandSpec): ParsedArgs {
  const dash = argv.indexOf("--");
  const words = argv.map((a, i) => (a === "-h" && (dash < 0 || i < dash) ? "--help" : a));
  const args = parseArgs(words, {
    values: spec.options.filter((o) => o.value !== undefined).map((o) => o.name),
    flags: [...spec.options.filter((o) => o.value === undefined).map((o) => o.name), "help"],
  });
  // `--help` wins over every other check: the caller prints the help.
  if (args.flags.has("help")) return args;
  for (const option of spec.options) {
    const given = args.lists.get(option.name) ?? [];
    if (given.length > 1 && option.repeat !== true) throw new UsageError(`--${option.name} may be given once`);
    for (const v of given)
      if (option.choices !== undefined && !option.choices.includes(v))
        throw new UsageError(`--${option.name} must be one of ${option.choices.join(", ")} (got ${JSON.stringify(v)})`);
  }
  for (const group of spec.exclusive ?? []) {
    const present = group.filter((name) => args.values.has(name) || args.flags.has(name));
    if (present.length > 1) throw new UsageError(`--${present[0]} and --${present[1]} cannot be used together`);
  }
  const { min, max, name } = spec.operands ?? { min: 0, max: 0, name: "" };
  const count = args.positionals.length;
  if (max !== null && count > max) {
    const extra = args.positionals[max]!;
    throw new UsageError(max === 0 ? `unexpected argument ${JSON.stringify(extra)}${spec.rest !== undefined ? " (put the command after --)" : ""}` : `unexpected extra argument ${JSON.stringify(extra)} (${spec.name} takes ${max === min ? "exactly" : "at most"} ${article(max)} ${name})`);
  }
  if (count < min) throw new UsageError(`${spec.name} needs ${min === max ? "exactly" : "at least"} ${article(min)} ${name}`);
  if (args.rest !== null && spec.rest === undefined) throw new UsageError(`${spec.name} takes no arguments after --`);
  return args;
}
