// Database rows: the statements a client is handed, read with the SQL
// tokenizer (src/classify/sql/) — so keywords inside string literals,
// dollar-quoted bodies, quoted identifiers and comments are never statements —
// from a client's `-c`/`-e`/`--command`/`--execute`/`--query`/`-Q` text, its
// SQL operands, a literal heredoc/herestring on its stdin or literal
// `echo`/`printf` text piped in; Redis commands (src/classify/sql/redis.ts);
// the database-dropping CLIs (`dropdb`, `mysqladmin drop`, `pg_restore
// --clean`, `mongorestore --drop`). The Mongo shell's `--eval` code is read
// with the JavaScript grammar by the walker (effects/inline-code.ts).
//
// Effects are `destroy|delete|write × database` with the statement's attrs
// (`statement`, `table`, `where`, `cascade`), `total: true` when a whole
// database goes (DROP DATABASE/SCHEMA, dropdb, FLUSHALL) and `is_production`
// from the host, database and dropped database's names.
import { analyzeSql, redisEffects, redisExpiryDeletes, type DatabaseEffect } from "../sql/index.js";
import { credentialCopies } from "../sql/credential-copy.js";
import { withValue } from "../programs/args.js";
import { has, parseArgs, type OptionSpec } from "../programs/options.js";
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import { attrs, emitPath, gap, productionAttrs, stdinLiteral, targetText, type Attrs, type Ctx } from "./common.js";
import { hostScript } from "../host-facts.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";
import type { Example } from "./families/rows.js";

/** Statements that remove a whole database (or every database). */
const TOTAL = new Set(["DROP DATABASE", "DROP SCHEMA", "FLUSHALL", "FLUSHDB", "dropDatabase", "flush_all"]);

/** One database effect on the effect table, with the names that say which environment it hits. */
export function databaseEffect(ctx: Ctx, e: DatabaseEffect | { verb: DatabaseEffect["verb"]; attrs: Attrs }, names: ReadonlyArray<string | null | undefined>): void {
  const statement = String(e.attrs.statement ?? "");
  const table = typeof e.attrs.table === "string" ? e.attrs.table : undefined;
  // The database a DROP DATABASE names is an environment name too (`DROP DATABASE app_prod`).
  const dropped = statement === "DROP DATABASE" || statement === "DROP SCHEMA" ? [table] : [];
  const extra: Attrs = { ...e.attrs, target: targetText(table ?? statement), ...(TOTAL.has(statement) ? { total: true } : {}), ...productionAttrs([...names, ...dropped]) };
  ctx.out.effect(e.verb, "database", attrs(ctx, extra));
}

interface ClientSpec {
  flags: OptionSpec;
  /** Flags whose value is statement text. */
  text: string[];
  /** Flags naming the host / database (for is_production). */
  nameFlags: string[];
  /** Flags whose value is a script file read. */
  files?: string[];
  /** Operands holding statement text from this position on (sqlite3, duckdb: 1). */
  textOperandsFrom?: number;
  /** The operand naming the database (position), for is_production. */
  dbOperand?: number;
  /** The database operand is a file (sqlite3, duckdb). */
  dbIsFile?: boolean;
  /** Long options take one dash (`sqlite3 -cmd …`, `-init`): read them as `--cmd`. */
  singleDashLong?: boolean;
}

const PSQL: ClientSpec = {
  flags: { shortValue: "cdfhpUvLoPTF", longValue: ["command", "dbname", "file", "host", "port", "username", "set", "variable", "log-file", "output", "pset", "table-attr", "field-separator", "record-separator"], aliases: { c: "command", d: "dbname", f: "file", h: "host", U: "username" } },
  text: ["command"],
  nameFlags: ["dbname", "host"],
  files: ["file"],
  dbOperand: 0,
};
const MYSQL: ClientSpec = {
  flags: { shortValue: "eDhPuSp", longValue: ["execute", "database", "host", "port", "user", "socket", "default-character-set", "defaults-file", "init-command"], aliases: { e: "execute", D: "database", h: "host", u: "user" } },
  text: ["execute", "init-command"],
  nameFlags: ["database", "host"],
  dbOperand: 0,
};
const SQLITE: ClientSpec = {
  flags: { longValue: ["cmd", "separator", "newline", "nullvalue", "init"], shortValue: "" },
  text: ["cmd"],
  nameFlags: [],
  files: ["init"],
  textOperandsFrom: 1,
  dbOperand: 0,
  dbIsFile: true,
  singleDashLong: true,
};

