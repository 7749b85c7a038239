// JavaScript read with tree-sitter-javascript: require/import qualify names
// (core modules are also globals under `node -e`), literals, template strings,
// `+` and path.join give values, every call is matched against
// JAVASCRIPT_ROWS, and Mongo shell calls (`db.dropDatabase()`) against mongo.ts.
import type { Node } from "web-tree-sitter";
import { CARRIERS } from "./carriers.js";
import { indexRows, type Call } from "./api.js";
import { axiosConfigUrl, JAVASCRIPT_ROWS } from "./javascript-api.js";
import { decodeEscapes } from "./escapes.js";
import { ANY_COLLECTION, mongoCall } from "./mongo.js";
import { CodeReader, namedChildren } from "./reader.js";
import { alt, concat, dirnameOf, envVar, expandTilde, HOME, intLiteral, joinList, joinPath, mapText, NONE, ref, str, textOf, TMP, UNKNOWN, type Value } from "./value.js";

const ROWS = indexRows(JAVASCRIPT_ROWS);

/** `node:fs` → `fs`; `fs/promises` → `fs.promises`. */
export function moduleName(spec: string): string {
  const s = spec.replace(/^node:/, "");
  return s.replace(/\//g, ".");
}

/**
 * Methods whose name alone says what they are, called on an object the analysis
 * could not follow (a promise's value, a parameter): fs's and child_process's,
 * minus names other objects use too (`open`, `exec`, `write`, `stat`, …).
 */
const AMBIGUOUS = new Set(["open", "exec", "stat", "lstat", "access", "readdir", "mkdir", "get", "request", "connect", "fork", "link"]);
const UNMISTAKABLE = new Map<string, string>(
  JAVASCRIPT_ROWS.flatMap((r) => r.api)
    .filter((a) => /^(fs|fs\.promises|child_process)\.[A-Za-z]+$/.test(a))
    .map((a) => [a.slice(a.lastIndexOf(".") + 1), a] as const)
    .filter(([m]) => !AMBIGUOUS.has(m))
    .reverse() as Array<[string, string]>,
);

export class JavaScriptReader extends CodeReader {
  constructor() {
    super(ROWS, "javascript", CARRIERS.javascript);
  }

  protected isCall(node: Node): boolean {
    return node.type === "call_expression" || node.type === "new_expression";
  }

  protected collect(node: Node): void {
    switch (node.type) {
      case "variable_declarator": {
        const name = node.childForFieldName("name");
        if (name) this.bindPattern(name, node.childForFieldName("value"));
        return;
      }
      case "assignment_expression":
        return this.assign(node, (l, r) => this.bindPattern(l, r));
      case "augmented_assignment_expression":
        return this.forget(node);
      case "for_in_statement": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        const of = node.childForFieldName("operator")?.text === "of";
        if (left?.type === "identifier" && right && of) this.bind(left.text, { each: right });
        else if (left) for (const id of [left, ...left.descendantsOfType("identifier")]) if (id?.type === "identifier") this.bind(id.text, UNKNOWN);
        return;
      }
      case "import_statement": {
        const source = node.childForFieldName("source");
        const mod = source ? textOf(this.value(source)) : null;
        if (mod === null) return;
        const clause = namedChildren(node).find((c) => c.type === "import_clause");
        if (!clause) return;
        for (const c of namedChildren(clause)) {
          if (c.type === "identifier") this.bind(c.text, ref(moduleName(mod)));
          else if (c.type === "namespace_import") {
            const id = c.descendantsOfType("identifier")[0];
            if (id) this.bind(id.text, ref(moduleName(mod)));
          } else if (c.type === "named_imports")
            for (const spec of c.descendantsOfType("import_specifier")) {
              const name = spec!.childForFieldName("name")!.text;
              this.bind(spec!.childForFieldName("alias")?.text ?? name, ref(`${moduleName(mod)}.${name}`));
            }
        }
        return;
      }
      case "formal_parameters":
        for (const id of node.descendantsOfType(["identifier", "shorthand_property_identifier_pattern"])) this.bind(id!.text, UNKNOWN);
        return;
      case "arrow_function": {
        const p = node.childForFieldName("parameter");
        if (p?.type === "identifier") this.bind(p.text, UNKNOWN);
        return;
      }
      case "function_declaration":
      case "class_declaration": {
        const name = node.childForFieldName("name");
        if (name) this.bind(name.text, UNKNOWN);
        return;
      }
      case "catch_clause": {
        const p = node.childForFieldName("parameter");
        if (p) for (const id of [p, ...p.descendantsOfType("identifier")]) if (id?.type === "identifier") this.bind(id.text, UNKNOWN);
        return;
      }
    }
  }

  /** `x = v`, `const {a, b: c} = require('m')`, `[a, b] = [1, 2]`. */
  private bindPattern(pattern: Node, value: Node | null): void {
    if (pattern.type === "identifier") return this.bind(pattern.text, value ?? NONE);
    if (pattern.type === "object_pattern" && value) {
      for (const c of namedChildren(pattern)) {
        if (c.type === "shorthand_property_identifier_pattern") this.bind(c.text, this.member(value, c.text));
        else if (c.type === "pair_pattern") {
          const key = c.childForFieldName("key")!.text;
          const target = c.childForFieldName("value")!;
          if (target.type === "identifier") this.bind(target.text, this.member(value, key));
          else this.bindUnknown(target);
        } else this.bindUnknown(c);
      }
      return;
    }
    if (pattern.type === "array_pattern" && value?.type === "array") {
      const l = namedChildren(pattern);
      const r = namedChildren(value);
      if (l.length === r.length) return l.forEach((n, i) => this.bindPattern(n, r[i]!));
    }
    this.bindUnknown(pattern);
  }

  private bindUnknown(node: Node): void {
    for (const id of [node, ...node.descendantsOfType(["identifier", "shorthand_property_identifier_pattern"])]) if (id && (id.type === "identifier" || id.type === "shorthand_property_identifier_pattern")) this.bind(id.text, UNKNOWN);
  }

  /** `value.key` of an expression node, as a value (lazily: a destructured require). */
  private member(value: Node, key: string): Value {
    const v = this.value(value);
    return this.memberOf(v, key);
  }

  private memberOf(v: Value, key: string): Value {
    if (v.k === "ref") return ref(v.name === "process.env" ? "process.env" : `${v.name}.${key}`);
    if (v.k === "dict") return v.entries.find(([k]) => k === key)?.[1] ?? UNKNOWN;
    return UNKNOWN;
  }

  protected evaluate(node: Node): Value {
    switch (node.type) {
      case "string": {
        let s = "";
        for (const c of namedChildren(node)) s += c.type === "escape_sequence" ? decodeEscapes(c.text) : c.text;
        return str(s);
      }
      case "template_string": {
        const parts: Value[] = [];
        for (const c of namedChildren(node)) {
          if (c.type === "string_fragment") parts.push(str(c.text));
          else if (c.type === "escape_sequence") parts.push(str(decodeEscapes(c.text)));
          else if (c.type === "template_substitution") parts.push(c.namedChild(0) ? this.value(c.namedChild(0)!) : UNKNOWN);
        }
        return parts.length === 0 ? str("") : concat(parts);
      }
      case "number":
        return intLiteral(node.text);
      case "true":
        return { k: "bool", b: true };
      case "false":
        return { k: "bool", b: false };
      case "null":
      case "undefined":
        return NONE;
      case "array": {
        const items = namedChildren(node).filter((c) => c.type !== "comment");
        if (items.some((c) => c.type === "spread_element")) return UNKNOWN;
        return { k: "list", items: items.map((c) => this.value(c)) };
      }
      case "object": {
        const entries: Array<[string, Value]> = [];
        for (const c of namedChildren(node)) {
          if (c.type === "pair") {
            const keyNode = c.childForFieldName("key")!;
            const key = keyNode.type === "property_identifier" ? keyNode.text : textOf(this.value(keyNode));
            if (key === null) continue;
            entries.push([key, this.value(c.childForFieldName("value")!)]);
          } else if (c.type === "shorthand_property_identifier") entries.push([c.text, this.name(c.text)]);
        }
        return { k: "dict", entries };
      }
      case "parenthesized_expression":
      case "await_expression":
        return node.namedChild(0) ? this.value(node.namedChild(node.namedChildCount - 1)!) : UNKNOWN;
      case "identifier":
        return this.name(node.text);
      case "member_expression": {
        const obj = this.value(node.childForFieldName("object")!);
        const prop = node.childForFieldName("property")!.text;
        if (obj.k === "ref" && obj.name === "process.env") return envVar(prop);
        return this.memberOf(obj, prop);
      }
      case "subscript_expression": {
        const obj = this.value(node.childForFieldName("object")!);
        const key = this.value(node.childForFieldName("index")!);
        if (obj.k === "ref" && obj.name === "process.env") return mapText(key, envVar);
        if (obj.k === "list" && key.k === "num") return obj.items[key.n] ?? UNKNOWN;
        if (textOf(key) !== null) return this.memberOf(obj, textOf(key)!);
        if (obj.k === "ref" && obj.name === "db") return ref(`db.${ANY_COLLECTION}`); // Mongo's `db[c]`: a collection chosen at run time
        return UNKNOWN;
      }
      case "binary_expression": {
        const op = node.childForFieldName("operator")!.text;
        if (op !== "+") return UNKNOWN;
        return concat([this.value(node.childForFieldName("left")!), this.value(node.childForFieldName("right")!)]);
      }
      case "ternary_expression":
        return alt([this.value(node.childForFieldName("consequence")!), this.value(node.childForFieldName("alternative")!)]);
      case "call_expression":
      case "new_expression":
        return this.call(node);
      default:
        return UNKNOWN;
    }
  }

  private name(id: string): Value {
    const bound = this.lookup(id);
    if (bound !== undefined) return bound;
    return ref(id); // a global: fetch, eval, require, a core module (globals under `node -e`), or Mongo's `db`
  }

  private call(node: Node): Value {
    const fn = node.childForFieldName(node.type === "new_expression" ? "constructor" : "function")!;
    const argNode = node.childForFieldName("arguments");
    const args: Value[] = [];
    if (argNode?.type === "arguments") {
      for (const a of namedChildren(argNode)) {
        if (a.type === "comment") continue;
        args.push(a.type === "spread_element" ? UNKNOWN : this.value(a));
      }
    } else if (argNode?.type === "template_string") args.push(this.value(argNode));
    let api: string | null = null;
    let self: Value | null = null;
    if (fn.type === "member_expression") {
      const objNode = fn.childForFieldName("object")!;
      const obj = this.value(objNode);
      const method = fn.childForFieldName("property")!.text;
      if (obj.k === "ref") api = `${obj.name}.${method}`;
      else if (obj.k === "list" && method === "join") return joinList(args[0] ?? str(","), obj);
      else if (obj.k === "obj" && (obj.type === "file" || obj.type === "socket")) api = `${obj.type}.${method}`;
      else if (obj.k === "content") {
        api = `content.${method}`;
        self = obj;
      }
      else if (obj.k === "unknown") api = UNMISTAKABLE.get(method) ?? null; // `import('fs').then((fs) => fs.rmSync('/'))`
    } else if (fn.type === "import") {
      api = "import";
    } else {
      const v = this.value(fn);
      if (v.k === "ref") api = v.name;
    }
    if (api === null) return UNKNOWN;
    let call: Call = { api, self, args, kwargs: new Map() };
    if (api === "axios" || api === "axios.request") call = axiosConfigUrl(call);
    if (api.startsWith("db.")) return mongoCall(call, this.rec);
    return this.invoke(call);
  }

  protected returns(call: Call): Value | null {
    const a = call.args;
    switch (call.api) {
      case "require":
      case "import": {
        const name = a[0] ? textOf(a[0]) : null;
        if (name === null) {
          this.rec.dyn(`${call.api}() loads a module chosen at run time`);
          return UNKNOWN;
        }
        return ref(moduleName(name));
      }
      case "path.join":
      case "path.posix.join":
      case "path.resolve":
        return joinPath(a, "/", call.api === "path.resolve");
      case "path.normalize":
        return a[0] ?? UNKNOWN;
      case "path.dirname":
        return dirnameOf(a[0] ?? UNKNOWN);
      case "os.homedir":
        return str(HOME);
      case "os.tmpdir":
        return str(TMP);
      case "process.cwd":
        return str(".");
      case "String":
        return a[0] ?? str("");
      case "net.Socket":
      case "tls.TLSSocket":
        return { k: "obj", type: "socket", of: NONE };
      case "untildify":
        return expandTilde(a[0] ?? UNKNOWN);
      case "fs.readFileSync":
      case "fs.readFile":
      case "fs.promises.readFile":
      case "fs.createReadStream":
        return { k: "content", path: a[0] ?? UNKNOWN };
      case "setTimeout":
      case "setInterval":
        if (a[0]?.k === "str") this.rec.dyn(`${call.api} with a string evaluates it as code`);
        return UNKNOWN;
    }
    return null;
  }
}
