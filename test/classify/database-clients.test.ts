// Database clients read with the SQL tokenizer (src/classify/sql/) through the
// real walker: statements in -c/-e/-Q text, operands, heredocs, herestrings and
// literal pipes; keywords inside literals and comments are no statements;
// Redis commands; the dropping CLIs; SQL typed as a shell command.
import { describe, expect, it } from "vitest";
import { shellEffects } from "../../src/classify/effects/index.js";
import type { EventEnv } from "../../src/model/event.js";
import { sh } from "./build.js";

const ENV: EventEnv = { home: "/home/u", cwd: "/home/u/proj", path_dirs: [], additional_dirs: [] };
/** `verb statement[ where=…][ total][ prod]` per database effect. */
const db = (text: string) =>
  shellEffects(sh(text), ENV)
    .effects.filter((e) => e.target_class === "database")
    .map((e) => [e.verb, e.attrs.statement, e.attrs.where ? `where=${e.attrs.where}` : "", e.attrs.total ? "total" : "", e.attrs.admin ? "admin" : "", e.attrs.is_production ? "prod" : ""].filter(Boolean).join(" "));

describe("statements through each client", () => {
  it.each<[string, string[]]>([
    ["psql -c 'DROP TABLE users'", ["destroy DROP TABLE"]],
    ["psql --command='TRUNCATE logs'", ["destroy TRUNCATE"]],
    ["psql -h db.prod.internal -d app -c 'DELETE FROM sessions'", ["delete DELETE where=none prod"]],
    ["psql -c 'DELETE FROM sessions WHERE expires_at < now()'", ["delete DELETE where=filtered"]],
    ["psql -c 'UPDATE users SET admin = true WHERE 1=1'", ["write UPDATE where=always_true"]],
    ["psql -c 'BEGIN; DROP SCHEMA public CASCADE; COMMIT'", ["destroy DROP SCHEMA total"]],
    ["mysql -u root -e 'DROP DATABASE shop'", ["destroy DROP DATABASE total"]],
    ["mariadb --execute='ALTER TABLE t DROP COLUMN c'", ["destroy ALTER TABLE DROP"]],
    ["mysql -e \"GRANT ALL PRIVILEGES ON *.* TO 'x'@'%'\"", ["write GRANT admin"]],
    ["mysql -e 'RESET MASTER'", ["destroy RESET MASTER"]],
    ["sqlite3 app.db 'DELETE FROM cache'", ["delete DELETE where=none"]],
    ["sqlite3 -cmd 'DROP TABLE t' app.db", ["destroy DROP TABLE"]],
    ["duckdb warehouse.duckdb -c 'DROP TABLE events'", ["destroy DROP TABLE"]],
    ["clickhouse-client -q 'TRUNCATE TABLE hits'", ["destroy TRUNCATE"]],
    ["clickhouse client --query 'DROP TABLE hits'", ["destroy DROP TABLE"]],
    ["sqlcmd -S prod-sql -Q 'DROP DATABASE Sales'", ["destroy DROP DATABASE total prod"]],
    ["cockroach sql --execute 'DROP DATABASE bank CASCADE'", ["destroy DROP DATABASE total"]],
    ["bq query --use_legacy_sql=false 'DELETE FROM ds.t WHERE true'", ["delete DELETE where=always_true"]],
    ["cqlsh -e 'TRUNCATE ks.events'", ["destroy TRUNCATE"]],
    ["psql app <<'SQL'\nBEGIN;\nDELETE FROM audit;\nCOMMIT;\nSQL", ["delete DELETE where=none"]],
    ["psql <<< 'DROP VIEW v'", ["destroy DROP VIEW"]],
    ["echo 'TRUNCATE jobs;' | psql app", ["destroy TRUNCATE"]],
    ["printf 'DROP TABLE a;\\n' | mysql shop", ["destroy DROP TABLE"]],
  ])("%s", (text, want) => {
    expect(db(text)).toEqual(want);
  });
});