/** The SQL clients: which flags and operands carry statements (program knowledge, once). */
const CLIENTS: Record<string, ClientSpec> = {
  psql: PSQL,
  pgcli: { ...PSQL, flags: { ...PSQL.flags, shortValue: "hpUdWwe", aliases: { e: "command", d: "dbname", h: "host", U: "username" } } },
  usql: { ...PSQL, flags: { shortValue: "cfo", longValue: ["command", "file", "out", "set", "variable"], aliases: { c: "command", f: "file" } }, nameFlags: [] },
  mysql: MYSQL,
  mariadb: MYSQL,
  mycli: { ...MYSQL, flags: { ...MYSQL.flags, longValue: [...(MYSQL.flags.longValue ?? []), "myclirc"] } },
  sqlite3: SQLITE,
  sqlite: SQLITE,
  duckdb: { flags: { shortValue: "cs", longValue: ["cmd", "init"], aliases: { c: "cmd", s: "cmd" } }, text: ["cmd"], nameFlags: [], files: ["init"], textOperandsFrom: 1, dbOperand: 0, dbIsFile: true, singleDashLong: true },
  "clickhouse-client": {
    flags: { shortValue: "qhdu", longValue: ["query", "host", "database", "user", "password", "port", "queries-file"], aliases: { q: "query", h: "host", d: "database", u: "user" } },
    text: ["query"],
    nameFlags: ["host", "database"],
    files: ["queries-file"],
  },
  cqlsh: {
    flags: { shortValue: "efuk", longValue: ["execute", "file", "username", "password", "keyspace"], aliases: { e: "execute", f: "file", u: "username", k: "keyspace" } },
    text: ["execute"],
    nameFlags: ["keyspace"],
    files: ["file"],
    dbOperand: 0,
  },
  sqlcmd: {
    flags: { shortValue: "QqSdUPiov", longValue: [], aliases: { Q: "query", q: "query", S: "server", d: "database", i: "input" } },
    text: ["query"],
    nameFlags: ["server", "database"],
    files: ["input"],
  },
  snowsql: { flags: { shortValue: "qadsuwrf", longValue: ["query", "accountname", "dbname", "schemaname", "username", "warehouse", "rolename", "filename"], aliases: { q: "query", a: "accountname", d: "dbname", f: "filename" } }, text: ["query"], nameFlags: ["accountname", "dbname"], files: ["filename"] },
  trino: { flags: { longValue: ["execute", "server", "catalog", "schema", "user", "file"], shortValue: "f", aliases: { f: "file" } }, text: ["execute"], nameFlags: ["server", "catalog", "schema"], files: ["file"] },
};

