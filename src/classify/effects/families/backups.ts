// Backups: repositories, snapshots and schedules — restic, BorgBackup, Velero,
// Kopia, Duplicity. Forgetting or pruning snapshots is `delete × backup`; a whole
// repository deleted (`borg delete REPO`, every Velero backup) carries
// `total: true`. Operations that can corrupt a repository another process is
// using (`break-lock`, `unlock --remove-all`) or rewrite archives
// (`recreate`) are `write × backup` with their operation. Restores write the
// local paths they restore into. (rclone, often used for backups, is in
// storage.ts: what it deletes is on a remote or a local path.)
import { emitPath } from "../common.js";
import { eff, holds, row, type Cli, type Family } from "./rows.js";

const RESTIC_CLI: Cli = {
  options: {
    shortValue: "rpoHgtieO",
    longValue: [
      "repo", "repository-file", "password-file", "password-command", "cache-dir", "tag", "host", "path", "keep-last", "keep-hourly",
      "keep-daily", "keep-weekly", "keep-monthly", "keep-yearly", "keep-within", "keep-within-hourly", "keep-within-daily",
      "keep-within-weekly", "keep-within-monthly", "keep-within-yearly", "keep-tag", "group-by", "target", "include", "exclude",
      "iinclude", "iexclude", "exclude-file", "files-from", "max-unused", "max-repack-size", "limit-upload", "limit-download", "option",
      "pack-size", "compression", "key-hint", "tls-client-cert", "cacert", "retry-lock",
    ],
    longBool: ["prune", "dry-run", "remove-all", "cleanup", "verbose", "quiet", "json", "no-lock", "no-cache", "insecure-tls", "compact", "read-data", "unsafe-allow-remove-all"],
    aliases: { r: "repo", p: "password-file", n: "dry-run", g: "group-by", t: "target", i: "include", e: "exclude", o: "option", v: "verbose", q: "quiet" },
  },
  help: { flags: ["help", "h"], word: "first" },
  dryRun: ["dry-run"],
  envFlags: ["repo"],
};

const RESTIC = {
  names: ["restic"],
  service: "restic",
  cli: RESTIC_CLI,
  rows: [
    row("forget", (m) => eff("delete", "backup", holds({ prune: m.has("prune") })), [
      ["restic forget 4cba93e1", "delete backup"],
      ["restic -r sftp:bk@vault:/restic forget --keep-weekly 4 --prune", "delete backup prune"],
      ["restic forget --keep-monthly 6 --dry-run", "read backup dry_run would=delete"],
    ]),
    row("prune", eff("delete", "backup"), [["restic --repo /mnt/restic prune --max-unused 5%", "delete backup"], ["restic --repo /mnt/restic prune -n", "read backup dry_run"]]),
    row("key remove", eff("delete", "backup"), [["restic key remove 77c3e0d2", "delete backup"]]),
    row("unlock", (m) => (m.has("remove-all") ? eff("write", "backup") : null), [["restic -r /mnt/restic unlock --remove-all", "write backup operation=unlock"], ["restic unlock", ""]]),
    row("restore", (m) => {
      const target = m.flags.find((f) => f.name === "target" && f.value !== null);
      if (target) emitPath(m.ctx, "write", target.value!, target.arg, "mutate", m.base);
      return eff("read", "backup");
    }, [
      ["restic restore 4cba93e1 --target /tmp/restore-check", "read backup; write temp_path"],
      ["restic restore 4cba93e1 --target /", "read backup; write filesystem_root"],
    ]),
    row("backup", eff("write", "backup"), [["restic backup ~/ledgerly --exclude node_modules", "write backup"]]),
    // `cache --cleanup` removes old local cache directories only: nothing of the repository.
    row("snapshots|ls|stats|check|diff|find|cat|dump|mount|cache|version|list|tag|copy|init", eff("read", "backup"), [
      ["restic snapshots --host build-01", "read backup"],
      ["restic cache --cleanup --max-age 30", "read backup"],
      ["restic help prune", ""],
    ]),
  ],
};

