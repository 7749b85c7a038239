// What the effect table records for one text: effects, gaps, paths and URLs,
// each deduplicated in first-seen order (SPEC §6.2), and a dry run's rewrite
// of every effect recorded inside it (families/engine.ts).
import type { GapShape } from "../../model/gap-shapes.js";
import type { AttrValue, ClassifiedPath, ClassifiedUrl, Effect, TargetClass, UnknownCommand, Verb } from "../../model/classification.js";

export type Attrs = Record<string, AttrValue>;

function attrsKey(attrs: Attrs): string {
  return Object.keys(attrs)
    .sort()
    .map((k) => `${k}=${JSON.stringify(attrs[k])}`)
    .join(",");
}

export class Collector {
  readonly effects: Effect[] = [];
  readonly unknown: UnknownCommand[] = [];
  readonly paths: ClassifiedPath[] = [];
  readonly urls: ClassifiedUrl[] = [];
  private readonly effectKeys = new Set<string>();
  private readonly unknownKeys = new Set<string>();
  private readonly pathKeys = new Set<string>();
  private readonly urlKeys = new Set<string>();

  /** While set, every effect passes through it first (a dry run's effects become reads: families/engine.ts). */
  private rewrite: ((e: Effect) => Effect) | null = null;

  /** Run `body` with every effect it records rewritten by `fn`. */
  withRewrite(fn: (e: Effect) => Effect, body: () => void): void {
    const prev = this.rewrite;
    this.rewrite = fn;
    try {
      body();
    } finally {
      this.rewrite = prev;
    }
  }

  effect(verb: Verb, target: TargetClass, attrs: Attrs): void {
    if (this.rewrite) ({ verb, target_class: target, attrs } = this.rewrite({ verb, target_class: target, attrs }));
    const clean: Attrs = {};
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined) clean[k] = v;
    const key = `${verb}|${target}|${attrsKey(clean)}`;
    if (this.effectKeys.has(key)) return;
    this.effectKeys.add(key);
    this.effects.push({ verb, target_class: target, attrs: clean });
  }

  gap(shape: GapShape, reason: string, command: string): void {
    const key = `${shape}|${command}`;
    if (this.unknownKeys.has(key)) return;
    this.unknownKeys.add(key);
    this.unknown.push({ shape, reason, command });
  }

  path(value: string, cls: TargetClass, rel: string | null): void {
    if (this.pathKeys.has(value)) return;
    this.pathKeys.add(value);
    this.paths.push({ class: cls, value, rel });
  }

  url(u: ClassifiedUrl | null): void {
    if (!u || this.urlKeys.has(u.value)) return;
    this.urlKeys.add(u.value);
    this.urls.push(u);
  }
}