/** A client's own include commands in its statement text: sqlite3/duckdb `.read F`, psql `\\i F`/`\\ir F`/`\\include F`, mysql `source F`/`\\. F`. */
const INCLUDES = /(?:^|\n|;)\s*(?:\.read|\\i(?:r|nclude(?:_relative)?)?|source|\\\.)\s+['"]?([^\s'";]+)/gi;

/**
 * SQL whose text the gate has not seen — a `-c "$(cat f.sql)"`, `-f f.sql`, `< f.sql`, a file piped in, an
 * included file — is an unknown shape (ask), never a silent allow; the host's read of the file
 * (`host.files`, src/classify/host-facts.ts) is read as if inline instead.
 */
function sqlFile(ctx: Ctx, file: string, how: string, texts: string[]): void {
  const h = hostScript(ctx.env, file);
  if (h === undefined) gap(ctx, GAP_SHAPE.INTERPRETER_STDIN, `${ctx.program} runs the SQL in ${file} (${how}), which the gate has not read`);
  else if (h.text === null) gap(ctx, h.shape, `${ctx.program} runs the SQL in ${file}, and ${h.reason}`);
  else texts.push(h.text);
}

function sqlClient(ctx: Ctx, spec: ClientSpec): void {
  const args = spec.singleDashLong ? ctx.args.map((a) => (/^-[a-z]{2,}/.test(a.value) ? withValue(a, `-${a.value}`) : a)) : ctx.args;
  const p = parseArgs(args, spec.flags);
  const texts: string[] = [];
  let given = false; // statements on the command line or from a file: the client does not read stdin for them
  for (const f of p.flags) {
    if (!spec.text.includes(f.name) || f.value === null) continue;
    given = true;
    if (!f.arg.dynamic) texts.push(f.value);
    else gap(ctx, f.arg.subst ? GAP_SHAPE.SUBSTITUTION_OPERAND : GAP_SHAPE.DYNAMIC_SCRIPT, `the ${ctx.program} --${f.name} SQL is not a literal`);
  }
  if (spec.textOperandsFrom !== undefined) {
    for (const op of p.operands.slice(spec.textOperandsFrom)) {
      given = true;
      if (!op.arg.dynamic) texts.push(op.value);
      else gap(ctx, op.arg.subst ? GAP_SHAPE.SUBSTITUTION_OPERAND : GAP_SHAPE.DYNAMIC_SCRIPT, `a ${ctx.program} SQL operand that is not a literal`);
    }
  }
  for (const f of p.flags) if (spec.files?.includes(f.name) && f.value !== null) emitPath(ctx, "read", f.value, f.arg, "plain");
  // `psql -f f.sql`, `mysql < f.sql`: the SQL file the host read is read as if inline (src/classify/host-facts.ts); unread, a gap.
  for (const f of p.flags) {
    if (!spec.files?.includes(f.name) || f.value === null || f.value === "-") continue;
    given = true;
    if (f.arg.dynamic) gap(ctx, GAP_SHAPE.DYNAMIC_SCRIPT, `${ctx.program} --${f.name} names a SQL file that is not a literal`);
    else sqlFile(ctx, f.value, `--${f.name}`, texts);
  }
  const stdin = ctx.pc.stdin;
  const fed = stdinLiteral(ctx);
  if (fed !== null) texts.push(fed);
  else if (!given && stdin?.kind === "file") sqlFile(ctx, stdin.path, "its input", texts);
  else if (!given && stdin !== null) gap(ctx, GAP_SHAPE.INTERPRETER_STDIN, `${ctx.program} runs SQL fed from a ${stdin.kind} that is not a literal`);
  for (const t of [...texts]) for (const m of t.matchAll(INCLUDES)) sqlFile(ctx, m[1]!, "included", texts);
  const db = spec.dbOperand !== undefined ? p.operands[spec.dbOperand] : undefined;
  if (spec.dbIsFile && db) emitPath(ctx, "read", db.value, db.arg, "plain");
  const names: Array<string | undefined> = spec.nameFlags.map((n) => p.flags.find((f) => f.name === n && f.value !== null)?.value ?? undefined);
  if (!spec.dbIsFile) names.push(db?.value);
  for (const t of texts) for (const e of analyzeSql(t)) databaseEffect(ctx, e, names);
  // Rows of a credential table copied to a file or another table (sql/credential-copy.ts): the secrets leave it.
  for (const t of texts) for (const c of credentialCopies(t)) ctx.out.effect("read", "secret_file", attrs(ctx, { target: targetText(`${c.table} -> ${c.to}`), via: "sql" }));
}

/** `clickhouse client -q …`, `cockroach sql -e …`, `bq query '…'`: a subcommand whose arguments are a client's. */
const SUBCOMMAND_CLIENTS: Record<string, { sub: string; spec: ClientSpec }> = {
  clickhouse: { sub: "client", spec: CLIENTS["clickhouse-client"]! },
  cockroach: { sub: "sql", spec: { flags: { shortValue: "edf", longValue: ["execute", "database", "host", "url", "user", "certs-dir", "file"], aliases: { e: "execute", d: "database", f: "file" } }, text: ["execute"], nameFlags: ["database", "host", "url"], files: ["file"] } },
  bq: { sub: "query", spec: { flags: { longValue: ["project_id", "dataset_id", "location", "format", "max_rows", "parameter", "destination_table"] }, text: [], nameFlags: ["project_id", "dataset_id"], textOperandsFrom: 0 } },
};

function subcommandClient(ctx: Ctx): void {
  const entry = SUBCOMMAND_CLIENTS[ctx.program]!;
  const at = ctx.args.findIndex((a) => !a.value.startsWith("-"));
  if (at < 0 || ctx.args[at]!.value !== entry.sub) return;
  sqlClient({ ...ctx, args: ctx.args.slice(at + 1), argv: ctx.argv.slice(at + 1) }, entry.spec);
}

function dropdb(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "hpUd", longValue: ["host", "port", "username", "maintenance-db"], aliases: { h: "host" } });
  const host = p.flags.find((f) => f.name === "host" && f.value !== null)?.value;
  const db = p.operands[0]?.value;
  databaseEffect(ctx, { verb: "destroy", attrs: { statement: "DROP DATABASE", ...(db ? { table: db } : {}) } }, [host]);
}

