// Every family row's examples, through the real Bash grammar, walker and the
// whole shell table (shellcheck keeps `prop_` examples beside each check; the
// families keep theirs beside each row: src/classify/effects/families/*).
import { describe, expect, it } from "vitest";
import { FAMILIES } from "../../../src/classify/effects/families/index.js";
import type { Example } from "../../../src/classify/effects/families/rows.js";
import { checkExample } from "./helpers.js";

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
