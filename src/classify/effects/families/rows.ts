// The row format of tool families (issue 8 item 1): what a family file
// declares about a command-line tool — its conventions (`Cli`: flags that take
// a value, how it asks for help, which flags make it a dry run) and one `Row`
// per subcommand path that matters, each with the effect it has and examples a
// test runs through the real walker (test/classify/families/rows.test.ts).
// The engine that reads these is engine.ts; docs/classifier.md, "How to add a
// family row", walks through writing one.
import type { TargetClass, Verb } from "../../../model/classification.js";
import type { Arg } from "../../programs/args.js";
import type { OptionSpec, ParsedOperand, WindowsOptionSpec } from "../../programs/options.js";
import type { Attrs, Ctx } from "../common.js";

/** How a tool's command line reads. Shared by every family that has rows for the tool. */
export interface Cli {
  /**
   * `gnu` (getopt_long: `-rf`, `--flag=v`, flags anywhere), `single-dash` (Go
   * `flag`: `-namespace=x`, never clustered), `cmd` (Windows programs: declared
   * `/switch`es, `/name:value`, subcommand words compared case-insensitively)
   * or `powershell` (cmdlet parameters: `-Name`, unambiguous prefixes,
   * `-Name:value`, case-insensitive).
   */
  style?: "gnu" | "single-dash" | "cmd" | "powershell";
  /** gnu: which flags take a value (so their value is not read as a subcommand), aliases, known booleans. */
  options?: OptionSpec;
  /** cmd / powershell: the switches and parameters, which take a value, aliases (src/classify/programs/options.ts). */
  windows?: WindowsOptionSpec;
  /** single-dash: flag names that take the next word as their value. */
  valueFlags?: readonly string[];
  /**
   * How it asks for help, which prints usage and does nothing else: flag names
   * (`help`; `h` only where `-h` means help — it is `--host` for psql and a
   * header for gsutil), and a `help` word as the first subcommand word
   * (`gh help repo`) or as the last word (`aws s3 rm help`).
   */
  help?: { flags?: readonly string[]; word?: "first" | "last" };
  /** Flag names that make it a dry run or a preview (`dry-run`, `dryrun`; a short letter only where it means that). */
  dryRun?: readonly string[];
  /** Words that may stand before the subcommand path without being part of it (gcloud's `alpha`/`beta`). */
  skipWords?: readonly string[];
  /** Flags that name an environment (profile, context, project, config) — read for `is_production`. */
  envFlags?: readonly string[];
}

/** One flag as a row sees it (either parsing style). */
export interface RowFlag {
  /** Long name or short letter, aliases applied. */
  name: string;
  value: string | null;
  /** Index of the flag's word in the command's arguments. */
  index: number;
  /** The word that holds the value (the next word, or the flag's own word for `--flag=value`), with its facts. */
  arg: Arg;
}

/** What a row's `when`/`effect` functions are given about the command. */
export interface Match {
  ctx: Ctx;
  /** The subcommand words the row's path matched (`["s3", "rm"]`). */
  path: string[];
  /** The operands after the path, with their words. */
  rest: ParsedOperand[];
  flags: RowFlag[];
  /** A flag is present (and not `=false`). */
  has(...names: string[]): boolean;
  /** The last value given to one of these flags. */
  value(...names: string[]): string | null;
  /** Every value given to these flags, in order. */
  values(...names: string[]): string[];
  /** The attrs the engine puts on this row's effects (`service`, `operation`, `is_production`), for effects a row emits itself. */
  base: Attrs;
}

export interface EffectSpec {
  verb: Verb;
  target: TargetClass;
  /** Extra attrs (the engine adds `program`, `command`, `target` — the operands after the path —, `service`, `operation`, `is_production`). */
  attrs?: Attrs;
}

export type RowEffect = EffectSpec | readonly EffectSpec[] | ((m: Match) => EffectSpec | readonly EffectSpec[] | null);

/**
 * `[command, expected]`: the effects the whole command has, through the real
 * walker and the whole shell table — `"verb class[ attr[=value]…]"` per
 * effect, `; `-separated, `""` for none (an HTTP request's own `fetch ×
 * network_host` is not listed). Listed attrs must hold on one effect of that
 * verb and class; a bare attr name means `true`, `attr='two words'` quotes.
 */
export type Example = readonly [command: string, expected: string];

export interface Row {
  /**
   * The subcommand path: words separated by spaces, alternatives with `|`,
   * `*` for any one word (`"s3 rm"`, `"kv delete|rm"`, `"logging * delete"`).
   * `""` matches every invocation (flag-driven tools such as `kafka-topics --delete`).
   */
  path: string;
  /** The flags that matter: the row applies only when this holds. */
  when?: (m: Match) => boolean;
  effect: RowEffect;
  /** `operation` attr; defaults to the matched path words joined. */
  operation?: string | ((m: Match) => string);
  examples: readonly Example[];
}

/** One tool's rows in one family. A tool in several families shares one `Cli` object. */
export interface ProgramRows {
  /** Program names as the walker gives them (basename, lowercased). */
  names: readonly string[];
  /** `service` attr on every effect (`aws-s3`, `vault`, `gh`). */
  service: string;
  cli: Cli;
  rows: readonly Row[];
}

/** An HTTP API endpoint a family knows (curl, wget, httpie and xh requests). See http.ts. */
export interface ApiRow {
  service: string;
  /** The request host matches this … */
  host?: RegExp;
  /** … or its port is one of these (either suffices when both are given). */
  ports?: readonly number[];
  /** Also judge requests whose URL is only known at run time (`curl "$API_URL" …`): the body alone says which API it is. */
  dynamicUrl?: boolean;
  /** Methods this row is about (upper case). */
  methods: readonly string[];
  /** The URL path (and query) must match. */
  path?: RegExp;
  /** The literal request body must match (GraphQL mutations, JSON flags). */
  body?: RegExp;
  effect: EffectSpec | ((m: ApiMatch) => EffectSpec | readonly EffectSpec[] | null);
  operation?: string;
  examples: readonly Example[];
}

export interface ApiMatch {
  ctx: Ctx;
  method: string;
  url: URL;
  /** Decoded path segments. */
  segments: string[];
  body: string | null;
}

/** A family: a name for the docs, its tools' rows and the API endpoints it knows. */
export interface Family {
  name: string;
  programs: readonly ProgramRows[];
  apis?: readonly ApiRow[];
}

// ── builders: rows read as one line each ─────────────────────────────────

export const eff = (verb: Verb, target: TargetClass, attrs?: Attrs): EffectSpec => (attrs ? { verb, target, attrs } : { verb, target });

export function row(path: string, effect: RowEffect, examples: readonly Example[], extra: Partial<Pick<Row, "when" | "operation">> = {}): Row {
  return { path, effect, examples, ...extra };
}

/** The boolean attrs that hold (`{recursive: true}`; a false one is left out, not written `false`). */
export function holds(o: Readonly<Record<string, boolean>>): Attrs {
  const out: Attrs = {};
  for (const [k, v] of Object.entries(o)) if (v) out[k] = true;
  return out;
}
