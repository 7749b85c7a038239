// The Mongo shell (`mongosh`, `mongo`): its `--eval` code, or a script on a
// literal stdin, is JavaScript — read with its grammar like `node -e`
// (inline-code.ts), where `db.…` calls are database effects (dropDatabase,
// drop, deleteMany({}), …; src/classify/inline-code/mongo.ts). Code that
// cannot be read (no reader, a dynamic script) is shape 6.
//
// SQL clients' own shell escapes run a command line on this host — psql's
// `\\! CMD` and `\\o |CMD`/`\\g |CMD`, mysql's `system CMD`/`\\! CMD`,
// sqlite3's `.shell CMD`/`.system CMD`/`.once |CMD` — and PostgreSQL's
// `COPY … TO|FROM PROGRAM 'CMD'` runs one on the database server. The client
// is emitted itself (the effect table reads its SQL); the commands are parsed.
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { parseArgs } from "../../programs/options.js";
import { runInlineCode } from "./inline-code.js";
import type { Launch, LauncherRow } from "./types.js";

function mongoShell(call: Launch): number | null {
  const argv = call.words.slice(call.i + 1).map((w) => call.literal(w));
  const evalAt = argv.findIndex((a) => a === "--eval" || (a ?? "").startsWith("--eval="));
  const stdin = call.stdin !== null && call.stdin.kind !== "file" ? call.stdinText() : null;
  // `mongosh app drop.js`, `mongosh --file drop.js`: a script file the gate has not read — shape 7, never a silent allow (issue 20).
  const script = argv.find((a, k) => a !== null && /^(--file=)?[^-].*\.[cm]?js$/i.test(a) && !/^--eval/.test(argv[k - 1] ?? ""));
  if (script) call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${call.name} runs the script in ${script.replace(/^--file=/, "")}, which the gate has not read`);
  if (evalAt < 0 && stdin === null) {
    if (call.stdin !== null && call.stdin.kind !== "file") call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${call.name} reads its script from a ${call.stdin.kind} that is not a literal`);
    return call.emit();
  }
  const codeWord = argv[evalAt]?.startsWith("--eval=") ? argv[evalAt] : argv[evalAt + 1];
  if (evalAt >= 0 && (codeWord === undefined || codeWord === null)) {
    call.gap(GAP_SHAPE.INLINE_INTERPRETER, `${call.name} --eval code that is not a literal`);
    return call.emit();
  }
  const code = evalAt < 0 ? stdin! : argv[evalAt]!.startsWith("--eval=") ? argv[evalAt]!.slice("--eval=".length) : codeWord!;
  const read = runInlineCode(call, "javascript", code);
  if (read !== undefined) return read;
  call.gap(GAP_SHAPE.INLINE_INTERPRETER, `inline ${call.name} code (JavaScript) not read`);
  return call.emit();
}

/** Each client: the flags whose value is statement text, the operands that are, and its escapes (capture 1: the command). */
interface SqlClient {
  shortValue: string;
  longValue: readonly string[];
  text: readonly string[];
  /** Operands from this position on are statement text (sqlite3: after the database file). */
  textOperandsFrom?: number;
  /** Single-dash long options that carry statement text (`sqlite3 -cmd`). */
  dashText?: readonly string[];
  here: readonly RegExp[];
  server?: readonly RegExp[];
}