describe("what is not a statement stays allowed", () => {
  it.each([
    "psql -c \"SELECT 'DROP TABLE users' AS hint\"",
    "psql -c 'SELECT 1 -- DROP TABLE users'",
    "psql -c 'SELECT $$TRUNCATE x$$'",
    "psql -c 'SELECT * FROM drop_log'",
    "mysql -e 'select * from droptable'",
    "mysql -e 'SHOW TABLES'",
    "sqlite3 app.db '.schema'",
    "psql -f migrations/001_init.sql",
    "mysql shop < dump.sql",
    "psql -c \"$QUERY\"",
    "echo 'DROP TABLE x' > notes.sql",
    "grep -n 'DROP TABLE' migrations/*.sql",
  ])("%s", (text) => {
    expect(db(text)).toEqual([]);
  });
});

describe("Redis", () => {
  it.each<[string, string[]]>([
    ["redis-cli FLUSHALL", ["destroy FLUSHALL total"]],
    ["redis-cli -h cache.prod -n 2 flushdb async", ["destroy FLUSHDB total prod"]],
    ["redis-cli DEBUG SEGFAULT", ["destroy DEBUG SEGFAULT"]],
    ["redis-cli SHUTDOWN", ["write SHUTDOWN admin"]],
    ["redis-cli CONFIG SET dir /var/www/html", ["write CONFIG SET admin"]],
    ["redis-cli CONFIG SET maxmemory 2gb", ["write CONFIG SET"]],
    ["redis-cli DEL session:42", ["delete DEL where=filtered"]],
    ["printf 'FLUSHALL\\n' | redis-cli", ["destroy FLUSHALL total"]],
    ["redis-cli GET user:1", []],
    ["redis-cli --scan --pattern 'user:*'", []],
    // Keys chosen at run time (issue 20): a scan handed in by xargs is every key it finds.
    ["redis-cli --scan --pattern '*' | xargs redis-cli del", ["delete DEL where=none"]],
    ["redis-cli KEYS '*' | xargs -n1 redis-cli UNLINK", ["delete UNLINK where=none"]],
    ["redis-cli --scan --pattern '*' | xargs redis-cli type", []],
    ["redis-cli EVAL \"return redis.call('FLUSHALL')\" 0", ["destroy FLUSHALL total"]],
    ["redis-cli eval \"for _,k in ipairs(redis.call('keys','*')) do redis.call('del',k) end\" 0", ["delete DEL where=none"]],
    ["redis-cli EVAL \"return redis.call('GET', KEYS[1])\" 1 user:1", []],
  ])("%s", (text, want) => {
    expect(db(text)).toEqual(want);
  });
});

describe("the dropping CLIs", () => {
  it.each<[string, string[]]>([
    ["dropdb app_dev", ["destroy DROP DATABASE total"]],
    ["dropdb -h db.prod.example.com orders", ["destroy DROP DATABASE total prod"]],
    ["mysqladmin -u root -f drop shop", ["destroy DROP DATABASE total"]],
    ["dropuser reporting", ["destroy DROP ROLE"]],
    ["pg_restore --clean -d app backup.dump", ["destroy RESTORE --clean"]],
    ["pg_restore -c -d app backup.dump", ["destroy RESTORE --clean"]],
    ["mongorestore --drop --db app dump/", ["destroy RESTORE --drop"]],
    ["pg_restore -d app_copy backup.dump", []],
    ["mongorestore --db app dump/", []],
    ["mysqladmin status", []],
  ])("%s", (text, want) => {
    expect(db(text)).toEqual(want);
  });
});

describe("SQL typed as a shell command", () => {
  it.each<[string, string[]]>([
    ["DROP TABLE users", ["destroy DROP TABLE"]],
    ["drop database mydb", ["destroy DROP DATABASE total"]],
    ["TRUNCATE TABLE users", ["destroy TRUNCATE"]],
    ["truncate users", ["destroy TRUNCATE"]],
    ["DELETE FROM users;", ["delete DELETE where=none"]],
    ["update accounts set balance = 0", ["write UPDATE where=none"]],
  ])("%s", (text, want) => {
    expect(db(text)).toEqual(want);
  });
  it.each(["truncate -s 0 app.log", "truncate --size=1M disk.img", "DELETE FROM users WHERE id = 3", "drop", "update"])("not SQL, or filtered: %s", (text) => {
    expect(db(text)).toEqual([]);
  });
});
