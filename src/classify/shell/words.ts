// Shell words: turning tree-sitter-bash word nodes into the unquoted value
// and the as-written text, plus the small decoders the analysis needs
// (ANSI-C `$'…'`, echo/printf escapes, base64, a minimal word splitter).
import type { Node } from "web-tree-sitter";

/** One shell word of a simple command. */
export interface Word {
  /** Quotes removed, escapes resolved, `$'…'` decoded; expansions keep their text (`$HOME/x`). */
  value: string;
  /** As written, quotes kept. */
  raw: string;
  /** The word contains an expansion or substitution: `value` is not what the shell will pass. */
  dynamic: boolean;
  /** The word contained quotes or backslash escapes. */
  quoted: boolean;
  /** The word contained ANSI-C quoting `$'…'`. */
  ansiC: boolean;
  /** The syntax node, when the word came from parsed text. */
  node: Node | null;
  /** Offsets into the parsed text (UTF-16 units), when known. */
  start: number;
  end: number;
  /** Filled in at run time by `find -exec` / `xargs -I` / `parallel` (`{}`): `value` is the template. */
  placeholder?: boolean;
}

/** A literal word that was never shell text (argv-form commands, synthesised words). */
export function literalWord(value: string, raw?: string): Word {
  return { value, raw: raw ?? shellQuote(value), dynamic: false, quoted: false, ansiC: false, node: null, start: -1, end: -1 };
}

/** A word another program fills in at run time (`{}` of `find -exec` / `xargs -I`): never a literal. */
export function placeholderWord(w: Word): Word {
  return { ...w, dynamic: true, node: null, placeholder: true };
}

const SAFE_UNQUOTED = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quote a literal for display as shell text: unchanged when it needs no quoting. */
export function shellQuote(value: string): string {
  if (value !== "" && SAFE_UNQUOTED.test(value)) return value;
  return "'" + value.replace(/'/g, "'\\''") + "'";
}

/** `program` normalisation: basename, lowercased, `.exe` stripped (`/usr/bin/GIT.exe` → `git`). */
export function programName(value: string): string {
  let end = value.length;
  // A trailing separator names a directory; take the last non-empty segment.
  while (end > 1 && (value[end - 1] === "/" || value[end - 1] === "\\")) end--;
  let start = end;
  while (start > 0 && value[start - 1] !== "/" && value[start - 1] !== "\\") start--;
  let name = value.slice(start, end).toLowerCase();
  if (name.length > 4 && name.endsWith(".exe")) name = name.slice(0, -4);
  return name;
}

const DYNAMIC_TYPES = new Set([
  "simple_expansion",
  "expansion",
  "command_substitution",
  "process_substitution",
  "arithmetic_expansion",
]);

interface DecodeState {
  value: string;
  dynamic: boolean;
  quoted: boolean;
  ansiC: boolean;
  resolve?: Resolver;
}

function appendDynamic(node: Node, text: string, st: DecodeState): void {
  const r = st.resolve ? st.resolve(node) : null;
  if (r !== null) {
    st.value += r;
    return;
  }
  st.dynamic = true;
  st.value += text;
}

/** Resolves an expansion or substitution node to its known value, or null. */
export type Resolver = (node: Node) => string | null;

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
    return { value: raw, raw, dynamic: false, quoted: false, ansiC: false, node, start, end };
  }
  const st: DecodeState = { value: "", dynamic: false, quoted: false, ansiC: false, resolve };
  decodeNode(node, start, end, src, st, 0);
  return {
    value: st.value,
    raw,
    dynamic: st.dynamic,
    quoted: st.quoted,
    ansiC: st.ansiC,
    node,
    start,
    end,
  };
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
    case "ansi_c_string":
      st.quoted = true;
      st.ansiC = true;
      st.value += decodeAnsiC(text.length >= 3 && text.endsWith("'") ? text.slice(2, -1) : text.slice(2)).text;
      return;
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
        appendDynamic(node, text, st);
        return;
      }
      // number (which may hold an expansion), brace_expression, regex,
      // extglob_pattern, variable_name, operators: their text is their value.
      if (node.namedChildCount > 0 && hasDynamicDescendant(node, 0)) st.dynamic = true;
      if (text.includes("\\") && type !== "regex") {
        st.quoted = true;
        st.value += unescapeUnquoted(text);
      } else {
        st.value += text;
      }
  }
}

