// Composition (SPEC §4): bundles that extend the embedded default, override
// its rules by id and add their own — decided exactly as the flattened bundle
// would be. Only `gatehouse:default` is extended here, so the cases run the
// same in Node and in the browser page (test/web/corpus-in-browser.test.ts).
import type { CaseSpec } from "../spec.js";
import { all, bash, bundle, event, fired, leaf, neutral, t1, t2 } from "./helpers.js";

const TEAM = "bundles/examples/team.json";
const onDefault = (artifacts: unknown[], extra: Record<string, unknown> = {}) => bundle(artifacts, { extends: ["gatehouse:default"], ...extra });

const specs: CaseSpec[] = [
  // The team example: one rule added, two default rules overridden, the rest inherited.
  { name: "team: the added rule denies npm publish", bundle: TEAM, event: bash("npm publish --access public"), expect: { ...fired("acme.no_npm_publish"), dimension: "governance", policy_public_id: "acme.release" } },
  { name: "team: git.reset_hard overridden from deny to ask, with the team's reason", bundle: TEAM, event: bash("git reset --hard HEAD~1"), expect: fired("git.reset_hard", "ask") },
  { name: "team: db.drop overridden from ask to deny", bundle: TEAM, event: bash('psql -c "DROP TABLE users"'), expect: fired("db.drop", "deny") },
  { name: "team: an inherited rule is unchanged (fs.wipe)", bundle: TEAM, event: bash("rm -rf ~"), expect: fired("fs.wipe") },
  { name: "team: a benign command is still allowed", bundle: TEAM, event: bash("ls -la"), expect: neutral },
  { name: "team: npm install is not publish", bundle: TEAM, event: bash("npm install left-pad"), expect: neutral },

  // Each override field.
  { name: "override disabled drops the inherited rule", bundle: onDefault([], { overrides: { "secret.read": { disabled: true } } }), event: bash("cat .env"), expect: neutral },
  { name: "override mode monitor: the rule no longer decides, would_have_verdict says what it would have done", bundle: onDefault([], { overrides: { "fs.wipe": { mode: "monitor" } } }), event: bash("rm -rf ~"), expect: { ...neutral, would_have_verdict: "deny" } },
  { name: "override verdict on an inherited ask rule", bundle: onDefault([], { overrides: { "secret.read": { verdict: "deny" } } }), event: bash("cat .env"), expect: fired("secret.read", "deny") },
  { name: "an override naming no artifact is a warning; the default decides as before", bundle: onDefault([], { overrides: { "fs.wpie": { verdict: "allow" } } }), event: bash("rm -rf ~"), expect: fired("fs.wipe"), expect_skipped: [] },
  {
    name: "a malformed override is skipped with kind override; the inherited rule is untouched",
    bundle: onDefault([], { overrides: { "fs.wipe": { verdict: "block" } } }),
    event: bash("rm -rf ~"),
    expect: fired("fs.wipe"),
    expect_skipped: [{ kind: "override", id: "fs.wipe", reason: "body_parse_error" }],
  },

  // Merging.
  {
    name: "an own artifact repeating an inherited id is skipped; the inherited one decides",
    bundle: onDefault([t1("fs.wipe", all(), "allow")]),
    event: bash("rm -rf ~"),
    expect: fired("fs.wipe"),
    expect_skipped: [{ kind: "t1_predicate_tree", id: "fs.wipe", reason: "body_parse_error" }],
  },
  { name: "own artifacts come after the inherited ones: a tie goes to the default's rule", bundle: onDefault([t1("team.wipe", leaf("effect.verb", "eq", "delete"))]), event: bash("rm -rf ~"), expect: fired("fs.wipe") },
  { name: "enforcement_enabled false in the extending bundle makes the inherited rules monitor-only", bundle: onDefault([], { enforcement_enabled: false }), event: bash("rm -rf ~"), expect: { ...neutral, would_have_verdict: "deny" } },
  {
    name: "facts merge: the extending bundle's fact is declared for its own rule",
    bundle: onDefault([t1("team.freeze", leaf("fact.deploy.freeze", "eq", true))], { facts: [{ id: "deploy.freeze", type: "boolean" }] }),
    event: bash("make deploy", { facts: { "deploy.freeze": true } }),
    expect: fired("team.freeze"),
  },
  {
    name: "a tier 2 program added on top of the default keeps its own registers",
    bundle: onDefault([t2("team.pushes", { match: leaf("command.program", "eq", "git"), registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 2 }, verdict: "ask" })]),
    event: bash("git status"),
    state_in: { c: [1], f: [], t: [], a: [], run: null },
    expect: fired("team.pushes", "ask"),
    expect_state: { c: [2], f: [], t: [], a: [], run: null },
  },
  { name: "a non-shell tool through a composed bundle", bundle: TEAM, event: event("Write", { file_path: "/home/dev/project/.env", content: "K=v" }), expect: fired("secret.write", "ask") },
  { name: "an unknown built-in base refuses the bundle", bundle: bundle([], { extends: ["gatehouse:nightly"] }), event: bash("ls"), expect_error: "BundleLoadError" },
];

export default specs;