function dropuser(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "hpU", longValue: ["host", "port", "username"], aliases: { h: "host" } });
  const host = p.flags.find((f) => f.name === "host" && f.value !== null)?.value;
  databaseEffect(ctx, { verb: "destroy", attrs: { statement: "DROP ROLE", ...(p.operands[0] ? { table: p.operands[0].value } : {}) } }, [host]);
}

/** `pg_dropcluster [--stop] VERSION NAME` (Debian's postgresql-common): a whole cluster — every database, its data directory and configuration. */
function pgDropcluster(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "", longValue: [] });
  const [version, name] = p.operands;
  databaseEffect(ctx, { verb: "destroy", attrs: { statement: "DROP CLUSTER", ...(version && name ? { table: `${version.value}/${name.value}` } : {}) } }, []);
}

function mysqladmin(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "hPuSp", longValue: ["host", "port", "user", "socket"], aliases: { h: "host", f: "force" } });
  const i = p.operands.findIndex((o) => o.value.toLowerCase() === "drop");
  if (i < 0) return;
  const host = p.flags.find((f) => f.name === "host" && f.value !== null)?.value;
  const db = p.operands[i + 1]?.value;
  databaseEffect(ctx, { verb: "destroy", attrs: { statement: "DROP DATABASE", ...(db ? { table: db } : {}) } }, [host]);
}

/** `pg_restore --clean` drops every object it is about to restore from the target database first. */
function pgRestore(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "dfhpUIinNPsStTLj", longValue: ["dbname", "file", "host", "port", "username", "format", "index", "schema", "table", "trigger", "function", "jobs", "role", "use-list"], aliases: { d: "dbname", h: "host", c: "clean" } });
  if (!has(p, "clean")) return;
  const names = ["dbname", "host"].map((n) => p.flags.find((f) => f.name === n && f.value !== null)?.value);
  databaseEffect(ctx, { verb: "destroy", attrs: { statement: "RESTORE --clean" } }, names);
}

/** `mongorestore --drop` drops each collection before restoring it. */
function mongorestore(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "hudcp", longValue: ["host", "uri", "db", "collection", "username", "password", "nsInclude", "nsExclude", "archive", "dir"], aliases: { h: "host", d: "db" } });
  if (!has(p, "drop")) return;
  const names = ["host", "uri", "db"].map((n) => p.flags.find((f) => f.name === n && f.value !== null)?.value);
  databaseEffect(ctx, { verb: "destroy", attrs: { statement: "RESTORE --drop" } }, names);
}

const REDIS_SPEC: OptionSpec = { shortValue: "hpsanurid", longValue: ["user", "pass", "tls", "cacert", "cert", "key", "sni", "pattern", "count"], aliases: { h: "host", n: "db", u: "uri" } };