function hasDynamicDescendant(node: Node, level: number): boolean {
  if (level > 64) return true;
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (DYNAMIC_TYPES.has(child.type)) return true;
    if (hasDynamicDescendant(child, level + 1)) return true;
  }
  return false;
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
      appendDynamic(child, src.slice(cs, ce), st);
    } else {
      decodeNode(child, cs, ce, src, st, level + 1);
    }
    pos = Math.max(pos, ce);
  }
  if (pos < end) st.value += unescapeDoubleQuoted(src.slice(pos, end));
}

/**
 * The backslash escapes the shell resolves outside `$'…'`: `\<newline>`
 * disappears, `\c` is `c` for each `c` in `escapable` (any character when
 * null), and every other backslash stays as written.
 */
function unescapeBackslashes(text: string, escapable: string | null): string {
  if (!text.includes("\\")) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && i + 1 < text.length) {
      const n = text[i + 1];
      if (n === "\n") {
        i++;
        continue;
      }
      if (escapable === null || escapable.includes(n)) {
        out += n;
        i++;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** Outside quotes: `\<newline>` disappears, `\c` is `c`. */
export function unescapeUnquoted(text: string): string {
  return unescapeBackslashes(text, null);
}

/** Inside double quotes a backslash escapes only `$ \` " \` and newline. */
export function unescapeDoubleQuoted(text: string): string {
  return unescapeBackslashes(text, '$`"\\');
}

/** Unquoted-heredoc body: `\$ \` \\` and `\<newline>` are escapes, nothing else. */
export function unescapeHeredoc(text: string): string {
  return unescapeBackslashes(text, "$`\\");
}

function isOctal(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "7";
}
function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9A-Fa-f]$/.test(c);
}

function codePointString(cp: number): string {
  if (!Number.isFinite(cp) || cp < 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(cp);
}

/**
 * Backslash escapes of `$'…'` (and, with `echoMode`, of `echo -e`/`printf`):
 * `\n \t \\ \' \" \? \a \b \e \E \f \r \v \nnn \xHH \uHHHH \UHHHHHHHH \cX`.
 * `stopped` is set when echo's `\c` ends output.
 */
export function decodeAnsiC(text: string, echoMode = false): { text: string; stopped: boolean } {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== "\\" || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const n = text[++i];
    switch (n) {
      case "n": out += "\n"; break;
      case "t": out += "\t"; break;
      case "r": out += "\r"; break;
      case "a": out += "\x07"; break;
      case "b": out += "\b"; break;
      case "f": out += "\f"; break;
      case "v": out += "\v"; break;
      case "e":
      case "E": out += "\x1b"; break;
      case "\\": out += "\\"; break;
      case "'": out += echoMode ? "\\'" : "'"; break;
      case '"': out += echoMode ? '\\"' : '"'; break;
      case "?": out += echoMode ? "\\?" : "?"; break;
      case "x": {
        let hex = "";
        while (hex.length < 2 && isHex(text[i + 1])) hex += text[++i];
        out += hex ? String.fromCharCode(parseInt(hex, 16)) : "\\x";
        break;
      }
      case "u":
      case "U": {
        const max = n === "u" ? 4 : 8;
        let hex = "";
        while (hex.length < max && isHex(text[i + 1])) hex += text[++i];
        out += hex ? codePointString(parseInt(hex, 16)) : "\\" + n;
        break;
      }
      case "c":
        if (echoMode) return { text: out, stopped: true };
        if (i + 1 < text.length) out += String.fromCharCode(text.charCodeAt(++i) & 0x1f);
        else out += "\\c";
        break;
      default:
        if (echoMode && n === "0") {
          // echo -e: \0nnn (up to three octal digits after the 0)
          let oct = "";
          while (oct.length < 3 && isOctal(text[i + 1])) oct += text[++i];
          out += String.fromCharCode(oct ? parseInt(oct, 8) & 0xff : 0);
        } else if (isOctal(n)) {
          let oct = n;
          while (oct.length < 3 && isOctal(text[i + 1])) oct += text[++i];
          out += String.fromCharCode(parseInt(oct, 8) & 0xff);
        } else {
          out += "\\" + n;
        }
    }
  }
  return { text: out, stopped: false };
}

/**
 * Decode base64 (standard or URL alphabet, whitespace ignored) to UTF-8 text.
 * Null when the input is not base64 or the bytes are not valid UTF-8 text.
 */
