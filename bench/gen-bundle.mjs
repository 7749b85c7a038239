// Deterministic generator of a large policy bundle for the benchmark (SPEC §13:
// "a generated 2,000-atom bundle"). Same `atoms` and `seed` → byte-identical
// bundle, so figures from different runs and machines measure the same policy.
//
// What it builds (fractions of `atoms`, drawn by a seeded PRNG):
//   ~2%  t2_program counters (sliding-window INC_SAT, spend ADD_SAT, RUN length)
//   ~2%  exceptions (applies_to earlier atoms or a policy id; some expired)
//   ~96% t1_predicate_tree atoms, of which
//        ~83% REQUIRE a `content keyword` (the prefilter can skip them):
//             all[kw, X] · all[kw, any[X, Y]] · all[kw1, kw2] · all[kw, not X]
//         ~5% any[all[kw1, X], all[kw2, Y]] (keywords, but none required)
//        ~12% keyword-free trees over effect_is / command.program / path.class / facts
//        ~5% of all t1 atoms are monitor-mode.
// Keywords: ~12% are drawn from a small "planted" vocabulary that the benchmark
// events actually contain (so some atoms pass the prefilter and fire), the rest
// are pseudo-words that never occur (what most rules of a big bundle look like
// to any one event).
//
// `unmatchable: N` appends N artifacts that no benchmark event can match (SPEC §13:
// an event's cost must grow with what could match it, not with the bundle), each
// requiring something absent — a pseudo-word keyword, a tool or program that does
// not exist, or both — in t1, exception and monitor form; the first `atoms` are
// the same bytes as without them.
//
// Usage as a script: node bench/gen-bundle.mjs [atoms=2000] [seed=1337] [unmatchable=0] > bundle.json

/** mulberry32: a tiny, well-distributed 32-bit PRNG. */
export function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS = ["read", "write", "delete", "execute", "fetch", "send", "push", "discard", "destroy", "install"];
const TARGET_CLASSES = [
  "filesystem_root", "home_dir", "workspace_root", "workspace_file", "temp_path", "system_path", "home_file",
  "secret_file", "data_store", "external_path", "vcs_remote", "vcs_history", "infrastructure", "database",
  "package", "network_host", "remote_code", "shell", "subagent", "unknown",
];
const PROGRAMS = [
  "rm", "git", "curl", "wget", "npm", "pip", "docker", "kubectl", "terraform", "psql", "mysql", "ssh", "scp",
  "rsync", "chmod", "chown", "sudo", "dd", "mkfs", "find", "xargs", "python3", "node", "bash", "sh", "make",
  "aws", "gcloud", "helm", "redis-cli", "mongo", "tar", "zip", "cat", "sed", "awk", "cp", "mv", "ln", "truncate",
];
const TOOLS = ["Bash", "Write", "Edit", "Read", "WebFetch", "Glob", "Grep", "mcp__github__create_issue", "mcp__db__query"];

/**
 * Literals the benchmark's events contain. Keep in sync loosely with
 * bench/events.mjs — a missing one only means fewer atoms pass the prefilter.
 */
export const PLANTED_KEYWORDS = [
  "production", "prod", "password", "secret", "token", "deploy", "migrate", "drop table", "database", "kubectl",
  "terraform", "aws", "docker", "sudo", "chmod", "curl", "force", "reset", "delete", "truncate", "api_key",
  "private key", "id_rsa", "stripe", "customer", "invoice", "eval", "base64", "main", "release", "credentials",
  "ssh", "rm", "npm", "publish", "install", "config", "staging", "billing", "admin",
];

const SYLLABLES = [
  "ka", "zo", "ri", "vex", "tal", "mor", "quin", "bra", "lu", "dex", "fen", "gar", "hol", "jun", "ny", "pol",
  "sar", "tro", "ul", "wen", "xi", "yor", "zed", "cla", "dro", "eph", "fro", "gli", "hax", "ism",
];

