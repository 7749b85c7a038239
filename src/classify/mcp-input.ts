// MCP tools read from their input (SPEC §6.6). An MCP tool (Claude/Codex
// `mcp__server__tool`, Gemini `mcp_server_tool`, Cursor's MCP events) is
// classified from what its arguments name, with the verb its name carries:
//
// | input field | read as |
// |---|---|
// | `command`, `cmd`, `script`, `shell_command`, `cli_command`, … (string or string array) | shell (the caller's shell analysis + the shell table) |
// | `args`, `argv`, `arguments` (string array) on a tool named for a known program (`mcp__k8s__kubectl`) | that program's command line |
// | `sql`, `statement`, `statements`; `query` on a database tool (a name word like `db`, `sql`, `postgres`) that reads as SQL (starts with a statement keyword) | SQL (src/classify/sql) → destroy/delete/write × database |
// | `code` with a language in the tool name (`python`, `js`, `javascript`, `node`, `ruby`, `powershell`) | inline code (src/classify/inline-code), when the caller can read it |
// | `path`, `file_path`, `filepath`, `file`, `filename`, `paths[]`, `files[]`, `directory`, `dir`, `folder`, `old_path`, `new_path`; `source`, `destination`, `src`, `dst`, `dest`, `target` on a file tool (a name word `file`, `dir`, `path`, … or a move) or when path-like | the path table, verb from the name |
//
// Name verbs (any word of the tool part: `delete_file`, `fileDelete`, `run_query`):
// delete (`delete remove rm del drop destroy purge erase wipe truncate unlink`),
// write (`write create update put set edit modify save upload insert append patch replace mkdir rename`),
// move (`move mv rename`: source deleted, destination written), execute
// (`exec execute run eval shell spawn invoke`), read (`read get list search find
// fetch query describe show view cat head tail stat ls grep lookup open load`).
// A destructive verb with no path, command or SQL in the input still gives
// `delete × unknown {mcp_verb}` (e.g. `delete_repository {owner, repo}`) —
// unless a bundle entry already declared the call's effects.
//
// Names that are a whole operation (`flushall`, `empty_bucket`, `delete_namespace`) and push tools'
// `force`/`branch` fields are mcp-names.ts's. Effects carry `program` (the tool name), `mcp_verb`, and the path as `target`.
// Bundle `effect_classes` entries apply first; these effects are added to
// theirs (docs/classifier.md "MCP tools").
import type { Event } from "../model/event.js";
import { parseMcpName } from "../model/mcp-name.js";
import type { ClassifiedPath, ClassifiedUrl, Effect, SimpleCommand, UnknownCommand, Verb } from "../model/classification.js";
import { hasEffectRows, shellEffects } from "./effects/index.js";
import { mcpToolArgv } from "./mcp-argv.js";
import { nameEffects, pushEffects } from "./mcp-names.js";
import { programName } from "./programs/name.js";
import type { InlineCodeAnalysis, InlineLanguage } from "./inline-code/index.js";
import { inlineClassification } from "./inline-code/classification.js";
import { inlineLanguageOf } from "./inline-code/detect.js";
import { mutatedPersistence, resolvePathDetailed } from "./paths.js";
import { fileUrlPath } from "./urls.js";
import type { ShellAnalysis } from "./shell-analysis.js";
import { analyzeSql, tokenizeSql } from "./sql/index.js";
import { credentialCopies } from "./sql/credential-copy.js";
import { TREE_CLASSES } from "./effects/source-removal.js";

export interface McpInputDeps {
  analyzeText(text: string): ShellAnalysis;
  analyzeArgv(argv: string[]): ShellAnalysis;
  inlineCode?(language: InlineLanguage, code: string): InlineCodeAnalysis;
}

export interface McpInputClassification {
  effects: Effect[];
  unknown: UnknownCommand[];
  simple: SimpleCommand[];
  paths: ClassifiedPath[];
  urls: ClassifiedUrl[];
}

export type NameVerb = "delete" | "write" | "move" | "execute" | "read";

