// `--ledger L [--ledger-events] [--ledger-redact]`, as every command that
// decides takes them (eval, hook, serve): the options as the command
// descriptions list them (src/cli/commands.ts), and the parsed flags as the
// appender's target.
import type { LedgerTarget } from "../ledger/append.js";
import { UsageError, type ParsedArgs } from "./args.js";
import type { OptionSpec } from "./command-spec.js";

export const LEDGER_OPTIONS: readonly OptionSpec[] = [
  { name: "ledger", value: "L", help: "append every decision to the hash-chained ledger L, fsynced before the answer (docs/ledger.md)" },
  { name: "ledger-events", help: "with --ledger: keep the event and state_in in each row, so gatehouse replay can re-evaluate it" },
  { name: "ledger-redact", help: "with --ledger: replace secrets (and secret files' contents) in what is recorded by their SHA-256" },
];

/**
 * The ledger the flags name, or null without `--ledger`. `--ledger-events` or
 * `--ledger-redact` alone is a usage error — or, where a usage error would
 * cost more than it tells (a hook: the agent's call fails), `warn` is told and
 * the flag has no effect.
 */
export function ledgerTargetOf(args: ParsedArgs, warn?: (line: string) => void): LedgerTarget | null {
  const path = args.values.get("ledger");
  for (const f of ["ledger-events", "ledger-redact"]) {
    if (!args.flags.has(f) || path !== undefined) continue;
    if (warn === undefined) throw new UsageError(`--${f} needs --ledger FILE`);
    warn(`--${f} has no effect without --ledger FILE`);
  }
  if (path === undefined) return null;
  if (path === "") throw new UsageError("--ledger needs a file path");
  return { path, events: args.flags.has("ledger-events"), redact: args.flags.has("ledger-redact") };
}
