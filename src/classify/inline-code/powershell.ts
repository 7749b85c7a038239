// PowerShell read with tree-sitter-powershell. Commands are cmdlets (CMDLETS,
// parameters bound by name, unambiguous prefix or position), `&` invocations
// and external programs — an external program is a command (its argv goes to
// the shell classifier). `Invoke-Expression` of a literal is read as
// PowerShell again (three levels deep at most); .NET calls match DOTNET_ROWS.
import type { Node, Parser } from "web-tree-sitter";
import { indexRows, type Call } from "./api.js";
import { CMDLETS, DOTNET_ROWS, PURE_COMMANDS, READ_ONLY_VERBS, type CmdletRow } from "./powershell-api.js";
import { CodeReader, namedChildren } from "./reader.js";
import { concat, envVar, ENVIRONMENT, expandTilde, HOME, joinPath, NONE, ref, str, textOf, UNKNOWN, type Value } from "./value.js";
import { isEnvironmentDrive, PS_CARRYING_STAGES, PS_LISTERS } from "../programs/powershell.js";

const ROWS = indexRows([...CMDLETS, ...DOTNET_ROWS]);
const CMDLET_BY_NAME = new Map<string, CmdletRow>(CMDLETS.flatMap((r) => r.api.map((n) => [n, r] as const)));
const MAX_IEX_DEPTH = 3;
/** What `gci env:` and `[Environment]::GetEnvironmentVariables()` evaluate to: the environment's contents, tokens included. */
const ENVIRONMENT_DUMP: Value = { k: "content", path: str(ENVIRONMENT) };
/** Parameters that take no value (switches), whatever the cmdlet. */
const SWITCHES = new Set(["recurse", "force", "whatif", "confirm", "verbose", "debug", "passthru", "nonewline", "append", "noclobber", "usebasicparsing", "wait", "nonewwindow", "raw", "removedata"]);

/** The one meaningful node under PowerShell's chains of single-child expression wrappers. */
function peel(node: Node): Node {
  let n = node;
  while (n.namedChildCount === 1 && WRAPPERS.has(n.type)) n = n.namedChild(0)!;
  return n;
}
const WRAPPERS = new Set([
  "pipeline", "pipeline_chain", "logical_expression", "bitwise_expression", "comparison_expression", "additive_expression", "multiplicative_expression",
  "format_expression", "range_expression", "array_literal_expression", "unary_expression", "argument_expression", "logical_argument_expression",
  "bitwise_argument_expression", "comparison_argument_expression", "additive_argument_expression", "multiplicative_argument_expression",
  "format_argument_expression", "range_argument_expression", "expression_with_unary_operator", "statement_list", "string_literal", "left_assignment_expression",
  "command_name_expr",
]);

export class PowerShellReader extends CodeReader {
  constructor(
    private readonly parser: Parser | null = null,
    private readonly iexDepth = 0,
    /** Cmdlets the shell table classifies (index.ts `InlineCodeContext.shellCommand`): handed to it as commands. */
    private readonly shellKnows: ((name: string) => boolean) | null = null,
  ) {
    super(ROWS, "powershell");
  }