const NAME_VERBS: Array<[NameVerb, string[]]> = [
  ["move", ["move", "mv", "rename"]],
  ["delete", ["delete", "remove", "rm", "del", "drop", "destroy", "purge", "erase", "wipe", "truncate", "unlink", "rmdir"]],
  ["execute", ["exec", "execute", "run", "eval", "shell", "spawn", "invoke", "bash"]],
  ["write", ["write", "create", "update", "put", "set", "edit", "modify", "save", "upload", "insert", "append", "patch", "replace", "mkdir", "add", "overwrite", "copy", "cp"]],
  ["read", ["read", "get", "list", "search", "find", "fetch", "query", "describe", "show", "view", "cat", "head", "tail", "stat", "ls", "grep", "lookup", "open", "load", "download", "inspect", "count", "check"]],
];
const VERB_OF = new Map<string, NameVerb>(NAME_VERBS.flatMap(([v, words]) => words.map((w) => [w, v] as const)));

/** The tool part of an MCP name (`mcp__fs__delete_file` → `delete_file`; Gemini `mcp_fs_delete_file` → `delete_file`). */
export function mcpToolPart(name: string): string {
  const tool = parseMcpName(name)?.tool ?? "";
  return tool === "" ? name : tool;
}

/** The server part of an MCP name (`mcp__terraform__apply` → `terraform`; Gemini `mcp_fs_delete_file` → `fs`), or "". */
export function mcpServerPart(name: string): string {
  return parseMcpName(name)?.server ?? "";
}

/** Words of a name: `_ - . /` separated and camelCase split, lower-cased. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== "")
    .map((w) => w.toLowerCase());
}

/** The verb a tool name carries: the first word that is one (any position), or null. */
export function verbOfToolName(name: string): NameVerb | null {
  for (const w of nameWords(mcpToolPart(name))) {
    const v = VERB_OF.get(w);
    if (v) return v;
  }
  return null;
}

const SHELL_FIELDS = ["command", "cmd", "script", "shell_command", "commandLine", "command_line", "cli_command", "bash_command", "shell_cmd", "cmdline", "full_command"];
/** An argument vector for the program the tool is named for (`mcp__k8s__kubectl {args: [delete, ns, prod]}`). */
const ARGV_FIELDS = ["args", "argv", "arguments"];
/** Server names that stand for a program. */
const PROGRAM_ALIASES: Readonly<Record<string, string>> = { k8s: "kubectl", kubernetes: "kubectl", github: "gh", gitlab: "glab", postgres: "psql", redis: "redis-cli" };
const URL_FIELDS = ["url", "uri", "href", "page_url", "pageUrl"];
const SQL_FIELDS = ["sql", "statement", "statements", "sql_query"];
const PATH_FIELDS = ["path", "file_path", "filepath", "filePath", "file", "filename", "fileName", "directory", "dir", "folder", "old_path", "new_path", "notebook_path", "absolute_path", "target_file", "relative_path"];
const LIST_PATH_FIELDS = ["paths", "files", "file_paths", "filePaths"];
const MOVE_SOURCE = ["source", "src", "from_path", "old_path", "sourcePath", "source_path"];
const MOVE_DEST = ["destination", "dest", "dst", "to_path", "new_path", "target", "destinationPath", "destination_path", "target_path"];
/** A `query` field is SQL only on a database tool (`mcp__postgres__query`, `mcp__db__run_query`): elsewhere it is a search string. */
const DATABASE_WORDS = new Set(["sql", "db", "database", "postgres", "postgresql", "pg", "psql", "mysql", "mariadb", "sqlite", "sqlite3", "supabase", "neon", "bigquery", "snowflake", "clickhouse", "duckdb", "redshift", "mssql", "sqlserver", "oracle", "cockroach", "cockroachdb", "planetscale", "turso", "d1", "prisma"]);
const REDIS_WORDS = new Set(["redis", "valkey", "upstash", "memorystore", "keydb", "dragonfly"]);
const SQL_START = new Set(["SELECT", "INSERT", "UPDATE", "DELETE", "DROP", "TRUNCATE", "ALTER", "CREATE", "GRANT", "REVOKE", "WITH", "MERGE", "REPLACE", "COPY", "VACUUM"]);
/** Name words that say a language without naming its interpreter; an interpreter's own name (`python3`, `node`, `pwsh`) is read through the interpreter table (`inlineLanguageOf`). */
const CODE_WORDS: ReadonlyMap<string, InlineLanguage> = new Map([
  ["py", "python"], ["jupyter", "python"], ["notebook", "python"], ["kernel", "python"], ["ide", "python"], ["javascript", "javascript"], ["js", "javascript"], ["rb", "ruby"],
]);
const codeLanguageOf = (word: string): InlineLanguage | null => CODE_WORDS.get(word) ?? inlineLanguageOf(word);

