// Shell words: turning tree-sitter-bash word nodes into the unquoted value,
// the as-written text and the word facts (substitution, variables, tilde,
// quoting) every program table reads (src/classify/programs/args.ts).
import type { Node } from "web-tree-sitter";
import { quoteWord } from "../../model/shell-quote.js";
import { NO_VARS, type Arg } from "../programs/args.js";
import { DYNAMIC_TYPES } from "./nodes.js";
import { ansiCSpells, decodeAnsiC, unescapeDoubleQuoted, unescapeUnquoted } from "../text.js";

/** One shell word of a simple command: its facts, plus where it came from. */
export interface Word extends Arg {
  /** The word contained ANSI-C quoting `$'…'` that spells text through escapes (`$'\x72\x6d'`): quote obfuscation (shape 12). */
  ansiC: boolean;
  /** The syntax node, when the word came from parsed text (valid only while its tree is). */
  node: Node | null;
  /** Offsets into the parsed text (UTF-16 units), when known. */
  start: number;
  end: number;
  /** An expansion or substitution in it was replaced by its known value (`$D`, `$(echo x)`). */
  resolved?: boolean;
}

/** A literal word that was never shell text (argv-form commands, synthesised words). */
export function literalWord(value: string, raw?: string): Word {
  return { value, raw: raw ?? quoteWord(value), dynamic: false, subst: false, vars: NO_VARS, tilde: false, quoted: false, ansiC: false, node: null, start: -1, end: -1 };
}

/**
 * A literal word the analysis made from text it resolved or split itself
 * (argv-form commands, `$x` of a literal assignment): a home reference (`~`,
 * `~/x`, `$HOME`, `${HOME}/x`) keeps its meaning — hosts often run argv through
 * a shell, and treating it as a file literally named `~` would miss a home
 * wipe to spare a directory nobody names that way (seed 003 judges
 * `["rm","-rf","~"]` a home wipe).
 */
export function homeAwareWord(value: string, raw?: string): Word {
  const home = /^(~|\$HOME|\$\{HOME\})(\/.*)?$/s.exec(value);
  if (!home) return literalWord(value, raw);
  const w = literalWord(value, raw ?? value);
  if (home[1] === "~") w.tilde = true;
  else w.vars = ["HOME"];
  return w;
}

/**
 * A script word (`bash -c "rm -rf $HOME"`, `pwsh -c "rm -r -fo $HOME"`) whose only expansions are `$HOME`:
 * the script with the reference left for the inner shell or PowerShell, which inherits HOME and expands it
 * to the same directory. Null when anything else is expanded, or when a single quote could make the inner
 * interpreter read the reference literally (`"rm -rf '$HOME'"`).
 */
export function inheritedScript(w: Word): string | null {
  if (!w.dynamic || w.subst || w.placeholder || w.vars.length === 0 || !w.vars.every((v) => v === "HOME") || w.value.includes("'")) return null;
  return w.value;
}

/** A word another program fills in at run time (`{}` of `find -exec` / `xargs -I`): never a literal. */
export function placeholderWord(w: Word): Word {
  return { ...w, dynamic: true, node: null, placeholder: true };
}

/** The facts of a word without its node (what a ParsedCommand keeps after the tree is freed). */
export function argOf(w: Word): Arg {
  const a: Arg = { value: w.value, raw: w.raw, dynamic: w.dynamic, subst: w.subst, vars: w.vars, tilde: w.tilde, quoted: w.quoted };
  if (w.placeholder) a.placeholder = true;
  return a;
}

interface DecodeState {
  value: string;
  dynamic: boolean;
  quoted: boolean;
  ansiC: boolean;
  subst: boolean;
  vars: string[] | null;
  resolve?: Resolver;
  /** A resolved value that means home (`D=~`) starts the word. */
  tilde: boolean;
  resolved: boolean;
}

