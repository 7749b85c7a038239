// SQL: the tokenizer never throws and keeps keywords inside literals and
// comments out of statements; the classifier names destroy/delete/write ×
// database with the statement, table and WHERE shape.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeSql, redisEffects, tokenizeSql } from "../../../src/classify/sql/index.js";

const kinds = (sql: string) => analyzeSql(sql).map((e) => `${e.verb} ${e.attrs.statement}${e.attrs.table ? ` ${e.attrs.table}` : ""}${e.attrs.where ? ` where=${e.attrs.where}` : ""}${e.attrs.cascade ? " cascade" : ""}`);

describe("tokenizeSql", () => {
  it("reads every quote style", () => {
    const t = tokenizeSql(`SELECT 'it''s', E'a\\'b', $$ x $$, $tag$ y $tag$, "Quoted""Id", \`tick\`, [br], N'n', 1.5e3 -- c\n/* a /* nested */ b */ ;`);
    expect(t.filter((x) => x.kind !== "op").map((x) => [x.kind, x.value])).toEqual([
      ["word", "SELECT"], ["string", "it's"], ["string", "a'b"], ["string", " x "], ["string", " y "], ["quoted_ident", 'Quoted"Id'], ["quoted_ident", "tick"], ["quoted_ident", "br"], ["string", "n"], ["number", "1.5e3"],
      ["comment", "-- c"], ["comment", "/* a /* nested */ b */"], ["semicolon", ";"],
    ]);
  });
  it("a psql meta-command line is one token", () => {
    expect(tokenizeSql("\\c prod\nDROP TABLE t").map((t) => t.kind)).toEqual(["meta", "word", "word", "word"]);
  });
  it("unterminated strings, comments and dollar bodies run to the end", () => {
    expect(tokenizeSql("SELECT 'abc; DROP TABLE x").pop()!.kind).toBe("string");
    expect(tokenizeSql("SELECT 1 /* DROP TABLE x").pop()!.kind).toBe("comment");
    expect(tokenizeSql("SELECT $$ DROP TABLE x").pop()!.kind).toBe("string");
  });
  it("never throws; tokens cover the input in order, with only whitespace between them", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        let pos = 0;
        for (const t of tokenizeSql(s)) {
          const at = s.indexOf(t.text, pos);
          expect(at).toBeGreaterThanOrEqual(pos);
          expect(s.slice(pos, at)).toMatch(/^[ \t\r\n\f]*$/);
          pos = at + t.text.length;
        }
        expect(s.slice(pos)).toMatch(/^[ \t\r\n\f]*$/);
      }),
      { numRuns: 300 },
    );
  });
  it("keywords inside any literal or comment are never statements", () => {
    const dangerous = fc.constantFrom("DROP TABLE users", "TRUNCATE t", "DELETE FROM t", "drop database prod; truncate x");
    const wrap = fc.constantFrom(
      (x: string) => `SELECT '${x.replace(/'/g, "''")}'`,
      (x: string) => `SELECT $$${x}$$`,
      (x: string) => `SELECT $q$${x}$q$`,
      (x: string) => `SELECT 1 -- ${x}`,
      (x: string) => `SELECT 1 /* ${x} */`,
      (x: string) => `SELECT 1 /* a /* ${x} */ b */`,
      (x: string) => `SELECT "${x.replace(/"/g, '""')}" FROM t`,
      (x: string) => `SELECT E'\\'${x}'`,
    );
    fc.assert(fc.property(dangerous, wrap, (d, w) => analyzeSql(w(d)).length === 0));
  });
});