type Input = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const FILE_WORDS = new Set(["file", "files", "dir", "directory", "directories", "folder", "path", "paths"]);
const pathLike = (s: string): boolean => /[\\/]/.test(s) || s.startsWith("~") || s.startsWith(".");

/** Does a `query` text read as SQL: its first significant token a statement keyword? */
export function looksLikeSql(text: string): boolean {
  const first = tokenizeSql(text.slice(0, 2000)).find((t) => t.kind !== "comment" && t.kind !== "meta");
  return first !== undefined && first.kind === "word" && SQL_START.has(first.value);
}

const OPERATION_FIELDS = ["op", "operation", "action", "type", "kind", "method", "mode"];

/** The verb an object's operation field names (`{"op": "remove"}` → delete), or null. */
function operationVerb(input: Input): NameVerb | null {
  for (const f of OPERATION_FIELDS) {
    const v = input[f];
    if (typeof v !== "string" || v.length > 40) continue;
    for (const w of nameWords(v)) {
      const verb = VERB_OF.get(w);
      if (verb) return verb;
    }
  }
  return null;
}

/** Most nested objects read, and how deep: a call's arguments are a few levels at most; past that is not an argument list. */
const MAX_NESTED = 64;
const MAX_DEPTH = 6;

/** The objects nested in an input (in its values, in arrays, at any depth up to MAX_DEPTH), breadth first. */
function nestedInputs(input: Input): Input[] {
  const out: Input[] = [];
  let level: unknown[] = Object.values(input);
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && out.length < MAX_NESTED; depth++) {
    const next: unknown[] = [];
    for (const v of level) {
      if (out.length >= MAX_NESTED) break;
      if (Array.isArray(v)) next.push(...v.slice(0, MAX_NESTED));
      else if (v !== null && typeof v === "object") {
        out.push(v as Input);
        next.push(...Object.values(v as Input));
      }
    }
    level = next;
  }
  return out;
}

