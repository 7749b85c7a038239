// Hand-built ShellAnalysis values for the effect-table tests: a tiny word
// splitter (quotes kept in raw_argv, stripped in argv), `|`, `&&`, `||`, `;`
// splitting at top level, simple redirects, and a few wrappers. Not a shell
// parser: just enough to write table rows readably.
import type { FindContext, ParsedCommand, ShellAnalysis, StdinSource } from "../../src/classify/shell/types.js";
import type { Redirect } from "../../src/model/classification.js";

function splitWords(text: string): string[] {
  const words: string[] = [];
  let cur = "";
  let quote: string | null = null;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      cur += c;
      if (c === "\\" && quote === '"') cur += text[++i] ?? "";
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      cur += c;
      continue;
    }
    if (c === "\\") {
      cur += c + (text[++i] ?? "");
      continue;
    }
    if (c === "(") depth++;
    if (c === ")") depth--;
    if (/\s/.test(c) && depth === 0) {
      if (cur) words.push(cur);
      cur = "";
      continue;
    }
    cur += c;
  }
  if (cur) words.push(cur);
  return words;
}

export function unquote(raw: string): string {
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && /["\\$`]/.test(raw[i + 1] ?? "")) out += raw[++i];
      else out += c;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === "\\") out += raw[++i] ?? "";
    else out += c;
  }
  return out;
}

const WRAPPERS = new Set(["sudo", "xargs", "env", "nohup", "time", "nice", "command", "exec", "doas"]);

export interface CmdOpts {
  stdin?: StdinSource | null;
  find?: FindContext | null;
  inSubstitution?: boolean;
  wrappers?: string[];
  depth?: number;
}

/** One simple command from text. */
export function cmd(text: string, opts: CmdOpts = {}): ParsedCommand {
  const words = splitWords(text.trim());
  const redirects: Redirect[] = [];
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const m = /^(\d*|&)(>>|>&|>|<<<|<<|<)(.*)$/s.exec(words[i]);
    if (m && !words[i].startsWith("<(") && !words[i].startsWith(">(")) {
      const op = m[1] + m[2];
      const target = m[3] !== "" ? m[3] : (words[++i] ?? "");
      redirects.push([op, target]);
      continue;
    }
    rest.push(words[i]);
  }
  const wrappers = [...(opts.wrappers ?? [])];
  while (rest.length > 1 && WRAPPERS.has(rest[0])) {
    wrappers.push(rest.shift()!);
    while (rest.length > 1 && rest[0].startsWith("-")) rest.shift();
    while (rest.length > 1 && /^[A-Z_]+=/.test(rest[0])) rest.shift();
  }
  const [program = "", ...raw_argv] = rest;
  const prog = (unquote(program).split("/").pop() ?? "").toLowerCase().replace(/\.exe$/, "");
  return {
    cmd: { program: prog, argv: raw_argv.map(unquote), raw: text.trim(), redirects, raw_argv },
    wrappers,
    depth: opts.depth ?? 0,
    inSubstitution: opts.inSubstitution ?? false,
    stdin: opts.stdin ?? null,
    find: opts.find ?? null,
  };
}

function splitTop(text: string): Array<{ text: string; op: string | null }> {
  const out: Array<{ text: string; op: string | null }> = [];
  let cur = "";
  let quote: string | null = null;
  let depth = 0;
  let prevOp: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      cur += c;
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      cur += c;
      continue;
    }
    if (c === "(") depth++;
    if (c === ")") depth--;
    if (depth === 0 && (c === "|" || c === ";" || (c === "&" && text[i + 1] === "&"))) {
      if (c === "|" && text[i - 1] === ">") {
        cur += c;
        continue;
      }
      let op = c;
      if (text[i + 1] === c) op += text[++i];
      out.push({ text: cur, op: prevOp });
      prevOp = op;
      cur = "";
      continue;
    }
    cur += c;
  }
  out.push({ text: cur, op: prevOp });
  return out.filter((p) => p.text.trim() !== "");
}

/** A whole text: commands split on `|`, `&&`, `||`, `;`; pipes set stdin. Extra gaps may be passed. */
export function sh(text: string, opts: CmdOpts = {}): ShellAnalysis {
  const parts = splitTop(text);
  const commands: ParsedCommand[] = [];
  parts.forEach((p, i) => {
    const stdin: StdinSource | null = p.op === "|" ? { kind: "pipe", upstream: commands.length - 1 } : i === 0 ? (opts.stdin ?? null) : null;
    const c = cmd(p.text, { ...opts, stdin });
    const here = c.cmd.redirects.find(([op]) => op === "<<<");
    if (here && !c.stdin) c.stdin = { kind: "herestring", text: /[$`]/.test(here[1]) && !here[1].startsWith("'") ? null : unquote(here[1]) };
    commands.push(c);
  });
  return { commands, unknown: [] };
}

export function analysis(...commands: ParsedCommand[]): ShellAnalysis {
  return { commands, unknown: [] };
}
