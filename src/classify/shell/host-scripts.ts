// The commands a project runner runs, read from the project file the host
// read (src/classify/host-facts.ts; which file is programs/script-operands.ts):
// `package.json` scripts (with `pre`/`post`), a Makefile target's recipe and
// its prerequisites', a justfile recipe and its dependencies. Each command is
// then judged as if inline. What cannot be read confidently is a gap, never
// silence: an unparsable `package.json`, a recipe using `$(shell …)` (the
// shell text keeps it as a substitution, shape 5).
import type { ProjectRun } from "../programs/script-operands.js";

/** What runs: the shell texts in order, or why the file cannot say. */
export type ProjectCommands = { texts: string[] } | { error: string };

/** Targets or recipes followed at most (prerequisites, dependencies). */
const MAX_ENTRIES = 32;

function packageScripts(text: string, name: string): ProjectCommands {
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch {
    return { error: "package.json is not JSON" };
  }
  const scripts = pkg !== null && typeof pkg === "object" ? (pkg as { scripts?: unknown }).scripts : undefined;
  if (scripts === undefined) return { texts: [] };
  if (scripts === null || typeof scripts !== "object") return { error: "package.json scripts is not an object" };
  const s = scripts as Record<string, unknown>;
  const texts: string[] = [];
  for (const k of [`pre${name}`, name, `post${name}`]) {
    if (!Object.prototype.hasOwnProperty.call(s, k)) continue;
    if (typeof s[k] !== "string") return { error: `package.json scripts.${k} is not a string` };
    texts.push(s[k] as string);
  }
  return { texts };
}

interface Rule {
  prereqs: string[];
  recipe: string[];
}

/** Make variables `X = v`, `X := v`, `X ?= v`, `X += v` (the last assignment, `+=` appended). */
function makeModel(text: string): { rules: Map<string, Rule>; first: string | null; vars: Map<string, string> } {
  const rules = new Map<string, Rule>();
  const vars = new Map<string, string>();
  let first: string | null = null;
  let current: Rule[] = [];
  const lines = text.replace(/\\\r?\n/g, " ").split(/\r?\n/);
  for (const line of lines) {
    if (line.startsWith("\t")) {
      for (const r of current) r.recipe.push(line.slice(1));
      continue;
    }
    if (/^\s*(#|$)/.test(line)) continue;
    const assign = /^\s*(?:export\s+|override\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*([:?+!]?:?=)\s*(.*)$/.exec(line);
    if (assign) {
      const [, name, op, value] = assign;
      if (op === "?=" && vars.has(name)) continue;
      vars.set(name, op === "+=" ? `${vars.get(name) ?? ""} ${value}`.trim() : value.trim());
      current = [];
      continue;
    }
    const rule = /^([^:#=\t][^:#=]*?)\s*::?\s*([^=].*)?$/.exec(line);
    if (!rule) {
      current = [];
      continue;
    }
    const [deps, inline] = (rule[2] ?? "").split(";", 2);
    current = [];
    for (const t of rule[1].trim().split(/\s+/)) {
      let r = rules.get(t);
      if (r === undefined) rules.set(t, (r = { prereqs: [], recipe: [] }));
      r.prereqs.push(...deps.trim().split(/\s+/).filter((d) => d !== "" && d !== "|"));
      if (inline !== undefined && inline.trim() !== "") r.recipe.push(inline.trim());
      current.push(r);
      if (first === null && !t.startsWith(".") && !t.includes("%")) first = t;
    }
  }
  return { rules, first, vars };
}

/** `$(X)`/`${X}`/`$X` of a Makefile variable → its value; `$$` → `$`; an undefined one is the environment's (`${X}` in the shell). */
function expandMake(s: string, vars: Map<string, string>, auto: Record<string, string>, depth = 0): string {
  return s.replace(/\$(\$|\(([A-Za-z_][A-Za-z0-9_.-]*)\)|\{([A-Za-z_][A-Za-z0-9_.-]*)\}|([@<^*?]))/g, (m, _x, paren, brace, single) => {
    if (m === "$$") return "$";
    if (single !== undefined) return auto[single] ?? "";
    const name = (paren ?? brace) as string;
    const v = vars.get(name);
    if (v === undefined) return `\${${name}}`;
    return depth < 8 ? expandMake(v, vars, auto, depth + 1) : v;
  });
}

function makeRecipes(text: string, target: string | null): ProjectCommands {
  const m = makeModel(text);
  const start = target ?? m.first;
  if (start === null) return { texts: [] };
  const texts: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string): void => {
    if (seen.has(t) || seen.size >= MAX_ENTRIES) return;
    seen.add(t);
    const r = m.rules.get(t);
    if (r === undefined) return;
    for (const p of r.prereqs) visit(p);
    const auto = { "@": t, "<": r.prereqs[0] ?? "", "^": r.prereqs.join(" "), "*": t, "?": r.prereqs.join(" ") };
    // A recipe line's `@` (silent), `-` (ignore errors) and `+` prefixes are make's, not the shell's.
    for (const line of r.recipe) texts.push(expandMake(line.replace(/^\s*[@+-]+/, ""), m.vars, auto));
  };
  visit(start);
  return { texts };
}

function justRecipes(text: string, recipe: string | null): ProjectCommands {
  const recipes = new Map<string, { deps: string[]; body: string[] }>();
  let first: string | null = null;
  let current: { deps: string[]; body: string[] } | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (/^[ \t]+\S/.test(line)) {
      current?.body.push(line.trim());
      continue;
    }
    if (/^\s*(#|$)/.test(line)) continue;
    const head = /^@?([A-Za-z_][A-Za-z0-9_-]*)([^:=]*):(?!=)\s*(.*)$/.exec(line);
    if (!head) {
      current = null;
      continue;
    }
    current = { deps: head[3].split(/\s+/).map((d) => d.replace(/^[(]|[)]$/g, "")).filter((d) => /^[A-Za-z_]/.test(d)), body: [] };
    recipes.set(head[1], current);
    first ??= head[1];
  }
  const start = recipe ?? first;
  if (start === null) return { texts: [] };
  const texts: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name) || seen.size >= MAX_ENTRIES) return;
    seen.add(name);
    const r = recipes.get(name);
    if (r === undefined) return;
    for (const d of r.deps) visit(d);
    // `{{x}}` interpolations are judged as the variables they are; a leading `@` (quiet) or `-` is just's.
    for (const line of r.body) texts.push(line.replace(/^[@-]+/, "").replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, "${$1}"));
  };
  visit(start);
  return { texts };
}

/** The shell texts a runner runs from the project file's text. */
export function projectCommands(run: ProjectRun, text: string): ProjectCommands {
  switch (run.kind) {
    case "package-script":
      return packageScripts(text, run.name);
    case "make":
      return makeRecipes(text, run.target);
    case "just":
      return justRecipes(text, run.recipe);
  }
}