/** `declared`: the bundle's effect_classes gave this call effects — then the name alone adds nothing. */
export function mcpInputClassification(event: Pick<Event, "tool_name" | "tool_input" | "env">, deps: McpInputDeps, declared = false): McpInputClassification {
  const name = event.tool_name;
  const input: Input = event.tool_input !== null && typeof event.tool_input === "object" && !Array.isArray(event.tool_input) ? (event.tool_input as Input) : {};
  const verb = verbOfToolName(name);
  const out: McpInputClassification = { effects: [], unknown: [], simple: [], paths: [], urls: [] };
  const seen = new Set<string>();
  const effect = (v: Verb, target: Effect["target_class"], attrs: Effect["attrs"]): void => {
    const e: Effect = { verb: v, target_class: target, attrs: { program: name, ...(verb ? { mcp_verb: verb } : {}), ...attrs } };
    const key = JSON.stringify(e);
    if (!seen.has(key)) (seen.add(key), out.effects.push(e));
  };
  const pushRaw = (e: Effect): void => {
    const key = JSON.stringify(e);
    if (!seen.has(key)) (seen.add(key), out.effects.push(e));
  };
  const shell = (analysis: ShellAnalysis): void => {
    const table = shellEffects(analysis, event.env);
    table.effects.forEach(pushRaw);
    out.unknown.push(...analysis.unknown, ...table.unknown);
    out.simple.push(...analysis.commands.filter((c) => !c.possible).map((c) => c.cmd));
    out.paths.push(...table.paths.filter((p) => !out.paths.some((x) => x.value === p.value)));
    out.urls.push(...table.urls.filter((u) => !out.urls.some((x) => x.value === u.value)));
  };
  const toolVerb = verb;
  /** Read one input object (the call's own, or one nested in it); true when it names something. */
  const readInput = (input: Input, top: boolean): boolean => {
    // An operation field (`{"op": "delete", "path": …}` in a batch) says what this object does; else the tool name does.
    const verb = operationVerb(input) ?? toolVerb;
    const flags = { ...(input.recursive === true ? { recursive: true } : {}), ...(input.force === true ? { force: true } : {}) };
    let named = false;

    // Shell commands.
    for (const f of SHELL_FIELDS) {
      const v = input[f];
      const text = str(v);
      const argv = Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string") ? (v as string[]) : null;
      if (text === null && argv === null) continue;
      named = true;
      // On a Redis tool the command is a Redis command (`FLUSHALL`, `DEL k`): read as redis-cli's words.
      const redis = nameWords(name).some((w) => REDIS_WORDS.has(w)) && !hasEffectRows(programName((text ?? argv![0]!).trim().split(/\s+/)[0] ?? ""));
      if (redis) shell(text !== null ? deps.analyzeText(`redis-cli ${text}`) : deps.analyzeArgv(["redis-cli", ...argv!]));
      else shell(text !== null ? deps.analyzeText(text) : deps.analyzeArgv(argv!));
    }

    // An argv for the program the name says (`kubectl`, `aws`, `git`): the words run as that program's command line.
    for (const f of ARGV_FIELDS) {
      const v = input[f];
      if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === "string")) continue;
      const argv = v as string[];
      // The tool part's words first (`mcp__cloud__kubectl`), then the server's (`mcp__kubectl__run`).
      const program = [...nameWords(mcpToolPart(name)), ...nameWords(name)].map((w) => PROGRAM_ALIASES[w] ?? w).find((w) => w !== "mcp" && hasEffectRows(w));
      // Named for no program: an argv only on a tool whose name runs something (`mcp__shell__exec {args: [rm, …]}`).
      if (program === undefined && !(verb === "execute" && hasEffectRows(programName(argv[0]!)))) continue;
      named = true;
      shell(deps.analyzeArgv(program === undefined || programName(argv[0]!) === program ? argv : [program, ...argv]));
    }

    // A tool wrapping one subcommand of a program (`git_reset {mode: hard}`, `helm_uninstall {name}`): that command line.
    const toolWords = nameWords(mcpToolPart(name));
    if (!named && top) {
      const programOf = (w: string): string | null => {
        const p = PROGRAM_ALIASES[w] ?? w;
        return p !== "mcp" && !VERB_OF.has(p) && hasEffectRows(p) ? p : null;
      };
      const argv = mcpToolArgv(toolWords, nameWords(mcpServerPart(name)), input, programOf, (w) => VERB_OF.has(w));
      if (argv !== null) shell(deps.analyzeArgv(argv));
    }

    // What the name itself says: a whole operation (`flushall`, `empty_bucket`), or a push with its fields.
    const fromName = declared || !top ? [] : [...nameEffects(toolWords), ...pushEffects(toolWords, input)];
    for (const e of fromName) {
      named = true;
      effect(e.verb, e.target, e.attrs);
    }

    // SQL.
    const sqlTexts = [...SQL_FIELDS.map((f) => str(input[f])), ...(() => {
      const q = str(input.query);
      return q !== null && nameWords(name).some((w) => DATABASE_WORDS.has(w)) && looksLikeSql(q) ? [q] : [];
    })()].filter((x): x is string => x !== null);
    for (const sql of sqlTexts) {
      named = true;
      for (const e of analyzeSql(sql)) effect(e.verb, "database", { ...e.attrs, target: String(e.attrs.table ?? e.attrs.statement) });
      for (const c of credentialCopies(sql)) effect("read", "secret_file", { target: `${c.table} -> ${c.to}`, via: "sql" });
    }

    // Inline code, when the tool name says which language.
    const code = str(input.code) ?? str(input.source_code) ?? str(input.cell_source) ?? str(input.cell) ?? str(input.code_cell);
    if (code !== null && deps.inlineCode) {
      const words = nameWords(name);
      const language = words.map(codeLanguageOf).find((l) => l !== null);
      if (language) {
        named = true;
        const analysis = deps.inlineCode(language, code);
        const c = inlineClassification(analysis, event.env, name, code.slice(0, 200));
        for (const e of c.effects) effect(e.verb, e.target_class, e.attrs);
        out.unknown.push(...c.unknown);
        out.paths.push(...c.paths);
        out.urls.push(...c.urls);
        // What the code runs is shell (one level: commands inside those are the shell analysis's business).
        for (const cmd of analysis.commands) shell("text" in cmd ? deps.analyzeText(cmd.text) : deps.analyzeArgv(cmd.argv));
      }
    }

    // Paths, with the name's verb.
    const onPath = (p: string, v: Verb | null): void => {
      const r = resolvePathDetailed(p, event.env);
      if (!out.paths.some((x) => x.value === p)) out.paths.push({ class: r.class, value: p, rel: r.rel });
      const mutates = v === "delete" || v === "write";
      const a: Record<string, string | number | boolean> = { target: p.length > 160 ? `${p.slice(0, 159)}…` : p, ...(mutates ? flags : {}) };
      // A tool that deletes (or moves away) a whole tree — the root, home, the workspace — takes everything under it, whatever its flags say.
      if (v === "delete" && TREE_CLASSES.has(r.class)) a.recursive = true;
      const persistence = mutatedPersistence(r, v ?? "read");
      if (persistence !== null) a.persistence = persistence;
      if (v !== null) effect(v, r.class, a);
    };
    const pathVerb: Verb | null = verb === "delete" ? "delete" : verb === "write" ? "write" : verb === "read" ? "read" : verb === "move" ? "write" : null;
    const sources: string[] = [];
    const dests: string[] = [];
    // `source`/`destination` are paths on a file tool (or a move); elsewhere only when they look like one (a branch is not a path).
    const fileTool = verb === "move" || nameWords(mcpToolPart(name)).some((w) => FILE_WORDS.has(w));
    for (const f of MOVE_SOURCE) {
      const s = str(input[f]);
      if (s !== null && (fileTool || pathLike(s))) sources.push(s);
    }
    for (const f of MOVE_DEST) {
      const s = str(input[f]);
      if (s !== null && (fileTool || pathLike(s))) dests.push(s);
    }
    const plain: string[] = [];
    for (const f of PATH_FIELDS) {
      const s = str(input[f]);
      if (s !== null && !sources.includes(s) && !dests.includes(s)) plain.push(s);
    }
    for (const f of LIST_PATH_FIELDS) {
      const v = input[f];
      if (Array.isArray(v)) for (const s of v.slice(0, 256)) if (typeof s === "string" && s !== "") plain.push(s);
    }
    if (verb === "move") {
      for (const s of [...sources, ...(sources.length === 0 ? plain : [])]) onPath(s, "delete");
      for (const d of dests) onPath(d, "write");
    } else {
      for (const s of sources) onPath(s, pathVerb === "write" || pathVerb === "delete" ? "read" : pathVerb);
      for (const d of dests) onPath(d, pathVerb === "read" ? null : pathVerb ?? null);
      for (const p of plain) onPath(p, pathVerb);
    }
    if (sources.length + dests.length + plain.length > 0) named = true;
    // A `file:` URL (a browser's `navigate {url: file:///…}`, a fetch tool's) names a local path the tool reads.
    for (const f of URL_FIELDS) {
      const u = str(input[f]);
      const local = u !== null && /^file:/i.test(u) ? fileUrlPath(u) : null;
      if (local !== null) (onPath(local, "read"), (named = true));
    }
    return named;
  };
  let named = readInput(input, true);
  // Arguments nested in objects and arrays (`{"input": {"command": "rm -rf ~"}}`, `{"ops": [{"path": …}]}`) are read the same way.
  for (const nested of nestedInputs(input)) named = readInput(nested, false) || named;

  // A destructive name with nothing in the input to place it.
  if (!named && !declared && verb === "delete") effect("delete", "unknown", {});
  return out;
}
