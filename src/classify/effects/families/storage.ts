// Cloud storage: buckets, containers and the objects in them — `aws s3`/`s3api`,
// `gsutil`, `gcloud storage`, `az storage`, `azcopy`, MinIO's `mc`, `rclone`.
// Deleting objects is `delete × object_storage`, a bucket `destroy`; a bucket
// removed with everything in it (`rb --force`, a recursive delete of the
// bucket's root, a container delete) carries `total: true` (the default bundle
// denies those, asks for the rest). Copies go through transfer.ts.
import type { ParsedOperand } from "../../programs/options.js";
import { AWS_CLI, AZ_CLI, GCLOUD_CLI } from "./clis.js";
import { programOptions } from "../../programs/registry.js";
import { eff, holds, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";
import { storeOrLocal, transferEffects, type Locate } from "./transfer.js";
import { pathTarget, type Attrs } from "../common.js";
import { AWS_EXPOSURE, AZ_EXPOSURE, GCLOUD_EXPOSURE, GSUTIL_EXPOSURE, publicAclUpload } from "./storage-exposure.js";


function transfer(m: Match, locate: Locate, o: { deletesSources?: boolean; deletesExtra?: boolean; recursive?: boolean; ops?: readonly ParsedOperand[] } = {}): EffectSpec[] {
  return transferEffects(m, o.ops ?? m.rest, locate, { store: "object_storage", attrs: m.base, ...o });
}

// ── aws s3 / s3api ───────────────────────────────────────────────────────

const s3: Locate = (v) => (/^s3:\/\//i.test(v) ? "remote" : "local");
const s3BucketRoot = (v: string | undefined) => !!v && /^s3:\/\/[^/]+\/?$/i.test(v);

const AWS_S3 = {
  names: ["aws"],
  service: "aws-s3",
  cli: AWS_CLI,
  rows: [
    row("s3 rm", (m) => eff("delete", "object_storage", holds({ recursive: m.has("recursive"), total: m.has("recursive") && s3BucketRoot(m.rest[0]?.value) })), [
      ["aws s3 rm s3://ledgerly-media/avatars/u42.png", "delete object_storage"],
      ["aws --profile prod s3 rm s3://ledgerly-media --recursive", "delete object_storage total is_production"],
      ["aws s3 rm s3://ledgerly-media/tmp/ --recursive", "delete object_storage recursive"],
      ["aws s3 rm s3://ledgerly-media/tmp/ --recursive --dryrun", "read object_storage dry_run would=delete"],
      ["aws s3 rm s3://ledgerly-media/tmp/ --recursive --exclude --dryrun", "delete object_storage"],
      ["aws s3 rb help", ""],
    ]),
    row("s3 rb", (m) => eff("destroy", "object_storage", holds({ force: m.has("force"), total: m.has("force") })), [
      ["aws s3 rb s3://ledgerly-tmp-2023", "destroy object_storage"],
      ["aws s3 rb --force s3://ledgerly-tmp-2023", "destroy object_storage total"],
    ]),
    row("s3 mv", (m) => transfer(m, s3, { deletesSources: true, recursive: m.has("recursive") }), [
      ["aws s3 mv s3://ledgerly-media/a.png s3://ledgerly-archive/a.png", "write object_storage; delete object_storage"],
      ["aws s3 mv ./exports s3://ledgerly-archive/exports --recursive", "write object_storage; send workspace_file; delete workspace_file"],
    ]),
    row("s3 sync", (m) => [...transfer(m, s3, { deletesExtra: m.has("delete"), recursive: true }), ...publicAclUpload(m)], [
      ["aws s3 sync public/ s3://ledgerly-site", "write object_storage; send workspace_file"],
      ["aws s3 sync public/ s3://ledgerly-site --delete --exclude '*.map'", "write object_storage; send workspace_file; delete object_storage sync_delete"],
      ["aws s3 sync s3://ledgerly-site site-copy --delete", "write workspace_file; delete workspace_file sync_delete"],
      ["aws s3 sync public/ s3://ledgerly-site --dryrun --delete", "read object_storage dry_run; read workspace_file dry_run would=send"],
    ]),
    row("s3 cp", (m) => [...transfer(m, s3, { recursive: m.has("recursive") }), ...publicAclUpload(m)], [
      ["aws s3 cp s3://ledgerly-reports/2024-03.csv reports/", "write workspace_file"],
      ["aws s3 cp site/index.html s3://ledgerly-site/ --acl public-read", "write object_storage exposes=public; send workspace_file"],
      ["aws s3 cp ~/.ssh/id_ed25519 s3://ledgerly-tmp-2023/k", "write object_storage; send secret_file"],
    ]),
    row("s3 ls|presign", eff("read", "object_storage"), [["aws s3 ls s3://ledgerly-media --summarize", "read object_storage"]]),
    row("s3 mb", eff("write", "object_storage"), [["aws s3 mb s3://ledgerly-media-eu --region eu-west-1", "write object_storage"]]),
    row("s3api delete-bucket", eff("destroy", "object_storage"), [["aws s3api delete-bucket --bucket ledgerly-tmp-2023", "destroy object_storage"]]),
    row("s3api delete-object|delete-objects", eff("delete", "object_storage"), [
      ["aws s3api delete-object --bucket ledgerly-media --key avatars/u42.png", "delete object_storage"],
      ["aws s3api delete-objects --bucket ledgerly-media --delete file://stale.json", "delete object_storage"],
    ]),
    ...AWS_EXPOSURE,
    // Configuration of a bucket or object (tags, policy, lifecycle, CORS): a change, not a loss of data.
    row("s3api *", (m) => (/^(delete|put)-/.test(m.path[1]) ? eff("write", "object_storage") : /^(get|list|head)-/.test(m.path[1]) ? eff("read", "object_storage") : null), [
      ["aws s3api delete-bucket-lifecycle --bucket ledgerly-media", "write object_storage"],
      ["aws s3api list-object-versions --bucket ledgerly-media --prefix avatars/", "read object_storage"],
      ["aws s3api get-object --bucket ledgerly-media --key avatars/u42.png u42.png", "read object_storage"],
    ]),
  ],
};

// ── gsutil and gcloud storage ────────────────────────────────────────────

const gcs: Locate = (v) => (/^(gs|s3):\/\//i.test(v) ? "remote" : "local");
/** A bucket's root, or every object in it (`gs://b`, `gs://b/`, `gs://b/*`, `gs://b/**`). */
const gcsBucketAll = (v: string | undefined) => !!v && /^gs:\/\/[^/]+\/?(\*{1,2})?$/i.test(v);

const GSUTIL_CLI: Cli = {
  options: programOptions("gsutil")!,
  help: { flags: ["help"], word: "first" },
};

const GSUTIL = {
  names: ["gsutil"],
  service: "gcs",
  cli: GSUTIL_CLI,
  rows: [
    ...GSUTIL_EXPOSURE,
    row("rm", (m) => eff("delete", "object_storage", holds({ recursive: m.has("recursive"), total: m.rest.some((o) => gcsBucketAll(o.value)) && (m.has("recursive") || m.rest.some((o) => /\*\*$/.test(o.value))) })), [
      ["gsutil rm gs://ledgerly-media/avatars/u42.png", "delete object_storage"],
      ["gsutil -m rm -r gs://ledgerly-media/", "delete object_storage total"],
      ["gsutil -m rm 'gs://ledgerly-media/**'", "delete object_storage total"],
    ]),
    row("rb", eff("destroy", "object_storage"), [["gsutil rb gs://ledgerly-tmp-2023", "destroy object_storage"]]),
    row("mv", (m) => transfer(m, gcs, { deletesSources: true }), [["gsutil mv gs://ledgerly-media/a.png gs://ledgerly-archive/", "write object_storage; delete object_storage"]]),
    // rsync: `-d` deletes extras, `-n` is a dry run (for rsync only: `cp -n` is no-clobber).
    row("rsync", (m) => (m.has("n") ? [eff("read", "object_storage", { dry_run: true })] : transfer(m, gcs, { deletesExtra: m.has("d"), recursive: m.has("recursive") })), [
      ["gsutil -m rsync -r -d public gs://ledgerly-site", "write object_storage; send workspace_file; delete object_storage sync_delete"],
      ["gsutil rsync -n -r -d public gs://ledgerly-site", "read object_storage dry_run"],
    ]),
    row("cp", (m) => transfer(m, gcs, { recursive: m.has("recursive") }), [["gsutil cp gs://ledgerly-reports/2024-03.csv .", "write workspace_root"]]),
    row("ls|cat|stat|du|hash", eff("read", "object_storage"), [["gsutil ls -l gs://ledgerly-media", "read object_storage"], ["gsutil help rsync", ""]]),
  ],
};

const GCLOUD_STORAGE = {
  names: ["gcloud"],
  service: "gcs",
  cli: GCLOUD_CLI,
  rows: [
    row("storage rm", (m) => eff("delete", "object_storage", holds({ recursive: m.has("recursive"), total: m.has("recursive") && m.rest.some((o) => gcsBucketAll(o.value)) })), [
      ["gcloud storage rm gs://ledgerly-media/avatars/u42.png", "delete object_storage"],
      ["gcloud beta --project prod storage rm --recursive gs://ledgerly-media", "delete object_storage total is_production"],
    ]),
    row("storage buckets delete", eff("destroy", "object_storage"), [["gcloud storage buckets delete gs://ledgerly-tmp-2023", "destroy object_storage"]]),
    row("storage objects delete", eff("delete", "object_storage"), [["gcloud storage objects delete gs://ledgerly-media/a.png", "delete object_storage"]]),
    row("storage mv", (m) => transfer(m, gcs, { deletesSources: true }), [["gcloud storage mv gs://ledgerly-media/a.png gs://ledgerly-archive/a.png", "write object_storage; delete object_storage"]]),
    row("storage rsync", (m) => transfer(m, gcs, { deletesExtra: m.has("delete-unmatched-destination-objects"), recursive: m.has("recursive") }), [
      ["gcloud storage rsync public gs://ledgerly-site --recursive --delete-unmatched-destination-objects", "write object_storage; send workspace_file; delete object_storage sync_delete"],
      ["gcloud storage rsync public gs://ledgerly-site --delete-unmatched-destination-objects --dry-run", "read object_storage dry_run; read workspace_file dry_run"],
    ]),
    row("storage cp", (m) => transfer(m, gcs, { recursive: m.has("recursive") }), [["gcloud storage cp gs://ledgerly-reports/2024-03.csv reports/", "write workspace_file"]]),
    ...GCLOUD_EXPOSURE,
    row("storage ls|cat|du|hash|buckets|objects", (m) => (/^(list|describe)$/.test(m.rest[0]?.value ?? "") || !["buckets", "objects"].includes(m.path[1]) ? eff("read", "object_storage") : null), [
      ["gcloud storage buckets describe gs://ledgerly-media", "read object_storage"],
      ["gcloud storage du -s gs://ledgerly-media", "read object_storage"],
      ["gcloud storage rm gs://ledgerly-media/x --help", ""],
    ]),
  ],
};

// ── Azure: az storage, azcopy ────────────────────────────────────────────

const AZ_STORAGE = {
  names: ["az"],
  service: "azure-storage",
  cli: AZ_CLI,
  rows: [
    // Deleting a container, share, file system or whole account takes everything in it.
    row("storage container|share|share-rm|fs|account delete", eff("destroy", "object_storage", { total: true }), [
      ["az storage container delete --name uploads --account-name ledgerlyst", "destroy object_storage total"],
      ["az storage account delete -n ledgerlyst -g ledgerly-rg --yes", "destroy object_storage total"],
      ["az storage account delete -n ledgerlyst --help", ""],
    ]),
    row("storage blob|file delete-batch", (m) => eff("delete", "object_storage", holds({ recursive: true, total: m.value("pattern") === null })), [
      ["az storage blob delete-batch --source uploads --account-name ledgerlyst", "delete object_storage total"],
      ["az storage blob delete-batch -s uploads --pattern 'tmp/*' --account-name ledgerlyst", "delete object_storage recursive"],
      ["az storage blob delete-batch -s uploads --dryrun --account-name ledgerlyst", "read object_storage dry_run"],
    ]),
    row("storage blob|file|directory delete", eff("delete", "object_storage"), [["az storage blob delete --container-name uploads --name avatars/u42.png --account-name ledgerlyst", "delete object_storage"]]),
    row("storage fs file|directory delete", eff("delete", "object_storage", { recursive: true }), [["az storage fs directory delete -f datalake -n raw/2023 --account-name ledgerlyst --yes", "delete object_storage"]]),
    // An upload sends the local file's (or, batched, the directory's) contents to the account.
    row("storage blob|file upload|upload-batch", (m) => {
      const src = m.flags.find((f) => (f.name === "file" || f.name === "f" || f.name === "source" || f.name === "s") && f.value !== null);
      const out: EffectSpec[] = [eff("write", "object_storage")];
      if (src) for (const c of pathTarget(m.ctx, src.value!, src.arg, "consequential")) out.push(eff("send", c, { target: src.value! }));
      return out;
    }, [
      ["az storage blob upload --account-name ledgerlyst -c uploads -f ~/.azure/msal_token_cache.json -n t", "write object_storage; send secret_file"],
      ["az storage blob upload-batch -d site -s dist --account-name ledgerlyst", "write object_storage; send workspace_file"],
    ]),
    ...AZ_EXPOSURE,
    row("storage blob|file|container|share|account|fs *", (m) => (/^(list|show|exists|download|download-batch|url|keys|metadata|stats)$/.test(m.path[2]) ? eff("read", "object_storage") : null), [
      ["az storage blob list -c uploads --account-name ledgerlyst --prefix avatars/", "read object_storage"],
      ["az storage account show -n ledgerlyst", "read object_storage"],
    ]),
  ],
};

const azcopyLocate: Locate = (v) => (/^https?:\/\//i.test(v) ? "remote" : "local");

const AZCOPY_CLI: Cli = {
  options: {
    longValue: [
      "delete-destination", "include-pattern", "exclude-pattern", "include-path", "exclude-path", "include-regex", "exclude-regex",
      "log-level", "cap-mbps", "block-size-mb", "from-to", "output-type", "list-of-files", "include-after", "include-before", "trusted-microsoft-suffixes",
    ],
    longBool: ["recursive", "dry-run", "force-if-read-only", "put-md5", "check-length"],
  },
  help: { flags: ["help", "h"] },
  dryRun: ["dry-run"],
};

const AZCOPY = {
  names: ["azcopy"],
  service: "azcopy",
  cli: AZCOPY_CLI,
  rows: [
    row("remove|rm", (m) => eff("delete", "object_storage", holds({ recursive: m.has("recursive") })), [
      ["azcopy remove 'https://ledgerlyst.blob.core.windows.net/uploads/avatars/u42.png?sv=x'", "delete object_storage"],
      ["azcopy remove 'https://ledgerlyst.blob.core.windows.net/uploads?sv=x' --recursive --dry-run", "read object_storage dry_run"],
    ]),
    row("sync", (m) => transfer(m, azcopyLocate, { deletesExtra: /^(true|prompt)$/i.test(m.value("delete-destination") ?? ""), recursive: true }), [
      ["azcopy sync public 'https://ledgerlyst.blob.core.windows.net/$web' --delete-destination=true", "write object_storage; send workspace_file; delete object_storage sync_delete"],
      ["azcopy sync public 'https://ledgerlyst.blob.core.windows.net/$web'", "write object_storage; send workspace_file"],
    ]),
    row("copy|cp", (m) => transfer(m, azcopyLocate, { recursive: m.has("recursive") }), [["azcopy copy reports 'https://ledgerlyst.blob.core.windows.net/reports' --recursive", "write object_storage; send workspace_file"]]),
    row("list|ls|jobs|login|env", eff("read", "object_storage"), [["azcopy jobs list", "read object_storage"]]),
  ],
};

// ── MinIO client ─────────────────────────────────────────────────────────

/** `alias/bucket/…` is in the store; `./x`, `/abs`, `~/x` and a bare file name are local. */
const mcLocate: Locate = (v) => (/^(\.{0,2}\/|~|[A-Za-z]:[\\/])/.test(v) || !v.includes("/") ? "local" : "remote");
const mcBucketRoot = (v: string | undefined) => !!v && /^[^/]+\/[^/]+\/?$/.test(v);

const MC_CLI: Cli = {
  options: {
    longValue: ["config-dir", "limit-upload", "limit-download", "older-than", "newer-than", "storage-class", "encrypt-key", "version-id", "rewind", "attr", "tags", "name", "exclude"],
    longBool: ["json", "debug", "quiet", "insecure", "no-color", "recursive", "force", "versions", "dangerous", "remove", "overwrite", "fake", "incomplete", "bypass"],
    aliases: { r: "recursive" },
  },
  help: { flags: ["help", "h"] },
  // `--fake` runs mc rm/mirror without doing anything.
  dryRun: ["fake"],
};

const MC = {
  names: ["mc", "mcli"],
  service: "minio",
  cli: MC_CLI,
  rows: [
    row("rb", (m) => eff("destroy", "object_storage", holds({ total: m.has("force") })), [
      ["mc rb local/ledgerly-tmp", "destroy object_storage"],
      ["mc rb --force --dangerous local/ledgerly-tmp", "destroy object_storage total"],
    ]),
    row("rm", (m) => eff("delete", "object_storage", holds({ recursive: m.has("recursive"), total: m.has("recursive") && m.has("force") && mcBucketRoot(m.rest[0]?.value) })), [
      ["mc rm local/ledgerly-media/avatars/u42.png", "delete object_storage"],
      ["mc rm -r --force local/ledgerly-media", "delete object_storage total"],
      ["mc rm -r --force --fake local/ledgerly-media", "read object_storage dry_run"],
    ]),
    row("admin bucket delete|remove", eff("destroy", "object_storage", { total: true }), [["mc admin bucket remove local ledgerly-tmp", "destroy object_storage total"]]),
    row("admin user|policy|group remove|disable|unset|rm|detach", eff("delete", "object_storage"), [["mc admin user remove local ci-uploader", "delete object_storage"]]),
    row("mirror", (m) => transfer(m, mcLocate, { deletesExtra: m.has("remove"), recursive: true }), [
      ["mc mirror --overwrite --remove local/ledgerly-media backup/ledgerly-media", "write object_storage; delete object_storage sync_delete"],
      ["mc mirror ./public local/ledgerly-site", "write object_storage; send workspace_file"],
    ]),
    row("mv", (m) => transfer(m, mcLocate, { deletesSources: true, recursive: m.has("recursive") }), [["mc mv local/ledgerly-media/a.png local/ledgerly-archive/", "write object_storage; delete object_storage"]]),
    row("cp", (m) => transfer(m, mcLocate, { recursive: m.has("recursive") }), [["mc cp report.csv local/ledgerly-reports/", "write object_storage; send workspace_file"]]),
    row("ls|cat|head|stat|diff|find|du|tree|version|ping|alias|admin", (m) => (m.path[0] === "admin" && !/^(info|user|policy)$/.test(m.rest[0]?.value ?? "") ? null : eff("read", "object_storage")), [
      ["mc ls --versions local/ledgerly-media", "read object_storage"],
      ["mc --json stat local/ledgerly-media/a.png", "read object_storage"],
      ["mc", ""],
    ]),
  ],
};

// ── s3cmd and Backblaze's b2 (issue 20: both were silent) ───────────────

const S3CMD = {
  names: ["s3cmd"],
  service: "s3cmd",
  cli: { options: { shortValue: "c", longValue: ["config", "exclude", "include"], longBool: ["recursive", "force", "delete-removed", "dry-run", "verbose"], aliases: { r: "recursive", f: "force", n: "dry-run", c: "config" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"] } satisfies Cli,
  rows: [
    row("rb", (m) => eff("destroy", "object_storage", holds({ total: m.has("recursive") || m.has("force") })), [
      ["s3cmd rb --recursive --force s3://prod-data", "destroy object_storage total"],
      ["s3cmd rb s3://empty-bucket", "destroy object_storage"],
    ]),
    row("del|rm", (m) => eff("delete", "object_storage", holds({ recursive: m.has("recursive") })), [["s3cmd del --recursive --force s3://prod-data/", "delete object_storage recursive"], ["s3cmd rm s3://b/old.log", "delete object_storage"]]),
    row("sync", (m) => (m.has("delete-removed") ? eff("delete", "object_storage", { sync_delete: true }) : eff("write", "object_storage")), [["s3cmd sync --delete-removed ./empty/ s3://prod-data/", "delete object_storage sync_delete"], ["s3cmd sync ./site/ s3://b/", "write object_storage"]]),
    row("ls|la|info|du|get", eff("read", "object_storage"), [["s3cmd ls s3://b", "read object_storage"]]),
  ],
};

const B2 = {
  names: ["b2"],
  service: "backblaze-b2",
  cli: { options: { longBool: ["recursive", "versions", "bypass-governance", "dry-run", "no-progress", "quiet"] }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"] } satisfies Cli,
  rows: [
    row("delete-bucket", eff("destroy", "object_storage", { total: true }), [["b2 delete-bucket prod-files", "destroy object_storage total"]]),
    row("bucket delete", eff("destroy", "object_storage", { total: true }), [["b2 bucket delete prod-files", "destroy object_storage total"]]),
    row("rm|delete-file-version", (m) => eff("delete", "object_storage", holds({ recursive: m.has("recursive") })), [["b2 rm --recursive --versions b2://prod-files/", "delete object_storage recursive"]]),
    row("ls|get-bucket|list-buckets|download-file", eff("read", "object_storage"), [["b2 ls b2://prod-files", "read object_storage"]]),
  ],
};

// ── rclone ───────────────────────────────────────────────────────────────

/** `remote:path` (or `:backend:path`) is a remote; a drive letter or a path is local. */
const rcloneLocate: Locate = (v) => (/^:?[A-Za-z0-9_.+@ -]{2,}:/.test(v) && !/^[A-Za-z]:[\\/]/.test(v) ? "remote" : "local");
/** The remote's root or a top-level bucket/folder. */
const rcloneRoot = (v: string | undefined) => !!v && /^:?[^:/]+:\/?([^/]+\/?)?$/.test(v);

const RCLONE_CLI: Cli = {
  options: {
    shortValue: "",
    longValue: [
      "config", "include", "exclude", "filter", "include-from", "exclude-from", "filter-from", "files-from", "max-age", "min-age",
      "max-size", "min-size", "max-depth", "transfers", "checkers", "bwlimit", "log-file", "log-level", "backup-dir", "suffix",
      "dedupe-mode", "order-by", "max-delete", "max-transfer", "drive-shared-with-me", "s3-provider", "track-renames-strategy",
    ],
    longBool: ["dry-run", "interactive", "verbose", "progress", "checksum", "delete-excluded", "create-empty-src-dirs", "rmdirs", "fast-list", "leave-root"],
    aliases: { n: "dry-run", i: "interactive", v: "verbose", P: "progress" },
  },
  help: { flags: ["help", "h"], word: "first" },
  dryRun: ["dry-run"],
};

/** What a deleting rclone subcommand names: a remote, or a local path (rclone deletes those as readily). */
const rcloneDelete = (m: Match, verb: "delete" | "destroy", extra: Attrs): EffectSpec[] => (m.rest[0] ? storeOrLocal(m, m.rest[0], verb, rcloneLocate, "object_storage", { ...m.base, ...extra }) : []);

const RCLONE = {
  names: ["rclone"],
  service: "rclone",
  cli: RCLONE_CLI,
  rows: [
    row("purge", (m) => rcloneDelete(m, "destroy", holds({ recursive: true, total: rcloneRoot(m.rest[0]?.value) })), [
      ["rclone purge b2:ledgerly-backups", "destroy object_storage total"],
      ["rclone purge b2:ledgerly-backups/tmp", "destroy object_storage"],
      ["rclone purge --dry-run b2:ledgerly-backups", "read object_storage dry_run"],
      ["rclone purge b2:ledgerly-backups --dry-run=false", "destroy object_storage total"],
    ]),
    row("delete|deletefile|rmdir|rmdirs|cleanup|dedupe", (m) => rcloneDelete(m, "delete", holds({ recursive: m.path[0] === "delete" || m.path[0] === "rmdirs" })), [
      ["rclone delete b2:ledgerly-backups/logs --min-age 30d", "delete object_storage"],
      ["rclone deletefile gdrive:Finance/2023.xlsx", "delete object_storage"],
      ["rclone cleanup gdrive:", "delete object_storage"],
      ["rclone dedupe --dedupe-mode newest gdrive:Photos -n", "read object_storage dry_run"],
    ]),
    // `rclone serve http|webdav|ftp|sftp|… PATH`: PATH handed to whoever connects (a local path is a file server's directory).
    row("serve *", (m) => {
      const dir = m.rest[0];
      if (!dir || rcloneLocate(dir.value) === "remote") return [];
      return pathTarget(m.ctx, dir.value, dir.arg, "consequential").map((c) => eff("send", c, { target: dir.value, exposes: "directory" }));
    }, [
      ["rclone serve http ~/.ssh --addr :8080", "send secret_file exposes=directory"],
      ["rclone serve webdav dist --addr :8080", "send workspace_file"],
      ["rclone serve http gdrive:Public", ""],
    ]),
    row("sync", (m) => transfer(m, rcloneLocate, { deletesExtra: true, recursive: true }), [
      ["rclone sync public s3:ledgerly-site", "write object_storage; send workspace_file; delete object_storage sync_delete"],
      ["rclone sync gdrive:Docs ~/Documents", "write home_file; delete home_file sync_delete"],
      ["rclone sync gdrive:Docs b2:docs-mirror --dry-run", "read object_storage dry_run"],
    ]),
    row("bisync", (m) => [...transfer(m, rcloneLocate, { deletesExtra: true, recursive: true }), ...transfer(m, rcloneLocate, { deletesExtra: true, recursive: true, ops: [...m.rest].reverse() })], [
      ["rclone bisync gdrive:Shared b2:shared", "write object_storage; delete object_storage sync_delete"],
    ]),
    row("move|moveto", (m) => transfer(m, rcloneLocate, { deletesSources: true, recursive: true }), [
      ["rclone move exports b2:ledgerly-archive/exports", "write object_storage; send workspace_file; delete workspace_file"],
    ]),
    row("copy|copyto|copyurl", (m) => transfer(m, rcloneLocate, { recursive: true }), [["rclone copy gdrive:Docs b2:docs-copy", "write object_storage"]]),
    row("ls|lsd|lsl|lsf|lsjson|size|check|cat|tree|about|config|version|listremotes|md5sum|sha1sum|hashsum|ncdu", eff("read", "object_storage"), [
      ["rclone lsd gdrive:", "read object_storage"],
      ["rclone config show", "read object_storage"],
    ]),
  ],
};

// ── Oracle Cloud (oci os) ───────────────────────────────────────────────

const OCI_OS = {
  names: ["oci"],
  service: "oci-os",
  cli: { options: { longValue: ["bucket-name", "namespace", "name", "object-name", "prefix", "profile", "region", "compartment-id", "config-file"], longBool: ["force", "empty", "dry-run"] }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"], envFlags: ["profile", "bucket-name"] } satisfies Cli,
  rows: [
    row("os bucket delete", (m) => eff("destroy", "object_storage", holds({ total: m.has("empty") || m.has("force") })), [
      ["oci os bucket delete --bucket-name logs --force", "destroy object_storage total"],
      ["oci os bucket delete --bucket-name logs", "destroy object_storage"],
    ]),
    row("os object bulk-delete", (m) => eff("delete", "object_storage", holds({ recursive: true, total: !m.has("prefix") })), [["oci os object bulk-delete --bucket-name logs --force", "delete object_storage total"]]),
    row("os object delete", eff("delete", "object_storage"), [["oci os object delete --bucket-name logs --object-name a.txt", "delete object_storage"]]),
    row("os bucket|object|ns list|get", eff("read", "object_storage"), [["oci os object list --bucket-name logs", "read object_storage"]]),
  ],
};

export const STORAGE: Family = {
  name: "cloud storage",
  programs: [AWS_S3, GSUTIL, GCLOUD_STORAGE, AZ_STORAGE, AZCOPY, MC, S3CMD, B2, RCLONE, OCI_OS],
};
