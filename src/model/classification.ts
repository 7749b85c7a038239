// The classifier's output: what an action would *do* (SPEC §6, seed 001
// `Classification`). Zod schemas are the single source of these types.
import * as z from "zod";

export const VERBS = [
  "read",
  "write",
  "delete",
  "execute",
  "fetch",
  "send",
  "push",
  "discard",
  "destroy",
  "install",
] as const;
export const VerbSchema = z.enum(VERBS);
export type Verb = z.infer<typeof VerbSchema>;

export const TARGET_CLASSES = [
  "filesystem_root",
  "home_dir",
  "workspace_root",
  "workspace_file",
  "temp_path",
  "system_path",
  "home_file",
  "secret_file",
  "data_store",
  "external_path",
  "vcs_remote",
  "vcs_history",
  "infrastructure",
  "database",
  "package",
  "network_host",
  "remote_code",
  "shell",
  "subagent",
  // Tool families (issue 8; docs/classifier.md, "Target classes of the tool families"):
  "object_storage", // buckets, containers and their objects (S3, GCS, Azure Blob, MinIO, R2, rclone remotes)
  "backup", // backup repositories, snapshots, schedules (restic, borg, velero, kopia)
  "secret_store", // secrets managers and their secrets, keys, tokens, policies (Vault, AWS/GCP/Azure, 1Password, Doppler)
  "message_queue", // topics, queues, streams, consumer groups and their messages (Kafka, RabbitMQ, NATS, SQS/SNS)
  "search_index", // search indices and their documents (Elasticsearch/OpenSearch, Meilisearch, Algolia, Splunk)
  "vcs_forge", // repositories as a forge hosts them, with releases, issues, keys, hooks (GitHub, GitLab, Azure Repos)
  "ci_pipeline", // CI/CD pipelines, workflows, jobs, runs, their variables and caches
  "dns", // DNS zones and records
  "hosted_service", // state a hosted service keeps for the account: email domains and lists, monitors, payment records
  "container", // local container runtime state: containers, images, volumes, networks, build cache, pods (docker, podman, compose)
  "disk", // block devices, partition tables, RAID arrays, volume groups and logical volumes, pools, subvolumes (sgdisk, parted, mdadm, lvm, zfs, diskutil)
  "host", // the machine's own running configuration: services, firewall, users, scheduled jobs, processes, power state
  "package_registry", // packages as a registry publishes them (npm, crates.io, RubyGems, PyPI, Maven, container registries)
  // Windows (docs/classifier.md, "Windows"):
  "windows_registry", // registry hives, keys and values (reg.exe keys, PowerShell's HKLM:/HKCU:/Registry:: paths; src/classify/registry.ts)
  "unknown",
] as const;
export const TargetClassSchema = z.enum(TARGET_CLASSES);
export type TargetClass = z.infer<typeof TargetClassSchema>;

/** An attribute value carried on an effect tuple (`effect.attrs.<name>`). */
export const AttrValueSchema = z.union([z.string(), z.number().int(), z.boolean()]);
export type AttrValue = z.infer<typeof AttrValueSchema>;

/** One classified effect tuple. `attrs` is always serialised, `{}` when empty. */
export const EffectSchema = z.object({
  verb: VerbSchema,
  target_class: TargetClassSchema,
  attrs: z.record(z.string(), AttrValueSchema),
});
export type Effect = z.infer<typeof EffectSchema>;

/** A coverage gap: which of the twelve shapes (SPEC §6.3), why, and the command as written. */
export const UnknownCommandSchema = z.object({
  shape: z.number().int().min(1).max(12),
  reason: z.string(),
  command: z.string(),
});
export type UnknownCommand = z.infer<typeof UnknownCommandSchema>;

/** `(operator, target)`: `>`, `>>`, `2>`, `&>`, `<`, `<<`, `<<<` and their targets (raw text). */
export const RedirectSchema = z.tuple([z.string(), z.string()]);
export type Redirect = z.infer<typeof RedirectSchema>;

/**
 * One simple command after wrappers are peeled. `argv` excludes the program
 * word; `raw_argv` is `argv` element for element with the quotes kept.
 */
export const SimpleCommandSchema = z.object({
  program: z.string(),
  argv: z.array(z.string()),
  raw: z.string(),
  redirects: z.array(RedirectSchema),
  raw_argv: z.array(z.string()),
});
export type SimpleCommand = z.infer<typeof SimpleCommandSchema>;

export const ClassifiedPathSchema = z.object({
  class: TargetClassSchema,
  /** The path as the action declared it. */
  value: z.string(),
  /** Relative to `env.cwd` when the path lies under it (source of `path.rel`), else null. */
  rel: z.string().nullable(),
});
export type ClassifiedPath = z.infer<typeof ClassifiedPathSchema>;

/** `metadata`: a cloud instance-metadata endpoint (SPEC §6.5), checked before internal/external. */
export const UrlBoundarySchema = z.enum(["internal", "external", "metadata"]);
export type UrlBoundary = z.infer<typeof UrlBoundarySchema>;

export const ClassifiedUrlSchema = z.object({
  value: z.string(),
  host: z.string(),
  tld: z.string(),
  scheme: z.string(),
  boundary: UrlBoundarySchema,
});
export type ClassifiedUrl = z.infer<typeof ClassifiedUrlSchema>;

export const ClassificationSchema = z.object({
  effects: z.array(EffectSchema),
  unknown: z.array(UnknownCommandSchema),
  simple: z.array(SimpleCommandSchema),
  paths: z.array(ClassifiedPathSchema),
  urls: z.array(ClassifiedUrlSchema),
});
export type Classification = z.infer<typeof ClassificationSchema>;

export function emptyClassification(): Classification {
  return { effects: [], unknown: [], simple: [], paths: [], urls: [] };
}