export function decodeBase64Text(input: string, encoding: "utf-8" | "utf-16le" = "utf-8"): string | null {
  let clean = input.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
  if (clean === "" || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  const rem = clean.replace(/=+$/, "").length % 4;
  if (rem === 1) return null;
  clean = clean.replace(/=+$/, "");
  if (rem) clean += "=".repeat(4 - rem);
  let binary: string;
  try {
    binary = atob(clean);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A minimal POSIX-ish word splitter for strings that some program splits
 * itself (`env -S`, git alias values, PowerShell-less fallbacks): whitespace
 * separates, single and double quotes group, backslash escapes. Returns null
 * on an unbalanced quote.
 */
export function splitWords(text: string): string[] | null {
  const words: string[] = [];
  let cur = "";
  let has = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else cur += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === "\\" && i + 1 < text.length && /["\\$`]/.test(text[i + 1])) cur += text[++i];
      else cur += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      has = true;
    } else if (c === "\\" && i + 1 < text.length) {
      cur += text[++i];
      has = true;
    } else if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      if (has) words.push(cur);
      cur = "";
      has = false;
    } else {
      cur += c;
      has = true;
    }
  }
  if (quote !== null) return null;
  if (has) words.push(cur);
  return words;
}

/** UTF-8 byte length without allocating. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/**
 * A program word whose quotes or escapes were not needed to form it
 * (`'rm'`, `"r"m`, `r\m`, `\rm`) — quoting used only to hide the name.
 * Quoting a name that holds blanks or shell metacharacters is not flagged.
 */
export function isObfuscatedProgramWord(word: Word): boolean {
  if (!word.quoted || word.dynamic || word.value === "") return false;
  return !/[\s|&;<>()$`\\"'*?[\]#~={}!]/.test(word.value);
}

const BRACE_LIMIT = 64;

/**
 * Bash brace expansion of an unquoted literal word (`/{usr,etc}`, `{1..3}`,
 * `a{b,{c,d}}e`). Returns the word unchanged when it has no brace group or
 * would expand to more than a small bound of words.
 */
export function braceExpand(text: string): string[] {
  if (!text.includes("{")) return [text];
  const out = expandBraces(text, 0);
  return out !== null && out.length <= BRACE_LIMIT ? out : [text];
}

function expandBraces(s: string, level: number): string[] | null {
  if (level > 16) return null;
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== "{") continue;
    if (i > 0 && s[i - 1] === "$") continue;
    let depth = 0;
    const commas: number[] = [];
    let j = i;
    for (; j < s.length; j++) {
      const c = s[j];
      if (c === "{") depth++;
      else if (c === "}") {
        depth--;
        if (depth === 0) break;
      } else if (c === "," && depth === 1) commas.push(j);
    }
    if (j >= s.length) continue;
    const inner = s.slice(i + 1, j);
    let alts: string[] | null = null;
    if (commas.length > 0) {
      alts = [];
      let from = i + 1;
      for (const k of [...commas, j]) {
        alts.push(s.slice(from, k));
        from = k + 1;
      }
    } else {
      alts = braceSequence(inner);
    }
    if (alts === null) continue;
    const suffixes = expandBraces(s.slice(j + 1), level + 1);
    if (suffixes === null) return null;
    const prefix = s.slice(0, i);
    const res: string[] = [];
    for (const a of alts) {
      const ea = expandBraces(a, level + 1);
      if (ea === null) return null;
      for (const x of ea) {
        for (const suf of suffixes) {
          res.push(prefix + x + suf);
          if (res.length > BRACE_LIMIT) return null;
        }
      }
    }
    return res;
  }
  return [s];
}

function braceSequence(inner: string): string[] | null {
  let m = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(inner);
  if (m) {
    const a = parseInt(m[1], 10);
    const b = parseInt(m[2], 10);
    const step = Math.abs(parseInt(m[3] ?? "1", 10)) || 1;
    if (Math.abs(b - a) / step > BRACE_LIMIT) return null;
    const width = /^-?0\d/.test(m[1]) || /^-?0\d/.test(m[2]) ? Math.max(m[1].length, m[2].length) : 0;
    const out: string[] = [];
    for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
      const t = String(Math.abs(v)).padStart(width - (v < 0 ? 1 : 0), "0");
      out.push(v < 0 ? "-" + t : t);
    }
    return out;
  }
  m = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/.exec(inner);
  if (m) {
    const a = m[1].charCodeAt(0);
    const b = m[2].charCodeAt(0);
    const step = Math.abs(parseInt(m[3] ?? "1", 10)) || 1;
    const out: string[] = [];
    for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) out.push(String.fromCharCode(v));
    return out.length <= BRACE_LIMIT ? out : null;
  }
  return null;
}
