// Ruby read with tree-sitter-ruby: constants name the receivers (`FileUtils`,
// `Net::HTTP`), literals, interpolation, `+` and File.join give values,
// backticks and `%x{}` run shell text, and every call is matched against RUBY_ROWS.
import type { Node } from "web-tree-sitter";
import { CARRIERS } from "./carriers.js";
import { indexRows, type Call } from "./api.js";
import { decodeEscapes } from "./escapes.js";
import { isPipe, RUBY_ROWS } from "./ruby-api.js";
import { CodeReader, namedChildren } from "./reader.js";
import { alt, concat, dirnameOf, envVar, expandTilde, HOME, intLiteral, joinList, joinPath, lift, mapText, NONE, pathObject, ref, str, textOf, TMP, UNKNOWN, type Value } from "./value.js";

const ROWS = indexRows(RUBY_ROWS);
const ITERATORS = new Set(["each", "map", "each_entry", "flat_map", "select", "each_with_index"]);

export class RubyReader extends CodeReader {
  constructor() {
    super(ROWS, "ruby", CARRIERS.ruby);
  }

  protected isCall(node: Node): boolean {
    return node.type === "call" || node.type === "subshell";
  }

  protected collect(node: Node): void {
    switch (node.type) {
      case "assignment": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        if (left?.type === "identifier" && right) this.bind(left.text, right);
        else if (left) this.unknownNames(left);
        return;
      }
      case "operator_assignment":
        return this.forget(node);
      case "for": {
        const pattern = node.childForFieldName("pattern");
        const value = node.childForFieldName("value");
        const list = value?.type === "in" ? value.namedChild(0) : value;
        if (pattern?.type === "identifier" && list) this.bind(pattern.text, { each: list });
        else if (pattern) this.unknownNames(pattern);
        return;
      }
      case "block_parameters":
      case "method_parameters":
      case "lambda_parameters": {
        const call = node.parent?.parent;
        const ids = namedChildren(node);
        const receiver = call?.type === "call" ? call.childForFieldName("receiver") : null;
        const method = call?.type === "call" ? call.childForFieldName("method")?.text : undefined;
        if (node.type === "block_parameters" && receiver && method && ITERATORS.has(method) && ids[0]?.type === "identifier") {
          this.bind(ids[0].text, { each: receiver });
          ids.slice(1).forEach((n) => this.unknownNames(n));
        } else ids.forEach((n) => this.unknownNames(n));
        return;
      }
      case "method": {
        const name = node.childForFieldName("name");
        if (name) this.bind(name.text, UNKNOWN);
        return;
      }
    }
  }

  private unknownNames(node: Node): void {
    for (const id of [node, ...node.descendantsOfType("identifier")]) if (id?.type === "identifier") this.bind(id.text, UNKNOWN);
  }

  protected evaluate(node: Node): Value {
    switch (node.type) {
      case "string":
      case "subshell":
      case "string_array": {
        if (node.type === "string_array") return { k: "list", items: namedChildren(node).map((c) => str(c.text)) };
        const parts: Value[] = [];
        for (const c of namedChildren(node)) {
          if (c.type === "string_content") parts.push(str(c.text));
          else if (c.type === "escape_sequence") parts.push(str(decodeEscapes(c.text)));
          else if (c.type === "interpolation") parts.push(c.namedChild(0) ? this.value(c.namedChild(c.namedChildCount - 1)!) : UNKNOWN);
        }
        const text = parts.length === 0 ? str("") : concat(parts);
        if (node.type === "subshell") {
          this.invoke({ api: "`", self: null, args: [text], kwargs: new Map() });
          return UNKNOWN;
        }
        return text;
      }
      case "simple_symbol":
        return str(node.text.slice(1));
      case "hash_key_symbol":
        return str(node.text);
      case "integer":
        return intLiteral(node.text, true);
      case "true":
        return { k: "bool", b: true };
      case "false":
        return { k: "bool", b: false };
      case "nil":
        return NONE;
      case "array":
        if (namedChildren(node).some((c) => c.type === "splat_argument")) return UNKNOWN;
        return { k: "list", items: namedChildren(node).map((c) => this.value(c)) };
      case "hash": {
        const entries: Array<[string, Value]> = [];
        for (const p of namedChildren(node)) {
          if (p.type !== "pair") return UNKNOWN;
          const key = textOf(this.value(p.childForFieldName("key")!));
          if (key !== null) entries.push([key, this.value(p.childForFieldName("value")!)]);
        }
        return { k: "dict", entries };
      }
      case "parenthesized_statements":
        return node.namedChildCount > 0 ? this.value(node.namedChild(node.namedChildCount - 1)!) : NONE;
      case "identifier": {
        const bound = this.lookup(node.text);
        if (bound !== undefined) return bound;
        // A bare identifier nobody assigned is a method call with no arguments (`pwd`, `exit`).
        return this.invoke({ api: node.text, self: null, args: [], kwargs: new Map() });
      }
      case "constant":
        return ref(node.text);
      case "scope_resolution": {
        const scope = node.childForFieldName("scope");
        const name = node.childForFieldName("name")!.text;
        return ref(scope ? `${scope.text.replace(/^::/, "")}::${name}` : name);
      }
      case "element_reference": {
        const obj = this.value(node.childForFieldName("object")!);
        const key = node.namedChild(1) ? this.value(node.namedChild(1)!) : UNKNOWN;
        if (obj.k === "ref" && obj.name === "ENV") return mapText(key, envVar);
        if (obj.k === "list" && key.k === "num") return obj.items[key.n] ?? UNKNOWN;
        return UNKNOWN;
      }
      case "binary": {
        const op = node.childForFieldName("operator")!.text;
        const l = this.value(node.childForFieldName("left")!);
        const r = this.value(node.childForFieldName("right")!);
        if (op === "+") return l.k === "list" && r.k === "list" ? { k: "list", items: [...l.items, ...r.items] } : concat([l, r]);
        if (op === "/" && l.k === "obj" && l.type === "path") return pathObject(joinPath([l, r]));
        return UNKNOWN;
      }
      case "conditional":
        return alt([this.value(node.childForFieldName("consequence")!), this.value(node.childForFieldName("alternative")!)]);
      case "call":
        return this.call(node);
      default:
        return UNKNOWN;
    }
  }

  private call(node: Node): Value {
    const receiverNode = node.childForFieldName("receiver");
    let method = node.childForFieldName("method")?.text ?? "";
    const argNode = node.childForFieldName("arguments");
    const args: Value[] = [];
    const kwargs = new Map<string, Value>();
    for (const a of argNode ? namedChildren(argNode) : []) {
      if (a.type === "pair") {
        const key = textOf(this.value(a.childForFieldName("key")!));
        if (key !== null) kwargs.set(key, this.value(a.childForFieldName("value")!));
      } else if (a.type === "splat_argument" || a.type === "hash_splat_argument" || a.type === "block_argument") args.push(UNKNOWN);
      else if (a.type !== "comment") args.push(this.value(a));
    }
    // `send(:system, 'ls')`: the method is the first argument.
    if (["send", "public_send", "__send__"].includes(method)) {
      const target = args.shift();
      const name = target ? textOf(target) : null;
      if (name === null) {
        this.rec.dyn(`${method} calls a method chosen at run time`);
        return UNKNOWN;
      }
      method = name;
    }
    let api: string;
    let self: Value | null = null;
    if (receiverNode) {
      const recv = this.value(receiverNode);
      if (recv.k === "ref") api = `${recv.name}.${method}`;
      else if (recv.k === "obj") {
        api = `${recv.type}.${method}`;
        self = recv;
      } else if (recv.k === "content") {
        api = `content.${method}`;
        self = recv;
      } else if (recv.k === "list" && method === "join") return joinList(args[0] ?? str(""), recv);
      else if (recv.k === "str" && ["strip", "chomp", "downcase", "upcase"].includes(method)) return lift([recv], ([x]) => str(method === "downcase" ? textOf(x!)!.toLowerCase() : method === "upcase" ? textOf(x!)!.toUpperCase() : textOf(x!)!.trim()));
      else return UNKNOWN;
    } else api = method;
    if (api.startsWith("Kernel.") && api !== "Kernel.eval") api = api.slice("Kernel.".length);
    const call: Call = { api, self, args, kwargs };
    if ((api === "open" || api === "IO.popen" || api === "URI.open") && isPipe(call)) {
      this.rec.command({ api, text: textOf(args[0]!)!.slice(1) });
      return UNKNOWN;
    }
    if (api === "Object.const_get" || api === "const_get") {
      const name = args[0] ? textOf(args[0]) : null;
      if (name === null) this.rec.dyn("const_get reaches a constant chosen at run time");
      return name === null ? UNKNOWN : ref(name);
    }
    return this.invoke(call);
  }

  protected returns(call: Call): Value | null {
    const a = call.args;
    switch (call.api) {
      case "File.join":
        return joinPath(a.flatMap((x) => (x.k === "list" ? x.items : [x])), "/", false);
      case "File.expand_path":
      case "File.absolute_path":
        return a[1] !== undefined && textOf(a[0] ?? UNKNOWN) !== null && !textOf(a[0]!)!.startsWith("/") ? joinPath([expandTilde(a[1]), a[0]!]) : expandTilde(a[0] ?? UNKNOWN);
      case "File.dirname":
        return dirnameOf(a[0] ?? UNKNOWN);
      case "Dir.home":
        return str(HOME);
      case "Dir.pwd":
      case "Dir.getwd":
        return str(".");
      case "Dir.tmpdir":
        return str(TMP);
      case "Dir.glob":
      case "Dir.[]":
        return a[0] ?? UNKNOWN;
      case "ENV.fetch":
      case "ENV.[]":
        return mapText(a[0] ?? UNKNOWN, envVar);
      case "URI":
      case "URI.parse":
      case "String":
        return a[0] ?? UNKNOWN;
      case "Pathname.new":
      case "Pathname":
        return pathObject(a[0] ?? UNKNOWN);
      case "path.join":
        return pathObject(joinPath([call.self?.k === "obj" ? call.self.of : UNKNOWN, ...a]));
      case "path.expand_path":
        return pathObject(expandTilde(call.self?.k === "obj" ? call.self.of : UNKNOWN));
      case "File.read":
      case "File.binread":
      case "IO.read":
        return { k: "content", path: a[0] ?? UNKNOWN };
      case "File.open":
      case "open":
        return { k: "obj", type: "file", of: a[0] ?? UNKNOWN, mode: textOf(a[1] ?? str("r")) ?? "w" };
      case "file.read":
        return call.self?.k === "obj" ? { k: "content", path: call.self.of } : UNKNOWN;
      case "path.read":
        return call.self?.k === "obj" ? { k: "content", path: call.self.of } : UNKNOWN;
      case "require":
        return NONE;
    }
    return null;
  }
}
