// Shared by the family tests: commands through the real walker and the whole
// shell table, and the example format of src/classify/effects/families/rows.ts.
import { expect } from "vitest";
import { shellEffects } from "../../../src/classify/effects/index.js";
import type { Example } from "../../../src/classify/effects/families/rows.js";
import type { AttrValue, Effect } from "../../../src/model/classification.js";
import type { EventEnv } from "../../../src/model/event.js";
import { sh } from "../build.js";

export const ENV: EventEnv = { home: "/home/u", cwd: "/home/u/proj", path_dirs: [], additional_dirs: [] };

interface Expected {
  verb: string;
  cls: string;
  attrs: Record<string, AttrValue>;
}

function parseExpected(text: string): Expected[] {
  if (text.trim() === "") return [];
  return text.split(";").map((part) => {
    const [verb, cls, ...rest] = part.trim().match(/\S+?='[^']*'|\S+/g) ?? [];
    const attrs: Record<string, AttrValue> = {};
    for (const a of rest) {
      const eq = a.indexOf("=");
      if (eq < 0) attrs[a] = true;
      else {
        const v = a.slice(eq + 1).replace(/^'(.*)'$/, "$1");
        attrs[a.slice(0, eq)] = v === "true" ? true : v === "false" ? false : /^-?\d+$/.test(v) ? Number(v) : v;
      }
    }
    return { verb: verb ?? "", cls: cls ?? "", attrs };
  });
}

export function effectsOf(command: string, env: EventEnv | null = ENV): Effect[] {
  return shellEffects(sh(command), env).effects;
}

/** The effects' distinct `verb class` pairs, sorted. */
export const pairs = (effects: readonly Effect[]): string[] => [...new Set(effects.map((e) => `${e.verb} ${e.target_class}`))].sort();

/** The request's own effect on its host (network.ts: `fetch`, or `delete|write {method}` — SPEC §6.5) is left out: examples say what the family adds. */
const IGNORED = (e: Effect) => e.target_class === "network_host" && (e.verb === "fetch" || typeof e.attrs.method === "string");

export function checkExample([command, expected]: Example): void {
  const effects = effectsOf(command).filter((e) => !IGNORED(e));
  const want = parseExpected(expected);
  expect(pairs(effects), command).toEqual([...new Set(want.map((w) => `${w.verb} ${w.cls}`))].sort());
  for (const w of want) {
    const ok = effects.some((e) => e.verb === w.verb && e.target_class === w.cls && Object.entries(w.attrs).every(([k, v]) => e.attrs[k] === v));
    expect(ok, `${command}: ${w.verb} ${w.cls} ${JSON.stringify(w.attrs)} in ${JSON.stringify(effects)}`).toBe(true);
  }
}