const VAR_NAME = /^\$\{?[#!]?([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/;

/** Record what an expansion or substitution node is: the word facts come from the tree, not from re-reading text. */
function noteExpansion(type: string, text: string, st: DecodeState): void {
  if (type === "command_substitution" || type === "process_substitution") {
    st.subst = true;
    return;
  }
  const name = type === "arithmetic_expansion" ? "((" : (VAR_NAME.exec(text)?.[1] ?? (text.startsWith("${") ? "{" : null));
  if (name !== null) (st.vars ??= []).push(name);
}

function appendDynamic(node: Node, type: string, text: string, st: DecodeState): void {
  const r = st.resolve ? st.resolve(node) : null;
  if (r !== null) {
    st.resolved = true;
    if (typeof r === "string") {
      st.value += r;
      return;
    }
    if (r.tilde) {
      // `~` means home only at the start of a word; elsewhere the value is not known here.
      if (st.value === "") st.tilde = true;
      else st.dynamic = true;
    }
    if (r.vars && r.vars.length > 0) {
      // Still holds `$HOME`/`$PWD`/`$TMPDIR`: the path table expands them from env.
      (st.vars ??= []).push(...r.vars);
      st.dynamic = true;
    }
    st.value += r.value;
    return;
  }
  noteExpansion(type, text, st);
  st.dynamic = true;
  st.value += text;
}

/** A known value: text, or text with facts (a leading `~` meaning home, env variables still in it). */
export type Resolved = string | { value: string; tilde?: boolean; vars?: readonly string[] };

/** Resolves an expansion or substitution node to its known value, or null. */
export type Resolver = (node: Node) => Resolved | null;

/**
 * Decode a word-like node (word, string, raw_string, concatenation,
 * expansion, …). With `resolve`, expansions it can resolve are replaced by
 * their value and do not make the word dynamic.
 */
export function wordFromNode(node: Node, src: string, resolve?: Resolver): Word {
  return wordFromNodeSpan(node, node.startIndex, node.endIndex, src, resolve);
}

/** `wordFromNode` when the caller has already read the node's start and end index. */
export function wordFromNodeSpan(node: Node, start: number, end: number, src: string, resolve?: Resolver): Word {
  const raw = src.slice(start, end);
  // Without quotes, backslashes, `$`, backticks or `<(`/`>(` no node under this
  // one can quote, escape or expand anything: every decoding branch yields the
  // text as written. Skip the node reads (each one a call into WebAssembly).
  if (!NOT_PLAIN.test(raw)) {
    return { value: raw, raw, dynamic: false, subst: false, vars: NO_VARS, tilde: raw.charCodeAt(0) === 126, quoted: false, ansiC: false, node, start, end };
  }
  const st: DecodeState = { value: "", dynamic: false, quoted: false, ansiC: false, subst: false, vars: null, resolve, tilde: false, resolved: false };
  decodeNode(node, start, end, src, st, 0);
  const w: Word = {
    value: st.value,
    raw,
    dynamic: st.dynamic,
    subst: st.subst,
    vars: st.vars ?? NO_VARS,
    tilde: raw.charCodeAt(0) === 126 || st.tilde,
    quoted: st.quoted,
    ansiC: st.ansiC,
    node,
    start,
    end,
  };
  if (st.resolved) w.resolved = true;
  return w;
}

/** A character that can make a word's value differ from its text (quotes, escapes, expansions, substitutions). */
const NOT_PLAIN = /[\\'"$`<>]/;

/** Append the decoded value of `node` to `st`; returns the node's end index (one wasm call per node). */
function decodeInto(node: Node, src: string, st: DecodeState, level: number): number {
  const start = node.startIndex;
  const end = node.endIndex;
  decodeNode(node, start, end, src, st, level);
  return end;
}

function decodeNode(node: Node, start: number, end: number, src: string, st: DecodeState, level: number): void {
  const text = src.slice(start, end);
  if (level > 64) {
    st.value += text;
    st.dynamic = true;
    return;
  }
  const type = node.type;
  switch (type) {
    case "word":
      if (text.includes("\\")) {
        st.quoted = true;
        st.value += unescapeUnquoted(text);
      } else {
        st.value += text;
      }
      return;
    case "raw_string":
      st.quoted = true;
      st.value += text.length >= 2 && text.endsWith("'") ? text.slice(1, -1) : text.slice(1);
      return;
    case "ansi_c_string": {
      st.quoted = true;
      const body = text.length >= 3 && text.endsWith("'") ? text.slice(2, -1) : text.slice(2);
      if (ansiCSpells(body)) st.ansiC = true; // `$'\t'` writes a tab; `$'\x72\x6d'` hides `rm`
      st.value += decodeAnsiC(body).text;
      return;
    }
    case "string":
      st.quoted = true;
      decodeDoubleQuoted(node, start, end, src, st, level);
      return;
    case "translated_string": {
      st.quoted = true;
      const inner = node.namedChild(0);
      if (inner) decodeInto(inner, src, st, level + 1);
      else st.value += text;
      return;
    }
    case "concatenation":
    case "variable_assignment":
    case "command_name": {
      let pos = start;
      for (const child of node.children) {
        if (!child) continue;
        const cs = child.startIndex;
        if (cs > pos) st.value += src.slice(pos, cs);
        pos = decodeInto(child, src, st, level + 1);
      }
      if (pos < end) st.value += src.slice(pos, end);
      return;
    }
    default:
      if (DYNAMIC_TYPES.has(type)) {
        appendDynamic(node, type, text, st);
        return;
      }
      // number (which may hold an expansion), brace_expression, regex,
      // extglob_pattern, variable_name, operators: their text is their value.
      if (node.namedChildCount > 0 && noteDynamicDescendants(node, src, st, 0)) st.dynamic = true;
      if (text.includes("\\") && type !== "regex") {
        st.quoted = true;
        st.value += unescapeUnquoted(text);
      } else {
        st.value += text;
      }
  }
}

/** Does an expansion or substitution sit anywhere under `node`? Each one found is noted in the facts. */
function noteDynamicDescendants(node: Node, src: string, st: DecodeState, level: number): boolean {
  if (level > 64) return true;
  let found = false;
  for (const child of node.namedChildren) {
    if (!child) continue;
    const type = child.type;
    if (DYNAMIC_TYPES.has(type)) {
      noteExpansion(type, src.slice(child.startIndex, child.endIndex), st);
      found = true;
    } else if (noteDynamicDescendants(child, src, st, level + 1)) found = true;
  }
  return found;
}

function decodeDoubleQuoted(node: Node, nodeStart: number, nodeEnd: number, src: string, st: DecodeState, level: number): void {
  const end = src[nodeEnd - 1] === '"' && nodeEnd - 1 > nodeStart ? nodeEnd - 1 : nodeEnd;
  let pos = nodeStart + 1;
  for (const child of node.children) {
    if (!child) continue;
    const type = child.type;
    if (type === '"' && !child.isNamed) continue;
    const cs = child.startIndex;
    const ce = child.endIndex;
    if (cs > pos) st.value += unescapeDoubleQuoted(src.slice(pos, Math.min(cs, end)));
    if (type === "string_content") {
      st.value += unescapeDoubleQuoted(src.slice(cs, ce));
    } else if (DYNAMIC_TYPES.has(type)) {
      appendDynamic(child, type, src.slice(cs, ce), st);
    } else {
      decodeNode(child, cs, ce, src, st, level + 1);
    }
    pos = Math.max(pos, ce);
  }
  if (pos < end) st.value += unescapeDoubleQuoted(src.slice(pos, end));
}

/**
 * A program word whose quotes or escapes hide what runs (`r\m`, `"r"m`,
 * `r''m`, `\r\m`). A whole-word quote or one leading backslash (`"git"`,
 * `'ls'`, `\git` — the usual way to skip an alias) decodes to the plain name
 * as written: that program, no obfuscation (SPEC §6.1). Quoting a name that
 * holds blanks or shell metacharacters is not flagged.
 */
export function isObfuscatedProgramWord(word: Word): boolean {
  if (!word.quoted || word.dynamic || word.value === "") return false;
  const v = word.value;
  if (/[\s|&;<>()$`\\"'*?[\]#~={}!]/.test(v)) return false;
  return word.raw !== `\\${v}` && word.raw !== `"${v}"` && word.raw !== `'${v}'`;
}
