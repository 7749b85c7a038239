// SQL statements → database effects (SPEC §6.2: `psql`/`mysql`/`sqlite3`
// with DROP/TRUNCATE → destroy × database). Statements are split on `;`
// tokens, so keywords inside strings, dollar-quoted bodies, quoted
// identifiers and comments are never statements. Per statement:
//
// | statement | effect | attrs |
// |---|---|---|
// | `DROP TABLE|DATABASE|SCHEMA|VIEW|INDEX|…` | destroy | `statement: "DROP <KIND>"`, `table`, `cascade` |
// | `TRUNCATE [TABLE] t` | destroy | `statement: "TRUNCATE"`, `table` |
// | `ALTER TABLE t … DROP …` | destroy | `statement: "ALTER TABLE DROP"`, `table` |
// | `DELETE FROM t [WHERE …]` | delete | `statement: "DELETE"`, `table`, `where: none|always_true|filtered` |
// | `UPDATE t SET … [WHERE …]` | write | `statement: "UPDATE"`, `table`, `where` |
// | `GRANT`, `REVOKE` | write | `statement` |
// | `INSERT`, `CREATE`, `ALTER` (no DROP), `MERGE`, `REPLACE`, `COPY … FROM`, `LOAD DATA` | write | `statement`, `table` when named |
//
// `where: always_true` when the WHERE clause (or one OR-branch of it) is a
// tautology: `1=1`, `true`, `1`, `'a'='a'`, `x = x`, `NOT false`, `1 <> 2`.
// SELECT, SHOW, EXPLAIN, BEGIN/COMMIT and the rest have no effect.
import type { DatabaseEffect, Where } from "./effect.js";
import { tokenizeSql, type SqlToken } from "./tokenize.js";

export { tokenizeSql, type SqlToken } from "./tokenize.js";
export { redisEffects, redisExpiryDeletes } from "./redis.js";

export type { DatabaseEffect, Where } from "./effect.js";

const DROP_KINDS = new Set(["TABLE", "DATABASE", "SCHEMA", "VIEW", "INDEX", "SEQUENCE", "FUNCTION", "PROCEDURE", "TRIGGER", "USER", "ROLE", "OWNED", "EXTENSION", "TYPE", "COLLECTION", "KEYSPACE", "DOMAIN", "TABLESPACE", "MATERIALIZED", "PUBLICATION", "SUBSCRIPTION", "SERVER", "EVENT", "POLICY", "RULE", "AGGREGATE", "LOGIN"]);
const WRITES = new Set(["INSERT", "CREATE", "MERGE", "REPLACE", "UPSERT", "VACUUM", "REINDEX", "CLUSTER", "REFRESH", "RENAME", "COMMENT"]);
const MAX_STATEMENTS = 1000;