  /**
   * tree-sitter-powershell has no array arguments: `Select-Object Name,Value` parses with a MISSING argument
   * separator before `,Value`. That is the one error forgiven; any other still does not parse.
   */
  protected override parseFails(root: Node): boolean {
    const stack: Node[] = [root];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (n.isError || (n.isMissing && !(n.parent?.type === "command_argument_sep" && (n.parent.nextSibling?.text.startsWith(",") ?? false)))) return true;
      if (n.hasError) for (let i = 0; i < n.childCount; i++) stack.push(n.child(i)!);
    }
    return false;
  }

  protected isCall(node: Node): boolean {
    return node.type === "command" || node.type === "invokation_expression";
  }

  protected collect(node: Node): void {
    if (node.type === "assignment_expression") {
      const left = peel(node.namedChild(0)!);
      const value = node.childForFieldName("value");
      if (left.type === "variable" && value) this.bind(left.text.toLowerCase(), value);
    } else if (node.type === "foreach_statement") {
      const v = namedChildren(node).find((c) => c.type === "variable");
      const list = namedChildren(node).find((c) => c.type === "pipeline");
      if (v && list) this.bind(v.text.toLowerCase(), { each: list });
    } else if (node.type === "param_block" || node.type === "script_parameter") {
      for (const v of node.descendantsOfType("variable")) this.bind(v!.text.toLowerCase(), UNKNOWN);
    }
  }

  protected evaluate(node: Node): Value {
    const n = peel(node);
    if (n.id !== node.id) return this.value(n);
    switch (n.type) {
      case "expandable_string_literal":
      case "expandable_here_string_literal":
        return this.expandable(n);
      case "verbatim_string_characters":
        return str(n.text.slice(1, -1).replace(/''/g, "'"));
      case "verbatim_here_string_characters":
        return str(n.text.replace(/^@'\r?\n/, "").replace(/\r?\n'@$/, ""));
      case "generic_token":
      case "command_name":
        return str(n.text);
      case "decimal_integer_literal":
      case "integer_literal":
        return /^\d+$/.test(n.text) ? { k: "num", n: Number(n.text) } : UNKNOWN;
      case "variable":
        return this.variable(n.text);
      case "array_literal_expression":
        return { k: "list", items: namedChildren(n).map((c) => this.value(c)) };
      case "array_expression":
      case "parenthesized_expression":
      case "sub_expression": {
        const inner = namedChildren(n).filter((c) => c.type !== "comment");
        if (inner.length !== 1) return UNKNOWN;
        const v = this.value(inner[0]!);
        return n.type === "array_expression" && v.k !== "list" ? { k: "list", items: [v] } : v;
      }
      case "command":
        return this.command(n);
      case "pipeline_chain": {
        const stages = pipelineStages(n);
        return this.carried(stages, stages.length);
      }
      case "argument_list":
        return { k: "list", items: n.descendantsOfType("argument_expression").filter((a) => a!.parent?.parent?.id === n.id).map((a) => this.value(a!)) };
      case "invokation_expression":
        return this.invocation(n);
      case "member_access": {
        const obj = this.value(n.namedChild(0)!);
        return obj.k === "ref" ? ref(`${obj.name}.${n.namedChild(1)?.text.toLowerCase()}`) : UNKNOWN;
      }
      case "type_literal":
        return ref(typeName(n));
      case "additive_expression": {
        const parts = namedChildren(n);
        if (parts.length === 2 && n.text.slice(parts[0]!.endIndex - n.startIndex).trimStart().startsWith("+")) return concat([this.value(parts[0]!), this.value(parts[1]!)]);
        return UNKNOWN;
      }
      default:
        return UNKNOWN;
    }
  }

  private variable(text: string): Value {
    const name = text.replace(/^[$@]\{?/, "").replace(/\}$/, "");
    const lower = name.toLowerCase();
    if (lower.startsWith("env:")) return envVar(name.slice(4));
    if (lower === "home") return str(HOME);
    if (lower === "pwd") return str(".");
    if (lower === "true") return { k: "bool", b: true };
    if (lower === "false") return { k: "bool", b: false };
    if (lower === "null") return NONE;
    return this.lookup(`$${lower}`) ?? UNKNOWN;
  }

  /** `"a $x $(cmd) `n b"`: variables and sub-expressions interpolated, backtick escapes decoded. */
  private expandable(n: Node): Value {
    const text = n.text;
    const here = n.type === "expandable_here_string_literal";
    const open = here ? text.match(/^@"\r?\n/)?.[0].length ?? 2 : 1;
    const close = here ? (text.match(/\r?\n"@$/)?.[0].length ?? 2) : 1;
    const parts: Value[] = [];
    let at = n.startIndex + open;
    const end = n.endIndex - close;
    const literal = (s: string) => str(s.replace(/`(.)/g, (_, c: string) => ({ n: "\n", t: "\t", r: "\r", "0": "\0" })[c] ?? c).replace(/""/g, '"'));
    for (const c of namedChildren(n)) {
      if (c.startIndex > at) parts.push(literal(sliceOf(n, at, c.startIndex)));
      parts.push(c.type === "variable" ? this.variable(c.text) : c.type === "sub_expression" ? this.value(c) : UNKNOWN);
      at = c.endIndex;
    }
    if (end > at) parts.push(literal(sliceOf(n, at, end)));
    return parts.length === 0 ? str("") : concat(parts);
  }

  /** `[IO.File]::Delete(p)`, `(New-Object Net.WebClient).UploadFile(u, p)`. */
  private invocation(n: Node): Value {
    const target = n.namedChild(0)!;
    const member = namedChildren(n).find((c) => c.type === "member_name")?.text.toLowerCase() ?? "";
    const argList = namedChildren(n).find((c) => c.type === "argument_list");
    const args = argList ? argList.descendantsOfType("argument_expression").filter((a) => a!.parent?.parent?.id === argList.id).map((a) => this.value(a!)) : [];
    const obj = this.value(target);
    if (obj.k !== "ref") return UNKNOWN;
    const api = `${obj.name}.${member}`;
    if (api === "environment.getenvironmentvariables") return ENVIRONMENT_DUMP;
    return this.invoke({ api, self: null, args, kwargs: new Map() });
  }

  /** One command: a cmdlet row, `iex`, an external program, or a pure cmdlet. */
  private command(n: Node): Value {
    const nameNode = n.childForFieldName("command_name");
    const invoked = namedChildren(n).some((c) => c.type === "command_invokation_operator");
    const elements = namedChildren(n).find((c) => c.type === "command_elements");
    if (!nameNode) return UNKNOWN;
    const nameValue = nameNode.type === "command_name" ? str(nameNode.text) : this.value(nameNode);
    const name = textOf(nameValue);
    if (name === null) {
      this.rec.dyn("a command whose name is built at run time");
      return UNKNOWN;
    }
    const lower = name.toLowerCase();
    const row = CMDLET_BY_NAME.get(lower);
    const { positional, named, raw } = this.elements(elements ?? null, row ?? null);
    // `gci env:`, `dir Env:\`: printed it is everyday debugging (as `env` is); sent on, it sends the tokens.
    if (PS_LISTERS.has(lower) && [positional[0], named.get("path"), named.get("literalpath")].some((v) => v !== undefined && isEnvironmentDrive(textOf(v) ?? ""))) return ENVIRONMENT_DUMP;
    if (invoked && !row) return this.external(name, raw);
    // A cmdlet the shell table knows (disks, services, Defender, the registry…): its rows judge it, read once —
    // with the pipeline it stands in, whose earlier stages may say what it acts on (`Get-CimInstance X | Remove-CimInstance`).
    if ((!row || row.dynamic) && this.shellKnows?.(lower)) {
      const pipeline = pipelineOf(n);
      if (pipeline === null) return this.external(name, raw);
      this.rec.command({ api: "pipeline", text: shellText(pipeline.text) });
      return UNKNOWN;
    }
    if (!row) {
      if (lower === "new-object") return this.newObject(positional, named);
      if (PURE_COMMANDS.has(lower)) return UNKNOWN;
      if (lower === "join-path") return this.joinPath(positional, named);
      if (lower === "resolve-path" || lower === "convert-path") return expandTilde(positional[0] ?? named.get("path") ?? UNKNOWN);
      const verb = /^([a-z]+)-[a-z]/.exec(lower);
      if (verb) {
        if (!READ_ONLY_VERBS.has(verb[1]!)) this.rec.dyn(`${name} is a cmdlet this analysis does not know`);
        return UNKNOWN;
      }
      return this.external(name, raw);
    }
    const kwargs = named;
    const args = positional.slice(0, row.positional).map((v, i) => (isPathParam(row.params[i]) ? expandTilde(v) : v));
    for (const [k, v] of kwargs) if (isPathParam(k)) kwargs.set(k, expandTilde(v));
    const argList = kwargs.get("argumentlist") ?? args[1];
    if (row.api[0] === "start-process" && argList?.k === "str") {
      const words = windowsWords(argList.s);
      const asList: Value = words === null ? UNKNOWN : { k: "list", items: words.map(str) };
      if (kwargs.has("argumentlist")) kwargs.set("argumentlist", asList);
      else args[1] = asList;
    }
    const call: Call = { api: row.api[0]!, self: null, args, kwargs };
    if (row.api[0] === "invoke-expression") return this.iex(args[0] ?? kwargs.get("command"));
    if (row.api[0] === "remove-item" && args[0] === undefined && !kwargs.has("path") && !kwargs.has("literalpath")) {
      // `gci C:\ -r | ri -fo`: the shell table reads what the pipeline's lister names.
      const pipeline = pipelineOf(n);
      if (pipeline !== null && this.shellKnows?.(lower)) {
        this.rec.command({ api: "pipeline", text: shellText(pipeline.text) });
        return UNKNOWN;
      }
      this.rec.dyn(`${name} deletes what the pipeline feeds it`);
      this.rec.effect({ verb: "delete", path: null, url: null, kind: "file", attrs: { api: "remove-item", ...(kwargs.has("recurse") ? { recursive: true } : {}) } });
      return UNKNOWN;
    }
    if (row.api[0] === "invoke-command" && kwargs.has("computername")) this.rec.dyn(`${name} runs a script block on another machine`);
    if (row.api[0] === "invoke-webrequest" && kwargs.has("infile")) kwargs.set("infile", expandTilde(kwargs.get("infile")!));
    // `Get-Content key | Invoke-RestMethod -Method Post …`: -Body binds the pipeline's input.
    if (row.net && !kwargs.has("body") && !kwargs.has("infile")) {
      const piped = this.pipedInput(n);
      if (piped.k === "content") kwargs.set("body", piped);
    }
    this.invoke(call);
    if (row.api[0] === "get-content") return { k: "content", path: args[0] ?? kwargs.get("path") ?? UNKNOWN };
    return UNKNOWN;
  }

  /** What the first `upto` stages of a pipeline hand on: a stage's own value, or what it was fed when it only converts or filters it. */
  private carried(stages: readonly Node[], upto: number): Value {
    let carry: Value = UNKNOWN;
    for (let i = 0; i < upto; i++) {
      const v = this.value(stages[i]!);
      const name = stages[i]!.type === "command" ? stages[i]!.childForFieldName("command_name")?.text.toLowerCase() : undefined;
      if (v.k === "content" || i === 0 || name === undefined || !PS_CARRYING_STAGES.has(name)) carry = v;
    }
    return carry;
  }

  /** What the pipeline feeds this command (UNKNOWN when it is not in one or is its first stage). */
  private pipedInput(n: Node): Value {
    const p = n.parent;
    if (p === null || p.type !== "pipeline_chain") return UNKNOWN;
    const stages = pipelineStages(p);
    const at = stages.findIndex((s) => s.id === n.id);
    return at > 0 ? this.carried(stages, at) : UNKNOWN;
  }

  /** `New-Object Net.WebClient`: an object whose methods are `<type>.<method>`; constructor arguments call `<type>.new`. */
  private newObject(positional: Value[], named: Map<string, Value>): Value {
    const type = textOf(named.get("typename") ?? positional[0] ?? UNKNOWN);
    if (type === null) return UNKNOWN;
    const name = type.toLowerCase().replace(/^system\./, "");
    const ctor = named.get("argumentlist") ?? positional[1];
    if (ctor !== undefined) this.invoke({ api: `${name}.new`, self: null, args: ctor.k === "list" ? ctor.items : [ctor], kwargs: new Map() });
    return ref(name);
  }

  private joinPath(positional: Value[], named: Map<string, Value>): Value {
    const base = named.get("path") ?? positional[0] ?? UNKNOWN;
    const child = named.get("childpath") ?? positional[1] ?? UNKNOWN;
    const windows = /^[A-Za-z]:\\|\\/.test(textOf(base) ?? "");
    return joinPath([expandTilde(base), child], windows ? "\\" : "/");
  }

  /** An external program: its argv (parameters kept as written) is a command for the shell classifier. */
  private external(name: string, raw: Value[]): Value {
    const argv: string[] = [name];
    for (const v of raw) {
      const t = v.k === "bool" ? (v.b ? "$true" : "$false") : v.k === "none" ? "$null" : textOf(v);
      if (t === null) {
        this.rec.dyn(`${name} runs with an argument built at run time`);
        return UNKNOWN;
      }
      argv.push(t.startsWith(HOME) ? "~" + t.slice(HOME.length) : t);
    }
    this.rec.command({ api: "&", argv });
    return UNKNOWN;
  }

  private iex(code: Value | undefined): Value {
    const text = code ? textOf(code) : null;
    if (text === null || this.parser === null || this.iexDepth >= MAX_IEX_DEPTH) {
      this.rec.dyn(text === null ? "Invoke-Expression runs code built at run time" : "Invoke-Expression nested too deeply");
      return UNKNOWN;
    }
    const tree = this.parser.parse(text);
    if (tree === null) return UNKNOWN;
    try {
      const inner = new PowerShellReader(this.parser, this.iexDepth + 1, this.shellKnows);
      inner.read(tree);
      for (const c of inner.rec.commands) this.rec.command(c);
      for (const e of inner.rec.effects) this.rec.effect(e);
      for (const d of inner.rec.dynamic) this.rec.dyn(d);
    } finally {
      tree.delete();
    }
    return UNKNOWN;
  }

  /** Split command elements into positional values, named parameters (lower-case, no dash) and every element as text for external programs. */
  private elements(node: Node | null, row: CmdletRow | null): { positional: Value[]; named: Map<string, Value>; raw: Value[] } {
    const positional: Value[] = [];
    const named = new Map<string, Value>();
    const raw: Value[] = [];
    if (node === null) return { positional, named, raw };
    const kids = namedChildren(node);
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i]!;
      if (c.type === "command_argument_sep") continue;
      if (c.type === "command_parameter") {
        raw.push(str(c.text));
        const given = c.text.replace(/^-/, "").replace(/:$/, "").toLowerCase();
        const name = row ? (row.params.find((p) => p === given) ?? row.params.find((p) => p.startsWith(given)) ?? given) : given;
        // `-Path:value`: the value sits inside the following separator node.
        const sep = kids[i + 1];
        const glued = sep?.type === "command_argument_sep" ? namedChildren(sep)[0] : undefined;
        if (glued) {
          const v = this.value(glued);
          named.set(name, v);
          const t = v.k === "bool" ? (v.b ? "$true" : "$false") : textOf(v);
          if (t !== null) raw[raw.length - 1] = str(c.text + t);
          i++;
          continue;
        }
        let j = i + 1;
        // `-Confirm:$false` parses as the parameter `-Confirm:` and then its value.
        const colon = c.text.endsWith(":") || (kids[i + 1]?.type === "command_argument_sep" && kids[i + 1]!.text.startsWith(":"));
        if ((SWITCHES.has(name) || row === null) && !colon) {
          named.set(name, { k: "bool", b: true });
          continue;
        }
        while (kids[j]?.type === "command_argument_sep") j++;
        const next = kids[j];
        if (next && next.type !== "command_parameter") {
          const v = this.value(next);
          named.set(name, v);
          const t = colon ? (v.k === "bool" ? (v.b ? "$true" : "$false") : textOf(v)) : null;
          if (t !== null) raw[raw.length - 1] = str(`${c.text.replace(/:$/, "")}:${t}`);
          else raw.push(v);
          i = j;
        } else named.set(name, { k: "bool", b: true });
        continue;
      }
      const v = this.value(c);
      positional.push(v);
      raw.push(v);
    }
    return { positional, named, raw };
  }

  protected returns(_call: Call): Value | null {
    return null;
  }
}

/** PowerShell text for the shell analysis, which reads it with the Bash grammar: `\` is a separator there, not an escape. */
function shellText(text: string): string {
  return text.replace(/\\/g, "\\\\");
}

/** The pipeline a command stands in, when it has more than one stage (`gci | ri`). */
function pipelineOf(n: Node): Node | null {
  for (let p = n.parent; p !== null; p = p.parent) {
    if (p.type === "pipeline" || p.type === "pipeline_chain") return namedChildren(p).filter((c) => c.type === "command").length > 1 ? p : null;
    if (p.type === "statement_list" || p.type === "script_block") return null;
  }
  return null;
}

function pipelineStages(p: Node): Node[] {
  return namedChildren(p).filter((c) => c.type !== "comment");
}

/** How a Windows program's command line splits: whitespace, double quotes group; backslashes are literal. */
function windowsWords(text: string): string[] | null {
  const words: string[] = [];
  for (const m of text.matchAll(/"([^"]*)"|(\S+)/g)) words.push(m[1] ?? m[2]!);
  return words;
}

function isPathParam(name: string | undefined): boolean {
  return name === "path" || name === "literalpath" || name === "filepath" || name === "destination" || name === "outfile" || name === "infile";
}

function typeName(n: Node): string {
  return n.text.replace(/^\[|\]$/g, "").toLowerCase().replace(/^system\./, "");
}

function sliceOf(n: Node, from: number, to: number): string {
  // web-tree-sitter's offsets count UTF-16 units of the parsed string, as JS strings do.
  return n.text.slice(from - n.startIndex, to - n.startIndex);
}

