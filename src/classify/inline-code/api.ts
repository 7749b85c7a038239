// The API tables' shape and the one function that applies a row to a call.
// Each language keeps its program knowledge as rows of data (python-api.ts,
// javascript-api.ts, ruby-api.ts, powershell-api.ts), each row with an example
// a test runs (test/classify/inline-code/api-rows.test.ts): the row must fire
// on its example.
import type { AttrValue, Verb } from "../../model/classification.js";
import type { InlineLanguage } from "./grammars.js";
import { alternatives, argvOf, contentPaths, ENVIRONMENT, HOME, textOf, TMP, type Value } from "./value.js";

export type Attrs = Record<string, AttrValue>;

/** An argument: positional index, keyword name, either (`[index, keyword]`), or the receiver (`"self"`). */
export type Arg = number | string | readonly [number, string] | "self";

/** One call as the language adapter read it. */
export interface Call {
  /** Qualified name: `shutil.rmtree`, `fs.rmSync`, `FileUtils.rm_rf`, `path.unlink` (a method on a path object). */
  api: string;
  self: Value | null;
  args: Value[];
  kwargs: Map<string, Value>;
}

export interface ApiRow {
  api: readonly string[];
  /** Runs a command: a string argument is shell text, a list an argv. `spread`: the argv is the arguments from `arg` on. */
  run?: { arg: Arg; spread?: boolean; argsArg?: Arg };
  /** File effects on path arguments. `optional`: absent argument → no effect (not an unknown target). */
  files?: ReadonlyArray<{ verb: Verb; arg: Arg; attrs?: Attrs; optional?: boolean; when?: (call: Call) => boolean }>;
  /** A network call. `method` fixed, or read from `methodArg` (default GET). Arguments carrying file contents are sends. */
  net?: { url: Arg; method?: string; methodArg?: Arg };
  /** Calling this runs code nobody can read here (`eval`, `exec`, `Function`). */
  dynamic?: string;
  /** Extra attrs read from the call (`{recursive: true}` options, a chmod mode). */
  attrs?: (call: Call) => Attrs;
  /** Code in the row's language that reaches this row. */
  example: string;
}

/** A path an effect names: `base` home/tmp resolve through the path table; `rest` is literal text; `env` is the environment dumped (its tokens: a secret). */
export interface InlinePath {
  /** As a reason can quote it: `~/x`, `$TMPDIR/x`, `/etc/hosts`. */
  text: string;
  base: "home" | "tmp" | "env" | null;
  rest: string;
}

export interface InlineEffect {
  verb: Verb;
  /** The file the effect is on; null when the code builds it at run time (the class is `unknown`). */
  path: InlinePath | null;
  /** For network effects: the URL, or null when built at run time. */
  url: string | null;
  /** What the effect is on: a file (`path`), the network (`url`), or a database (Mongo shell calls). */
  kind: "file" | "network" | "database";
  attrs: Attrs;
}

export type InlineCommand = { api: string; text: string } | { api: string; argv: string[] };

/** What a piece of inline code would do (analyzeInlineCode in index.ts; read by classification.ts). */
export interface InlineCodeAnalysis {
  language: InlineLanguage;
  commands: InlineCommand[];
  effects: InlineEffect[];
  /** Why the code is not fully read (→ unknown shape 6), or null. */
  dynamic: string[] | null;
}

export function inlinePath(text: string): InlinePath {
  if (text === ENVIRONMENT) return { text: "env", base: "env", rest: "" };
  if (text.startsWith(HOME)) return { text: "~" + text.slice(HOME.length), base: "home", rest: text.slice(HOME.length) };
  if (text.startsWith(TMP)) return { text: "$TMPDIR" + text.slice(TMP.length), base: "tmp", rest: text.slice(TMP.length) };
  const clean = text.split(HOME).join("~").split(TMP).join("$TMPDIR");
  return { text: clean, base: null, rest: clean };
}

/** Collects what the code would do. Deduplicated, first-seen order. */
export class Recorder {
  readonly commands: InlineCommand[] = [];
  readonly effects: InlineEffect[] = [];
  readonly dynamic: string[] = [];
  private readonly keys = new Set<string>();

  private once(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }

  /** A command's home/temp prefixes become `$HOME`/`$TMPDIR`, which the shell analysis resolves. */
  command(c: InlineCommand): void {
    const shell = (s: string) => s.split(HOME).join("$HOME").split(TMP).join("$TMPDIR");
    const clean: InlineCommand = "text" in c ? { api: c.api, text: shell(c.text) } : { api: c.api, argv: c.argv.map(shell) };
    if (this.once("c" + JSON.stringify(clean))) this.commands.push(clean);
  }

  effect(e: InlineEffect): void {
    if (this.once("e" + JSON.stringify(e))) this.effects.push(e);
  }

  dyn(reason: string): void {
    if (this.dynamic.length < 16 && this.once("d" + reason)) this.dynamic.push(reason);
  }
}

export function argOf(call: Call, arg: Arg): Value | undefined {
  if (arg === "self") return call.self ?? undefined;
  if (typeof arg === "number") return call.args[arg];
  if (typeof arg === "string") return call.kwargs.get(arg);
  return call.kwargs.get(arg[1]) ?? call.args[arg[0]];
}