const BORG_CLI: Cli = {
  options: {
    shortValue: "aeCP",
    longValue: [
      "repo", "prefix", "glob-archives", "match-archives", "keep-within", "keep-last", "keep-secondly", "keep-minutely", "keep-hourly",
      "keep-daily", "keep-weekly", "keep-monthly", "keep-yearly", "remote-path", "rsh", "lock-wait", "comment", "exclude", "exclude-from",
      "pattern", "patterns-from", "compression", "checkpoint-interval", "sort-by", "first", "last", "format", "umask", "upload-ratelimit",
    ],
    longBool: ["dry-run", "list", "stats", "force", "verbose", "progress", "info", "debug", "json", "save-space", "keep-security-info", "cache-only", "checkpoint"],
    aliases: { a: "glob-archives", e: "exclude", C: "compression", P: "prefix", n: "dry-run", v: "verbose", p: "progress", s: "stats" },
  },
  help: { flags: ["help", "h"], word: "first" },
  dryRun: ["dry-run"],
};

/** `borg delete REPO` (no `::ARCHIVE`, no archive selection) deletes the whole repository. */
const BORG = {
  names: ["borg", "borg2", "borgbackup"],
  service: "borg",
  cli: BORG_CLI,
  rows: [
    row("delete|rdelete", (m) => {
      const ops = m.rest.map((o) => o.value);
      const whole = m.path[0] === "rdelete" || (!m.has("glob-archives", "match-archives", "prefix", "first", "last") && ops.length <= 1 && !ops.some((v) => v.includes("::")));
      return eff("delete", "backup", holds({ total: whole }));
    }, [
      ["borg delete /mnt/borg::ledgerly-2023-11-02", "delete backup"],
      ["borg delete ssh://bk@nas/./borg-ledgerly", "delete backup total"],
      ["borg delete --dry-run ssh://bk@nas/./borg-ledgerly", "read backup dry_run"],
    ]),
    row("prune", eff("delete", "backup"), [["borg prune --keep-daily 14 --keep-weekly 8 /mnt/borg", "delete backup"]]),
    // compact frees what deletes and prunes left behind: after it, they cannot be undone.
    row("compact", eff("delete", "backup"), [["borg compact --threshold 10 /mnt/borg", "delete backup"]]),
    row("recreate|break-lock", eff("write", "backup"), [
      ["borg recreate /mnt/borg::ledgerly-2024-02-01 --exclude '*.log'", "write backup operation=recreate"],
      ["borg break-lock ssh://bk@nas/./borg-ledgerly", "write backup operation=break-lock"],
    ]),
    row("create", eff("write", "backup"), [["borg create /mnt/borg::ledgerly-{now} ~/ledgerly", "write backup"]]),
    row("list|info|diff|check|extract|mount|umount|export-tar|key|version|config|init|rlist|rinfo|repo-list|repo-info", eff("read", "backup"), [
      ["borg list /mnt/borg", "read backup"],
      ["borg info /mnt/borg::ledgerly-2024-02-01", "read backup"],
    ]),
  ],
};

const VELERO_CLI: Cli = {
  options: {
    shortValue: "nl",
    longValue: ["namespace", "kubecontext", "kubeconfig", "selector", "from-backup", "from-schedule", "include-namespaces", "exclude-namespaces", "output", "ttl", "schedule", "existing-resource-policy", "features"],
    longBool: ["all", "confirm", "wait", "details"],
    aliases: { n: "namespace", l: "selector", o: "output" },
  },
  help: { flags: ["help", "h"], word: "first" },
  envFlags: ["kubecontext", "namespace"],
};

const VELERO = {
  names: ["velero"],
  service: "velero",
  cli: VELERO_CLI,
  rows: [
    row("backup|schedule|restore|backup-location|snapshot-location delete", (m) => eff("delete", "backup", holds({ total: m.has("all") })), [
      ["velero backup delete ledgerly-daily-20240301 --confirm", "delete backup"],
      ["velero -n velero backup delete --all --confirm", "delete backup total"],
      ["velero schedule delete ledgerly-daily", "delete backup"],
      ["velero restore delete ledgerly-restore-7", "delete backup"],
    ]),
    // Velero also reads verb first (`velero delete backup …`, `velero get backups`), like `create restore` below.
    row("delete backup|backups|schedule|schedules|restore|restores|backup-location|snapshot-location", (m) => eff("delete", "backup", holds({ total: m.has("all") })), [
      ["velero delete backup --all --confirm", "delete backup total"],
      ["velero delete schedule daily --confirm", "delete backup"],
    ]),
    row("get|describe backup|backups|schedule|schedules|restore|restores", eff("read", "backup"), [["velero get backups", "read backup"]]),
    // A restore rewrites cluster resources (`--existing-resource-policy update` overwrites them).
    row("restore create", eff("write", "infrastructure"), [["velero restore create --from-backup ledgerly-daily-20240301", "write infrastructure"]]),
    row("create restore", eff("write", "infrastructure"), [["velero create restore --from-schedule ledgerly-daily", "write infrastructure"]]),
    row("backup|schedule|restore|backup-location|snapshot-location get|describe|logs", eff("read", "backup"), [["velero backup describe ledgerly-daily-20240301", "read backup"]]),
  ],
};

