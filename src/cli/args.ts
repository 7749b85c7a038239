// A small argument reader: `--flag value`, `--flag=value`, boolean flags, and
// `--` ending options. Unknown flags are usage errors, named exactly.
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export interface ParsedArgs {
  values: Map<string, string>;
  flags: Set<string>;
  positionals: string[];
  /** Everything after a bare `--`. */
  rest: string[] | null;
}

export function parseArgs(argv: string[], spec: { values?: string[]; flags?: string[] }): ParsedArgs {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  const valueNames = new Set(spec.values ?? []);
  const flagNames = new Set(spec.flags ?? []);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") return { values, flags, positionals, rest: argv.slice(i + 1) };
    if (!arg.startsWith("--") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (valueNames.has(name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      values.set(name, value);
    } else if (flagNames.has(name) && eq < 0) {
      flags.add(name);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { values, flags, positionals, rest: null };
}
