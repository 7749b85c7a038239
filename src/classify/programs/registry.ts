// The program registry (issue 19 item 1): one entry per program whose command
// line several layers read — the walker's launchers, the effect table's
// handlers, the family rows, the credential printers — stating its options
// once: every global option (the ones that may stand before the subcommand)
// and the subcommand options the tables read. Every layer that must skip
// options to find the subcommand parses argv through the entry
// (`programOptions`, `subcommandWords`), so a global option one copy forgot
// can no longer hide the subcommand from one layer (`aws --cli-binary-format
// raw-in-base64-out ec2 terminate-instances` was allowed: the catch-all's own
// list lacked the option the family rows had).
//
// Interpreters (python, node, ruby, …) are the interpreter table's rows
// (interpreters.ts): where their code comes from, and which of their options
// take a value, are read there by the walker, the effect table and the
// inline-code reader alike. (Not the Windows registry: that is ../registry.ts.)
//
// `probes` are the examples beside each entry: commands whose verdict and
// effects every global option leaves unchanged; `%` marks where the options
// go. test/classify/programs/registry.test.ts inserts each global option of
// each entry into each probe, and fails on a program name or an option list
// stated twice.
import type { Arg } from "./args.js";
import { parseArgs, type OptionSpec, type ParsedOperand } from "./options.js";

export interface GlobalOptions {
  /** Options that take a value (the next word, or attached: `--profile=x`, `-Cdir`), as written (`--profile`, `-C`). */
  value: readonly string[];
  /** Options that take none. */
  bool: readonly string[];
  /** Help and version: they change what the program does (it prints and exits), so no probe holds across them. */
  modes?: readonly string[];
}

export interface ProgramEntry {
  names: readonly string[];
  /** Every option the program accepts before its subcommand. */
  global: GlobalOptions;
  /** Subcommand options the tables read, beyond the global ones (aws's parameters may stand anywhere on the line). */
  more?: OptionSpec;
  /** Commands whose verdict and effects no global option changes; `%` is where the options go. */
  probes: readonly string[];
}

const AWS: ProgramEntry = {
  names: ["aws"],
  global: {
    value: ["--profile", "--region", "--output", "--endpoint-url", "--query", "--ca-bundle", "--color", "--cli-read-timeout", "--cli-connect-timeout", "--cli-binary-format"],
    bool: ["--debug", "--no-verify-ssl", "--no-paginate", "--no-sign-request", "--no-cli-pager", "--cli-auto-prompt", "--no-cli-auto-prompt"],
    modes: ["--version", "--help"],
  },
  more: {
    longValue: [
      "cli-input-json", "cli-input-yaml",
      // s3 transfer options
      "exclude", "include", "acl", "sse", "sse-c", "sse-c-key", "sse-kms-key-id", "storage-class", "grants", "content-type",
      "cache-control", "content-disposition", "content-encoding", "content-language", "expires", "metadata", "metadata-directive",
      "page-size", "source-region", "website-redirect", "expected-size", "request-payer", "checksum-algorithm",
      // read by the clouds family (clouds.ts)
      "query-string", "work-group", "sql", "database", "cluster-identifier", "resource-arn", "secret-arn", "db-instance-identifier",
      "db-cluster-identifier", "stack-name", "table-name", "repository-name", "account-id",
    ],
    longBool: [
      "recursive", "force", "dryrun", "dry-run", "no-dry-run", "quiet", "only-show-errors", "no-progress", "delete", "follow-symlinks",
      "no-follow-symlinks", "exact-timestamps", "size-only", "no-guess-mime-type", "force-glacier-transfer", "ignore-glacier-warnings",
      "force-delete-without-recovery", "with-decryption", "skip-final-snapshot", "delete-automated-backups",
    ],
  },
  probes: [
    "aws% ec2 terminate-instances --instance-ids i-1",
    "aws% cloudformation delete-stack --stack-name shop",
    "aws% s3 rm s3://shop-assets --recursive",
    "aws% configure get aws_secret_access_key",
    "aws% ssm send-command --instance-ids i-1 --document-name AWS-RunShellScript --parameters commands='rm -rf /'",
    "aws% ec2 describe-instances",
  ],
};