const KOPIA_CLI: Cli = {
  options: { longValue: ["config-file", "password", "keep-latest", "keep-daily", "keep-hourly", "keep-weekly", "keep-monthly", "keep-annual", "log-level", "source"], longBool: ["delete", "all", "json"] },
  help: { flags: ["help"] },
};

/** Kopia deletes snapshots only with `--delete`; without it the command shows what it would delete. */
const KOPIA = {
  names: ["kopia"],
  service: "kopia",
  cli: KOPIA_CLI,
  rows: [
    row("snapshot delete|expire|rm", (m) => (m.has("delete") ? eff("delete", "backup") : eff("read", "backup", { dry_run: true })), [
      ["kopia snapshot delete kb3f90 --delete", "delete backup"],
      ["kopia snapshot delete kb3f90", "read backup dry_run"],
      ["kopia snapshot expire --all --delete", "delete backup"],
    ]),
    row("content|blob|policy delete|rm", eff("delete", "backup"), [["kopia blob delete q1bc3ef", "delete backup"]]),
    row("snapshot|policy|repository list|ls|create|show|status", eff("read", "backup"), [["kopia snapshot list ~/ledgerly", "read backup"]]),
  ],
};

const DUPLICITY_CLI: Cli = {
  options: {
    shortValue: "tv",
    longValue: [
      "archive-dir", "name", "encrypt-key", "sign-key", "hidden-encrypt-key", "gpg-options", "file-prefix", "file-to-restore", "tempdir",
      "log-file", "log-fd", "verbosity", "time", "restore-time", "full-if-older-than", "volsize", "include", "exclude", "include-filelist",
      "exclude-filelist", "s3-endpoint-url", "s3-region-name", "ssh-options", "num-retries", "backend-retry-delay",
    ],
    longBool: ["force", "dry-run", "allow-source-mismatch", "no-encryption", "progress"],
    aliases: { t: "time", v: "verbosity" },
  },
  help: { flags: ["help", "h"] },
  dryRun: ["dry-run"],
};

/** A retention of nothing: `remove-all-but-n-full 0`, `remove-older-than 0D|now`. */
const keepsNothing = (v: string | undefined): boolean => v !== undefined && (/^0+$/.test(v) || /^(0+[smhDWMY]|now)$/.test(v));

/**
 * Duplicity's retention actions only list what they would remove unless
 * `--force` is given; forced, they delete backup sets, and a retention of zero
 * (keep no full chain, remove everything older than now) deletes them all.
 */
const DUPLICITY = {
  names: ["duplicity"],
  service: "duplicity",
  cli: DUPLICITY_CLI,
  rows: [
    row("remove-all-but-n-full|remove-all-inc-of-but-n-full|remove-older-than|cleanup", (m) => (m.has("force") ? eff("delete", "backup", holds({ total: m.path[0] !== "cleanup" && keepsNothing(m.rest[0]?.value) })) : eff("read", "backup", { dry_run: true })), [
      ["duplicity remove-all-but-n-full 0 --force file:///backups", "delete backup total"],
      ["duplicity remove-older-than now --force s3://b/bk", "delete backup total"],
      ["duplicity remove-older-than 6M --force file:///backups", "delete backup"],
      ["duplicity remove-all-but-n-full 0 file:///backups", "read backup dry_run"],
    ]),
    row("collection-status|list-current-files|verify", eff("read", "backup"), [["duplicity collection-status file:///backups", "read backup"]]),
  ],
};

export const BACKUPS: Family = {
  name: "backups",
  programs: [RESTIC, BORG, VELERO, KOPIA, DUPLICITY],
};