/** redis-cli COMMAND ARGS…, or one command per line of a literal stdin. */
function redisCli(ctx: Ctx): void {
  const p = parseArgs(ctx.args, REDIS_SPEC);
  const names = ["host", "uri"].map((n) => p.flags.find((f) => f.name === n && f.value !== null)?.value);
  const commands: string[][] = [];
  const [first, ...keys] = p.operands;
  // An expiry already due (`expire 0`, `pexpire {} 1`) deletes the key like DEL.
  const del = first !== undefined && !first.arg.dynamic && (/^(del|unlink)$/i.test(first.value) || redisExpiryDeletes(p.operands.map((o) => o.value)));
  // Keys chosen at run time: handed in by xargs from a scan (`--scan | xargs redis-cli del`) is every key the scan
  // finds; a variable or substitution (`del "$k"` in a loop over KEYS) cannot be placed, like `rm -rf "$d"`.
  if (del && ctx.pc.fedBy !== null) databaseEffect(ctx, { verb: "delete", attrs: { statement: first.value.toUpperCase(), where: "none", keys: "fed" } }, names);
  else if (del && keys.some((o) => o.arg.dynamic)) {
    const subst = keys.some((o) => o.arg.subst);
    gap(ctx, subst ? GAP_SHAPE.SUBSTITUTION_OPERAND : GAP_SHAPE.NON_LITERAL_OPERAND, `${ctx.program} ${first.value} deletes keys chosen at run time`);
  } else if (p.operands.length > 0 && !p.operands.some((o) => o.arg.dynamic)) commands.push(p.operands.map((o) => o.value));
  const fed = stdinLiteral(ctx);
  if (fed !== null) for (const line of fed.split(/\r?\n/)) commands.push(line.trim().split(/\s+/).filter(Boolean));
  for (const words of commands) {
    const e = redisEffects(words);
    if (e) databaseEffect(ctx, e, names);
  }
}

/**
 * memcached's text protocol typed into a socket (`echo flush_all | nc host
 * 11211`, a heredoc into telnet): `flush_all` empties the cache server, a
 * `delete KEY` removes one item. Any port: memcached listens where it is told.
 */
export function memcachedStdin(ctx: Ctx): void {
  const fed = stdinLiteral(ctx);
  if (fed === null) return;
  for (const line of fed.split(/\r?\n/)) {
    const [cmd, key] = line.trim().split(/\s+/);
    if (cmd === "flush_all") databaseEffect(ctx, { verb: "destroy", attrs: { statement: "flush_all", service: "memcached" } }, []);
    else if (cmd === "delete" && key) databaseEffect(ctx, { verb: "delete", attrs: { statement: "delete", where: "filtered", table: key, service: "memcached" } }, []);
  }
}

/**
 * A SQL statement typed as a shell command (`DROP TABLE users`, `truncate
 * table logs;`, `DELETE FROM sessions`): no such program runs it here, but an
 * agent that types it into a shell whose input is a database console (a
 * `psql` in tmux, a REPL) means exactly that statement. Read only when the
 * whole command parses as a destructive statement; GNU `truncate` with its
 * size options is a file write (filesystem.ts), never SQL.
 */
/** SQL words a typed statement is made of, for the program names that are also real programs (GNU truncate). */
const SQL_WORD = /^([A-Za-z_][\w$]*(\.[A-Za-z_][\w$]*)*|"[^"]+"|`[^`]+`)?[;,]?$/;

function typedSql(ctx: Ctx): void {
  if (ctx.program === "truncate" && ctx.args.some((a) => a.value.startsWith("-") || !SQL_WORD.test(a.value))) return; // `truncate -s 0 f`, Tailwind's `truncate text-sm`
  if (ctx.args.some((a) => a.dynamic)) return;
  const text = [ctx.pc.cmd.program, ...ctx.argv].join(" ");
  for (const e of analyzeSql(text)) {
    if (e.attrs.table === undefined && !e.attrs.admin) continue; // `update`, `drop` alone: no statement
    if (e.verb !== "destroy" && e.attrs.where !== "none" && e.attrs.where !== "always_true" && !e.attrs.admin) continue;
    databaseEffect(ctx, { ...e, attrs: { ...e.attrs, via: "typed sql" } }, []);
  }
}

/** A SQL client reads its statements through its spec (CLIENTS). */
const client: Handler = (ctx) => sqlClient(ctx, CLIENTS[ctx.program]!);
const drop = (c: string): Example => [c, "destroy database"];