const GCLOUD: ProgramEntry = {
  names: ["gcloud"],
  global: {
    value: ["--project", "--account", "--configuration", "--format", "--filter", "--impersonate-service-account", "--verbosity", "--billing-project", "--flags-file", "--flatten", "--trace-token", "--access-token-file"],
    bool: ["--quiet", "-q", "--log-http", "--user-output-enabled", "--no-user-output-enabled"],
    modes: ["--help", "-h", "--version"],
  },
  more: {
    longValue: ["zone", "region", "location", "command", "ssh-key-file"], // command: `compute ssh --command` runs it (launchers/remote.ts)
    longBool: ["recursive", "all-versions", "continue-on-error", "delete-unmatched-destination-objects", "dry-run", "async", "verbose", "tunnel-through-iap"],
    aliases: { q: "quiet", r: "recursive", R: "recursive", a: "all-versions", c: "continue-on-error" },
  },
  probes: [
    "gcloud% compute instances delete vm-1 --zone europe-west1-b",
    "gcloud% projects delete shop-prod",
    "gcloud% auth print-access-token",
    "gcloud% compute instances list",
  ],
};

const AZ: ProgramEntry = {
  names: ["az"],
  global: {
    value: ["--subscription", "--output", "-o", "--query"],
    bool: ["--debug", "--verbose", "--only-show-errors"],
    modes: ["--help", "-h", "--version"],
  },
  more: {
    shortValue: "gnslcdprf",
    longValue: [
      "file", "resource-group", "name", "location", "account-name", "account-key", "connection-string",
      "sas-token", "container-name", "source", "destination", "pattern", "id", "ids", "org", "organization", "project", "repository",
      "vault-name", "share-name", "file-system", "path", "if-match", "if-unmodified-since", "http-method", "area", "resource",
      "route-parameters", "in-file", "team", "user", "group-id", "extension-id", "publisher-id", "wiki", "pipeline-id",
      "mode", "template-file", "parameters", "server", // read by the clouds family (clouds.ts)
    ],
    longBool: ["yes", "dryrun", "what-if", "delete-snapshots", "recursive", "destroy", "no-wait", "force"],
    aliases: { g: "resource-group", n: "name", o: "output", s: "source", l: "location", c: "container-name", d: "destination", p: "project", r: "repository", y: "yes" },
  },
  probes: [
    "az% group delete --name shop-rg --yes",
    "az% account get-access-token",
    "az% vm run-command invoke -g rg -n vm1 --command-id RunShellScript --scripts 'rm -rf /'",
    "az% vm list",
  ],
};

const GSUTIL: ProgramEntry = {
  names: ["gsutil"],
  global: {
    value: ["-o", "-h", "-i", "-u", "-p"],
    bool: ["-D", "-d", "-m", "-q", "-b"],
    modes: ["--help"],
  },
  more: { shortValue: "x", longBool: ["recursive", "all-versions", "force"], aliases: { r: "recursive", R: "recursive", f: "force" } },
  probes: ["gsutil% rb gs://shop-assets", "gsutil% rm -r gs://shop-assets", "gsutil% ls gs://shop-assets"],
};

const GIT: ProgramEntry = {
  names: ["git"],
  global: {
    value: ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--list-cmds", "--attr-source"],
    bool: [
      "-p", "--paginate", "-P", "--no-pager", "--no-replace-objects", "--no-lazy-fetch", "--no-optional-locks", "--no-advice", "--bare",
      "--literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs", "--icase-pathspecs", "--exec-path", "--html-path", "--man-path", "--info-path",
    ],
    modes: ["--version", "-v", "--help", "-h"],
  },
  probes: [
    "git% add -f .env && git% commit -m x && git% push origin HEAD",
    "git% push --force origin main",
    "git% reset --hard HEAD~3",
    "git% clean -fdx",
    "git% status",
  ],
};

/** kubectl and OpenShift's oc (`kubectl options`): the exec launcher (launchers/remote.ts) and the clusters family (effects/infra.ts KUBE_SPEC) read them alike. */
const KUBECTL: ProgramEntry = {
  names: ["kubectl", "oc"],
  global: {
    value: [
      "-n", "--namespace", "-s", "--server", "--context", "--cluster", "--user", "--kubeconfig", "--token", "--as", "--as-group", "--as-uid",
      "--request-timeout", "--certificate-authority", "--client-certificate", "--client-key", "--tls-server-name", "--profile", "--profile-output",
      "--cache-dir", "--username", "--password", "--log-flush-frequency", "--vmodule", "-v", "--v",
    ],
    bool: ["--insecure-skip-tls-verify", "--match-server-version", "--disable-compression", "--warnings-as-errors"],
    modes: ["--help", "-h"],
  },
  probes: ["kubectl% exec pod1 -- rm -rf /home/u", "kubectl% delete namespace prod", "kubectl% get pods"],
};

