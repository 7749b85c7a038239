// A program word that is a glob (`/bin/r? -rf ~`, `/???/?m`, `/usr/bin/[r]m`,
// `/usr/bin/g*t`): bash expands it against the file system, so it runs
// whichever file matches — possibly one the text never names. The analyzer
// judges the command as each program the tables know that the pattern's last
// segment matches (like a variable with several values), and always adds a
// shape-4 gap: the match set on the host is not knowable from the text.
import picomatch from "picomatch/posix.js";

/** The unquoted glob a program word forms (quotes dropped, glob characters kept), or null when no glob character is active. */
export function programGlob(raw: string): string | null {
  let out = "";
  let active = false;
  let quote: '"' | "'" | null = null;
  for (let k = 0; k < raw.length; k++) {
    const c = raw[k];
    if (quote === "'") {
      if (c === "'") quote = null;
      else out += /[*?[\]\\]/.test(c) ? `\\${c}` : c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === "\\" && k + 1 < raw.length && /["\\$`]/.test(raw[k + 1])) out += raw[++k];
      else out += /[*?[\]]/.test(c) ? `\\${c}` : c;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === "\\" && k + 1 < raw.length) out += `\\${raw[++k]}`;
    else if (c === "$" || c === "`") return null; // an expansion: the dynamic-program path judges it
    else {
      if (c === "*" || c === "?" || (c === "[" && raw.indexOf("]", k + 2) > k)) active = true;
      out += c;
    }
  }
  return active ? out : null;
}

/** Characters a program name is made of, for expanding `?` and `[…]`. */
const NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-_.+";
/** Expansions of a pattern without `*` tried, at most. */
const MAX_EXPANSIONS = 4096;
/** Programs judged per pattern, at most. */
export const MAX_GLOB_PROGRAMS = 8;

/** The last path segment of a pattern (`/???/?m` → `?m`). */
function lastSegment(pattern: string): string {
  const k = pattern.lastIndexOf("/");
  return k < 0 ? pattern : pattern.slice(k + 1);
}

/** Each literal name a `*`-free segment can spell (lowercased), or null when there are too many. */
function expansions(segment: string): string[] | null {
  const parts: string[][] = [];
  let total = 1;
  for (let k = 0; k < segment.length; k++) {
    const c = segment[k];
    let options: string[];
    if (c === "\\" && k + 1 < segment.length) options = [segment[++k].toLowerCase()];
    else if (c === "?") options = NAME_CHARS.split("");
    else if (c === "[") {
      const end = segment.indexOf("]", k + 2);
      if (end < 0) options = ["["];
      else {
        const cls = segment.slice(k, end + 1).replace(/^\[!/, "[^");
        const re = new RegExp(`^${cls}$`, "i");
        options = NAME_CHARS.split("").filter((ch) => re.test(ch));
        k = end;
      }
    } else options = [c.toLowerCase()];
    total *= Math.max(options.length, 1);
    if (total > MAX_EXPANSIONS) return null;
    parts.push(options);
  }
  let names = [""];
  for (const opts of parts) names = names.flatMap((n) => opts.map((o) => n + o));
  return names;
}

/**
 * The known programs the pattern's last segment matches: by expanding `?`
 * and `[…]` when that is finite, else against `names` (for `*`). `known`
 * says whether a program is one the tables know.
 */
export function globPrograms(pattern: string, names: Iterable<string>, known: (name: string) => boolean): string[] {
  const segment = lastSegment(pattern);
  if (segment === "") return [];
  const out: string[] = [];
  const spelled = segment.includes("*") ? null : expansions(segment);
  if (spelled !== null) {
    for (const n of spelled) if (known(n) && !out.includes(n)) out.push(n);
    return out;
  }
  const match = picomatch(segment, { dot: true, nocase: true });
  for (const n of names) if (match(n) && known(n) && !out.includes(n)) out.push(n);
  return out.sort();
}

/** [program word as written, its glob (null: none), the known programs it may run] — run by test/classify/shell/program-glob.test.ts. */
export const PROGRAM_GLOB_EXAMPLES: ReadonlyArray<readonly [string, string | null, readonly string[]]> = [
  ["/bin/r?", "/bin/r?", ["rm"]],
  ["/???/?m", "/???/?m", ["rm"]],
  ["/usr/bin/[r]m", "/usr/bin/[r]m", ["rm"]],
  ["'/bin/r?'", null, []],
  ["/bin/rm", null, []],
  ["r\\?", null, []],
];
