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
const SHELL_SOCKETS = ["reverse shell", "bind shell"];
/** chmod modes that open a file to everyone (others may write: 777, 666, a+w, o+w) or add setuid/setgid (4755, u+s, g+s). */
const LOOSE_MODE = "^0*[0-7]?[0-7][0-7][2367]$|^0*[2-7][0-7]{3}$|(^|,)[ugoa]*[ao][ugoa]*[+=][rwxXst]*w|[+=][rwxXt]*s";
/** `teardown` values the family rows give a destroy that takes a whole scope with everything in it. */
const TEARDOWNS = ["namespace", "all namespaces", "namespace contents", "cluster", "project", "resource group", "stack", "app", "account", "organization", "environment"];
const HISTORY_LOSS = ["branch -D", "branch -M", "branch -f", "filter-branch", "filter-repo", "reflog expire", "reflog delete", "gc --prune", "prune", "update-ref -d", "update-ref", "delete .git"];

/** HISTORY_LOSS operations on one named branch: only a protected one (or one named at run time) is asked (issue 20). */
const BRANCH_OPS = ["branch -D", "branch -M", "branch -f"];

const artifacts = [
  // ── seed 003's six rules: deny ────────────────────────────────────────
  rule("fs.wipe", "safety", "critical", "deny",
    // A workspace under /tmp is temp_path (SPEC §6.4 order), yet `rm -rf .` there still wipes
    // "the working directory in its entirety" (seed 003): the classifier marks it `whole_cwd`.
    // Issue 20: a secure delete (`shred -u ~+/*`, `srm -f ~/*`) of every file directly in home, the workspace or the root
    // overwrites them before unlinking — not recursive, yet nothing restores them (not even uncommitted work from git).
    any(...["filesystem_root", "home_dir", "workspace_root"].flatMap((c) => [eff("delete", c, { recursive: true }), eff("delete", c, { secure: true })]), eff("delete", null, { recursive: true, whole_cwd: true })),
    "fs.wipe: `{{program}}` would recursively delete {{target}} ({{class}}) — everything under it is lost and nothing can restore it. Delete the specific files or build directories you mean (e.g. `rm -rf build`)."),
  rule("git.force_push_protected", "safety", "critical", "deny",
    // Issue 7c: a push naming no branch pushes the checked-out one; the hook adapters say which it is (`fact.git.branch`).
    any(...PROTECTED.flatMap((b) => [eff("push", "vcs_remote", { force: true, branch: b }), eff("push", "vcs_remote", { delete: true, branch: b })]),
      // Issue 20: every branch (`--all`, `--mirror`, `+refs/heads/*:refs/heads/*`) includes main — deny, like naming it.
      eff("push", "vcs_remote", { force: true, scope: "all" }),
      all(eff("push", "vcs_remote", { force: true, scope: "current" }), leaf("fact.git.branch", "in", PROTECTED))),
    "git.force_push_protected: `{{command}}` force-pushes or deletes a protected branch (main/master) — by name, or as one of every branch (`--all`, `--mirror`, a wildcard refspec) — rewriting history other people already depend on. Push to a feature branch and open a pull request, or use `git revert` on the protected branch."),
  rule("git.reset_hard", "safety", "high", "deny",
    eff("discard", "workspace_file", { operation: "reset --hard" }),
    "git.reset_hard: `{{command}}` discards every uncommitted change in the working tree irreversibly. Use `git stash` (recoverable) or `git reset --soft`/`--mixed`, which keep the files."),
  rule("infra.destroy", "safety", "critical", "deny",
    any(...["terraform", "tofu", "pulumi"].map((p) => eff("destroy", "infrastructure", { program: p }))),
    "infra.destroy: `{{command}}` would tear down provisioned infrastructure irreversibly. Run a plan (`terraform plan -destroy`) and let a person apply it."),
  rule("secret.exfiltrate", "security", "critical", "deny",
    eff("send", "secret_file"),
    "secret.exfiltrate: `{{program}}` would send the secret-looking file {{target}} off this machine. Never upload credentials or keys; if a service needs a secret, configure it there."),
  rule("net.pipe_to_interpreter", "security", "critical", "deny",
    // Reverse and bind shells are `execute × remote_code` too; net.reverse_shell says what they are.
    all(eff("execute", "remote_code"), not(any(...SHELL_SOCKETS.map((via) => eff("execute", "remote_code", { via }))))),
    "net.pipe_to_interpreter: downloaded content is piped straight into an interpreter (`{{program}}`), running code nobody has read. Download to a file, inspect it, then run it."),

  // ── more irreversible or boundary-escaping actions ─────────────────
  rule("fs.system_delete", "safety", "high", "deny",
    eff("delete", "system_path", { recursive: true }),
    "fs.system_delete: `{{program}}` would recursively delete the system path {{target}}, which can break the machine. Delete inside the project instead."),
  rule("fs.chmod_root", "security", "high", "deny",
    // Permissions, owners, ACLs (setfacl -R -b) and file attributes (chattr -R +i) across the whole home (late effects).
    // Issue 20: a chmod that only takes access away from group and others (`chmod -R go-rwx ~`) exposes and locks out nothing.
    // And a recursive chown of home to its own user (`sudo chown -R $USER ~`, the fix after a `sudo npm`) gives nothing away; to anyone else it does.
    any(eff("write", "filesystem_root", { recursive: true }), ...["chgrp", "setfacl", "chattr"].map((program) => eff("write", "home_dir", { recursive: true, program })),
      eff("write", "home_dir", { recursive: true, program: "chown", lockout: true }),
      all(eff("write", "home_dir", { recursive: true, program: "chmod" }), not(eff("write", "home_dir", { recursive: true, program: "chmod", only_tightens: true })))),
    "fs.chmod_root: `{{program}}` would recursively change {{target}} ({{class}}), reaching every file on the machine or in the home directory. Change permissions on the specific project files you mean."),
  // Issue 20: lock-outs and log tampering.
  rule("fs.lockout", "safety", "high", "ask",
    // `lockout`: every permission of the owner's taken away (`chmod 000`, `a-rwx`), the files given to another user (`chown -R nobody`), or made immutable (`chattr +i`).
    any(...["home_dir", "workspace_root"].map((c) => eff("write", c, { lockout: true }))),
    "fs.lockout: `{{program}}` would lock you out of {{target}} ({{class}}) — taking the owner's own access away, giving it to another user or making it immutable — and everything that runs from it (your shell, ssh keys, the project) stops working until root undoes it. Change the specific files you mean."),
  rule("host.log_tamper", "security", "high", "ask",
    any(eff("write", null, { system_log: true }), eff("delete", null, { system_log: true })),
    "host.log_tamper: `{{program}}` would truncate, overwrite or delete the host's own record ({{target}}): system and login logs, the journal, the event logs or the audit trail — what anyone investigating this machine reads first. Confirm it; rotate logs with the system's logrotate instead."),
  rule("disk.device_write", "safety", "critical", "deny",
    eff("write", "system_path", { device: true }),
    "disk.device_write: `{{program}}` would write to the block device or disk {{target}}, destroying its filesystem. Write to an image file in the project instead."),
  rule("git.discard_worktree", "safety", "medium", "ask",
    eff("discard", "workspace_file"),
    "git.discard_worktree: `{{command}}` throws away uncommitted changes with no way back. Commit or `git stash` them first if they may matter."),
  rule("git.history_loss", "safety", "medium", "ask",
    // Issue 20: a force-delete or reset of a branch no team protects (`feature/x`) is everyday; a protected one, or one named at run time, carries `protected`.
    any(...HISTORY_LOSS.map((op) => eff("discard", "vcs_history", { operation: op, ...(BRANCH_OPS.includes(op) ? { protected: true } : {}) }))),
    "git.history_loss: `{{command}}` deletes commits that may exist nowhere else. Make sure they are merged or pushed first."),
  rule("git.remote_delete", "safety", "medium", "ask",
    eff("push", "vcs_remote", { delete: true, protected: true }),
    "git.remote_delete: `{{command}}` deletes branches or tags on the remote (`--delete`, `:branch`, `--prune`, `--mirror`); commits only they point to may exist nowhere else. Make sure they are merged first."),
  rule("cloud.teardown", "safety", "high", "ask",
    eff("destroy", "infrastructure"),
    "cloud.teardown: `{{command}}` would delete live resources. Confirm the target cluster/account and that nothing depends on it."),
  rule("db.drop", "safety", "high", "ask",
    eff("destroy", "database"),
    "db.drop: `{{program}}` would drop or truncate data ({{target}}) irreversibly. Take a backup or confirm this is a disposable database."),
  rule("fs.delete_outside_workspace", "safety", "medium", "ask",
    any(...["home_file", "external_path", "data_store"].map((c) => eff("delete", c, { recursive: true }))),
    "fs.delete_outside_workspace: `{{program}}` would recursively delete {{target}} ({{class}}), outside the project. Confirm the path is what you mean."),
  rule("fs.system_write", "safety", "medium", "ask",
    // A system file deleted (`rm /etc/hosts`, `mv /usr/bin/x /tmp`) is at least as consequential as one modified (late effects).
    any(eff("write", "system_path"), eff("write", "filesystem_root"), eff("delete", "system_path")),
    "fs.system_write: `{{program}}` would modify or remove the system path {{target}}. Confirm the change; prefer project-local configuration."),
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

  // ── issue 8b: tool families, group A (src/classify/effects/families/; docs/default-bundle.md, "Tool families") ──
  // deny where the loss is irreversible and total (`total: true`: a bucket with everything in it, a whole repository,
  // secrets engine, vault, broker node, zone, gateway configuration); ask for every other destructive operation.
  rule("storage.wipe", "safety", "critical", "deny",
    any(eff("delete", "object_storage", { total: true }), eff("destroy", "object_storage", { total: true })),
    "storage.wipe: `{{command}}` would delete a whole bucket or container with every object in it. Nothing brings the objects back. List it first and delete the specific prefixes you mean."),
  rule("storage.delete", "safety", "high", "ask",
    any(eff("delete", "object_storage"), eff("destroy", "object_storage")),
    "storage.delete: `{{command}}` would delete stored objects or a bucket; without versioning they are gone. Confirm the path (run it with --dryrun first where the tool has one)."),
  // Issue 20: a bucket, container or object made public, or the policy or block that kept it private removed (families/storage-exposure.ts).
  rule("storage.expose", "security", "high", "ask",
    any(eff("write", "object_storage", { exposes: "public" }), eff("write", "object_storage", { exposes: "policy" })),
    "storage.expose: `{{command}}` would make stored data readable by anyone — a public ACL or grant to all users, a policy open to every principal, anonymous container access — or remove the bucket policy or public-access block that kept it private. Confirm the data is meant to be public; serve it through a CDN or signed URLs otherwise."),
  rule("backup.wipe", "safety", "critical", "deny",
    any(eff("delete", "backup", { total: true }), eff("destroy", "backup", { total: true })),
    "backup.wipe: `{{command}}` would delete a whole backup repository or every backup — the copies meant to survive a mistake. Delete specific snapshots, and let a person remove the repository."),
  rule("backup.delete", "safety", "high", "ask",
    any(eff("delete", "backup"), eff("destroy", "backup"), ...["unlock", "recreate", "break-lock", "backup schedule update"].map((op) => eff("write", "backup", { operation: op }))),
    "backup.delete: `{{command}}` would remove snapshots or backup data, or change a repository another process may be using. Confirm what it keeps (use --dry-run where the tool has one)."),
  rule("secrets.wipe", "security", "critical", "deny",
    any(eff("delete", "secret_store", { total: true }), eff("destroy", "secret_store", { total: true })),
    "secrets.wipe: `{{command}}` would remove a whole secrets engine, vault or project with every secret in it, for good. Delete the specific secrets you mean; let a person retire the store."),
  rule("secrets.change", "security", "high", "ask",
    any(eff("delete", "secret_store"), eff("destroy", "secret_store"), eff("write", "secret_store")),
    "secrets.change: `{{command}}` would delete, revoke or overwrite secrets; whatever uses them breaks, and a deleted value cannot be read back. Confirm the secret and its consumers first."),
  rule("queue.wipe", "safety", "critical", "deny",
    any(eff("delete", "message_queue", { total: true }), eff("destroy", "message_queue", { total: true })),
    "queue.wipe: `{{command}}` would wipe a broker node, vhost or account — every queue, exchange, message and user in it. Delete the specific queues you mean."),
  rule("queue.delete", "safety", "high", "ask",
    any(eff("delete", "message_queue"), eff("destroy", "message_queue"), eff("write", "message_queue")),
    "queue.delete: `{{command}}` would delete or purge a topic, queue or stream, or move consumer offsets; undelivered messages are lost or reprocessed. Confirm nothing still needs them."),
  rule("search.wipe", "safety", "critical", "deny",
    any(eff("delete", "search_index", { total: true }), eff("destroy", "search_index", { total: true })),
    "search.wipe: `{{command}}` would delete every index or a whole search domain. Name the index you mean; take a snapshot first."),
  rule("search.delete", "safety", "high", "ask",
    any(eff("delete", "search_index"), eff("destroy", "search_index"), eff("write", "search_index")),
    "search.delete: `{{command}}` would delete an index or documents, close an index or change cluster settings. Confirm the index, and that it can be rebuilt or restored."),
  rule("forge.repo_delete", "safety", "critical", "deny",
    eff("destroy", "vcs_forge", { total: true }),
    "forge.repo_delete: `{{command}}` would delete a whole repository, project or organisation on the forge, with its issues, pull requests and releases. Archive it instead, or let a person delete it."),
  rule("forge.delete", "safety", "high", "ask",
    // A key added (`gh ssh-key add`) is persist.autorun's: who may get in later, not a deletion.
    any(eff("delete", "vcs_forge"), eff("destroy", "vcs_forge"), all(eff("write", "vcs_forge"), not(eff("write", "vcs_forge", { persistence: "ssh_access" })))),
    "forge.delete: `{{command}}` would delete a release, issue, key, hook or branch protection, archive a repository, or change who can see it. Confirm it is the one you mean."),
  rule("ci.change", "safety", "high", "ask",
    any(eff("delete", "ci_pipeline"), eff("destroy", "ci_pipeline"), eff("write", "ci_pipeline")),
    "ci.change: `{{command}}` would delete a CI job, pipeline, run, cache or variable, or cancel or disable one; a deploy can stop half-applied. Confirm it."),
  rule("dns.zone_delete", "safety", "critical", "deny",
    eff("destroy", "dns", { total: true }),
    "dns.zone_delete: `{{command}}` would delete a whole DNS zone and every record in it; the domain stops resolving. Delete the specific records you mean."),
  rule("dns.change", "safety", "high", "ask",
    any(eff("delete", "dns"), eff("destroy", "dns"), eff("write", "dns")),
    "dns.change: `{{command}}` would delete or change DNS records; a wrong record takes a site or its mail offline within seconds. Confirm the zone and records."),
  rule("dns.zone_transfer", "security", "medium", "ask",
    eff("read", "dns", { operation: "zone transfer" }),
    "dns.zone_transfer: `{{command}}` asks a name server for a whole zone, a reconnaissance step against servers that are often not yours. Confirm the server is yours."),
  rule("hosted.delete", "safety", "high", "ask",
    any(eff("delete", "hosted_service"), eff("destroy", "hosted_service")),
    "hosted.delete: `{{command}}` would delete or cancel something a hosted service keeps for the account — an email domain, list or suppression, a monitor, a payment record. Confirm it."),
  rule("infra.wipe", "safety", "critical", "deny",
    eff("destroy", "infrastructure", { total: true }),
    "infra.wipe: `{{command}}` would wipe a gateway's or platform's whole configuration. Export it first, and delete the specific entities you mean."),
  rule("infra.delete", "safety", "high", "ask",
    any(eff("delete", "infrastructure"), ...["rollback", "version activate", "purge all", "volume detach", "stop", "service stop", "runtime api change", "restore create", "create restore"].map((op) => eff("write", "infrastructure", { operation: op }))),
    "infra.delete: `{{command}}` would remove part of a live service's configuration, roll it back, or take its traffic off. Confirm the service and environment."),
  // ── end issue 8b ──

  // ── issue 7c: pushes that name no branch, persistence and the agent's own controls, deletes nobody can place ──
  rule("git.force_push_unknown_branch", "safety", "high", "ask",
    any(eff("push", "vcs_remote", { force: true, scope: "some" }), eff("push", "vcs_remote", { force: true, scope: "dynamic" }),
      // The checked-out branch, unless the adapter said which it is (a protected one is git.force_push_protected's).
      all(eff("push", "vcs_remote", { force: true, scope: "current" }), not(leaf("fact.git.branch", "regex_lite", ".")))),
    "git.force_push_unknown_branch: `{{command}}` force-pushes without naming the branch (the current one, a folder of branches, or one chosen at run time), so it may rewrite main or master. Name the branch: `git push --force-with-lease origin my-branch`."),
  rule("persist.autorun", "security", "high", "ask",
    // Deleting one counts too (`unlink ~/.bashrc`, `rm ~/.ssh/authorized_keys`): what runs at login or who may log in changes (late effects).
    any(...["shell_startup", "scheduler", "service", "ssh_access", "git_hooks", "program_startup", "ci_pipeline"].flatMap((k) => [eff("write", null, { persistence: k }), eff("delete", null, { persistence: k })])),
    "persist.autorun: `{{program}}` would change or remove {{target}}, which runs commands later — at login, on a schedule, as a service, on ssh, on git commands or in CI with the repository's secrets. Confirm the change is wanted; an agent rarely needs to install anything that outlives the task."),
  rule("agent.controls", "security", "high", "ask",
    // Also `export GATEHOUSE_BUNDLE=…` (write × shell {persistence: gatehouse}, persistence.ts) — late effects.
    any(...["agent_settings", "gatehouse"].flatMap((k) => [eff("write", null, { persistence: k }), eff("delete", null, { persistence: k })])),
    "agent.controls: `{{program}}` would change or stop {{target}}, which decides what a coding agent (or Gatehouse, its guard) may do — its permissions, hooks, MCP servers or policy, or Gatehouse's own code, state, ledger or daemon. Make such changes yourself, not through the agent."),
  // A mount over the footprint or a directory holding it (effects/mounts.ts) swaps what the agent reads as its
  // settings, or the code the hook runs, without writing a byte of them: nothing a person would approve in passing.
  rule("agent.mount_over", "security", "critical", "deny",
    any(...["agent_settings", "gatehouse"].map((k) => eff("write", null, { mount: true, persistence: k }))),
    "agent.mount_over: `{{program}}` would mount over {{target}}, hiding an agent's settings or Gatehouse's own code, state or ledger behind something else — every later call would be judged (or not) by what was mounted there. Mount elsewhere; a person can mount over these directly."),
  // The same controls, switched off for a child agent (families/agents.ts) — late effects.
  rule("agent.unguarded", "security", "high", "ask",
    eff("execute", "subagent", { guards_off: true }),
    "agent.unguarded: `{{program}}` would start a coding agent with its guards off (`{{target}}`): it runs whatever it decides with no permission prompt, sandbox or hook — Gatehouse included — in between. Start it with its prompts on, or run it yourself."),
  rule("fs.delete_unknown", "safety", "medium", "ask",
    // Only where no coverage gap already says why (`rm -rf "$DIR"` asks as shape 8 and keeps that reason).
    all(eff("delete", "unknown", { recursive: true }), not(leaf("unknown.shape", "exists"))),
    "fs.delete_unknown: `{{program}}` would recursively delete {{target}}, a path gatehouse cannot place (no working directory declared, or one changed to an unknown place). Confirm what it names."),
  // ── end issue 7c ──
  // ── issue 8c: network (SPEC §6.5) — reverse and bind shells ──
  rule("net.reverse_shell", "security", "critical", "deny",
    any(...SHELL_SOCKETS.map((via) => eff("execute", "remote_code", { via }))),
    "net.reverse_shell: `{{program}}` wires a shell to a network socket ({{target}}), so whoever is at the other end runs commands on this machine. Nothing in a project needs that; if you need a remote session, use ssh to a host you control."),
  // ── end issue 8c: network ──

  // ── issue 8c: databases — SQL read with the tokenizer, Redis, the Mongo shell, dropping CLIs ──
  // (db.drop and db.delete_all above ask for any destroy and any unfiltered delete/update.)
  rule("db.drop_production", "safety", "critical", "deny",
    any(eff("destroy", "database", { is_production: true }), ...["none", "always_true"].flatMap((w) => ["delete", "write"].map((v) => eff(v, "database", { is_production: true, where: w })))),
    "db.drop_production: `{{command}}` would drop or wipe a database named as production. Run it against a copy, or have a person run it with a fresh backup."),
  rule("db.admin", "security", "high", "ask",
    eff("write", "database", { admin: true }),
    "db.admin: `{{command}}` changes how the database server itself runs: privileges on everything, replication, where it writes its files, or a shutdown. Confirm this server is yours to administer."),
  // ── end issue 8c: databases ──

  // ── issue 8c: containers (families/containers.ts) ──
  rule("container.wipe", "safety", "critical", "deny",
    eff("destroy", "container", { total: true }),
    "container.wipe: `{{command}}` would delete every unused volume — databases and uploads kept in volumes go with them, and nothing brings them back. Remove the specific volumes you mean, after a backup."),
  rule("container.remove", "safety", "medium", "ask",
    eff("destroy", "container"),
    "container.remove: `{{command}}` would force-remove or prune containers, images, volumes or networks; a running container's state and a volume's data are lost. Confirm what goes (`docker system df`, `docker ps -a` first)."),
  // ── end issue 8c: containers ──

  // ── issue 8c: clusters and clouds (families/clusters.ts, clouds.ts, iac.ts, app-platforms.ts) ──
  // (cloud.teardown above asks for any other destroy × infrastructure; infra.destroy denies terraform/tofu/pulumi.)
  rule("cloud.wipe", "safety", "critical", "deny",
    any(...TEARDOWNS.map((teardown) => eff("destroy", "infrastructure", { teardown }))),
    "cloud.wipe: `{{command}}` would tear down a whole namespace, cluster, project, resource group, stack, app or account, with everything in it. Delete the specific resources you mean, or have a person run it."),
  rule("infra.grant", "security", "high", "ask",
    eff("write", "infrastructure", { grants_admin: true }),
    "infra.grant: `{{command}}` would bind or edit a powerful cluster role: whoever it names can then do anything in that scope. Grant the narrowest role to a named subject, and have a person run it."),
  rule("infra.disrupt", "safety", "high", "ask",
    eff("write", "infrastructure", { disrupts: true }),
    "infra.disrupt: `{{command}}` would take running workloads down or recreate them: a drain, cordon, scale to zero, forced replace, rollback, unreviewed apply or production deploy. Confirm the target and the time."),
  // ── end issue 8c: clusters and clouds ──

  // ── issue 8c: disks (families/disks.ts; dd/mkfs/wipefs are disk.device_write above) ──
  rule("disk.erase", "safety", "critical", "deny",
    eff("destroy", "disk"),
    "disk.erase: `{{command}}` would erase a disk, partition table, array, volume or pool, and every file on it. Nothing brings it back; check `lsblk`/`diskutil list` and have a person run it."),
  rule("disk.modify", "safety", "high", "ask",
    eff("write", "disk"),
    "disk.modify: `{{command}}` would change a partition table, array, volume or mount, or take it offline; a wrong device or a shrink loses data. Confirm the device (`lsblk`) and take a backup."),
  // ── end issue 8c: disks ──

  // ── issue 8c: the host (families/system.ts) ──
  rule("host.wipe", "safety", "critical", "deny",
    any(eff("delete", "host", { total: true }), eff("write", "host", { total: true })),
    "host.wipe: `{{command}}` would remove every one of its kind — all of a user's cron jobs, every process you can signal, a user with their home directory. Remove the specific entry or process you mean."),
  rule("host.change", "safety", "high", "ask",
    // A protection turned off is host.defense_off's, with its own reason.
    all(any(eff("write", "host"), eff("delete", "host")), not(eff("write", "host", { defense: true }))),
    "host.change: `{{command}}` changes the machine itself — a service, the firewall, the power state, an account or scheduled jobs; stopping ssh, networking or the firewall can cut this session off. Confirm it."),
  rule("perm.loosen", "security", "medium", "ask",
    // `install -m 4755 /bin/sh /tmp/rootsh` is a setuid copy (late effects).
    all(any(eff("write", null, { program: "chmod" }), eff("write", null, { program: "install" })), leaf("effect.attrs.mode", "regex_lite", LOOSE_MODE)),
    "perm.loosen: `{{command}}` makes a file writable by everyone, or setuid/setgid (it runs with its owner's or group's rights). Grant only what is needed (`chmod 755`, `chmod u+x`)."),
  // ── end issue 8c: the host ──

  // ── issue 8c: package registries (families/registries.ts) ──
  rule("registry.wipe", "safety", "critical", "deny",
    eff("delete", "package_registry", { total: true }),
    "registry.wipe: `{{command}}` would unpublish a whole package; everyone who depends on it breaks and the name may not come back. Deprecate it instead (`npm deprecate`)."),
  rule("registry.publish", "safety", "high", "ask",
    any(...["push", "delete", "destroy", "write"].map((v) => eff(v, "package_registry"))),
    "registry.publish: `{{command}}` publishes, unpublishes, yanks or retags a package on a registry others install from; a published version cannot be taken back cleanly. Confirm the version (try `--dry-run` first)."),
  rule("package.remove", "safety", "medium", "ask",
    eff("delete", "package", { system: true }),
    "package.remove: `{{command}}` removes system packages, and what depends on them may go too. Confirm the package list (`--simulate` first)."),
  // ── end issue 8c: package registries ──

  // ── late-secrets: requests that change or delete, secrets carried by requests, exposure, unpinned installs ──
  rule("net.api_delete", "safety", "high", "ask",
    // Any host, localhost included: brokers, key-value stores and admin APIs on loopback hold real data too.
    any(eff("delete", "network_host"), eff("write", "network_host", { method: "PURGE" }), eff("write", "network_host", { method: "BAN" })),
    "net.api_delete: `{{program}}` sends a DELETE (or cache PURGE) to {{target}}; whatever the API removes may not come back. Confirm the resource and the environment it lives in."),
  rule("secret.send_variable", "security", "high", "ask",
    // A credential variable, or a literal credential in a URL's query string (src/classify/url-credentials.ts);
    // a vendor's token in an auth header to a host that is not the vendor's (src/classify/credential-hosts.ts).
    any(eff("send", "network_host", { secret_variable: true }), eff("send", "network_host", { secret_literal: true })),
    "secret.send_variable: `{{program}}` puts the credential {{target}} into a request's URL, body or a non-authentication header, or a vendor's token into a request to a host that is not the vendor's, where the receiving host (and its logs) keep it. Send a token only as the `Authorization` header of the service it belongs to."),
  rule("net.send_private", "security", "high", "ask",
    // Not home_file: `scp ~/.ssh/id_rsa.pub host:` and `scp ~/notes.txt host:` are everyday; secrets are secret.exfiltrate's.
    any(...["system_path", "home_dir", "filesystem_root"].map((c) => eff("send", c))),
    "net.send_private: `{{program}}` sends {{target}} ({{class}}) off this machine — a system file, or the whole home directory or filesystem. Confirm the destination should have it."),
  rule("net.expose", "security", "high", "ask",
    eff("send", "network_host", { exposes: "tunnel" }),
    "net.expose: `{{command}}` opens a tunnel or remote forward that lets anyone who reaches the other end connect to this machine. Confirm what is exposed and for how long; prefer a local forward (`ssh -L`)."),
  rule("package.unpinned_source", "security", "medium", "ask",
    any(eff("install", "package", { source: "url" }), eff("install", "package", { source: "vcs" })),
    "package.unpinned_source: `{{program}}` installs {{target}} straight from a URL or a git repository, not a registry release: code nobody pinned or reviewed, which runs its install scripts here. Install a published version, or pin a commit you have read."),
  // ── end late-secrets ──

  // ── issue win: Windows and PowerShell forms (families/windows-*.ts; docs/default-bundle.md, "Windows") ──
  // deny where the loss is irreversible and total (a hive or structural registry key); ask for the rest.
  rule("winreg.wipe", "safety", "critical", "deny",
    eff("delete", "windows_registry", { total: true }),
    "winreg.wipe: `{{program}}` would delete the registry key {{target}}, a hive or structural key that Windows or a whole user profile cannot run without; only a system backup brings it back. Delete the specific key or value you mean."),
  rule("host.defense_off", "security", "critical", "ask",
    // `write × host {defense}`: SELinux permissive, AppArmor unloaded, ASLR off, Defender off, execution policy Unrestricted (late effects).
    any(eff("write", "windows_registry", { defense: true }), eff("delete", "windows_registry", { defense: true }), eff("write", "host", { defense: true })),
    "host.defense_off: `{{command}}` would weaken a protection of this machine: antivirus, firewall, UAC, credential protection, logging, script policy, mandatory access control (SELinux, AppArmor) or kernel hardening (ASLR, ptrace limits). An agent's task never needs that; if a tool is blocked, allow that tool specifically."),
  rule("winreg.change", "safety", "high", "ask",
    any(eff("write", "windows_registry", { scope: "machine" }), eff("delete", "windows_registry", { scope: "machine" }), eff("delete", "windows_registry", { recursive: true })),
    "winreg.change: `{{program}}` would change the machine's registry or delete a key with everything under it ({{target}}). Confirm the key; export it first (`reg export`) so it can be restored."),
  // ── end issue win ──
  // ── secrets disclosed and migrations pushed (families/secrets.ts, database-tools.ts) ──
  rule("secret.disclose", "security", "medium", "ask",
    eff("read", "secret_store", { discloses: true }),
    "secret.disclose: `{{program}}` would print a secret's value ({{target}}) into the agent's context and its logs, as reading a .env file would. Confirm the agent needs the value itself; a name or a reference is usually enough."),
  rule("db.disrupt", "safety", "high", "ask",
    eff("write", "database", { disrupts: true }),
    "db.disrupt: `{{command}}` would change a live database's schema, history or contents in bulk: pushed migrations, a rewritten migration history, a replaced table. Confirm the target database and take a backup."),
  // ── end secrets disclosed and migrations pushed ──
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
