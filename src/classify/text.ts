// Text decoders independent of the syntax tree, for the shell walker, the
// program specs, the effect table and the inline-code readers alike:
// backslash escapes (unquoted, double-quoted, heredoc), ANSI-C `$'…'` and
// echo/printf escapes, base64, a minimal word splitter for strings a program
// splits itself, UTF-8 length, and Bash brace expansion.
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
 * Does a `$'…'` body spell text through escapes — a numeric escape (`\xHH`, `\nnn`, `\uHHHH`, `\cX`) that stands
 * for a printable character (`$'\x72\x6d'` is `rm`, `$'\x7e'` is `~`)? Escapes of whitespace and control
 * characters (`\t`, `\n`, `\r`, `\e`, `\x1b`, `\0`) are how such characters are written at all: they hide nothing.
 */
export function ansiCSpells(body: string): boolean {
  for (const m of body.matchAll(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs)) {
    const esc = m[1]!;
    if (!/^(x|u|U|[0-7]|c)/.test(esc) || esc.length === 1) continue;
    const decoded = decodeAnsiC(`\\${esc}`).text;
    if ([...decoded].some((ch) => ch.codePointAt(0)! > 0x20 && ch.codePointAt(0) !== 0x7f)) return true;
  }
  return false;
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
