// Commands that print a credential: a CLI's own login token (`gh auth token`,
// `gcloud auth print-access-token`) and local password stores (`pass show`,
// `secret-tool lookup`, `bw get password`; git's `credential fill` is a row of
// git's own subcommand table, effects/git.ts, with this printer). Like a
// credential variable printed (flow.ts), the secret reaches the agent when
// the output does: read × secret_file where it prints to the terminal; piped
// or substituted (`gh auth token | docker login --password-stdin`, `GH_TOKEN=$(gh
// auth token) …`) it is only carried — a send downstream is a send of a secret.
// Secrets managers (`vault kv get`, `op read`) are the secrets family's rows
// (`read × secret_store {discloses}`, `secret.disclose`). Data, examples run by
// test/classify/secrets-network.test.ts.
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";
import { printsSecretNames } from "./flow.js";
import { subcommandWords } from "../programs/registry.js";

export interface PrinterRow {
  program: string;
  /** The leading words (subcommands) that print a credential, as a regex over them joined by spaces. */
  words: RegExp;
  examples: readonly string[];
  /** A flag that must be present too (`gh auth status --show-token`), tested against each argument. */
  flag?: RegExp;
  /** Lookalikes that print none. */
  lookalikes: readonly string[];
  /** What the family rows add to every example and lookalike (`gh auth status` reads the forge): their expected effects beside the print. */
  others?: string;
}

export const CREDENTIAL_PRINTERS: readonly PrinterRow[] = [
  { program: "gh", words: /^auth token\b/, examples: ["gh auth token"], lookalikes: ["gh auth token --help"] },
  { program: "gh", words: /^auth status\b/, flag: /^(--show-token|-t)$/, examples: ["gh auth status --show-token"], lookalikes: ["gh auth status --hostname github.com"], others: "read vcs_forge" },
  { program: "glab", words: /^auth status\b/, flag: /^(--show-token|-t)$/, examples: ["glab auth status --show-token"], lookalikes: ["glab auth status"], others: "read vcs_forge" },
  { program: "glab", words: /^config get token\b/, examples: ["glab config get token"], lookalikes: ["glab config get editor"] },
  { program: "gcloud", words: /^auth (application-default )?print-(access|identity)-token\b/, examples: ["gcloud auth print-access-token", "gcloud auth application-default print-access-token"], lookalikes: ["gcloud auth list"] },
  { program: "az", words: /^account get-access-token\b/, examples: ["az account get-access-token"], lookalikes: ["az account show"] },
  { program: "aws", words: /^configure (get aws_(secret_access_key|session_token)|export-credentials)\b/, examples: ["aws configure get aws_secret_access_key", "aws configure export-credentials"], lookalikes: ["aws configure get region"] },
  { program: "aws", words: /^(ecr|ecr-public) get-login-password\b|^codeartifact get-authorization-token\b|^sts get-session-token\b/, examples: ["aws ecr get-login-password --region us-east-1", "aws codeartifact get-authorization-token --domain d"], lookalikes: ["aws ecr describe-repositories"] },
  { program: "doctl", words: /^auth token\b/, examples: ["doctl auth token"], lookalikes: ["doctl auth list"] },
  { program: "heroku", words: /^auth:token\b/, examples: ["heroku auth:token"], lookalikes: ["heroku auth:whoami"] },
  { program: "pass", words: /^(show|cat) \S/, examples: ["pass show github/token"], lookalikes: ["pass ls", "pass show"] },
  { program: "gopass", words: /^(show|cat) \S/, examples: ["gopass show -o github/token"], lookalikes: ["gopass ls"] },
  { program: "secret-tool", words: /^lookup\b/, examples: ["secret-tool lookup service github"], lookalikes: ["secret-tool search --all service github"] },
  { program: "bw", words: /^get (password|item|notes|totp|username)\b/, examples: ["bw get password github"], lookalikes: ["bw list folders"] },
  { program: "lpass", words: /^show\b/, examples: ["lpass show --password github"], lookalikes: ["lpass ls"] },
  { program: "keyring", words: /^get\b/, examples: ["keyring get github token"], lookalikes: ["keyring --list-backends"] },
  // Docker's credential helpers print the registry login they hold for the server URL on stdin (`get`).
  ...["desktop", "osxkeychain", "wincred", "pass", "secretservice", "ecr-login", "gcr", "gcloud", "acr-env", "helper"].map((h): PrinterRow => ({
    program: `docker-credential-${h}`,
    words: /^get\b/,
    examples: [`docker-credential-${h} get`],
    lookalikes: [`docker-credential-${h} list`],
  })),
];

const BY_PROGRAM = new Map<string, PrinterRow[]>();
for (const r of CREDENTIAL_PRINTERS) BY_PROGRAM.set(r.program, [...(BY_PROGRAM.get(r.program) ?? []), r]);

/** The handler that prints a credential where one of a program's rows matches its words. */
export const printerOf = (rows: ReadonlyArray<Pick<PrinterRow, "words" | "flag">>): Handler => (ctx) => {
  // Options between the words do not change what is printed (`gopass show -o x`): match the words alone —
  // through the program's registry entry where it has one, so a global option's value is no word (`aws --profile p configure get …`).
  const operands = subcommandWords(ctx.program, ctx.args);
  const words = (operands === null ? ctx.argv.filter((a) => !a.startsWith("-")) : operands.map((o) => o.value)).join(" ");
  const row = rows.find((r) => r.words.test(words) && (!r.flag || ctx.argv.some((a) => r.flag!.test(a))));
  if (row) printsSecretNames(ctx, [`${ctx.program} ${words}`.slice(0, 80)], "command");
};

/** One entry per program: its rows' examples print a credential to the terminal (`read × secret_file`), the lookalikes print none. */
export const CREDENTIAL_PRINTER_PROGRAMS: readonly ProgramEntry[] = [...BY_PROGRAM].map(([program, rows]) =>
  entry([program], printerOf(rows), [
    ...rows.flatMap((r) => r.examples.map((x) => [x, ["read secret_file", r.others].filter(Boolean).join("; ")] as const)),
    ...rows.flatMap((r) => r.lookalikes.map((x) => [x, r.others ?? ""] as const)),
  ]),
);

export const CREDENTIAL_PRINTER_HANDLERS: Record<string, Handler> = handlerTable(CREDENTIAL_PRINTER_PROGRAMS);
