// Composition (SPEC §4): extends (gatehouse:default or paths, recursive, cycles
// refused), overrides by id, merges of facts and effect classes, and the digest
// over the resolved bundle. Files are real, in a temp dir, read by the Node resolver.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bundleDigest } from "../../src/bundle/canonical.js";
import { composeBundle, MAX_EXTENDS_DEPTH } from "../../src/bundle/compose.js";
import { BundleLoadError, loadBundle } from "../../src/bundle/load.js";
import { bundleFileSource, defaultBundlePath, fileBaseResolver } from "../../src/node/bundle-file.js";
import { bundleOf, leaf, t1 } from "../support/engine.js";
import { scratchDir } from "../support/scratch.js";

const DEFAULT = JSON.parse(readFileSync(defaultBundlePath(), "utf8"));
const DEFAULT_IDS: string[] = DEFAULT.artifacts.map((a: { artifact_id: string }) => a.artifact_id);
const dir = scratchDir("gatehouse-compose-");
const write = (name: string, value: unknown) => {
  const path = join(dir, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
};
/** Load a file the way loadEngine does. */
const loadFile = (path: string) => {
  const s = bundleFileSource(path);
  return loadBundle(s.bundle, { resolveBase: s.resolveBase, key: s.bundleKey });
};
const withDefault = (extra: Record<string, unknown> = {}, artifacts: unknown[] = []) => bundleOf(artifacts, { extends: ["gatehouse:default"], ...extra });
const load = (bundle: unknown) => loadBundle(bundle, { resolveBase: fileBaseResolver(dir) });
const ids = (l: ReturnType<typeof loadBundle>) => l.artifacts.map((a) => a.artifact_id);
const rule = t1("team.rule", leaf("command.program", "eq", "npm"));

describe("extends", () => {
  it("a bundle without extends or overrides resolves to itself: same object, same digest as before composition existed", () => {
    const b = bundleOf([rule]);
    const c = composeBundle(b);
    expect(c.bundle).toBe(b);
    expect(loadBundle(b).digest).toBe(bundleDigest(b));
  });

  it("gatehouse:default first, then this bundle's artifacts; the digest is over the resolved bundle", () => {
    const l = load(withDefault({}, [rule]));
    expect(ids(l)).toEqual([...DEFAULT_IDS, "team.rule"]);
    expect(l.skipped).toEqual([]);
    expect(l.digest).toBe(bundleDigest(l.resolved));
    expect(l.resolved).not.toHaveProperty("extends");
    expect(l.sources).toEqual(["gatehouse:default", null]);
    // The resolved bundle is a plain bundle: loading it needs no resolver and gives the same digest and artifacts.
    const again = loadBundle(l.resolved);
    expect(again.digest).toBe(l.digest);
    expect(ids(again)).toEqual(ids(l));
  });

  it("accepts a single string; paths resolve relative to the extending file, recursively", () => {
    write("org/base.json", bundleOf([t1("org.rule", leaf("command.program", "eq", "curl"))], { extends: "gatehouse:default", facts: [{ id: "org.tier", type: "string" }] }));
    const team = write("teams/web/team.json", bundleOf([rule], { extends: "../../org/base.json" }));
    const l = loadFile(team);
    expect(ids(l)).toEqual([...DEFAULT_IDS, "org.rule", "team.rule"]);
    expect(l.sources).toEqual(["gatehouse:default", expect.stringMatching(/org\/base\.json$/), null]);
    expect([...l.facts.keys()]).toEqual(["git.branch", "repo.production", "org.tier"]);
  });

  it("refuses a cycle, naming it, and a bundle that extends itself", () => {
    write("cycle/a.json", bundleOf([], { extends: ["b.json"] }));
    write("cycle/b.json", bundleOf([], { extends: ["a.json"] }));
    expect(() => loadFile(join(dir, "cycle/a.json"))).toThrow(/extends cycle: .*a\.json → .*b\.json → .*a\.json/);
    const self = write("cycle/self.json", bundleOf([], { extends: ["./self.json"] }));
    expect(() => loadFile(self)).toThrow(BundleLoadError);
  });

  it(`stops at ${MAX_EXTENDS_DEPTH} levels`, () => {
    for (let i = 0; i <= MAX_EXTENDS_DEPTH + 1; i++) write(`deep/${i}.json`, bundleOf([], i === MAX_EXTENDS_DEPTH + 1 ? {} : { extends: [`${i + 1}.json`] }));
    expect(() => loadFile(join(dir, "deep/0.json"))).toThrow(/deeper than/);
  });

  it("a diamond includes the shared base once; conflicting copies are repeated ids, the detail naming both places", () => {
    write("diamond/a.json", bundleOf([t1("a.rule", { all: [] })], { extends: ["gatehouse:default"] }));
    write("diamond/b.json", bundleOf([t1("b.rule", { all: [] })], { extends: ["gatehouse:default"] }));
    const top = write("diamond/top.json", bundleOf([], { extends: ["a.json", "b.json"] }));
    const l = loadFile(top);
    expect(ids(l)).toEqual([...DEFAULT_IDS, "a.rule", "b.rule"]);
    expect(l.skipped).toEqual([]);

    write("diamond/c.json", bundleOf([], { extends: ["gatehouse:default"], overrides: { "fs.wipe": { verdict: "ask" } } }));
    const clash = write("diamond/clash.json", bundleOf([], { extends: ["a.json", "c.json"] }));
    const lc = loadFile(clash);
    expect(lc.skipped).toEqual([
      { kind: "t1_predicate_tree", id: "fs.wipe", reason: "body_parse_error", detail: 'gatehouse:default#artifacts[0].artifact_id: "fs.wipe" repeats gatehouse:default#artifacts[0] (artifact ids are unique)' },
    ]);
    expect(lc.artifacts.find((a) => a.artifact_id === "fs.wipe")!.verdict).toBe("deny"); // the first copy (a.json's) stays
  });

  it("a base that cannot load fails the whole load, naming the reference and the file", () => {
    expect(() => load(bundleOf([], { extends: ["missing.json"] }))).toThrow(/extends\[0\] "missing\.json": .*missing\.json: cannot read bundle \(ENOENT\)/);
    write("broken.json", "{ nope");
    expect(() => load(bundleOf([], { extends: ["broken.json"] }))).toThrow(/extends\[0\] "broken\.json": .*broken\.json: bundle is not JSON/);
    write("v3.json", { schema_version: "3.0" });
    expect(() => load(bundleOf([], { extends: ["v3.json"] }))).toThrow(/v3\.json: bundle schema_version "3\.0" is not supported/);
    expect(() => load(bundleOf([], { extends: ["gatehouse:nightly"] }))).toThrow(/unknown built-in bundle "gatehouse:nightly"/);
    expect(() => load(bundleOf([], { extends: [3] }))).toThrow(/top level is malformed at extends/);
  });

  it("without a resolver, extends is a BundleLoadError that says what to pass", () => {
    expect(() => loadBundle(withDefault())).toThrow(/extends\[0\] "gatehouse:default": this loader cannot fetch other bundles/);
  });

  it("a base's skipped artifact names the base in its detail", () => {
    write("bad-base.json", bundleOf([t1("ok", { all: [] }), t1("bad", leaf("command.raw", "gt", "x"))]));
    const l = load(bundleOf([], { extends: ["bad-base.json"] }));
    expect(l.skipped).toEqual([{ kind: "t1_predicate_tree", id: "bad", reason: "body_parse_error", detail: 'bad-base.json#artifacts[1].body.when.value: command.raw gt: needs an integer value, got "x"' }]);
  });
});

describe("merges", () => {
  it("facts and effect classes merge, this bundle winning a clash; enforcement and on_unknown are inherited unless set", () => {
    write("merge/base.json", {
      ...bundleOf([t1("r", { all: [] })]),
      enforcement_enabled: false,
      on_unknown: "deny",
      facts: [{ id: "x", type: "string" }, { id: "y", type: "integer" }],
      effect_classes: { entries: [{ tool: "mcp__a__*", effects: [{ verb: "read", target_class: "unknown" }] }, { tool: "mcp__b__*", effects: [{ verb: "read", target_class: "unknown" }] }] },
    });
    const l = load({
      ...bundleOf([], { extends: ["merge/base.json"] }),
      facts: [{ id: "x", type: "boolean" }],
      effect_classes: { entries: [{ tool: "mcp__a__*", effects: [{ verb: "delete", target_class: "data_store" }] }] },
    });
    expect([...l.facts]).toEqual([["x", "boolean"], ["y", "integer"]]);
    expect((l.resolved.effect_classes as { entries: { effects: { verb: string }[] }[] }).entries.map((e) => e.effects[0]!.verb)).toEqual(["delete", "read"]);
    expect(l.enforcement_enabled).toBe(false);
    expect(l.on_unknown).toBe("deny");
    const set = load({ ...bundleOf([], { extends: ["merge/base.json"] }), enforcement_enabled: true, on_unknown: "ask" });
    expect([set.enforcement_enabled, set.on_unknown]).toEqual([true, "ask"]);
  });
});

describe("overrides", () => {
  const find = (l: ReturnType<typeof loadBundle>, id: string) => l.artifacts.find((a) => a.artifact_id === id);

  it("change verdict, mode and reason of inherited artifacts, or drop them", () => {
    const l = load(
      withDefault({
        overrides: {
          "fs.wipe": { verdict: "ask", reason: "team: ask first" },
          "git.reset_hard": { mode: "monitor" },
          "secret.read": { disabled: true },
        },
      }),
    );
    expect(l.skipped).toEqual([]);
    expect(l.warnings).toEqual([]);
    expect(find(l, "fs.wipe")).toMatchObject({ verdict: "ask", reason: "team: ask first" });
    expect(find(l, "git.reset_hard")!.mode).toBe("monitor");
    expect(find(l, "secret.read")).toBeUndefined();
    expect(l.artifacts).toHaveLength(DEFAULT_IDS.length - 1);
  });

  it("an override naming nothing is a warning (with the nearest id); one naming this bundle's own artifact too", () => {
    const l = load(withDefault({ overrides: { "fs.wpie": { verdict: "ask" }, "team.rule": { verdict: "ask" } } }, [rule]));
    expect(l.warnings).toEqual([
      { code: "override_unmatched", detail: 'overrides["fs.wpie"]: names no inherited artifact (did you mean "fs.wipe"?)' },
      { code: "override_unmatched", detail: 'overrides["team.rule"]: names an artifact this bundle defines itself, not an inherited one: edit it instead' },
    ]);
    expect(find(l, "fs.wipe")!.verdict).toBe("deny");
  });

  it("a malformed override is skipped (kind override) with where and what; the others still apply", () => {
    const l = load(withDefault({ overrides: { "fs.wipe": { verdict: "block" }, "db.drop": { verdict: "deny", colour: 1 }, "git.reset_hard": { verdict: "ask", x: 0.5 }, "git.history_loss": { verdict: "deny" } } }));
    expect(l.skipped).toEqual([
      { kind: "override", id: "fs.wipe", reason: "body_parse_error", detail: 'overrides["fs.wipe"].verdict: expected allow|ask|hold|deny, got "block"' },
      { kind: "override", id: "db.drop", reason: "body_parse_error", detail: 'overrides["db.drop"].colour: unknown key (not part of this object)' },
      { kind: "override", id: "git.reset_hard", reason: "float_present", detail: 'overrides["git.reset_hard"].x: a non-integer number (bundles carry integers only)' },
    ]);
    expect(find(l, "git.history_loss")!.verdict).toBe("deny");
  });

  it("a field that does not apply to the artifact's kind is a warning, and is not applied", () => {
    write("kinds.json", bundleOf([
      { kind: "t3_hold", artifact_id: "h", body: { when: { all: [] }, reason: "hold it", resolve: "ask_human" } },
      { kind: "exception", artifact_id: "e", body: { when: { all: [] }, ground_key: "g", applies_to: { artifact_ids: ["h"] } } },
    ]));
    const l = load(bundleOf([], { extends: ["kinds.json"], overrides: { h: { verdict: "deny" }, e: { reason: "x", verdict: "hold" } } }));
    expect(l.warnings.map((w) => w.code)).toEqual(["override_not_applicable", "override_not_applicable", "override_not_applicable"]);
    expect(l.warnings[0]!.detail).toBe("overrides.h.verdict: a t3_hold always holds; change its verdict_on_* fields in a copy of the artifact instead");
    expect(find(l, "h")!.verdict).toBe("hold");
    expect(find(l, "e")!.verdict).toBe("allow");
  });

  it("property: any overrides over the default compose without throwing, and the resolved bundle is a fixed point", () => {
    const override = fc.record(
      { verdict: fc.constantFrom("allow", "ask", "hold", "deny", "nope"), mode: fc.constantFrom("enforce", "monitor"), disabled: fc.boolean(), reason: fc.string({ maxLength: 8 }) },
      { requiredKeys: [] },
    );
    const id = fc.oneof(fc.constantFrom(...DEFAULT_IDS), fc.string({ minLength: 1, maxLength: 6 }));
    fc.assert(
      fc.property(fc.dictionary(id, override, { maxKeys: 6 }), (overrides) => {
        const l = load(withDefault({ overrides }));
        const again = loadBundle(l.resolved);
        expect(again.digest).toBe(l.digest);
        expect(ids(again)).toEqual(ids(l));
        expect(again.artifacts.map((a) => [a.verdict, a.mode, a.reason])).toEqual(l.artifacts.map((a) => [a.verdict, a.mode, a.reason]));
        for (const [oid, o] of Object.entries(overrides)) {
          const a = find(l, oid);
          const skipped = l.skipped.some((s) => s.kind === "override" && s.id === oid);
          if (o.verdict === "nope") expect(skipped).toBe(true);
          else if (!DEFAULT_IDS.includes(oid)) expect(l.warnings.filter((w) => w.code === "override_unmatched")).not.toEqual([]);
          else if (o.disabled) expect(a).toBeUndefined();
          else {
            if (o.mode !== undefined) expect(a!.mode).toBe(o.mode);
            if (o.verdict !== undefined) expect(a!.verdict).toBe(o.verdict);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