const PSQL_ESCAPES: SqlClient = {
  shortValue: "cdfhpUvLoPTF",
  longValue: ["command", "dbname", "file", "host", "port", "username", "set", "variable", "log-file", "output", "pset"],
  text: ["c", "command"],
  here: [/(?:^|\s|;)\\!\s*([^\n]+)/g, /\\[og]\s*\|\s*([^\n]+)/g, /\\copy\b[^\n]*?\bprogram\s+'((?:[^']|'')*)'/gi],
  server: [/\bcopy\b[\s\S]*?\b(?:to|from)\s+program\s+'((?:[^']|'')*)'/gi],
};
const MYSQL_ESCAPES: SqlClient = {
  shortValue: "eDhPuSp",
  longValue: ["execute", "database", "host", "port", "user", "socket", "init-command"],
  text: ["e", "execute", "init-command"],
  here: [/(?:^|;|\n)\s*(?:system|\\!)\s+([^;\n]+)/gi],
};
const SQLITE_ESCAPES: SqlClient = {
  shortValue: "",
  longValue: [],
  text: [],
  textOperandsFrom: 1,
  dashText: ["-cmd"],
  here: [/(?:^|\n)\s*\.(?:shell|system)\s+([^\n]+)/g, /(?:^|\n)\s*\.(?:once|output)\s+['"]?\|([^\n'"]+)/g],
};

function sqlClient(spec: SqlClient): LauncherRow["launch"] {
  return (call) => {
    const out = call.emit();
    const texts: Array<string | null> = [];
    const w = call.words;
    if (spec.dashText) {
      // sqlite3's options are single-dash words (`-cmd TEXT`, `-bail`); its operands are the database, then statements.
      const operands: Array<string | null> = [];
      for (let k = call.i + 1; k < w.length; k++) {
        if (!w[k].dynamic && spec.dashText.includes(w[k].value)) texts.push(w[k + 1] ? call.literal(w[++k]) : null);
        else if (w[k].dynamic || !w[k].value.startsWith("-")) operands.push(w[k].dynamic ? null : w[k].value);
      }
      texts.push(...operands.slice(spec.textOperandsFrom ?? 1));
    } else {
      const p = parseArgs(w, { shortValue: spec.shortValue, longValue: spec.longValue }, call.i + 1);
      for (const f of p.flags) if (spec.text.includes(f.name) && f.value !== null) texts.push(call.flagText(f));
    }
    if (call.stdin !== null && call.stdin.kind !== "file") texts.push(call.stdinText());
    for (const t of texts) {
      if (t === null) continue; // statement text not known: the effect table reads what it can
      for (const re of spec.here) for (const m of t.matchAll(re)) call.runScript(m[1].replace(/''/g, "'"), `the ${call.name} shell escape`);
      for (const re of spec.server ?? []) for (const m of t.matchAll(re)) call.runScript(m[1].replace(/''/g, "'"), `the command ${call.name}'s server runs (COPY … PROGRAM)`, { runsOn: "remote" });
    }
    return out;
  };
}

export const DATABASE_SHELL_ROWS: readonly LauncherRow[] = [
  {
    names: ["mongosh", "mongo"],
    runs: "its `--eval` code or a literal stdin script: JavaScript, read with its grammar (`db.…` calls are database effects); shape 6 when it cannot be read",
    launch: mongoShell,
    examples: [
      ["mongosh --eval 'db.stats()'", ["mongosh --eval db.stats()"], [6]],
      ["mongosh mongodb://localhost/app", ["mongosh mongodb://localhost/app"]],
      ["cat script.js | mongosh", ["cat script.js", "mongosh"], [7]],
      ["mongosh app drop.js", ["mongosh app drop.js"], [7]],
      ["mongosh --file drop.js", ["mongosh --file drop.js"], [7]],
    ],
  },
  {
    names: ["psql", "pgcli"],
    runs: "itself, and the commands of `\\!`, `\\o |CMD`, `\\g |CMD`, `\\copy … program` (here) and `COPY … TO|FROM PROGRAM` (on the server) in its `-c` text or a literal stdin",
    launch: sqlClient(PSQL_ESCAPES),
    examples: [
      ["psql -c '\\! rm -rf /tmp/x'", ["psql -c \\! rm -rf /tmp/x", "psql>rm -rf /tmp/x"]],
      ["psql -c \"COPY (SELECT 1) TO PROGRAM 'rm -rf /tmp/x'\"", ["psql -c COPY (SELECT 1) TO PROGRAM 'rm -rf /tmp/x'", "psql>rm -rf /tmp/x"]],
      ["psql app <<< '\\o |rm -rf /tmp/x'", ["psql app", "psql>rm -rf /tmp/x"]],
      ["psql -c 'SELECT 1'", ["psql -c SELECT 1"]],
    ],
  },
  {
    names: ["mysql", "mariadb"],
    runs: "itself, and the commands of `system CMD` / `\\! CMD` in its `-e` text or a literal stdin",
    launch: sqlClient(MYSQL_ESCAPES),
    examples: [
      ["mysql -e 'system rm -rf /tmp/x'", ["mysql -e system rm -rf /tmp/x", "mysql>rm -rf /tmp/x"]],
      ["mysql -e 'SELECT 1; \\! rm -rf /tmp/x'", ["mysql -e SELECT 1; \\! rm -rf /tmp/x", "mysql>rm -rf /tmp/x"]],
      ["mysql -e 'SELECT system_user()'", ["mysql -e SELECT system_user()"]],
    ],
  },
  {
    names: ["sqlite3", "sqlite"],
    runs: "itself, and the commands of `.shell`/`.system` and `.once|.output |CMD` in its statement operands, `-cmd` text or a literal stdin",
    launch: sqlClient(SQLITE_ESCAPES),
    examples: [
      ["sqlite3 :memory: '.shell rm -rf /tmp/x'", ["sqlite3 :memory: .shell rm -rf /tmp/x", "sqlite3>rm -rf /tmp/x"]],
      ["sqlite3 -cmd '.system rm -rf /tmp/x' app.db", ["sqlite3 -cmd .system rm -rf /tmp/x app.db", "sqlite3>rm -rf /tmp/x"]],
      ["sqlite3 app.db '.schema'", ["sqlite3 app.db .schema"]],
    ],
  },
];
