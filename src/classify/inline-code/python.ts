// Python code read with tree-sitter-python: imports qualify names, literals
// and the path builders (os.path.join, expanduser, pathlib's `/`) give values,
// and every call is matched against PYTHON_ROWS.
import type { Node } from "web-tree-sitter";
import { CARRIERS } from "./carriers.js";
import { indexRows, type Call } from "./api.js";
import { PYTHON_ROWS } from "./python-api.js";
import { CodeReader, fieldChildren, namedChildren } from "./reader.js";
import { splitWords as splitShellWords } from "../text.js";
import { decodeEscapes } from "./escapes.js";
import { alt, alternatives, concat, contentPaths, dirnameOf, envVar, expandTilde, field, HOME, intLiteral, joinList, joinPath, lift, mapText, NONE, pathObject, ref, str, textOf, TMP, UNKNOWN, type Value } from "./value.js";

const ROWS = indexRows(PYTHON_ROWS);

export class PythonReader extends CodeReader {
  private readonly starModules: string[] = [];

  constructor() {
    super(ROWS, "python", CARRIERS.python);
  }

  protected isCall(node: Node): boolean {
    return node.type === "call";
  }

  protected collect(node: Node): void {
    switch (node.type) {
      case "import_statement":
        for (const n of fieldChildren(node, "name")) {
          if (n.type === "aliased_import") this.bind(n.childForFieldName("alias")!.text, ref(n.childForFieldName("name")!.text));
          else this.bind(n.text.split(".")[0]!, ref(n.text.split(".")[0]!));
        }
        return;
      case "import_from_statement": {
        const mod = node.childForFieldName("module_name");
        if (!mod || mod.type !== "dotted_name") return;
        if (namedChildren(node).some((c) => c.type === "wildcard_import")) this.starModules.push(mod.text);
        for (const n of fieldChildren(node, "name")) {
          if (n.type === "aliased_import") this.bind(n.childForFieldName("alias")!.text, ref(`${mod.text}.${n.childForFieldName("name")!.text}`));
          else this.bind(n.text, ref(`${mod.text}.${n.text}`));
        }
        return;
      }
      case "assignment":
        return this.assign(node, (l, r) => this.bindTarget(l, r));
      case "augmented_assignment":
        return this.forget(node);
      case "named_expression":
        return this.assign(node, (l, r) => this.bind(l.text, r), "name", "value");
      case "for_statement":
      case "for_in_clause": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        if (left?.type === "identifier" && right) this.bind(left.text, { each: right });
        else if (left) for (const id of left.descendantsOfType("identifier")) this.bind(id!.text, UNKNOWN);
        return;
      }
      case "as_pattern": {
        const target = node.childForFieldName("alias");
        const value = node.namedChild(0);
        const id = target?.descendantsOfType("identifier")[0];
        if (id && value) this.bind(id.text, value);
        return;
      }
      case "parameters":
      case "lambda_parameters":
        for (const id of node.descendantsOfType("identifier")) {
          // A default value's identifiers are uses, not parameters: only the parameter names themselves.
          const p = id!.parent!;
          if (p === node || p.childForFieldName("name")?.id === id!.id || p.type === "list_splat_pattern" || p.type === "dictionary_splat_pattern") this.bind(id!.text, UNKNOWN);
        }
        return;
      case "function_definition":
      case "class_definition": {
        const name = node.childForFieldName("name");
        if (name) this.bind(name.text, UNKNOWN);
        return;
      }
    }
  }

  private bindTarget(left: Node, right: Node): void {
    if (left.type === "identifier") return this.bind(left.text, right);
    if ((left.type === "pattern_list" || left.type === "tuple_pattern") && (right.type === "expression_list" || right.type === "tuple")) {
      const l = namedChildren(left);
      const r = namedChildren(right);
      if (l.length === r.length) return l.forEach((n, i) => this.bindTarget(n, r[i]!));
    }
    for (const id of left.descendantsOfType("identifier")) this.bind(id!.text, UNKNOWN);
  }

  protected evaluate(node: Node): Value {
    switch (node.type) {
      case "string":
        return this.stringValue(node);
      case "concatenated_string":
        return concat(namedChildren(node).map((c) => this.value(c)));
      case "integer":
        return intLiteral(node.text);
      case "true":
        return { k: "bool", b: true };
      case "false":
        return { k: "bool", b: false };
      case "none":
        return NONE;
      case "list":
      case "tuple":
      case "set":
      case "expression_list": {
        const items = namedChildren(node).filter((c) => c.type !== "comment");
        if (items.some((c) => c.type === "list_splat")) return UNKNOWN;
        return { k: "list", items: items.map((c) => this.value(c)) };
      }
      case "dictionary": {
        const entries: Array<[string, Value]> = [];
        for (const pair of namedChildren(node)) {
          if (pair.type !== "pair") return UNKNOWN;
          const key = textOf(this.value(pair.childForFieldName("key")!));
          if (key === null) return UNKNOWN;
          entries.push([key, this.value(pair.childForFieldName("value")!)]);
        }
        return { k: "dict", entries };
      }
      case "parenthesized_expression":
      case "await":
        return node.namedChild(0) ? this.value(node.namedChild(0)!) : UNKNOWN;
      case "identifier":
        return this.name(node.text);
      case "attribute": {
        const obj = this.value(node.childForFieldName("object")!);
        const attr = node.childForFieldName("attribute")!.text;
        if (obj.k === "ref") return ref(`${obj.name}.${attr}`);
        if (obj.k === "obj" && obj.type === "path") {
          if (attr === "parent") return pathObject(lift([obj.of], ([x]) => (textOf(x!) === null ? UNKNOWN : str(textOf(x!)!.replace(/[\\/][^\\/]*[\\/]?$/, "") || "/"))));
          if (attr === "name") return UNKNOWN;
        }
        return UNKNOWN;
      }
      case "subscript": {
        const obj = this.value(node.childForFieldName("value")!);
        const sub = node.childForFieldName("subscript");
        const key = sub ? this.value(sub) : UNKNOWN;
        if (obj.k === "ref" && obj.name === "os.environ") return mapText(key, envVar);
        if (obj.k === "list" && key.k === "num") return obj.items[key.n < 0 ? obj.items.length + key.n : key.n] ?? UNKNOWN;
        if (obj.k === "dict" && textOf(key) !== null) return field(obj, textOf(key)!) ?? UNKNOWN;
        return UNKNOWN;
      }
      case "binary_operator": {
        const op = node.childForFieldName("operator")!.text;
        const l = this.value(node.childForFieldName("left")!);
        const r = this.value(node.childForFieldName("right")!);
        if (op === "+") {
          if (l.k === "list" && r.k === "list") return { k: "list", items: [...l.items, ...r.items] };
          return concat([l, r]);
        }
        if (op === "/" && alternatives(l).some((x) => x.k === "obj" && x.type === "path")) return pathObject(joinPath([l, r]));
        if (op === "%" && l.k === "str") return this.percentFormat(l.s, r);
        return UNKNOWN;
      }
      case "conditional_expression": {
        const parts = namedChildren(node);
        return alt([this.value(parts[0]!), this.value(parts[2] ?? parts[0]!)]);
      }
      case "call":
        return this.call(node);
      default:
        return UNKNOWN;
    }
  }

  private name(id: string): Value {
    const bound = this.lookup(id);
    if (bound !== undefined) return bound;
    for (const m of this.starModules) if (this.rows.has(`${m}.${id}`) || PATH_VALUES.has(`${m}.${id}`)) return ref(`${m}.${id}`);
    return ref(id); // a builtin (open, eval, print, __import__) or a name the code never defines
  }

  private stringValue(node: Node): Value {
    const start = node.child(0)?.type === "string_start" ? node.child(0)!.text : "";
    const prefix = start.replace(/['"]+$/, "").toLowerCase();
    const raw = prefix.includes("r");
    const fmt = prefix.includes("f");
    const parts: Value[] = [];
    for (const c of namedChildren(node)) {
      if (c.type === "string_content") {
        let t = raw ? c.text : decodeEscapes(c.text);
        if (fmt) t = t.replace(/\{\{/g, "{").replace(/\}\}/g, "}");
        parts.push(str(t));
      } else if (c.type === "escape_sequence") parts.push(str(raw ? c.text : decodeEscapes(c.text)));
      else if (c.type === "interpolation") {
        if (c.childForFieldName("format_specifier") || c.childForFieldName("type_conversion")) return UNKNOWN;
        const e = c.childForFieldName("expression");
        parts.push(e ? this.value(e) : UNKNOWN);
      }
    }
    return parts.length === 0 ? str("") : concat(parts);
  }

  /** `"rm -rf %s" % path`: only `%s` with known values. */
  private percentFormat(fmt: string, args: Value): Value {
    const list = args.k === "list" ? args.items : [args];
    let i = 0;
    let ok = true;
    const out = fmt.replace(/%(s|%)/g, (_, t: string) => {
      if (t === "%") return "%";
      const v = list[i++];
      const s = v ? textOf(v) : null;
      if (s === null) ok = false;
      return s ?? "";
    });
    return ok && !/%[^%]/.test(out.replace(/%%/g, "")) ? str(out) : UNKNOWN;
  }

  private call(node: Node): Value {
    const fn = node.childForFieldName("function")!;
    const argList = node.childForFieldName("arguments");
    const args: Value[] = [];
    const kwargs = new Map<string, Value>();
    if (argList && argList.type === "argument_list") {
      for (const a of namedChildren(argList)) {
        if (a.type === "keyword_argument") kwargs.set(a.childForFieldName("name")!.text, this.value(a.childForFieldName("value")!));
        else if (a.type === "list_splat" || a.type === "dictionary_splat") args.push(UNKNOWN);
        else if (a.type !== "comment") args.push(this.value(a));
      }
    } else if (argList) args.push(UNKNOWN);
    let api: string | null = null;
    let self: Value | null = null;
    if (fn.type === "attribute") {
      const obj = this.value(fn.childForFieldName("object")!);
      const method = fn.childForFieldName("attribute")!.text;
      if (obj.k === "ref") api = `${obj.name}.${method}`;
      else if (obj.k === "obj") {
        api = `${obj.type}.${method}`;
        self = obj;
      } else if (obj.k === "content") {
        api = `content.${method}`;
        self = obj;
      } else if (obj.k === "str" || obj.k === "alt") return this.stringMethod(obj, method, args);
      else if (obj.k === "unknown" && this.rows.has(`path.${method}`)) {
        // `p.unlink()` on an object built at run time: a path method on a path nobody can name.
        api = `path.${method}`;
        self = { k: "obj", type: "path", of: UNKNOWN };
      }
    } else {
      const v = this.value(fn);
      if (v.k === "ref") api = v.name;
    }
    if (api === null) return UNKNOWN;
    return this.invoke({ api, self, args, kwargs });
  }

  private stringMethod(s: Value, method: string, args: Value[]): Value {
    if (method === "join" && args[0]?.k === "list") return joinList(s, args[0]);
    if (method === "format") return lift([s, ...args], ([f, ...xs]) => {
      let i = 0;
      let ok = textOf(f!) !== null;
      const out = (textOf(f!) ?? "").replace(/\{(\d*)\}/g, (_, n: string) => {
        const t = textOf(xs[n === "" ? i++ : Number(n)] ?? UNKNOWN);
        if (t === null) ok = false;
        return t ?? "";
      });
      return ok && !/\{[^}]*\}/.test(out) ? str(out) : UNKNOWN;
    });
    if (["strip", "lstrip", "rstrip", "lower", "upper"].includes(method) && args.length === 0)
      return lift([s], ([x]) => {
        const t = textOf(x!);
        if (t === null) return UNKNOWN;
        return str(method === "lower" ? t.toLowerCase() : method === "upper" ? t.toUpperCase() : method === "strip" ? t.trim() : method === "lstrip" ? t.trimStart() : t.trimEnd());
      });
    return UNKNOWN;
  }

  /** A socket connected to `address` (a `(host, port)` tuple): a raw connection to that host. */
  private socketConnect(api: string, address: Value | undefined): void {
    const host = address?.k === "list" && address.items[0] ? textOf(address.items[0]) : null;
    if (host === null) this.rec.dyn(`${api} reaches a host chosen at run time`);
    this.rec.effect({ verb: "write", path: null, url: host, kind: "network", attrs: { api, method: "CONNECT" } });
  }

  protected returns(call: Call): Value | null {
    const a = call.args;
    const f = PATH_VALUES.get(call.api);
    if (f) return f(call);
    switch (call.api) {
      case "open":
      case "io.open":
      case "codecs.open": {
        const mode = textOf(call.args[1] ?? call.kwargs.get("mode") ?? str("r"));
        return { k: "obj", type: "file", of: a[0] ?? call.kwargs.get("file") ?? UNKNOWN, mode: mode ?? "w" };
      }
      case "path.open": {
        const mode = textOf(call.args[0] ?? call.kwargs.get("mode") ?? str("r"));
        return { k: "obj", type: "file", of: (call.self as { of: Value }).of, mode: mode ?? "w" };
      }
      case "file.read":
      case "file.readlines":
      case "file.readline":
        return { k: "content", path: (call.self as { of: Value }).of };
      case "path.read_text":
      case "path.read_bytes":
        return { k: "content", path: (call.self as { of: Value }).of };
      case "__import__":
      case "importlib.import_module": {
        const name = a[0] ? textOf(a[0]) : null;
        if (name === null) this.rec.dyn(`${call.api} imports a module chosen at run time`);
        return name === null ? UNKNOWN : ref(name);
      }
      case "getattr": {
        const attr = a[1] ? textOf(a[1]) : null;
        if (attr === null) {
          this.rec.dyn("getattr reaches an attribute chosen at run time");
          return UNKNOWN;
        }
        return a[0]?.k === "ref" ? ref(`${a[0].name}.${attr}`) : UNKNOWN;
      }
      case "requests.Session":
      case "requests.session":
      case "httpx.Client":
      case "httpx.AsyncClient":
        return { k: "obj", type: "session", of: NONE };
      case "urllib.request.Request":
        return { k: "obj", type: "request", of: a[0] ?? UNKNOWN };
      // Raw sockets: `socket.socket(…).connect((host, port))`, `socket.create_connection((host, port))`.
      case "socket.socket":
        return { k: "obj", type: "socket", of: NONE };
      case "socket.create_connection":
      case "socket.connect":
      case "socket.connect_ex":
        this.socketConnect(call.api, a[0] ?? call.kwargs.get("address"));
        return { k: "obj", type: "socket", of: NONE };
      case "shlex.split":
        return lift([a[0] ?? UNKNOWN], ([x]) => {
          const words = textOf(x!) === null ? null : splitShellWords(textOf(x!)!);
          return words === null ? UNKNOWN : { k: "list", items: words.map(str) };
        });
      case "shlex.quote":
        return mapText(a[0] ?? UNKNOWN, (t) => str(`'${t.replace(/'/g, `'"'"'`)}'`));
      case "str":
      case "os.fspath":
        if (a[0] && contentPaths(a[0]).length > 0) return null; // str(open(k).read()), str(os.environ): carried (carriers.ts)
        return a[0] ? mapText(a[0], str) : str("");
    }
    return null;
  }
}

const same = (call: Call): Value => call.args[0] ?? UNKNOWN;
const selfPath = (call: Call): Value => (call.self?.k === "obj" ? call.self.of : UNKNOWN);

/** Calls whose value is a path (or a string) computed from their arguments. */
const PATH_VALUES = new Map<string, (call: Call) => Value>([
  ["os.path.join", (c) => joinPath(c.args)],
  ["posixpath.join", (c) => joinPath(c.args)],
  ["os.path.expanduser", (c) => expandTilde(same(c))],
  ["os.path.abspath", same],
  ["os.path.realpath", same],
  ["os.path.normpath", same],
  ["os.path.expandvars", (c) => mapText(same(c), (t) => str(t.replace(/^(\$HOME|\$\{HOME\})(?=$|\/)/, HOME).replace(/^(\$TMPDIR|\$\{TMPDIR\})(?=$|\/)/, TMP)))],
  ["os.path.dirname", (c) => dirnameOf(same(c))],
  ["os.getenv", (c) => mapText(same(c), envVar)],
  ["os.environ.get", (c) => mapText(same(c), envVar)],
  ["os.getcwd", () => str(".")],
  ["os.path.curdir", () => str(".")],
  ["tempfile.gettempdir", () => str(TMP)],
  ["pathlib.Path", (c) => pathObject(c.args.length === 0 ? str(".") : joinPath(c.args))],
  ["pathlib.PurePath", (c) => pathObject(joinPath(c.args))],
  ["pathlib.PosixPath", (c) => pathObject(joinPath(c.args))],
  ["pathlib.Path.home", () => pathObject(str(HOME))],
  ["pathlib.Path.cwd", () => pathObject(str("."))],
  ["path.expanduser", (c) => pathObject(expandTilde(selfPath(c)))],
  ["path.resolve", (c) => pathObject(selfPath(c))],
  ["path.absolute", (c) => pathObject(selfPath(c))],
  ["path.joinpath", (c) => pathObject(joinPath([selfPath(c), ...c.args]))],
  ["path.__str__", selfPath],
  // A glob's matches, as the pattern: the path table classes `dir/*.log` as files in dir.
  ["path.glob", (c) => pathObject(joinPath([selfPath(c), same(c)]))],
  ["path.rglob", (c) => pathObject(joinPath([selfPath(c), str("**"), same(c)]))],
  ["path.iterdir", (c) => pathObject(joinPath([selfPath(c), str("*")]))],
  ["glob.glob", (c) => pathObject(same(c))],
  ["glob.iglob", (c) => pathObject(same(c))],
]);