/** The file paths a value names (a path object, a string, a list of them); null entries are run-time paths. */
function pathsOf(v: Value): Array<string | null> {
  const out: Array<string | null> = [];
  for (const a of alternatives(v)) {
    if (a.k === "list") for (const item of a.items) out.push(...pathsOf(item));
    else if (a.k === "obj" && (a.type === "path" || a.type === "file")) out.push(...pathsOf(a.of));
    else if (a.k === "num") continue; // a file descriptor (`readFileSync(0)` is stdin), not a path
    else out.push(textOf(a));
  }
  return out;
}

/** Apply one row to a call: commands, effects and dynamic reasons into the recorder. */
export function applyRow(row: ApiRow, call: Call, rec: Recorder): void {
  const api = call.api;
  if (row.dynamic) rec.dyn(`${api}: ${row.dynamic}`);
  const extra = row.attrs ? row.attrs(call) : {};
  if (row.run) {
    const v = row.run.spread ? spreadArgv(call, row.run.arg) : row.run.argsArg !== undefined ? programAndArgs(call, row.run.arg, row.run.argsArg) : argOf(call, row.run.arg);
    if (v === undefined) rec.dyn(`${api} runs a command the code does not spell out`);
    else
      for (const a of alternatives(v)) {
        const text = a.k === "str" ? a.s : null;
        const argv = argvOf(a);
        if (text !== null) rec.command({ api, text });
        else if (argv !== null && argv.length > 0) rec.command({ api, argv });
        else rec.dyn(`${api} runs a command built at run time`);
      }
  }
  for (const f of row.files ?? []) {
    if (f.when && !f.when(call)) continue;
    const v = argOf(call, f.arg);
    if (v === undefined) {
      if (!f.optional) rec.effect({ verb: f.verb, path: null, url: null, kind: "file", attrs: { api, ...f.attrs, ...extra } });
      continue;
    }
    for (const p of pathsOf(v)) {
      if (p === null) rec.dyn(`${api} on a path built at run time`);
      rec.effect({ verb: f.verb, path: p === null ? null : inlinePath(p), url: null, kind: "file", attrs: { api, ...f.attrs, ...extra } });
    }
  }
  if (row.net) {
    const urlValue = argOf(call, row.net.url);
    const methodValue = row.net.methodArg === undefined ? undefined : argOf(call, row.net.methodArg);
    const fixed = typeof extra.method === "string" ? extra.method : row.net.method;
    delete extra.method;
    const method = (fixed ?? (methodValue === undefined ? "GET" : (textOf(methodValue) ?? "?"))).toUpperCase();
    // A request object built by an earlier call (urllib's Request) was recorded there.
    const urlAlts = urlValue === undefined ? [] : alternatives(urlValue).filter((a) => !(a.k === "obj" && a.type === "request"));
    if (urlValue !== undefined && urlAlts.length === 0) return;
    const urls = urlValue === undefined ? [null] : urlAlts.map(textOf);
    const verb: Verb = method === "GET" || method === "HEAD" ? "fetch" : method === "DELETE" ? "delete" : "write";
    for (const url of urls) {
      if (url === null) rec.dyn(`${api} reaches a URL built at run time`);
      rec.effect({ verb, path: null, url, kind: "network", attrs: { api, method, ...extra } });
    }
    if (method === "?") rec.dyn(`${api} uses an HTTP method chosen at run time`);
    // What the call sends: any argument carrying a file's contents (data=open(p), body: fs.readFileSync(p)).
    const sent = [...call.args, ...call.kwargs.values()].flatMap((v) => contentPaths(v));
    for (const v of sent)
      for (const p of pathsOf(v)) {
        if (p === null) rec.dyn(`${api} sends a file whose path is built at run time`);
        rec.effect({ verb: "send", path: p === null ? null : inlinePath(p), url: urls[0] ?? null, kind: "file", attrs: { api, method, ...extra } });
      }
  }
}

/** `spawn(file, [args])`: one argv; without an args list (or with options in its place), the program alone. */
function programAndArgs(call: Call, arg: Arg, argsArg: Arg): Value | undefined {
  const program = argOf(call, arg);
  if (program === undefined) return undefined;
  const rest = argOf(call, argsArg);
  if (rest === undefined || rest.k === "dict" || rest.k === "none") return { k: "list", items: [program] };
  if (rest.k !== "list") return { k: "unknown" };
  return { k: "list", items: [program, ...rest.items] };
}

/** `os.execl(path, arg0, arg1, …)`: the arguments from `arg` on, as one argv list. */
function spreadArgv(call: Call, arg: Arg): Value | undefined {
  if (typeof arg !== "number") return argOf(call, arg);
  const rest = call.args.slice(arg);
  if (rest.length === 0) return undefined;
  // A single list argument is the argv itself (`os.execv(path, [argv])`); a single string, shell text (Ruby's `system('ls -l')`).
  if (rest.length === 1 && (rest[0]!.k === "list" || rest[0]!.k === "str" || rest[0]!.k === "alt")) return rest[0];
  return { k: "list", items: rest };
}

/** Rows by qualified name (each name once; a duplicate is a table bug and throws at load). */
export function indexRows(rows: readonly ApiRow[]): Map<string, ApiRow> {
  const map = new Map<string, ApiRow>();
  for (const row of rows)
    for (const name of row.api) {
      if (map.has(name)) throw new Error(`inline-code API table: ${name} listed twice`);
      map.set(name, row);
    }
  return map;
}
