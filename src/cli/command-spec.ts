// What a command declares about itself: its options, operands and exit codes.
// One description per command (src/cli/commands.ts) drives the parser
// (args.ts), `gatehouse <command> --help` and the command reference in
// docs/cli.md (renderCommandDocs, checked by test/cli/help.test.ts).
import { EXIT_MEANINGS, type ExitCode } from "../model/exit-codes.js";

export interface OptionSpec {
  name: string;
  /** The value's placeholder (`B`, `DIR`); absent for a boolean flag. */
  value?: string;
  /** The only values accepted. */
  choices?: readonly string[];
  /** May be given more than once (each value kept, in order). */
  repeat?: boolean;
  help: string;
}

export interface CommandSpec {
  /** `check`, or a two-word name such as `bundle lint`. */
  name: string;
  summary: string;
  /** Synopsis lines, each after `gatehouse <name> `. */
  usage: readonly string[];
  options: readonly OptionSpec[];
  /** Positional operands: how many, and what to call them in messages. `max: null` = no limit. */
  operands?: { min: number; max: number | null; name: string };
  /** Words after `--` are accepted, and what they are. */
  rest?: string;
  /** Options that cannot be given together. */
  exclusive?: readonly (readonly string[])[];
  /** What each exit code means for this command (every code it can return). */
  exits: readonly { code: ExitCode; meaning?: string }[];
  /** Further lines of help: defaults, examples, caveats. */
  notes?: readonly string[];
}

const optionLabel = (o: OptionSpec) => `--${o.name}${o.value !== undefined ? ` ${o.choices !== undefined ? o.choices.join("|") : o.value}` : ""}${o.repeat === true ? " …" : ""}`;

function columns(rows: [string, string][], indent = "  "): string[] {
  const width = Math.max(...rows.map(([a]) => a.length));
  return rows.map(([a, b]) => `${indent}${a.padEnd(width)}  ${b}`.trimEnd());
}

/** `gatehouse <command> --help`. */
export function renderHelp(spec: CommandSpec): string {
  const lines = [`gatehouse ${spec.name} — ${spec.summary}`, "", "usage:"];
  for (const u of spec.usage) lines.push(`  gatehouse ${spec.name} ${u}`.trimEnd());
  lines.push("", "options:");
  lines.push(...columns([...spec.options.map((o): [string, string] => [optionLabel(o), o.help]), ["--help", "print this help and exit 0"]]));
  lines.push("", "exit codes:");
  lines.push(...columns(spec.exits.map((e): [string, string] => [String(e.code), e.meaning ?? EXIT_MEANINGS[e.code]])));
  if (spec.notes !== undefined && spec.notes.length > 0) lines.push("", ...spec.notes);
  return lines.join("\n");
}

/** `gatehouse <group> --help` for a group of subcommands (`ledger`, `bundle`, `service`): each subcommand and its summary. */
export function renderGroupHelp(group: string, specs: readonly CommandSpec[]): string {
  const members = specs.filter((s) => s.name.startsWith(`${group} `));
  return [
    `usage: gatehouse ${group} <subcommand> [options]   (gatehouse ${group} <subcommand> --help for its options and exit codes)`,
    ...columns(members.map((s) => [s.name, s.summary])),
  ].join("\n");
}

/** The top-level words a user types first: every one-word command and every group of subcommands. */
export function commandWords(specs: readonly CommandSpec[]): string[] {
  return [...new Set(specs.map((s) => s.name.split(" ")[0]!))];
}

/** The overview printed by `gatehouse --help`. */
export function renderOverview(specs: readonly CommandSpec[]): string {
  return [
    "usage: gatehouse <command> [options]   (gatehouse <command> --help for its options and exit codes)",
    ...columns(specs.map((s) => [s.name, s.summary])),
    "",
    "  --version  print the version    --help  this overview",
  ].join("\n");
}

const cell = (s: string) => s.replace(/\|/g, "\\|");

/** The command reference section of docs/cli.md (Markdown), generated so it cannot drift from the parser. */
export function renderCommandDocs(specs: readonly CommandSpec[]): string {
  const out: string[] = [];
  for (const spec of specs) {
    out.push(`### \`gatehouse ${spec.name}\``, "", `${spec.summary[0]!.toUpperCase()}${spec.summary.slice(1)}.`, "", "```");
    for (const u of spec.usage) out.push(`gatehouse ${spec.name} ${u}`.trimEnd());
    out.push("```", "");
    if (spec.options.length > 0) {
      out.push("| option | meaning |", "|---|---|");
      for (const o of spec.options) out.push(`| \`${cell(optionLabel(o))}\` | ${cell(o.help)} |`);
      out.push("");
    }
    out.push(`Exit codes: ${spec.exits.map((e) => `${e.code} ${e.meaning ?? EXIT_MEANINGS[e.code]}`).join("; ")}.`, "");
    for (const n of spec.notes ?? []) out.push(n);
    if ((spec.notes ?? []).length > 0) out.push("");
  }
  return out.join("\n").trimEnd() + "\n";
}