/** Split into statements: the significant tokens (comments dropped) between `;`s. */
export function splitStatements(tokens: readonly SqlToken[]): SqlToken[][] {
  const out: SqlToken[][] = [];
  let cur: SqlToken[] = [];
  for (const t of tokens) {
    if (t.kind === "comment" || t.kind === "meta") continue;
    if (t.kind === "semicolon") {
      if (cur.length > 0) out.push(cur);
      cur = [];
      continue;
    }
    cur.push(t);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

const isWord = (t: SqlToken | undefined, ...words: string[]): boolean => t !== undefined && t.kind === "word" && words.includes(t.value);

/** A (possibly schema-qualified) name at `at`: `a.b`, `"A"."b"`, `` `x` ``. */
function nameAt(tokens: readonly SqlToken[], at: number): string | undefined {
  const parts: string[] = [];
  let i = at;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (t.kind !== "word" && t.kind !== "quoted_ident") break;
    parts.push(t.kind === "word" ? t.text : t.value);
    if (tokens[i + 1]?.kind === "op" && tokens[i + 1]!.text === "." && i + 2 < tokens.length) i += 2;
    else break;
  }
  return parts.length > 0 ? parts.join(".") : undefined;
}

/** Skip `IF [NOT] EXISTS`, `ONLY`, `CONCURRENTLY`, `TEMPORARY` and similar noise before a name. */
function skipNoise(tokens: readonly SqlToken[], at: number): number {
  let i = at;
  while (isWord(tokens[i], "IF", "NOT", "EXISTS", "ONLY", "CONCURRENTLY", "TABLE", "LOW_PRIORITY", "QUICK", "IGNORE", "FROM")) i++;
  return i;
}

export function classifyStatement(tokens: readonly SqlToken[]): DatabaseEffect | null {
  // `WITH x AS (…) DELETE …`: the statement is the first top-level DML keyword after the CTEs.
  let start = 0;
  if (isWord(tokens[0], "WITH")) {
    let depth = 0;
    for (let i = 1; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.kind === "op" && t.text === "(") depth++;
      else if (t.kind === "op" && t.text === ")") depth--;
      else if (depth === 0 && isWord(t, "DELETE", "UPDATE", "INSERT", "SELECT", "MERGE")) {
        start = i;
        break;
      }
    }
  }
  const s = tokens.slice(start);
  const head = s[0];
  if (!head || head.kind !== "word") return null;
  const cascade = s.some((t) => isWord(t, "CASCADE"));
  switch (head.value) {
    case "DROP": {
      const kind = s[1]?.kind === "word" ? s[1].value : "";
      if (!DROP_KINDS.has(kind)) return null;
      const what = kind === "MATERIALIZED" ? "MATERIALIZED VIEW" : kind;
      const at = skipNoise(s, kind === "MATERIALIZED" ? 3 : 2);
      const table = nameAt(s, at);
      return { verb: "destroy", attrs: { statement: `DROP ${what}`, ...(table ? { table } : {}), ...(cascade ? { cascade: true } : {}) } };
    }
    case "TRUNCATE": {
      const table = nameAt(s, skipNoise(s, 1));
      return { verb: "destroy", attrs: { statement: "TRUNCATE", ...(table ? { table } : {}), ...(cascade ? { cascade: true } : {}) } };
    }
    case "DELETE": {
      const table = nameAt(s, skipNoise(s, 1));
      return { verb: "delete", attrs: { statement: "DELETE", ...(table ? { table } : {}), where: whereOf(s) } };
    }
    case "UPDATE": {
      const table = nameAt(s, skipNoise(s, 1));
      return { verb: "write", attrs: { statement: "UPDATE", ...(table ? { table } : {}), where: whereOf(s) } };
    }
    case "ALTER": {
      const table = isWord(s[1], "TABLE") ? nameAt(s, skipNoise(s, 2)) : undefined;
      const drops = s.slice(2).some((t) => isWord(t, "DROP"));
      return { verb: drops ? "destroy" : "write", attrs: { statement: drops ? `ALTER ${s[1]?.value ?? ""} DROP`.replace(/\s+/g, " ") : "ALTER", ...(table ? { table } : {}), ...(cascade ? { cascade: true } : {}) } };
    }
    case "GRANT":
    case "REVOKE": {
      // `GRANT ALL [PRIVILEGES] ON *.*` / `ON ALL TABLES IN SCHEMA`, `WITH GRANT OPTION`, `TO PUBLIC`: everything, to someone.
      const all = head.value === "GRANT" && isWord(s[1], "ALL") && (s.some((t, k) => t.text === "*" && s[k + 1]?.text === "." && s[k + 2]?.text === "*") || s.some((t) => isWord(t, "PUBLIC")) || s.some((t, k) => isWord(t, "GRANT") && k > 0 && isWord(s[k + 1], "OPTION")));
      return { verb: "write", attrs: { statement: head.value, ...(all ? { admin: true } : {}) } };
    }
    case "RESET":
      // MySQL `RESET MASTER` / `RESET BINARY LOGS AND GTIDS` deletes every binary log (point-in-time recovery goes with them).
      return isWord(s[1], "MASTER") || isWord(s[1], "BINARY") ? { verb: "destroy", attrs: { statement: `RESET ${s[1]!.value}` } } : null;
    case "PURGE":
      return isWord(s[1], "BINARY") || isWord(s[1], "MASTER") ? { verb: "delete", attrs: { statement: "PURGE BINARY LOGS", where: "filtered" } } : null;
    case "COPY":
      return s.some((t) => isWord(t, "FROM")) ? { verb: "write", attrs: { statement: "COPY" } } : null;
    case "LOAD":
      return { verb: "write", attrs: { statement: "LOAD" } };
    default:
      if (WRITES.has(head.value)) {
        const table = head.value === "INSERT" || head.value === "REPLACE" ? nameAt(s, skipNoise(s, isWord(s[1], "INTO") ? 2 : 1)) : undefined;
        return { verb: "write", attrs: { statement: head.value, ...(table ? { table } : {}) } };
      }
      return null;
  }
}

