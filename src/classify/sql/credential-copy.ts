// SQL that copies the rows of a credential table somewhere a person can read
// them: `COPY users TO '/tmp/u.csv'`, `SELECT … FROM api_keys INTO OUTFILE
// '…'`, `INSERT INTO public_export SELECT * FROM secrets`, `CREATE TABLE x AS
// SELECT … FROM tokens`. Read as a read of a secret (read × secret_file):
// the hashes and tokens leave the table that guards them. Not judged: a
// SELECT to the client (the agent's own read of its data), a copy into another
// credential table (`INSERT INTO users_backup SELECT * FROM users`), tables
// that are not credentials (`orders`, `user_events`).
import { splitStatements } from "./index.js";
import { tokenizeSql, type SqlToken } from "./tokenize.js";

/** A table that holds credentials, by its last name component (`auth_user`, `users`, `oauth_tokens`, `user_credentials`). */
const CREDENTIAL_TABLE = /^(?:auth_)?(?:users?|accounts?|passwords?|api_?keys?|tokens?|secrets?|credentials?)$|_(?:passwords?|api_?keys?|tokens?|secrets?|credentials?)$/i;

export interface CredentialCopy {
  table: string;
  /** Where the rows go: a file, or another table. */
  to: string;
}

const isWord = (t: SqlToken | undefined, ...words: string[]): boolean => t !== undefined && t.kind === "word" && words.includes(t.value);
const nameOf = (t: SqlToken | undefined): string | null => (t === undefined ? null : t.kind === "word" ? t.text : t.kind === "quoted_ident" ? t.value : null);

/** The name at `i` with its schema (`public.users` → `public.users`), and the index after it. */
function qualified(s: readonly SqlToken[], i: number): { name: string; next: number } | null {
  let name = nameOf(s[i]);
  if (name === null) return null;
  let j = i + 1;
  while (s[j]?.kind === "op" && s[j]!.text === "." && nameOf(s[j + 1]) !== null) {
    name += "." + nameOf(s[j + 1]);
    j += 2;
  }
  return { name, next: j };
}

const lastPart = (name: string): string => name.slice(name.lastIndexOf(".") + 1);
const isCredentialTable = (name: string): boolean => CREDENTIAL_TABLE.test(lastPart(name));
/** A destination named for credentials too (`users_backup`, `api_keys_archive`): the rows stay where credentials are kept. */
const keepsCredentials = (name: string): boolean => /(?:^|_)(?:users?|accounts?|passwords?|api_?keys?|tokens?|secrets?|credentials?)(?:_|$)/i.test(lastPart(name));

/** The credential tables a statement reads: `FROM t`, `JOIN t`, and `COPY t`. */
function sources(s: readonly SqlToken[]): string[] {
  const out: string[] = [];
  s.forEach((t, k) => {
    const at = isWord(t, "FROM", "JOIN") ? k + 1 : k === 0 && isWord(t, "COPY") ? 1 : -1;
    const q = at < 0 ? null : qualified(s, at);
    if (q && isCredentialTable(q.name)) out.push(q.name);
  });
  return out;
}

function statementCopy(s: readonly SqlToken[]): CredentialCopy | null {
  const head = s[0];
  const tables = sources(s);
  if (tables.length === 0) return null;
  const table = tables[0]!;
  // COPY … TO 'file' (not STDOUT: that is the client's own read; TO PROGRAM is a shell, read elsewhere).
  if (isWord(head, "COPY")) {
    const to = s.findIndex((t) => isWord(t, "TO"));
    const dest = s[to + 1];
    return to > 0 && dest?.kind === "string" ? { table, to: dest.value } : null;
  }
  // SELECT … INTO OUTFILE|DUMPFILE 'file' (MySQL).
  const into = s.findIndex((t, k) => isWord(t, "INTO") && isWord(s[k + 1], "OUTFILE", "DUMPFILE"));
  if (into >= 0 && s[into + 2]?.kind === "string") return { table, to: s[into + 2]!.value };
  // INSERT INTO t … SELECT, CREATE TABLE t AS SELECT, SELECT … INTO t FROM (Postgres, SQL Server): a table that is not a credential table.
  let dest: string | null = null;
  if (isWord(head, "INSERT", "REPLACE") && isWord(s[1], "INTO")) dest = qualified(s, 2)?.name ?? null;
  else if (isWord(head, "CREATE")) {
    const k = s.findIndex((t) => isWord(t, "TABLE", "VIEW"));
    let at = k + 1;
    while (isWord(s[at], "IF", "NOT", "EXISTS")) at++;
    if (k > 0 && s.some((t) => isWord(t, "AS"))) dest = qualified(s, at)?.name ?? null;
  } else if (isWord(head, "SELECT")) {
    const k = s.findIndex((t) => isWord(t, "INTO"));
    if (k > 0) dest = qualified(s, isWord(s[k + 1], "TEMP", "TEMPORARY", "UNLOGGED", "TABLE") ? k + 2 : k + 1)?.name ?? null;
  }
  return dest !== null && !keepsCredentials(dest) ? { table, to: dest } : null;
}

/** Every copy of a credential table's rows out of it, in statement order. Never throws. */
export function credentialCopies(text: string): CredentialCopy[] {
  try {
    return splitStatements(tokenizeSql(text)).flatMap((s) => statementCopy(s) ?? []);
  } catch {
    return [];
  }
}

/** `[SQL, the table copied out or null]`, run in test/classify/sql/credential-copy.test.ts. */
export const CREDENTIAL_COPY_EXAMPLES: ReadonlyArray<readonly [string, string | null]> = [
  ["COPY users TO '/tmp/users.csv' WITH CSV", "users"],
  ["COPY (SELECT email, password_hash FROM public.users) TO '/var/www/html/u.csv'", "public.users"],
  ["SELECT * FROM api_keys INTO OUTFILE '/var/www/html/k.txt'", "api_keys"],
  ["INSERT INTO public_export SELECT * FROM secrets", "secrets"],
  ["CREATE TABLE dump AS SELECT * FROM oauth_tokens", "oauth_tokens"],
  ["SELECT * INTO shared_copy FROM auth_user", "auth_user"],
  ["COPY users TO STDOUT", null],
  ["SELECT count(*) FROM users", null],
  ["INSERT INTO users_backup SELECT * FROM users", null],
  ["COPY orders TO '/tmp/orders.csv'", null],
  ["SELECT * FROM user_events INTO OUTFILE '/tmp/e.csv'", null],
  ["COPY users FROM '/tmp/seed.csv'", null],
];
