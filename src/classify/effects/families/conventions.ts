// The help and dry-run conventions of tools whose effects are still written
// as handlers (infra.ts, database.ts, network.ts, packages.ts): the family
// engine's global handling applies to them too, so `terraform destroy -help`
// destroys nothing and `kubectl delete --dry-run=client` deletes nothing. When
// a tool gets family rows, its `Cli` moves to its family file (or clis.ts) and
// its entry here goes.
import { RSYNC_SPEC } from "../network.js";
import type { Cli } from "./rows.js";

/** Database clients: `-h` is the host. */
const DB_CLIENT: Cli = { help: { flags: ["help", "?"] } };
const RSYNC: Cli = {
  options: {
    ...RSYNC_SPEC,
    longBool: [
      "delete", "delete-before", "delete-during", "delete-delay", "delete-after", "delete-excluded", "archive", "recursive", "verbose",
      "compress", "checksum", "update", "progress", "partial", "human-readable", "itemize-changes", "stats", "links", "perms", "times",
      "group", "owner", "remove-source-files", "force", "existing", "ignore-existing", "hard-links", "acls", "xattrs", "sparse",
      "inplace", "append", "mkpath", "prune-empty-dirs", "dry-run",
    ],
  },
  help: { flags: ["help"] },
  dryRun: ["dry-run", "n"],
};

export const CONVENTIONS: ReadonlyMap<string, Cli> = new Map<string, Cli>([
  ...["psql", "pgcli", "usql", "mysql", "mariadb", "mycli", "sqlite3", "sqlite", "duckdb", "mongosh", "mongo", "redis-cli", "valkey-cli", "keydb-cli", "clickhouse-client", "cqlsh", "sqlcmd", "snowsql", "trino", "dropdb", "dropuser", "pg_dropcluster", "mysqladmin", "pg_restore", "mongorestore"].map((n) => [n, DB_CLIENT] as const),
  ["rsync", RSYNC],
]);
