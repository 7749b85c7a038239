// The abstract values an inline-code analysis computes: what an expression is
// known to be without running it. Only literals and the few functions that
// build paths from literals (join, expanduser, home) produce known strings;
// everything else is `unknown`, and a consequential call fed an unknown value
// makes the code dynamic (SPEC §6.7: "a command or path built at run time").

/** The home directory and the temp directory, as a path prefix (resolved by the path table, never by the code's host). */
export const HOME = "\u0000home";
export const TMP = "\u0000tmp";
/** The process environment as a whole (`Get-ChildItem env:`): what a call sends when it sends a dump of it. */
export const ENVIRONMENT = "\u0000env";
/** The environment as the languages name it (Python's `os.environ`, Node's `process.env`, Ruby's `ENV`): sent whole, its tokens go with it. */
export const ENVIRONMENT_REFS: ReadonlySet<string> = new Set(["os.environ", "process.env", "ENV"]);

export type Value =
  | { k: "str"; s: string }
  | { k: "num"; n: number }
  | { k: "bool"; b: boolean }
  | { k: "none" }
  | { k: "list"; items: Value[] }
  | { k: "dict"; entries: Array<[string, Value]> }
  /** One of these: a loop variable over a literal list, a name assigned twice. */
  | { k: "alt"; items: Value[] }
  /** A module, class or function, by qualified name (`os.path`, `fs`, `FileUtils`). */
  | { k: "ref"; name: string }
  /** An object of a known type: a path object, an open file (`of` is its path; `mode` its open mode). */
  | { k: "obj"; type: string; of: Value; mode?: string }
  /** The contents of a file: what a network call sends when it sends this. */
  | { k: "content"; path: Value }
  | { k: "unknown" };

export const UNKNOWN: Value = { k: "unknown" };
export const NONE: Value = { k: "none" };
export const str = (s: string): Value => ({ k: "str", s });
export const ref = (name: string): Value => ({ k: "ref", name });

/** Every concrete alternative of a value (an `alt` flattened). */
export function alternatives(v: Value): Value[] {
  return v.k === "alt" ? v.items.flatMap(alternatives) : [v];
}

export function alt(items: Value[]): Value {
  const flat = items.flatMap(alternatives);
  const seen = new Map<string, Value>();
  for (const v of flat) seen.set(JSON.stringify(v), v);
  const uniq = [...seen.values()];
  if (uniq.length === 1) return uniq[0]!;
  if (uniq.length > 64) return UNKNOWN; // an explosion of cases is not "read"
  return { k: "alt", items: uniq };
}

/** Apply `f` to each alternative of each argument (the cross product), collecting the results. */
export function lift(args: Value[], f: (xs: Value[]) => Value): Value {
  let combos: Value[][] = [[]];
  for (const a of args) {
    const next: Value[][] = [];
    for (const c of combos) for (const x of alternatives(a)) next.push([...c, x]);
    combos = next;
    if (combos.length > 64) return UNKNOWN;
  }
  return alt(combos.map(f));
}

/** The literal string of a value (numbers print as themselves), or null. */
export function textOf(v: Value): string | null {
  if (v.k === "str") return v.s;
  if (v.k === "num") return String(v.n);
  if (v.k === "obj" && v.type === "path") return textOf(v.of);
  return null;
}

/** String concatenation of known parts; unknown when any part is. */
export function concat(parts: Value[]): Value {
  return lift(parts, (xs) => {
    let out = "";
    for (const x of xs) {
      const t = textOf(x);
      if (t === null) return UNKNOWN;
      out += t;
    }
    return str(out);
  });
}

/** Path join (POSIX or Windows separator): an absolute part restarts the path, as os.path.join/path.join/File.join do. */
export function joinPath(parts: Value[], sep = "/", absoluteRestarts = true): Value {
  return lift(parts, (xs) => {
    let out = "";
    for (const x of xs) {
      const t = textOf(x);
      if (t === null) return UNKNOWN;
      if (t === "") continue;
      if (absoluteRestarts && (t.startsWith("/") || /^[A-Za-z]:[\\/]/.test(t) || t.startsWith(HOME) || t.startsWith(TMP))) out = t;
      else if (out === "" || out.endsWith("/") || out.endsWith("\\")) out += t;
      else out += sep + t;
    }
    return str(out);
  });
}

