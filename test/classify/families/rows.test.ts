// Every family row's examples, through the real Bash grammar, walker and the
// whole shell table (shellcheck keeps `prop_` examples beside each check; the
// families keep theirs beside each row: src/classify/effects/families/*).
import { describe, expect, it } from "vitest";
import { shellEffects } from "../../../src/classify/effects/index.js";
import { FAMILIES } from "../../../src/classify/effects/families/index.js";
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

/** The request's own `fetch × network_host` (network.ts) is left out: examples say what the family adds. */
const IGNORED = (e: Effect) => e.verb === "fetch" && e.target_class === "network_host";

export function checkExample([command, expected]: Example): void {
  const effects = effectsOf(command).filter((e) => !IGNORED(e));
  const want = parseExpected(expected);
  expect(pairs(effects), command).toEqual([...new Set(want.map((w) => `${w.verb} ${w.cls}`))].sort());
  for (const w of want) {
    const ok = effects.some((e) => e.verb === w.verb && e.target_class === w.cls && Object.entries(w.attrs).every(([k, v]) => e.attrs[k] === v));
    expect(ok, `${command}: ${w.verb} ${w.cls} ${JSON.stringify(w.attrs)} in ${JSON.stringify(effects)}`).toBe(true);
  }
}

describe("every family row's examples", () => {
  for (const family of FAMILIES) {
    const cases: Array<[string, string, Example]> = [];
    for (const p of family.programs) for (const r of p.rows) for (const ex of r.examples) cases.push([p.names[0], r.path, ex]);
    for (const api of family.apis ?? []) for (const ex of api.examples) cases.push([api.service, api.methods.join(","), ex]);
    describe(family.name, () => {
      it.each(cases)("%s %s: %j", (_p, _path, ex) => checkExample(ex));
    });
  }
  it("every row has an example", () => {
    for (const f of FAMILIES) {
      for (const p of f.programs) for (const r of p.rows) expect(r.examples.length, `${f.name}: ${p.names[0]} ${r.path}`).toBeGreaterThan(0);
      for (const a of f.apis ?? []) expect(a.examples.length, `${f.name}: ${a.service}`).toBeGreaterThan(0);
    }
  });
});
