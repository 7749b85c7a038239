// Database rows: destroy × database for DROP/TRUNCATE (and an unqualified
// DELETE FROM) in a client's `-c`/`-e`/`--command`/`--eval` text, in a literal
// heredoc/herestring on its stdin, in a literal `echo`/`printf` piped into it,
// and for `dropdb`, `mysqladmin drop`, redis `FLUSHALL`/`FLUSHDB`, mongo `dropDatabase()`.
import { parseArgs, type OptionSpec } from "../programs/options.js";
import { attrs, emitPath, productionAttrs, type Attrs, type Ctx } from "./common.js";
import type { Handler } from "./filesystem.js";

const SQL_DESTROY = /\bdrop\s+(table|database|schema|view|index|materialized|sequence|function|procedure|trigger|user|role|owned|extension|type|collection|keyspace|domain|tablespace|if\s+exists)\b|\btruncate\b|\bdelete\s+from\s+[`"'\w.]+\s*(;|$)/i;
const MONGO_DESTROY = /dropDatabase\s*\(|\.drop\s*\(|\.deleteMany\s*\(\s*\{\s*\}\s*\)|\.remove\s*\(\s*\{\s*\}\s*\)/;
const REDIS_DESTROY = /^(flushall|flushdb)$/i;

/** Literal text fed to stdin: a literal heredoc/herestring, or literal echo/printf args piped in. */
function stdinText(ctx: Ctx): string | null {
  const s = ctx.pc.stdin;
  if (!s) return null;
  if ((s.kind === "heredoc" || s.kind === "herestring") && s.text !== null) return s.text;
  if (s.kind === "pipe") {
    const up = ctx.analysis.commands[s.upstream];
    if (up && (up.cmd.program === "echo" || up.cmd.program === "printf")) return up.cmd.argv.join(" ");
  }
  return null;
}

function destroy(ctx: Ctx, extra: Attrs): void {
  ctx.out.effect("destroy", "database", attrs(ctx, extra));
}

interface ClientSpec {
  flags: OptionSpec;
  /** Flags whose value is statement text. */
  text: string[];
  /** Flags naming the host / database (for is_production). */
  names: string[];
  /** Flags whose value is a script file read. */
  files?: string[];
  /** Operand positions holding statement text (sqlite3: 1+). */
  textOperandsFrom?: number;
  /** Operand naming the database (position), for is_production. */
  dbOperand?: number;
}

const CLIENTS: Record<string, ClientSpec> = {
  psql: {
    flags: { shortValue: "cdfhpUvLoPTF", longValue: ["command", "dbname", "file", "host", "port", "username", "set", "variable", "log-file", "output", "pset", "table-attr", "field-separator", "record-separator"], aliases: { c: "command", d: "dbname", f: "file", h: "host", U: "username" } },
    text: ["command"],
    names: ["dbname", "host"],
    files: ["file"],
    dbOperand: 0,
  },
  mysql: {
    flags: { shortValue: "eDhPuSp", longValue: ["execute", "database", "host", "port", "user", "socket", "default-character-set", "defaults-file", "init-command"], aliases: { e: "execute", D: "database", h: "host", u: "user" } },
    text: ["execute", "init-command"],
    names: ["database", "host"],
    dbOperand: 0,
  },
  mariadb: {
    flags: { shortValue: "eDhPuSp", longValue: ["execute", "database", "host", "port", "user", "socket"], aliases: { e: "execute", D: "database", h: "host", u: "user" } },
    text: ["execute"],
    names: ["database", "host"],
    dbOperand: 0,
  },
  sqlite3: {
    flags: { longValue: ["cmd", "separator", "newline", "nullvalue", "init"], shortValue: "" },
    text: ["cmd"],
    names: [],
    files: ["init"],
    textOperandsFrom: 1,
    dbOperand: 0,
  },
  mongosh: {
    flags: { shortValue: "uphf", longValue: ["eval", "host", "port", "username", "password", "file", "authenticationDatabase"], aliases: { u: "username", p: "password", h: "host", f: "file" } },
    text: ["eval"],
    names: ["host"],
    files: ["file"],
    dbOperand: 0,
  },
  mongo: {
    flags: { shortValue: "uph", longValue: ["eval", "host", "port", "username", "password"], aliases: { u: "username", p: "password", h: "host" } },
    text: ["eval"],
    names: ["host"],
    dbOperand: 0,
  },
  "clickhouse-client": {
    flags: { shortValue: "qhdu", longValue: ["query", "host", "database", "user", "password", "port"], aliases: { q: "query", h: "host", d: "database", u: "user" } },
    text: ["query"],
    names: ["host", "database"],
  },
  cqlsh: {
    flags: { shortValue: "efuk", longValue: ["execute", "file", "username", "password", "keyspace"], aliases: { e: "execute", f: "file", u: "username", k: "keyspace" } },
    text: ["execute"],
    names: ["keyspace"],
    textOperandsFrom: 99,
    dbOperand: 0,
  },
};

function sqlClient(ctx: Ctx): void {
  const spec = CLIENTS[ctx.program];
  const p = parseArgs(ctx.args, spec.flags);
  const texts: string[] = [];
  for (const f of p.flags) if (spec.text.includes(f.name) && f.value !== null) texts.push(f.value);
  if (spec.textOperandsFrom !== undefined) for (const op of p.operands.slice(spec.textOperandsFrom)) texts.push(op.value);
  const fed = stdinText(ctx);
  if (fed !== null) texts.push(fed);
  for (const f of p.flags) if (spec.files?.includes(f.name) && f.value !== null) emitPath(ctx, "read", f.value, f.arg, "plain");
  if (ctx.program === "sqlite3" && p.operands[0]) emitPath(ctx, "read", p.operands[0].value, p.operands[0].arg, "plain");
  const names: Array<string | undefined> = spec.names.map((n) => p.flags.find((f) => f.name === n && f.value !== null)?.value ?? undefined);
  if (spec.dbOperand !== undefined && ctx.program !== "sqlite3") names.push(p.operands[spec.dbOperand]?.value);
  const isMongo = ctx.program === "mongosh" || ctx.program === "mongo";
  if (texts.some((t) => SQL_DESTROY.test(t) || (isMongo && MONGO_DESTROY.test(t)))) destroy(ctx, productionAttrs(names));
}

function dropdb(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "hpUd", longValue: ["host", "port", "username", "maintenance-db"], aliases: { h: "host" } });
  const host = p.flags.find((f) => f.name === "host" && f.value !== null)?.value;
  destroy(ctx, productionAttrs([host, ...p.operands.map((o) => o.value)]));
}

function mysqladmin(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "hPuSp", longValue: ["host", "port", "user", "socket"], aliases: { h: "host", f: "force" } });
  const i = p.operands.findIndex((o) => o.value.toLowerCase() === "drop");
  if (i < 0) return;
  const host = p.flags.find((f) => f.name === "host" && f.value !== null)?.value;
  destroy(ctx, productionAttrs([host, p.operands[i + 1]?.value]));
}

function redisCli(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "hpsanurid", longValue: ["user", "pass", "tls", "cacert", "cert", "key", "sni"], aliases: { h: "host", n: "db" } });
  const host = p.flags.find((f) => f.name === "host" && f.value !== null)?.value;
  const fed = stdinText(ctx);
  if (p.operands.some((o) => REDIS_DESTROY.test(o.value)) || (fed !== null && /\bflush(all|db)\b/i.test(fed))) destroy(ctx, productionAttrs([host]));
}

export const DATABASE_HANDLERS: Record<string, Handler> = {
  ...Object.fromEntries(Object.keys(CLIENTS).map((k) => [k, sqlClient])),
  dropdb,
  mysqladmin,
  "redis-cli": redisCli,
};