/** Every client and tool: a statement or command that destroys, beside one that only reads. */
export const DATABASE_PROGRAMS: readonly ProgramEntry[] = [
  entry(["psql"], client, [drop('psql -c "DROP TABLE users"'), ['psql -c "SELECT 1"', ""]]),
  entry(["pgcli"], client, [drop('pgcli -e "DROP TABLE users"'), ['pgcli -e "SELECT 1"', ""]]),
  entry(["usql"], client, [drop('usql -c "DROP TABLE users"'), ['usql -c "SELECT 1"', ""]]),
  entry(["mysql", "mariadb"], client, [drop('mysql -e "DROP TABLE users"'), drop('mariadb -e "DROP TABLE users"'), ['mysql -e "SELECT 1"', ""], ['mariadb -e "SELECT 1"', ""]]),
  entry(["mycli"], client, [drop('mycli -e "DROP TABLE users"'), ['mycli -e "SELECT 1"', ""]]),
  entry(["sqlite3", "sqlite"], client, [["sqlite3 app.db \"DROP TABLE users\"", "destroy database; read workspace_file"], ["sqlite app.db \"SELECT 1\"", "read workspace_file"]]),
  entry(["duckdb"], client, [drop('duckdb -c "DROP TABLE users"'), ['duckdb -c "SELECT 1"', ""]]),
  entry(["clickhouse-client"], client, [drop('clickhouse-client -q "DROP TABLE users"'), ["clickhouse-client --queries-file purge.sql", "read workspace_file"], ['clickhouse-client -q "SELECT 1"', ""]]),
  entry(["cqlsh"], client, [drop('cqlsh -e "DROP TABLE users"'), ['cqlsh -e "SELECT * FROM ks.t"', ""]]),
  entry(["sqlcmd"], client, [drop('sqlcmd -Q "DROP TABLE users"'), ['sqlcmd -Q "SELECT 1"', ""]]),
  entry(["snowsql"], client, [drop('snowsql -q "DROP TABLE users"'), ['snowsql -q "SELECT 1"', ""]]),
  entry(["trino"], client, [drop('trino --execute "DROP TABLE users"'), ['trino --execute "SELECT 1"', ""]]),
  // A client behind its tool's subcommand (SUBCOMMAND_CLIENTS).
  entry(["clickhouse", "cockroach", "bq"], subcommandClient, [
    drop('clickhouse client -q "DROP TABLE users"'),
    drop('cockroach sql -e "DROP TABLE users"'),
    drop('bq query "DROP TABLE ds.users"'),
    ['clickhouse local -q "SELECT 1"', ""],
    ["cockroach start", ""],
  ]),
  entry(["dropdb"], dropdb, [drop("dropdb shop"), ["dropdb --help", ""]]),
  entry(["dropuser"], dropuser, [drop("dropuser bob"), ["dropuser --help", ""]]),
  entry(["pg_dropcluster"], pgDropcluster, [drop("pg_dropcluster 16 main"), ["pg_dropcluster --help", ""]]),
  entry(["mysqladmin"], mysqladmin, [drop("mysqladmin drop shop"), ["mysqladmin status", ""]]),
  entry(["pg_restore"], pgRestore, [drop("pg_restore --clean -d shop dump.sql"), ["pg_restore -l dump.sql", ""]]),
  entry(["mongorestore"], mongorestore, [drop("mongorestore --drop dump/"), ["mongorestore --help", ""]]),
  // KeyDB and Valkey are Redis forks with its CLI.
  entry(["redis-cli", "valkey-cli", "keydb-cli"], redisCli, [
    drop("redis-cli FLUSHALL"),
    drop("valkey-cli FLUSHDB"),
    drop("keydb-cli FLUSHALL"),
    ["redis-cli expire session:1 0", "delete database where=filtered"],
    ["redis-cli --scan | xargs redis-cli expire 0", "delete database where=none"],
    ["redis-cli GET k", ""],
    ["redis-cli expire session:1 3600", ""],
  ]),
  // memcached's own flush tool (libmemcached): every item on the servers goes.
  entry(["memcflush"], (ctx) => databaseEffect(ctx, { verb: "destroy", attrs: { statement: "flush_all", service: "memcached" } }, [ctx.args.find((a) => a.value.startsWith("--servers="))?.value.slice(10)]), [drop("memcflush --servers=localhost"), ["memcstat --servers=localhost", ""]]),
  // SQL typed as a command (`drop table users;`): the words are a statement when they read as one.
  entry(["drop", "delete", "truncate", "alter", "update", "grant"], typedSql, [
    drop("drop table users;"),
    ["delete from users;", "delete database"],
    ["update users set a=1;", "write database"],
    drop("alter table users drop column x;"),
    ["truncate -s 0 f", "write workspace_file"],
    ["grant select on x to y;", ""],
    ["drop", ""],
  ]),
];

export const DATABASE_HANDLERS: Record<string, Handler> = handlerTable(DATABASE_PROGRAMS);