/** Every entry; a name in two entries, or an option in two lists of one entry, fails the registry test. */
export const PROGRAM_ENTRIES: readonly ProgramEntry[] = [AWS, GCLOUD, AZ, GSUTIL, GIT, KUBECTL];

// Option lists and name lists that a walker launcher and an effect table both read, stated here once
// (test/classify/programs/stated-once.test.ts fails on a list stated twice).

/** `env [-i] [-u NAME] [-C DIR] [-S STRING] [-P PATH]`: the walker peels env as a wrapper (launchers/wrappers.ts); left with no command, it prints the environment (effects/flow.ts). */
export const ENV_OPTIONS: OptionSpec = { shortValue: "uCSP", longValue: ["unset", "chdir", "split-string"] };

/** Compose's own options, before its subcommand (`-f FILE`, `-p NAME`): read by the docker launcher (launchers/remote.ts) and the containers family. */
export const COMPOSE_GLOBAL: OptionSpec = {
  shortValue: "fp",
  longValue: ["file", "project-name", "project-directory", "env-file", "profile", "ansi", "parallel", "progress"],
  longBool: ["dry-run", "all-resources", "compatibility"],
  aliases: { f: "file", p: "project-name" },
  stopAtOperand: true,
};

/** Fly.io's CLI: `fly ssh console -C CMD` launches (launchers/remote.ts); its rows are the app-platforms family's. */
export const FLY_NAMES: readonly string[] = ["fly", "flyctl"];
/** Kubernetes' CLIs (OpenShift's `oc` is kubectl's superset): `exec … -- CMD` launches; the clusters family's rows. */
export const KUBECTL_NAMES: readonly string[] = KUBECTL.names;

const BY_NAME = new Map<string, ProgramEntry>();
for (const e of PROGRAM_ENTRIES) for (const n of e.names) BY_NAME.set(n, e);

export function programEntry(program: string): ProgramEntry | null {
  return BY_NAME.get(program) ?? null;
}

/** An entry's options as one GNU spec: global ones and the subcommand options the tables read. */
export function entryOptions(entry: ProgramEntry): OptionSpec {
  const more = entry.more ?? {};
  const short = (o: string) => /^-[A-Za-z]$/.test(o);
  const long = (o: string) => o.startsWith("--");
  const shortValue = [...new Set([...entry.global.value.filter(short).map((o) => o[1]!), ...(more.shortValue ?? "")])].join("");
  const longValue = [...new Set([...entry.global.value.filter(long).map((o) => o.slice(2)), ...(more.longValue ?? [])])];
  const longBool = [...new Set([...[...entry.global.bool, ...(entry.global.modes ?? [])].filter(long).map((o) => o.slice(2)), ...(more.longBool ?? [])])];
  const out: OptionSpec = { ...more, longValue, longBool };
  if (shortValue !== "") out.shortValue = shortValue;
  return out;
}

const OPTIONS = new Map<ProgramEntry, OptionSpec>(PROGRAM_ENTRIES.map((e) => [e, entryOptions(e)]));

/** The program's whole-line option spec, or null when the registry has no entry for it. */
export function programOptions(program: string): OptionSpec | null {
  const e = BY_NAME.get(program);
  return e === undefined ? null : OPTIONS.get(e)!;
}

/** The words that are not options or their values (the subcommand path first), read through the program's entry; null without one. */
export function subcommandWords(program: string, args: readonly Arg[]): ParsedOperand[] | null {
  const spec = programOptions(program);
  return spec === null ? null : parseArgs(args, spec).operands;
}

/** Global options that take their value as the next word, as written (`-C`, `--git-dir`). */
export function globalValueOptions(program: string): ReadonlySet<string> {
  return new Set(BY_NAME.get(program)?.global.value ?? []);
}