export function generateBundle({ atoms = 2000, seed = 1337, unmatchable = 0 } = {}) {
  const rnd = prng(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const chance = (p) => rnd() < p;
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const sample = (list, n) => {
    const out = new Set();
    while (out.size < n) out.add(pick(list));
    return [...out];
  };

  // A deterministic pool of pseudo-word keywords (distinct; ~2 per atom).
  const pseudo = [];
  const seen = new Set(PLANTED_KEYWORDS);
  while (pseudo.length < atoms * 2) {
    let w = "";
    const n = int(2, 4);
    for (let i = 0; i < n; i++) w += pick(SYLLABLES);
    if (chance(0.2)) w += `_${pick(SYLLABLES)}${pick(SYLLABLES)}`;
    else if (chance(0.1)) w = `${w} ${pick(SYLLABLES)}${pick(SYLLABLES)}`;
    if (!seen.has(w)) {
      seen.add(w);
      pseudo.push(w);
    }
  }
  let pseudoNext = 0;
  const keyword = () => ({
    field: "content",
    pred: "keyword",
    value: chance(0.12) ? pick(PLANTED_KEYWORDS) : pseudo[pseudoNext++ % pseudo.length],
  });

  // A non-keyword leaf: effect_is / command.program / path.class / facts, and a few others.
  const other = () => {
    const r = rnd();
    if (r < 0.3) {
      const value = { verb: pick(VERBS) };
      if (chance(0.7)) value.target_class = pick(TARGET_CLASSES);
      if (chance(0.2)) value.attrs = { recursive: true };
      return { field: "effect", pred: "effect_is", value };
    }
    if (r < 0.55) return { field: "command.program", pred: "in", value: sample(PROGRAMS, int(1, 4)) };
    if (r < 0.72) return chance(0.5) ? { field: "path.class", pred: "eq", value: pick(TARGET_CLASSES) } : { field: "path.class", pred: "in", value: sample(TARGET_CLASSES, 3) };
    if (r < 0.8) return { field: "fact.git.branch", pred: "in", value: chance(0.5) ? ["main", "master"] : ["release"] };
    if (r < 0.86) return { field: "fact.repo.production", pred: "eq", value: true };
    if (r < 0.9) return { field: "fact.deploy.env", pred: "eq", value: pick(["prod", "staging", "dev"]) };
    if (r < 0.95) return { field: "tool.name", pred: "eq", value: pick(TOOLS) };
    if (r < 0.98) return { field: "command.argv", pred: "eq", value: pick(["--force", "-rf", "--hard", "-f", "--yes", "--all"]) };
    return { field: "url.host", pred: "suffix", value: pick([".example.com", ".internal", ".amazonaws.com"]) };
  };

  const t1Tree = () => {
    const r = rnd();
    if (r < 0.5) return { all: [keyword(), other()] };
    if (r < 0.63) return { all: [keyword(), { any: [other(), other()] }] };
    if (r < 0.71) return { all: [keyword(), keyword()] };
    if (r < 0.83) return { all: [keyword(), { not: other() }] };
    if (r < 0.88) return { any: [{ all: [keyword(), other()] }, { all: [keyword(), other()] }] };
    if (r < 0.94) return { all: [other(), other(), { not: other() }] };
    return { any: [{ all: [other(), other()] }, { all: [other(), other()] }] };
  };

  const dims = ["security", "safety", "cost", "governance"];
  const artifacts = [];
  const t1Ids = [];
  for (let i = 0; i < atoms; i++) {
    const id = `gen.${String(i).padStart(4, "0")}`;
    const envelope = {
      artifact_id: id,
      atom_id: id,
      policy_public_id: `gen.policy.${i % 50}`,
      dimension: pick(dims),
      layer_path: ["bench", `p${i % 50}`],
    };
    const r = rnd();
    if (r < 0.02) {
      // Tier 2: three program shapes.
      const variant = i % 3;
      let body;
      if (variant === 0) {
        body = {
          on: ["pre_tool_use"],
          match: chance(0.5) ? { all: [keyword(), other()] } : { field: "command.program", pred: "in", value: sample(PROGRAMS, int(2, 6)) },
          registers: { c: 1, t: 1 },
          ops: [{ op: "RESET_IF_OLDER", t: 0, window_ms: 60000, c: [0] }, { op: "INC_SAT", c: 0 }, { op: "STAMP", t: 0 }],
          fire: { reg: "c0", gte: int(5, 50) },
          verdict: "ask",
          reason: `${id}: too many matching commands within a minute`,
        };
      } else if (variant === 1) {
        body = {
          on: ["post_tool_use"],
          registers: { a: 1 },
          ops: [{ op: "ADD_SAT", a: 0, from: "spend.tokens" }],
          fire: { reg: "a0", gte: int(100000, 1000000) },
          verdict: "hold",
          reason: `${id}: session token spend over budget`,
        };
      } else {
        body = {
          on: ["pre_tool_use"],
          match: { field: "tool.name", pred: "eq", value: "Bash" },
          registers: { c: 1, run: true },
          ops: [{ op: "RUN" }, { op: "INC_SAT", c: 0, cap: 1000 }, { op: "ANOMALY", code: `${id}.loop`, if: { reg: "run.len", gte: 20 } }],
          fire: { reg: "run.len", gte: int(30, 60) },
          verdict: "ask",
          reason: `${id}: the same action keeps repeating`,
        };
      }
      artifacts.push({ kind: "t2_program", ...envelope, body });
    } else if (r < 0.04 && t1Ids.length > 0) {
      const appliesTo = chance(0.7) ? { artifact_ids: sample(t1Ids, Math.min(t1Ids.length, int(1, 3))) } : { policy_public_ids: [`gen.policy.${int(0, 49)}`] };
      const body = {
        when: chance(0.8) ? { all: [keyword(), other()] } : { field: "fact.git.branch", pred: "prefix", value: "feature/" },
        ground_key: `bench-exception-${i}`,
        applies_to: appliesTo,
        verdict: pick(["allow", "allow", "ask"]),
      };
      if (chance(0.3)) body.expires_at_ms = int(1, 2) * 1_000_000_000_000;
      artifacts.push({ kind: "exception", ...envelope, body });
    } else {
      const verdict = chance(0.45) ? "deny" : chance(0.85) ? "ask" : "allow";
      artifacts.push({
        kind: "t1_predicate_tree",
        ...envelope,
        mode: chance(0.05) ? "monitor" : "enforce",
        body: { when: t1Tree(), verdict, reason: `${id}: generated rule (${verdict}) on \`{{program}}\`` },
      });
      t1Ids.push(id);
    }
  }

  artifacts.push(...unmatchableArtifacts(unmatchable, seed));

  return {
    schema_version: "2.0",
    bundle_id: unmatchable === 0 ? `bench-generated-${atoms}-seed${seed}` : `bench-generated-${atoms}-seed${seed}-unmatchable${unmatchable}`,
    enforcement_enabled: true,
    on_unknown: "ask",
    facts: [
      { id: "git.branch", type: "string" },
      { id: "repo.production", type: "boolean" },
      { id: "deploy.env", type: "string" },
    ],
    effect_classes: { entries: [] },
    artifacts,
  };
}

/**
 * `n` artifacts no benchmark event matches: each requires a keyword made of a
 * syllable sequence with "qz" in it (no event text holds one), or a tool or
 * program name that does not exist — alone, in an any-of, or next to ordinary
 * leaves. Their own PRNG stream, so the atoms before them do not change.
 */
function unmatchableArtifacts(n, seed) {
  const rnd = prng(seed ^ 0x5eed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const word = (i) => `qz${pick(SYLLABLES)}${pick(SYLLABLES)}${i.toString(36)}`;
  const absent = (i) => {
    const r = rnd();
    if (r < 0.45) return { field: "content", pred: "keyword", value: word(i) };
    if (r < 0.65) return { field: "command.program", pred: "in", value: [`qz-prog-${i}`, `qz-tool-${i}`] };
    if (r < 0.8) return { field: "tool.name", pred: "eq", value: `mcp__qz${i}__nothing` };
    return { any: [{ field: "content", pred: "keyword", value: word(i) }, { field: "command.program", pred: "eq", value: `qz-prog-${i}` }] };
  };
  const ordinary = () => pick([
    { field: "effect", pred: "effect_is", value: { verb: pick(VERBS) } },
    { field: "path.class", pred: "eq", value: pick(TARGET_CLASSES) },
    { field: "fact.git.branch", pred: "in", value: ["main", "master"] },
    { not: { field: "command.argv", pred: "eq", value: "--dry-run" } },
  ]);
  const out = [];
  for (let i = 0; i < n; i++) {
    const id = `never.${String(i).padStart(5, "0")}`;
    const when = rnd() < 0.3 ? absent(i) : { all: [absent(i), ordinary()] };
    const envelope = { artifact_id: id, atom_id: id, policy_public_id: `never.policy.${i % 20}`, dimension: "security", layer_path: ["bench", "never"] };
    const r = rnd();
    if (r < 0.03) out.push({ kind: "exception", ...envelope, body: { when, ground_key: `never-${i}`, applies_to: { policy_public_ids: [`gen.policy.${i % 50}`] }, verdict: "allow" } });
    else out.push({ kind: "t1_predicate_tree", ...envelope, mode: r < 0.08 ? "monitor" : "enforce", body: { when, verdict: "deny", reason: `${id}: cannot match` } });
  }
  return out;
}

/** Counts by kind, mode and prefilter shape — printed next to the figures. */
export function describeBundle(bundle) {
  const count = { atoms: bundle.artifacts.length, t1: 0, t2: 0, exception: 0, monitor: 0, keyword_leaves: 0 };
  for (const a of bundle.artifacts) {
    if (a.kind === "t1_predicate_tree") count.t1++;
    else if (a.kind === "t2_program") count.t2++;
    else if (a.kind === "exception") count.exception++;
    if (a.mode === "monitor") count.monitor++;
    count.keyword_leaves += (JSON.stringify(a.body).match(/"pred":"keyword"/g) ?? []).length;
  }
  return count;
}

// Run as a script (not when imported — the playground page bundles this module for its 2,000-atom preset).
if (typeof process !== "undefined" && import.meta.url === `file://${process.argv[1]}`) {
  const atoms = Number(process.argv[2] ?? 2000);
  const seed = Number(process.argv[3] ?? 1337);
  const unmatchable = Number(process.argv[4] ?? 0);
  process.stdout.write(JSON.stringify(generateBundle({ atoms, seed, unmatchable }), null, 1) + "\n");
}
