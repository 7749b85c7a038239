// Source of bundles/default.json (the embedded default bundle). Edit here, then
// run `node bundles/default.source.mjs` — tests check the JSON is up to date.
// Written as code so each rule reads as one block; the JSON is what ships.
import { readFileSync, writeFileSync } from "node:fs";

const eff = (verb, target_class, attrs) => ({ field: "effect", pred: "effect_is", value: { verb, ...(target_class ? { target_class } : {}), ...(attrs ? { attrs } : {}) } });
const any = (...xs) => ({ any: xs });
const all = (...xs) => ({ all: xs });
const not = (x) => ({ not: x });
const leaf = (field, pred, value) => ({ field, pred, value });

const rule = (artifact_id, dimension, severity, verdict, when, reason) => ({
  kind: "t1_predicate_tree",
  artifact_id,
  atom_id: artifact_id,
  policy_public_id: `gatehouse.default.${artifact_id.split(".")[0]}`,
  dimension,
  mode: "enforce",
  layer_path: ["gatehouse", "default"],
  severity,
  body: { when, verdict, reason },
});

const PROTECTED = ["main", "master"];
const HISTORY_LOSS = ["branch -D", "branch -M", "filter-branch", "filter-repo", "reflog expire", "reflog delete", "gc --prune", "prune", "update-ref -d", "delete .git"];