describe("analyzeSql", () => {
  const rows: Array<[string, string[]]> = [
    ["DROP TABLE users", ["destroy DROP TABLE users"]],
    ["drop table if exists public.users cascade;", ["destroy DROP TABLE public.users cascade"]],
    ['DROP TABLE "Order""s"', ['destroy DROP TABLE Order"s']],
    ["DROP DATABASE prod", ["destroy DROP DATABASE prod"]],
    ["DROP SCHEMA app CASCADE", ["destroy DROP SCHEMA app cascade"]],
    ["DROP MATERIALIZED VIEW IF EXISTS mv", ["destroy DROP MATERIALIZED VIEW mv"]],
    ["DROP INDEX CONCURRENTLY idx", ["destroy DROP INDEX idx"]],
    ["TRUNCATE audit_log", ["destroy TRUNCATE audit_log"]],
    ["TRUNCATE TABLE ONLY a RESTART IDENTITY CASCADE", ["destroy TRUNCATE a cascade"]],
    ["ALTER TABLE users DROP COLUMN email", ["destroy ALTER TABLE DROP users"]],
    ["ALTER TABLE users ADD COLUMN x int", ["write ALTER users"]],
    ["DELETE FROM users", ["delete DELETE users where=none"]],
    ["DELETE FROM users WHERE 1=1", ["delete DELETE users where=always_true"]],
    ["delete from users where true", ["delete DELETE users where=always_true"]],
    ["DELETE FROM t WHERE id = 3 OR 1 = 1", ["delete DELETE t where=always_true"]],
    ["DELETE FROM t WHERE 'a' = 'a'", ["delete DELETE t where=always_true"]],
    ["DELETE FROM t WHERE (1=1)", ["delete DELETE t where=always_true"]],
    ["DELETE FROM t WHERE NOT false", ["delete DELETE t where=always_true"]],
    ["DELETE FROM t WHERE 1 <> 2", ["delete DELETE t where=always_true"]],
    ["DELETE FROM t WHERE id = 3", ["delete DELETE t where=filtered"]],
    ["DELETE FROM t WHERE id = 3 AND 1 = 1", ["delete DELETE t where=filtered"]],
    ["DELETE FROM t WHERE created < now() - interval '30 days'", ["delete DELETE t where=filtered"]],
    ["DELETE FROM t WHERE 1 = 0", ["delete DELETE t where=filtered"]],
    ["WITH old AS (SELECT id FROM t) DELETE FROM t", ["delete DELETE t where=none"]],
    ["UPDATE users SET admin = true", ["write UPDATE users where=none"]],
    ["UPDATE users SET admin = true WHERE id = 7", ["write UPDATE users where=filtered"]],
    ["UPDATE t SET a = (SELECT 1 WHERE x = 1)", ["write UPDATE t where=none"]],
    ["GRANT ALL ON ALL TABLES IN SCHEMA public TO anon", ["write GRANT"]],
    ["INSERT INTO logs VALUES (1)", ["write INSERT logs"]],
    ["SELECT * FROM users WHERE name = 'DROP TABLE x'", []],
    ["SELECT 1; DROP TABLE a; SELECT 2", ["destroy DROP TABLE a"]],
    ["-- DROP TABLE x\nSELECT 1", []],
    ["CREATE FUNCTION f() RETURNS void AS $$ DELETE FROM t $$ LANGUAGE sql", ["write CREATE"]],
    ["\\c prod\nTRUNCATE sessions;", ["destroy TRUNCATE sessions"]],
    ["EXPLAIN SELECT 1", []],
    ["", []],
    ["garbled ' unterminated; drop table", []],
  ];
  it.each(rows)("%s", (sql, want) => {
    expect(kinds(sql)).toEqual(want);
  });
  it("never throws on arbitrary text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 500 }), (s) => Array.isArray(analyzeSql(s))), { numRuns: 300 });
  });
});

describe("redisEffects", () => {
  it.each([
    [["FLUSHALL"], "destroy FLUSHALL"],
    [["flushdb", "async"], "destroy FLUSHDB"],
    [["SCRIPT", "FLUSH"], "destroy SCRIPT FLUSH"],
    [["DEL", "k1"], "delete DEL"],
    [["SHUTDOWN", "NOSAVE"], "destroy SHUTDOWN NOSAVE"],
    [["GET", "k"], null],
    [["SHUTDOWN"], "write SHUTDOWN"],
    [["DEBUG", "SEGFAULT"], "destroy DEBUG SEGFAULT"],
    [["config", "set", "dir", "/var/www"], "write CONFIG SET"],
    [["REPLICAOF", "NO", "ONE"], null],
  ] as const)("%j", (words, want) => {
    const e = redisEffects(words);
    expect(e === null ? null : `${e.verb} ${e.attrs.statement}`).toBe(want);
  });
});
