// A simple command's words with the values the text gives them: each word
// decoded with the variables known so far (values.ts), an unquoted expansion
// split into words (or dropped when empty) as bash does, brace expansion; and
// the values an assignment or a `for` list gives a variable.
import type { Node } from "web-tree-sitter";
import type { Env } from "./context.js";
import { braceExpand } from "../text.js";
import { choices, EMPTY, MAX_ALTERNATIVES, valOfWord, valueResolver, type Choice, type Val, type VarState } from "./values.js";
import { wordFromNode, wordFromNodeSpan, type Resolver, type Word } from "./words.js";

/** Node types that, unquoted and alone, undergo word splitting when they expand. */
const SPLIT_TYPES: ReadonlySet<string> = new Set(["simple_expansion", "expansion", "command_substitution"]);

/** The resolver for the words of `env` (`choice` picks among a variable's several values), or none when nothing there expands. */
export function resolverFor(env: Env, choice?: Choice, multi?: Set<string>): Resolver | undefined {
  return env.expands ? valueResolver({ src: env.src, vars: env.scope.vars, choice, multi }) : undefined;
}

/** Decode one word node with the variables of `env`. */
export function decodeWord(node: Node, env: Env, choice?: Choice, multi?: Set<string>, span?: { start: number; end: number }): Word {
  return decodeWith(node, env, resolverFor(env, choice, multi), span);
}

/** Decode one word node with a resolver made once for the command (`resolverFor`). */
export function decodeWith(node: Node, env: Env, resolve: Resolver | undefined, span?: { start: number; end: number }): Word {
  return span ? wordFromNodeSpan(node, span.start, span.end, env.src, resolve) : wordFromNode(node, env.src, resolve);
}

/** The words of one argument node: split and dropped like an unquoted expansion, brace-expanded like a literal. */
export function argumentWords(node: Node, w: Word, env?: Env): Word[] {
  if (w.resolved && !w.dynamic && SPLIT_TYPES.has(node.type === "command_name" ? (node.namedChild(0)?.type ?? "") : node.type)) {
    const parts = w.value.split(splitter(env)).filter((p) => p !== "");
    // A `~` a split value starts with keeps its meaning, as in argv form (words.ts, `homeAwareWord`): whoever wrote it means home.
    return parts.map((p, k) => ({ ...w, value: p, raw: k === 0 ? w.raw : p, tilde: (k === 0 && w.tilde) || /^~(\/|$)/.test(p) }));
  }
  return expandWord(w);
}

/** The separators of word splitting: `IFS` when the text set it to one known value (`IFS=,`), else blank, tab, newline. */
function splitter(env: Env | undefined): RegExp {
  const ifs = env?.scope.vars.get("IFS");
  if (!ifs || ifs.length !== 1) return /[ \t\n]+/;
  const chars = [...new Set(ifs[0]!.value)];
  if (chars.length === 0) return /(?!)/; // IFS='' splits nothing
  return new RegExp(`[${chars.map((c) => c.replace(/[\]\\^-]/g, "\\$&")).join("")}]+`);
}

/** Brace expansion of an unquoted literal word: one word per expansion (argv and raw_argv alike). */
export function expandWord(w: Word): Word[] {
  if (w.dynamic || w.quoted || !w.value.includes("{")) return [w];
  const parts = braceExpand(w.value);
  if (parts.length === 1 && parts[0] === w.value) return [w];
  return parts.map((p) => ({ ...w, value: p, raw: p }));
}

/**
 * Every way the value of `node` may come out (one per combination of the
 * several-valued variables it uses), or null when one is not known.
 */
export function nodeValues(node: Node, env: Env): VarState {
  const multi = new Set<string>();
  const first = valOfWord(decodeWord(node, env, undefined, multi));
  if (multi.size === 0) return first === null ? null : [first];
  const cs = choices(env.scope.vars, multi);
  if (cs === null) return null;
  const out: Val[] = [];
  for (const c of cs) {
    const v = valOfWord(decodeWord(node, env, c));
    if (v === null) return null;
    out.push(v);
  }
  return out;
}

/** What `NAME=value` (or `NAME+=value`) gives NAME, and the name; null name for `a[i]=…`-style targets it cannot name. */
export function assignmentValue(a: Node, env: Env): { name: string; state: VarState } | null {
  const nameNode = a.childForFieldName("name");
  if (!nameNode) return null;
  const name = env.src.slice(nameNode.startIndex, nameNode.endIndex);
  const base = nameNode.type === "subscript" ? name.replace(/\[.*$/s, "") : name;
  if (nameNode.type === "subscript") return { name: base, state: null };
  const value = a.childForFieldName("value");
  const append = env.src.slice(nameNode.endIndex, value ? value.startIndex : a.endIndex).startsWith("+=");
  let state: VarState = value === null ? [EMPTY] : value.type === "array" ? null : nodeValues(value, env);
  if (append && state !== null) {
    const prev = env.scope.vars.get(base);
    if (prev === undefined || prev === null || prev.length * state.length > MAX_ALTERNATIVES) state = null;
    else state = prev.flatMap((p) => state!.map((s) => ({ value: p.value + s.value, tilde: p.tilde, vars: [...p.vars, ...s.vars] })));
  }
  return { name: base, state };
}

/** The values a `for NAME in WORD…` loop gives NAME: each word after expansion, or null when one is not known. */
export function forListValues(node: Node, env: Env): VarState {
  const out: Val[] = [];
  let sawIn = false;
  for (const c of node.children) {
    if (!c) continue;
    if (c.type === "in") sawIn = true;
    if (node.childForFieldName("body")?.id === c.id) break;
  }
  const kids = node.children;
  for (let k = 0; k < kids.length; k++) {
    const c = kids[k];
    if (!c || node.fieldNameForChild(k) !== "value") continue;
    const w = decodeWord(c, env);
    for (const part of argumentWords(c, w, env)) {
      const v = valOfWord(part);
      if (v === null) return null;
      out.push(v);
    }
    if (out.length > MAX_ALTERNATIVES) return null;
  }
  // `for x; do …` iterates over the positional parameters.
  return sawIn ? out : null;
}