const artifacts = [
  // ── seed 003's six rules: deny ────────────────────────────────────────
  rule("fs.wipe", "safety", "critical", "deny",
    // A workspace under /tmp is temp_path (SPEC §6.4 order), yet `rm -rf .` there still wipes
    // "the working directory in its entirety" (seed 003): the classifier marks it `whole_cwd`.
    any(...["filesystem_root", "home_dir", "workspace_root"].map((c) => eff("delete", c, { recursive: true })), eff("delete", null, { recursive: true, whole_cwd: true })),
    "fs.wipe: `{{program}}` would recursively delete {{target}} ({{class}}) — everything under it is lost and nothing can restore it. Delete the specific files or build directories you mean (e.g. `rm -rf build`)."),
  rule("git.force_push_protected", "safety", "critical", "deny",
    // Issue 7c: a push naming no branch pushes the checked-out one; the hook adapters say which it is (`fact.git.branch`).
    any(...PROTECTED.flatMap((b) => [eff("push", "vcs_remote", { force: true, branch: b }), eff("push", "vcs_remote", { delete: true, branch: b })]),
      all(eff("push", "vcs_remote", { force: true, scope: "current" }), leaf("fact.git.branch", "in", PROTECTED))),
    "git.force_push_protected: `git {{target}}` force-pushes or deletes a protected branch (main/master), rewriting history other people already depend on. Push to a feature branch and open a pull request, or use `git revert` on the protected branch."),
  rule("git.reset_hard", "safety", "high", "deny",
    eff("discard", "workspace_file", { operation: "reset --hard" }),
    "git.reset_hard: `git {{target}}` discards every uncommitted change in the working tree irreversibly. Use `git stash` (recoverable) or `git reset --soft`/`--mixed`, which keep the files."),
  rule("infra.destroy", "safety", "critical", "deny",
    any(...["terraform", "tofu", "pulumi"].map((p) => eff("destroy", "infrastructure", { program: p }))),
    "infra.destroy: `{{program}}` would tear down provisioned infrastructure ({{target}}) irreversibly. Run a plan (`terraform plan -destroy`) and let a person apply it."),
  rule("secret.exfiltrate", "security", "critical", "deny",
    eff("send", "secret_file"),
    "secret.exfiltrate: `{{program}}` would send the secret-looking file {{target}} off this machine. Never upload credentials or keys; if a service needs a secret, configure it there."),
  rule("net.pipe_to_interpreter", "security", "critical", "deny",
    eff("execute", "remote_code"),
    "net.pipe_to_interpreter: downloaded content is piped straight into an interpreter (`{{program}}`), running code nobody has read. Download to a file, inspect it, then run it."),

  // ── more irreversible or boundary-escaping actions ─────────────────
  rule("fs.system_delete", "safety", "high", "deny",
    eff("delete", "system_path", { recursive: true }),
    "fs.system_delete: `{{program}}` would recursively delete the system path {{target}}, which can break the machine. Delete inside the project instead."),
  rule("fs.chmod_root", "security", "high", "deny",
    any(eff("write", "filesystem_root", { recursive: true }), eff("write", "home_dir", { recursive: true, program: "chmod" }), eff("write", "home_dir", { recursive: true, program: "chown" })),
    "fs.chmod_root: `{{program}}` would recursively change {{target}} ({{class}}), reaching every file on the machine or in the home directory. Change permissions on the specific project files you mean."),
  rule("disk.device_write", "safety", "critical", "deny",
    eff("write", "system_path", { device: true }),
    "disk.device_write: `{{program}}` would write to the block device or disk {{target}}, destroying its filesystem. Write to an image file in the project instead."),
  rule("git.discard_worktree", "safety", "medium", "ask",
    eff("discard", "workspace_file"),
    "git.discard_worktree: `git {{target}}` throws away uncommitted changes with no way back. Commit or `git stash` them first if they may matter."),
  rule("git.history_loss", "safety", "medium", "ask",
    any(...HISTORY_LOSS.map((op) => eff("discard", "vcs_history", { operation: op }))),
    "git.history_loss: `git {{target}}` deletes commits that may exist nowhere else. Make sure they are merged or pushed first."),
  rule("git.remote_delete", "safety", "medium", "ask",
    eff("push", "vcs_remote", { delete: true }),
    "git.remote_delete: `git {{target}}` deletes branches or tags on the remote (`--delete`, `:branch`, `--prune`, `--mirror`); commits only they point to may exist nowhere else. Make sure they are merged first."),
  rule("cloud.teardown", "safety", "high", "ask",
    eff("destroy", "infrastructure"),
    "cloud.teardown: `{{program}}` would delete live resources ({{target}}). Confirm the target cluster/account and that nothing depends on it."),
  rule("db.drop", "safety", "high", "ask",
    eff("destroy", "database"),
    "db.drop: `{{program}}` would drop or truncate data ({{target}}) irreversibly. Take a backup or confirm this is a disposable database."),
  rule("fs.delete_outside_workspace", "safety", "medium", "ask",
    any(...["home_file", "external_path", "data_store"].map((c) => eff("delete", c, { recursive: true }))),
    "fs.delete_outside_workspace: `{{program}}` would recursively delete {{target}} ({{class}}), outside the project. Confirm the path is what you mean."),
  rule("fs.system_write", "safety", "medium", "ask",
    any(eff("write", "system_path"), eff("write", "filesystem_root")),
    "fs.system_write: `{{program}}` would modify the system path {{target}}. Confirm the change; prefer project-local configuration."),
  rule("secret.read", "security", "medium", "ask",
    eff("read", "secret_file"),
    "secret.read: reading {{target}} exposes a credential to the agent's context (and its logs). Confirm the agent needs the secret itself, not just its name."),
  rule("secret.write", "security", "medium", "ask",
    any(eff("write", "secret_file"), eff("delete", "secret_file")),
    "secret.write: `{{program}}` would change the secret file {{target}}. Confirm the credential change."),

  // ── issue 8a: cloud metadata URLs, MCP tools read from their input, SQL without a real WHERE ──
  rule("net.metadata", "security", "critical", "deny",
    leaf("url.boundary", "eq", "metadata"),
    "net.metadata: the action reaches a cloud instance-metadata endpoint ({{target}}), which hands out the machine's credentials and tokens. Nothing in a project needs them from an agent; configure credentials explicitly instead."),
  rule("mcp.destructive", "safety", "high", "ask",
    eff("delete", "unknown", { mcp_verb: "delete" }),
    "mcp.destructive: the MCP tool `{{program}}` deletes or drops something its input does not let gatehouse place. Confirm what it removes and that it can be recovered."),
  rule("db.delete_all", "safety", "high", "ask",
    any(...["delete", "write"].flatMap((v) => ["none", "always_true"].map((w) => eff(v, "database", { where: w })))),
    "db.delete_all: `{{program}}` would delete or update every row of {{target}} (no WHERE clause, or one that is always true). Add the WHERE clause you mean, or take a backup first."),
  // ── end issue 8a ──

  // ── issue 7c: pushes that name no branch, persistence and the agent's own controls, deletes nobody can place ──
  rule("git.force_push_unknown_branch", "safety", "high", "ask",
    any(eff("push", "vcs_remote", { force: true, scope: "all" }), eff("push", "vcs_remote", { force: true, scope: "dynamic" }),
      // The checked-out branch, unless the adapter said which it is (a protected one is git.force_push_protected's).
      all(eff("push", "vcs_remote", { force: true, scope: "current" }), not(leaf("fact.git.branch", "regex_lite", ".")))),
    "git.force_push_unknown_branch: `git {{target}}` force-pushes without naming the branch (the current one, every branch, or one chosen at run time), so it may rewrite main or master. Name the branch: `git push --force-with-lease origin my-branch`."),
  rule("persist.autorun", "security", "high", "ask",
    any(...["shell_startup", "scheduler", "service", "ssh_access", "git_hooks"].map((k) => eff("write", null, { persistence: k }))),
    "persist.autorun: `{{program}}` would change {{target}}, which runs commands later — at login, on a schedule, as a service, on ssh or on git commands. Confirm the change is wanted; an agent rarely needs to install anything that outlives the task."),
  rule("agent.controls", "security", "high", "ask",
    any(...["agent_settings", "gatehouse"].flatMap((k) => [eff("write", null, { persistence: k }), eff("delete", null, { persistence: k })])),
    "agent.controls: `{{program}}` would change {{target}}, which decides what a coding agent (or Gatehouse, its guard) may do — its permissions, hooks, MCP servers or policy. Make such changes yourself, not through the agent."),
  rule("fs.delete_unknown", "safety", "medium", "ask",
    // Only where no coverage gap already says why (`rm -rf "$DIR"` asks as shape 8 and keeps that reason).
    all(eff("delete", "unknown", { recursive: true }), not(leaf("unknown.shape", "exists"))),
    "fs.delete_unknown: `{{program}}` would recursively delete {{target}}, a path gatehouse cannot place (no working directory declared, or one changed to an unknown place). Confirm what it names."),
  // ── end issue 7c ──
];

const bundle = {
  schema_version: "2.0",
  bundle_id: "gatehouse-default",
  enforcement_enabled: true,
  on_unknown: "ask",
  facts: [
    { id: "git.branch", type: "string" },
    { id: "repo.production", type: "boolean" },
  ],
  effect_classes: { entries: [] },
  artifacts,
};

const out = new URL("./default.json", import.meta.url);
const text = JSON.stringify(bundle, null, 2) + "\n";
if (process.argv.includes("--check")) {
  if (readFileSync(out, "utf8") !== text) {
    process.stderr.write("bundles/default.json is out of date: run node bundles/default.source.mjs\n");
    process.exit(1);
  }
} else writeFileSync(out, text);
