// Command-line conventions of tools that several families have rows for: the
// cloud CLIs. One object per tool (the engine refuses a second one), so which
// flags take a value, how the tool asks for help and which flags make it a dry
// run are written once; the options of aws, gcloud and az are their
// entries in the program registry (src/classify/programs/registry.ts).
import { programOptions } from "../../programs/registry.js";
import type { Cli } from "./rows.js";

/** aws: `aws [globals] SERVICE OPERATION [--param value]…`; `help` as the last word prints help. */
export const AWS_CLI: Cli = {
  options: programOptions("aws")!,
  help: { flags: ["help"], word: "last" },
  dryRun: ["dryrun", "dry-run"],
  envFlags: ["profile"],
};

/** gcloud: `gcloud [alpha|beta] GROUP… COMMAND`; `-h`/`--help`, `gcloud help …`. */
export const GCLOUD_CLI: Cli = {
  options: programOptions("gcloud")!,
  help: { flags: ["help", "h"], word: "first" },
  dryRun: ["dry-run"],
  skipWords: ["alpha", "beta", "preview"],
  envFlags: ["project", "configuration"],
};

/** az: `az GROUP… COMMAND --param value`; `-h`/`--help`; `--dryrun` (batch deletes), `--what-if` (deployments). */
export const AZ_CLI: Cli = {
  options: programOptions("az")!,
  help: { flags: ["help", "h"] },
  dryRun: ["dryrun", "what-if"],
  envFlags: ["subscription", "resource-group"],
};

/** gh: cobra (`-h`/`--help` anywhere, `gh help …`); `-R OWNER/REPO` names the repository. */
export const GH_CLI: Cli = {
  options: {
    shortValue: "RXfFHpqtLbBeoalmsSrTck",
    longValue: [
      "repo", "hostname", "jq", "template", "method", "field", "raw-field", "header", "input", "preview", "cache", "title", "body",
      "body-file", "label", "assignee", "milestone", "tag", "target", "notes", "notes-file", "env", "org", "app", "visibility", "limit",
      "json", "state", "base", "head", "reviewer", "user", "workflow", "branch", "event", "status", "commit", "created", "name", "key",
      "ref", "job", "run", "owner", "codespace", "pattern", "dir",
    ],
    longBool: ["yes", "confirm", "paginate", "include", "silent", "verbose", "cleanup-tag", "web", "all", "force", "accept-visibility-change-consequences", "delete-branch"],
    aliases: { R: "repo", X: "method", f: "raw-field", F: "field", H: "header", p: "preview", q: "jq", t: "template", e: "env", o: "org", y: "yes", b: "body", L: "limit", c: "codespace" },
  },
  help: { flags: ["help", "h"], word: "first" },
};

/** glab: cobra like gh; `-R`, `api -X/--method`, `-f`/`-F` fields. */
export const GLAB_CLI: Cli = {
  options: {
    shortValue: "RXfFHgtlmdbsak",
    longValue: ["repo", "method", "field", "raw-field", "header", "hostname", "input", "group", "title", "description", "label", "milestone", "scope", "environment-scope", "value", "type", "key", "branch", "ref", "status"],
    longBool: ["yes", "force", "paginate", "include", "silent", "all", "masked", "protected"],
    aliases: { R: "repo", X: "method", f: "raw-field", F: "field", H: "header", g: "group", y: "yes" },
  },
  help: { flags: ["help", "h"], word: "first" },
};

/** systemctl / service: `systemctl [--user] VERB UNIT…`, `service UNIT VERB`. */
export const SYSTEMCTL_CLI: Cli = {
  options: { shortValue: "HMtpn", longValue: ["host", "machine", "type", "property", "signal", "lines", "output", "state", "job-mode", "root", "kill-whom"], longBool: ["user", "system", "now", "force", "quiet", "no-block", "runtime", "global", "all", "no-pager", "no-reload"], aliases: { H: "host", M: "machine", t: "type", p: "property", q: "quiet", a: "all", f: "force" } },
  help: { flags: ["help", "h"] },
};

/**
 * `copilot` names two tools: AWS Copilot (`copilot app delete --name x`; iac.ts) and GitHub Copilot's
 * agent CLI (`copilot -p PROMPT --allow-all-tools`; agents.ts). Their flags do not collide, so one Cli reads both.
 */
export const COPILOT_CLI: Cli = {
  options: {
    shortValue: "naep",
    longValue: ["name", "app", "env", "prompt", "model", "allow-tool", "deny-tool", "add-dir", "log-level", "resume"],
    longBool: ["yes", "allow-all-tools", "allow-all-paths", "allow-all", "yolo", "continue"],
    aliases: { n: "name", a: "app", e: "env", p: "prompt" },
  },
  help: { flags: ["help", "h"] },
  envFlags: ["env", "app", "name"],
};
