// A touch set (seed 004): the files a task may write, as gitignore-style
// patterns over checkout-relative paths. One matcher serves the engine's
// `touch_set` predicate, `gatehouse guard` and its sweep. Pure (no fs), so the
// browser engine uses it too.
//
// Semantics: gitignore pattern syntax (via `ignore`), case-sensitive, `!`
// negates, and the LAST pattern that matches the path decides. Unlike git, a
// file under a directory an earlier pattern matched can be taken back out
// (`src/**`, then `!src/generated/**`): a touch set is a list of rules about
// files, not a directory walk that prunes. Blank lines and `#` comments are
// skipped, as in a .gitignore.
import ignore, { type Ignore } from "ignore";

export interface TouchSet {
  readonly patterns: readonly string[];
  /** Whether the normalised checkout-relative path (`src/a.ts`) is in the set. */
  includes(path: string): boolean;
  /** The pattern that decides `path` (the last one matching it, as written), or null when none matches. */
  decidingPattern(path: string): string | null;
}

export type TouchSetCompilation = { ok: true; touchSet: TouchSet } | { ok: false; pattern: string; message: string };

/** POSIX class names git's wildmatch knows inside `[…]`; any other name aborts the pattern. */
const POSIX_CLASSES = new Set(["alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "xdigit"]);

/**
 * Where a pattern is one git would silently give up on (it then matches
 * nothing), the reason; else null. A touch set that quietly covers nothing is
 * a contract nobody meant, so such a pattern is an error, not a no-op.
 */
export function touchSetPatternError(pattern: string): string | null {
  const body = pattern.startsWith("!") ? pattern.slice(1) : pattern;
  if (body.trim() === "") return "a negation of nothing";
  // git drops one trailing `/` (directory marker) before reading the rest.
  const trailing = /\\*$/.exec(body.replace(/\/$/, ""))![0].length;
  if (trailing % 2 === 1) return "ends in a lone backslash";
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "\\") i++;
    else if (c === "[") {
      const end = bracketEnd(body, i);
      if (typeof end === "string") return end;
      i = end;
    }
  }
  const segments = body.replace(/^\//, "").replace(/\/$/, "").split("/");
  if (segments.some((s) => s === "." || s === "..")) return "has a . or .. segment, which no checkout-relative path has";
  return null;
}

/** Index of the `]` closing the bracket expression opened at `start`, or why there is none (git's wildmatch rules). */
function bracketEnd(p: string, start: number): number | string {
  let i = start + 1;
  if (p[i] === "!" || p[i] === "^") i++;
  // The first member is taken unconditionally, so a leading `]` is a member.
  for (let first = true; i < p.length; i++, first = false) {
    const c = p[i];
    if (c === "]" && !first) return i;
    if (c === "\\") i++;
    else if (c === "[" && p[i + 1] === ":") {
      const close = p.indexOf(":]", i + 2);
      const nextBracket = p.indexOf("]", i + 2);
      if (close !== -1 && close + 1 === nextBracket) {
        const name = p.slice(i + 2, close);
        if (!POSIX_CLASSES.has(name)) return `names an unknown character class [:${name}:]`;
        i = close + 1;
      }
    }
  }
  return `has an unterminated [ at offset ${start}`;
}

/** A path the matcher can judge: relative, normalised, non-empty segments. */
const isNormalisedRelative = (path: string) =>
  path.length > 0 && !path.startsWith("/") && path.split("/").every((s) => s !== "" && s !== "." && s !== "..");

export function compileTouchSet(patterns: readonly string[]): TouchSetCompilation {
  const rules: { pattern: string; include: boolean; matcher: Ignore }[] = [];
  for (const pattern of patterns) {
    if (pattern.trim() === "" || pattern.startsWith("#")) continue;
    const error = touchSetPatternError(pattern);
    if (error !== null) return { ok: false, pattern, message: `touch-set pattern ${JSON.stringify(pattern)} ${error}` };
    const negated = pattern.startsWith("!");
    rules.push({ pattern, include: !negated, matcher: ignore({ ignorecase: false }).add(negated ? pattern.slice(1) : pattern) });
  }
  const decider = (path: string) => {
    if (!isNormalisedRelative(path)) return null;
    let last: (typeof rules)[number] | null = null;
    for (const rule of rules) if (rule.matcher.ignores(path)) last = rule;
    return last;
  };
  return { ok: true, touchSet: { patterns: [...patterns], includes: (path) => decider(path)?.include ?? false, decidingPattern: (path) => decider(path)?.pattern ?? null } };
}
