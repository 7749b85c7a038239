// An inline-code analysis as classification pieces: effect tuples on the
// path table's classes, the paths and URLs named, and a shape-6 gap when the
// code was not fully read. The commands the code runs are NOT classified here:
// the caller hands them to the shell analysis (it owns recursion and depth).
import type { EventEnv } from "../../model/event.js";
import type { ClassifiedPath, ClassifiedUrl, Effect, TargetClass, UnknownCommand } from "../../model/classification.js";
import { mutatedPersistence, resolvePathDetailed } from "../paths.js";
import { parseRegKey, registryAttrs } from "../registry.js";
import { classifyUrl } from "../urls.js";
import { urlCredential, urlCredentialAttrs } from "../url-credentials.js";
import type { InlineCodeAnalysis, InlinePath } from "./api.js";

export interface InlineClassification {
  effects: Effect[];
  paths: ClassifiedPath[];
  urls: ClassifiedUrl[];
  unknown: UnknownCommand[];
}

const TARGET_MAX = 160;
const cut = (s: string) => (s.length > TARGET_MAX ? `${s.slice(0, TARGET_MAX - 1)}…` : s);

/** Resolve an inline path: its literal rest is never shell-expanded; home/tmp come from the env or the table's symbols. */
export function resolveInlinePath(p: InlinePath, env: EventEnv | null) {
  if (p.base === "home") return env?.home ? resolvePathDetailed(env.home + p.rest, env, { literal: true }) : resolvePathDetailed("~" + p.rest, env);
  if (p.base === "tmp") return resolvePathDetailed("$TMPDIR" + p.rest, env);
  return resolvePathDetailed(p.rest, env, { literal: true });
}

/**
 * `program` is the interpreter as the shell table names it (`python3`); it
 * goes into every effect's `program` attr, and the API into `api`. `command`
 * is the command text quoted by a gap.
 */
export function inlineClassification(analysis: InlineCodeAnalysis, env: EventEnv | null, program: string, command: string): InlineClassification {
  const effects: Effect[] = [];
  const paths: ClassifiedPath[] = [];
  const urls: ClassifiedUrl[] = [];
  const seen = new Set<string>();
  const push = (verb: Effect["verb"], target: TargetClass, attrs: Effect["attrs"]): void => {
    const e: Effect = { verb, target_class: target, attrs: { program, ...attrs } };
    const key = JSON.stringify(e);
    if (!seen.has(key)) (seen.add(key), effects.push(e));
  };
  for (const e of analysis.effects) {
    if (e.kind === "database") {
      push(e.verb, "database", { ...e.attrs, target: cut(String(e.attrs.table ?? e.attrs.statement ?? "")) });
      continue;
    }
    if (e.url !== null) {
      const u = classifyUrl(e.url) ?? classifyUrl(`http://${e.url}`);
      if (u && !urls.some((x) => x.value === u.value)) urls.push(u);
      const c = u && e.kind === "network" ? urlCredential(u) : null;
      if (c !== null) push("send", "network_host", { ...e.attrs, ...urlCredentialAttrs(c) });
    }
    if (e.kind === "network") {
      push(e.verb === "fetch" ? "fetch" : e.verb, "network_host", { ...e.attrs, ...(e.url !== null ? { target: cut(e.url) } : {}) });
      continue;
    }
    if (e.path === null) {
      push(e.verb, "unknown", e.attrs);
      continue;
    }
    if (e.path.base === "env") {
      push(e.verb, "secret_file", { ...e.attrs, target: "env" });
      continue;
    }
    const r = resolveInlinePath(e.path, env);
    if (!paths.some((x) => x.value === e.path!.text)) paths.push({ class: r.class, value: e.path.text, rel: r.rel });
    // What the path's contents run or control, and what a registry key is, as the shell table says them (effects/common.ts).
    const persistence = mutatedPersistence(r, e.verb, e.attrs.recursive === true);
    const more: Effect["attrs"] = persistence !== null ? { persistence } : {};
    const key = r.class === "windows_registry" ? parseRegKey(r.normalized) : null;
    if (key) Object.assign(more, registryAttrs(key, e.verb));
    push(e.verb, r.class, { ...e.attrs, target: cut(e.path.text), ...more });
  }
  const unknown: UnknownCommand[] =
    analysis.dynamic === null ? [] : [{ shape: 6, reason: `inline ${analysis.language} code not fully read: ${analysis.dynamic.slice(0, 3).join("; ")}`, command }];
  return { effects, paths, urls, unknown };
}