/** The WHERE clause of a DELETE/UPDATE (top level, up to RETURNING/ORDER/LIMIT): none, a tautology, or a filter. */
function whereOf(s: readonly SqlToken[]): Where {
  let depth = 0;
  let at = -1;
  for (let i = 0; i < s.length; i++) {
    const t = s[i]!;
    if (t.kind === "op" && t.text === "(") depth++;
    else if (t.kind === "op" && t.text === ")") depth--;
    else if (depth === 0 && isWord(t, "WHERE")) {
      at = i;
      break;
    }
  }
  if (at < 0) return "none";
  const clause: SqlToken[] = [];
  depth = 0;
  for (const t of s.slice(at + 1)) {
    if (t.kind === "op" && t.text === "(") depth++;
    if (t.kind === "op" && t.text === ")") depth--;
    if (depth === 0 && isWord(t, "RETURNING", "ORDER", "LIMIT", "GROUP")) break;
    clause.push(t);
  }
  if (isWord(clause[0], "CURRENT") && isWord(clause[1], "OF")) return "filtered";
  return tautology(clause) ? "always_true" : "filtered";
}

/** Is the expression always true? OR: any branch; AND: every branch; parentheses peeled. */
export function tautology(expr: readonly SqlToken[]): boolean {
  const branches = splitTop(expr, "OR");
  if (branches.length > 1) return branches.some(tautology);
  const conj = splitTop(expr, "AND");
  if (conj.length > 1) return conj.every(tautology);
  let e = expr;
  while (e.length >= 2 && e[0]!.text === "(" && e[e.length - 1]!.text === ")" && closes(e)) e = e.slice(1, -1);
  if (e.length === 0) return false;
  if (isWord(e[0], "NOT")) return falsehood(e.slice(1));
  if (e.length === 1) return isWord(e[0], "TRUE") || (e[0]!.kind === "number" && Number(e[0]!.text) !== 0) || (e[0]!.kind === "string" && e[0]!.value === "1");
  if (e.length === 3 && e[1]!.kind === "op") {
    const [a, op, b] = [e[0]!, e[1]!.text, e[2]!];
    const same = a.kind === b.kind && (a.kind === "word" ? a.value === b.value : a.value === b.value);
    const literal = (t: SqlToken) => t.kind === "number" || t.kind === "string";
    if ((op === "=" || op === "==" || op === ">=" || op === "<=") && same && a.kind !== "op") return true;
    if ((op === "<>" || op === "!=") && literal(a) && literal(b) && !same) return true;
    if (op === ">" && a.kind === "number" && b.kind === "number") return Number(a.text) > Number(b.text);
    if (op === "<" && a.kind === "number" && b.kind === "number") return Number(a.text) < Number(b.text);
  }
  // `1 IS NOT NULL`, `'x' LIKE '%'`
  if (e.length === 4 && (e[0]!.kind === "number" || e[0]!.kind === "string") && isWord(e[1], "IS") && isWord(e[2], "NOT") && isWord(e[3], "NULL")) return true;
  if (e.length === 3 && isWord(e[1], "LIKE") && e[2]!.kind === "string" && /^%+$/.test(e[2]!.value) && e[0]!.kind === "string") return true;
  return false;
}

function falsehood(expr: readonly SqlToken[]): boolean {
  let e = expr;
  while (e.length >= 2 && e[0]!.text === "(" && e[e.length - 1]!.text === ")" && closes(e)) e = e.slice(1, -1);
  if (e.length === 1) return isWord(e[0], "FALSE") || (e[0]!.kind === "number" && Number(e[0]!.text) === 0);
  if (e.length === 3 && e[1]!.kind === "op" && e[1]!.text === "=" && (e[0]!.kind === "number" || e[0]!.kind === "string") && (e[2]!.kind === "number" || e[2]!.kind === "string")) return e[0]!.value !== e[2]!.value;
  return false;
}

/** Does the opening parenthesis at 0 close at the very end? */
function closes(e: readonly SqlToken[]): boolean {
  let depth = 0;
  for (let i = 0; i < e.length; i++) {
    if (e[i]!.text === "(") depth++;
    else if (e[i]!.text === ")") depth--;
    if (depth === 0 && i < e.length - 1) return false;
  }
  return depth === 0;
}

function splitTop(expr: readonly SqlToken[], word: "OR" | "AND"): SqlToken[][] {
  const out: SqlToken[][] = [[]];
  let depth = 0;
  for (const t of expr) {
    if (t.text === "(") depth++;
    else if (t.text === ")") depth--;
    if (depth === 0 && isWord(t, word)) {
      out.push([]);
      continue;
    }
    out[out.length - 1]!.push(t);
  }
  return out;
}

/** Every database effect of a SQL text, in statement order. Never throws. */
export function analyzeSql(text: string): DatabaseEffect[] {
  const out: DatabaseEffect[] = [];
  let statements: SqlToken[][];
  try {
    statements = splitStatements(tokenizeSql(typeof text === "string" ? text : String(text)));
  } catch {
    return out;
  }
  for (const s of statements.slice(0, MAX_STATEMENTS)) {
    const e = classifyStatement(s);
    if (e) out.push(e);
  }
  return out;
}
