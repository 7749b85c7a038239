// Backslash escapes of Python, JavaScript and Ruby string literals (the
// common C-like set). An escape the language would reject or that this does
// not know is kept as written: the value stays what the text says.
const SIMPLE: Record<string, string> = { n: "\n", t: "\t", r: "\r", "0": "\0", a: "\x07", b: "\b", f: "\f", v: "\v", e: "\x1b", s: " ", "\\": "\\", "'": "'", '"': '"', "`": "`", $: "$", "\n": "" };

export function decodeEscapes(text: string): string {
  if (!text.includes("\\")) return text;
  return text.replace(/\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,6}\}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|[\s\S])/g, (whole, e: string) => {
    if (e[0] === "x" && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e.startsWith("u{")) return codePoint(parseInt(e.slice(2, -1), 16)) ?? whole;
    if ((e[0] === "u" && e.length === 5) || (e[0] === "U" && e.length === 9)) return codePoint(parseInt(e.slice(1), 16)) ?? whole;
    if (/^[0-7]+$/.test(e) && e !== "0") return String.fromCharCode(parseInt(e, 8));
    return SIMPLE[e] ?? whole;
  });
}

function codePoint(n: number): string | null {
  return n <= 0x10ffff ? String.fromCodePoint(n) : null;
}