/** `~` and `~/x` (as `expanduser`, `File.expand_path` and PowerShell paths read them) → the HOME prefix. */
export function expandTilde(v: Value): Value {
  return lift([v], ([x]) => {
    const t = textOf(x!);
    if (t === null) return UNKNOWN;
    if (t === "~") return str(HOME);
    if (t.startsWith("~/") || t.startsWith("~\\")) return str(HOME + t.slice(1));
    return str(t);
  });
}

/** A value as a path object (`Path('x')`, `Pathname.new('x')`). */
export function pathObject(v: Value): Value {
  return lift([v], ([x]) => (textOf(x!) === null ? { k: "obj", type: "path", of: UNKNOWN } : { k: "obj", type: "path", of: str(textOf(x!)!) }));
}

/** The env variables a path may start from: HOME-like ones are home, TMP-like ones the temp dir. */
export function envVar(name: string): Value {
  const n = name.toUpperCase();
  if (n === "HOME" || n === "USERPROFILE") return str(HOME);
  if (n === "TMPDIR" || n === "TEMP" || n === "TMP") return str(TMP);
  return UNKNOWN;
}

/** Every file whose contents the value carries (directly, in a list, dict or open file). */
export function contentPaths(v: Value, depth = 0): Value[] {
  if (depth > 8) return [];
  switch (v.k) {
    case "content":
      return [v.path];
    case "obj":
      return v.type === "file" && (v.mode === undefined || !/[wax]/.test(v.mode) || v.mode.includes("+")) ? [v.of] : [];
    case "list":
    case "alt":
      return v.items.flatMap((x) => contentPaths(x, depth + 1));
    case "dict":
      return v.entries.flatMap(([, x]) => contentPaths(x, depth + 1));
    case "ref":
      return ENVIRONMENT_REFS.has(v.name) ? [str(ENVIRONMENT)] : [];
    default:
      return [];
  }
}

/** A value as a list of strings (an argv), or null when any element is not a known string. */
export function argvOf(v: Value): string[] | null {
  if (v.k !== "list") return null;
  const out: string[] = [];
  for (const item of v.items) {
    const t = textOf(item);
    if (t === null) return null;
    out.push(t);
  }
  return out;
}

/** The value's field by key (dict entry), or undefined. */
export function field(v: Value | undefined, key: string): Value | undefined {
  if (v === undefined || v.k !== "dict") return undefined;
  for (const [k, x] of v.entries) if (k === key) return x;
  return undefined;
}

/** `f` of the value's text, per alternative; unknown where the text is. */
export function mapText(v: Value, f: (text: string) => Value): Value {
  return lift([v], ([x]) => {
    const t = textOf(x!);
    return t === null ? UNKNOWN : f(t);
  });
}

/** An integer literal as Python, JavaScript and Ruby write it (`0o17`, `0x1f`, `0b1`, `1_000`; Ruby's `017` with `legacyOctal`). */
export function intLiteral(text: string, legacyOctal = false): Value {
  const t = text.replace(/_/g, "").toLowerCase();
  const radix = t.startsWith("0o") ? 8 : t.startsWith("0x") ? 16 : t.startsWith("0b") ? 2 : legacyOctal && /^0[0-7]+$/.test(t) ? 8 : 10;
  const n = radix === 10 ? Number(t) : parseInt(radix === 8 && !t.startsWith("0o") ? t.slice(1) : t.slice(2), radix);
  return Number.isFinite(n) ? { k: "num", n } : UNKNOWN;
}

/** `sep.join(list)` / `list.join(sep)` of known strings. */
export function joinList(sep: Value, list: Value): Value {
  return lift([sep, ...(list.k === "list" ? list.items : [UNKNOWN])], ([s, ...xs]) => {
    const parts = xs.map(textOf);
    return textOf(s!) === null || parts.includes(null) ? UNKNOWN : str(parts.join(textOf(s!)!));
  });
}

/** The directory part of a path (`/a/b` → `/a`, `/a` → `/`). */
export function dirnameOf(v: Value): Value {
  return mapText(v, (t) => str(t.replace(/\/[^/]*$/, "") || "/"));
}
