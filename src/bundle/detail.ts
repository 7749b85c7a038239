// One-line `detail` for a skipped item or a warning (SPEC §4): the JSON path of
// the problem, then what was expected and what was found —
// `artifacts[3].body.verdict: expected allow|ask|hold|deny, got "block"`.
// Zod's issues carry the path and the expectation; the value found is read from
// the input at that path (zod does not keep it unless asked to, per parse).

export type JsonPath = readonly PropertyKey[];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `["artifacts", 3, "body", "when"]` → `artifacts[3].body.when`; odd keys are quoted: `overrides["fs.wipe"]`. */
export function formatPath(path: JsonPath): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else {
      const key = String(part);
      out += IDENTIFIER.test(key) ? (out === "" ? key : `.${key}`) : `[${JSON.stringify(key)}]`;
    }
  }
  return out === "" ? "(root)" : out;
}

/** The value at `path` inside `value`, or undefined. */
export function valueAt(value: unknown, path: JsonPath): unknown {
  let cur = value;
  for (const part of path) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[part as string];
  }
  return cur;
}

/** A short rendering of a found value: `"block"`, `12`, `an object`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "an empty array" : "an array";
  if (typeof value === "object") return "an object";
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
}

/** The subset of a zod 4 issue this module reads. */
export interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  inclusive?: boolean;
  errors?: IssueLike[][];
}

/** How well a union branch fits: fewer missing keys first, then the deepest problem. */
function branchScore(branch: IssueLike[], node: unknown): [number, number] {
  let missing = 0;
  let depth = 0;
  for (const issue of branch) {
    // A problem at a key the value does not have: this branch wants a key the author did not write.
    if (issue.path.length === 1 && valueAt(node, issue.path) === undefined) missing++;
    depth = Math.max(depth, issue.path.length);
  }
  return [missing, -depth];
}

/**
 * A union failed every branch. When one branch clearly fits the value better
 * (`{all: [...]}` is the `all` branch), report that branch's problem; when
 * none does, the union's own message (its schema says what it accepts).
 */
function unionIssue(issue: IssueLike, input: unknown): { path: PropertyKey[]; text: string } {
  const node = valueAt(input, issue.path);
  const branches = issue.errors ?? [];
  const scored = branches.map((b) => ({ b, s: branchScore(b, node) }));
  scored.sort((x, y) => x.s[0] - y.s[0] || x.s[1] - y.s[1]);
  const best = scored[0];
  const tie = scored[1] !== undefined && scored[1].s[0] === best?.s[0] && scored[1].s[1] === best?.s[1];
  if (best === undefined || tie || best.b.length === 0) {
    const keys = typeof node === "object" && node !== null && !Array.isArray(node) ? `, got keys ${JSON.stringify(Object.keys(node))}` : `, got ${describeValue(node)}`;
    return { path: issue.path, text: `${issue.message === "Invalid input" ? "no accepted form matches" : issue.message}${keys}` };
  }
  const inner = best.b[0]!;
  const nested = describeIssue({ ...inner, path: [...issue.path, ...inner.path] }, input);
  return nested;
}

const bound = (n: number | bigint | undefined) => (n === undefined ? "?" : String(n));

/** One issue → `{path, text}` where text says what was expected and what was found. */
export function describeIssue(issue: IssueLike, input: unknown): { path: PropertyKey[]; text: string } {
  const found = valueAt(input, issue.path);
  switch (issue.code) {
    case "invalid_union":
      return unionIssue(issue, input);
    case "invalid_type":
      if (found === undefined && issue.path.length > 0) return { path: issue.path, text: `required (${issue.expected ?? "a value"}) but missing` };
      return { path: issue.path, text: `expected ${issue.expected ?? "another type"}, got ${describeValue(found)}` };
    case "invalid_value":
      return { path: issue.path, text: `expected ${(issue.values ?? []).map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join("|")}, got ${describeValue(found)}` };
    case "unrecognized_keys": {
      const keys = issue.keys ?? [];
      return { path: [...issue.path, ...(keys.length === 1 ? [keys[0]!] : [])], text: `unknown key${keys.length === 1 ? "" : `s ${keys.map((k) => JSON.stringify(k)).join(", ")}`} (not part of this object)` };
    }
    case "too_small":
      if (issue.origin === "array") return { path: issue.path, text: `expected at least ${bound(issue.minimum)} item(s), got ${Array.isArray(found) ? found.length : describeValue(found)}` };
      if (issue.origin === "string") return { path: issue.path, text: `expected a string of at least ${bound(issue.minimum)} character(s), got ${describeValue(found)}` };
      return { path: issue.path, text: `expected ${issue.inclusive === false ? ">" : "≥"} ${bound(issue.minimum)}, got ${describeValue(found)}` };
    case "too_big":
      if (issue.origin === "array") return { path: issue.path, text: `expected at most ${bound(issue.maximum)} item(s), got ${Array.isArray(found) ? found.length : describeValue(found)}` };
      return { path: issue.path, text: `expected ${issue.inclusive === false ? "<" : "≤"} ${bound(issue.maximum)}, got ${describeValue(found)}` };
    default:
      return { path: issue.path, text: issue.message };
  }
}

/**
 * Where a value sits: the bundle it was written in (null for the bundle being
 * loaded itself; `gatehouse:default` or a path for an inherited one) and its
 * JSON path inside that bundle.
 */
export interface Where {
  source: string | null;
  path: JsonPath;
}

export const at = (where: Where, ...rest: PropertyKey[]): Where => ({ source: where.source, path: [...where.path, ...rest] });

/** `base.json#artifacts[3].body.verdict` (no `source#` for the bundle itself). */
export function placeOf(where: Where): string {
  return `${where.source === null ? "" : `${where.source}#`}${formatPath(where.path)}`;
}

/** `base.json#artifacts[3].body.verdict: expected …` */
export function located(where: Where, text: string): string {
  return `${placeOf(where)}: ${text}`;
}

/** The first issue of a failed parse of `input` (which sits at `where`), as one line. */
export function zodDetail(error: { issues: readonly IssueLike[] }, input: unknown, where: Where): string {
  const issue = error.issues[0];
  if (issue === undefined) return located(where, "invalid");
  const { path, text } = describeIssue(issue, input);
  return located(at(where, ...path), text);
}
