// fast-check arbitraries for random bundles and events over a small shared
// vocabulary, so random trees actually fire on random events.
import fc from "fast-check";

export const WORDS = ["rm", "git", "push", "deploy", "drop", "table", "main", "secret", "curl", "sh", "ls", "build", "--force", "prod"];

const keywordLeaf = fc.constantFrom(...WORDS).map((w) => ({ field: "content", pred: "keyword", value: w }));
const contentContains = fc.constantFrom(...WORDS).map((w) => ({ field: "content", pred: "contains", value: w }));
const toolLeaf = fc.constantFrom("Bash", "Write", "Read").map((t) => ({ field: "tool.name", pred: "eq", value: t }));
const factLeaf = fc.constantFrom("main", "dev").map((b) => ({ field: "fact.git.branch", pred: "eq", value: b }));
const sessionLeaf = fc.integer({ min: 0, max: 10 }).map((n) => ({ field: "session.tool_calls", pred: "gt", value: n }));
const spendLeaf = fc.integer({ min: 0, max: 10 }).map((n) => ({ field: "spend.tokens", pred: "lte", value: n }));
const argvLeaf = fc.constantFrom(...WORDS).map((w) => ({ field: "tool.input.command", pred: "contains", value: w }));
const effectLeaf = fc.record(
  { verb: fc.constantFrom("delete", "fetch", "push", "read"), target_class: fc.constantFrom("workspace_file", "network_host", "vcs_remote") },
  { requiredKeys: [] },
).map((value) => ({ field: "effect", pred: "effect_is", value }));
const programLeaf = fc.constantFrom("rm", "git", "curl", "ls").map((p) => ({ field: "command.program", pred: "eq", value: p }));
const verbLeaf = fc.constantFrom("delete", "fetch").map((v) => ({ field: "effect.verb", pred: "eq", value: v }));
const eventTypeLeaf = fc.constantFrom("pre_tool_use", "post_tool_use").map((t) => ({ field: "event.type", pred: "eq", value: t }));
const programInLeaf = fc.subarray(["rm", "git", "curl", "ls", "sh"], { minLength: 1 }).map((value) => ({ field: "command.program", pred: "in", value }));
const toolInLeaf = fc.subarray(["Bash", "Write", "Read"], { minLength: 1 }).map((value) => ({ field: "tool.name", pred: "in", value }));
const pathClassLeaf = fc.subarray(["system_path", "home_dir", "workspace_file"], { minLength: 1 }).map((value) => ({ field: "path.class", pred: "in", value }));
const hostLeaf = fc.constantFrom("x.example", "y.example").map((value) => ({ field: "url.host", pred: "eq", value }));

export const treeArb = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    keywordLeaf,
    keywordLeaf,
    contentContains,
    toolLeaf,
    factLeaf,
    sessionLeaf,
    spendLeaf,
    argvLeaf,
    effectLeaf,
    programLeaf,
    verbLeaf,
    eventTypeLeaf,
    programInLeaf,
    toolInLeaf,
    pathClassLeaf,
    hostLeaf,
    fc.record({ all: fc.array(tie("tree"), { maxLength: 3 }) }),
    fc.record({ any: fc.array(tie("tree"), { maxLength: 3 }) }),
    fc.record({ not: tie("tree") }),
  ),
})).tree;

const verdictArb = fc.constantFrom("allow", "ask", "hold", "deny");

const artifactArb = (i: number) =>
  fc.oneof(
    fc.record({
      kind: fc.constant("t1_predicate_tree"),
      artifact_id: fc.constant(`a${i}`),
      dimension: fc.constantFrom("security", "safety", "cost"),
      mode: fc.constantFrom("enforce", "enforce", "monitor"),
      body: fc.record({ when: treeArb, verdict: verdictArb, reason: fc.constant(`a${i}`) }),
    }),
    fc.record({
      kind: fc.constant("exception"),
      artifact_id: fc.constant(`a${i}`),
      body: fc.record({
        when: treeArb,
        ground_key: fc.constant(`g${i}`),
        applies_to: fc.constantFrom({}, { dimensions: ["security"] }, { artifact_ids: ["a0", "a1"] }),
        verdict: fc.constantFrom("allow", "ask"),
      }),
    }),
    fc.record({
      kind: fc.constant("t3_hold"),
      artifact_id: fc.constant(`a${i}`),
      body: fc.record({ when: treeArb, reason: fc.constant(`a${i}`), resolve: fc.constant("ask_human") }),
    }),
  );

export const bundleArb = fc.integer({ min: 1, max: 8 }).chain((n) =>
  fc.tuple(...Array.from({ length: n }, (_, i) => artifactArb(i))).map((artifacts) => ({
    schema_version: "2.0",
    bundle_id: "random",
    facts: [{ id: "git.branch", type: "string" }],
    artifacts,
  })),
);

export const eventArb = fc.record({
  event_type: fc.constantFrom("pre_tool_use", "post_tool_use"),
  session_id: fc.constant("s"),
  tool_name: fc.constantFrom("Bash", "Write", "Read"),
  tool_input: fc.array(fc.constantFrom(...WORDS, "x", "Main", "RM"), { maxLength: 8 }).map((ws) => ({ command: ws.join(" ") })),
  tool_result: fc.option(fc.constantFrom("ok", "secret prod table"), { nil: undefined }),
  facts: fc.option(fc.record({ "git.branch": fc.constantFrom("main", "dev") }), { nil: undefined }),
  session: fc.option(fc.record({ tool_calls: fc.integer({ min: 0, max: 12 }) }), { nil: undefined }),
  spend_delta: fc.option(fc.record({ tokens: fc.integer({ min: 0, max: 12 }) }), { nil: undefined }),
});

/**
 * A stand-in classifier for random events: effects and commands derived from
 * the command's words, so effect/program leaves sometimes hold.
 */
export function wordClassifier(event: { tool_input: unknown }) {
  const command = String((event.tool_input as { command?: unknown } | null)?.command ?? "");
  const words = command.split(" ").filter((w) => w !== "");
  const effects: { verb: "delete" | "fetch" | "push"; target_class: "workspace_file" | "network_host" | "vcs_remote"; attrs: Record<string, string> }[] = [];
  if (words.includes("rm")) effects.push({ verb: "delete", target_class: "workspace_file", attrs: { program: "rm" } });
  if (words.includes("curl")) effects.push({ verb: "fetch", target_class: "network_host", attrs: { program: "curl" } });
  if (words.includes("push")) effects.push({ verb: "push", target_class: "vcs_remote", attrs: { program: "git" } });
  const simple = words.length === 0 ? [] : [{ program: words[0]!, argv: words.slice(1), raw: command, redirects: [], raw_argv: words.slice(1) }];
  // Paths and URLs too, so path.class and url.host leaves (indexed features) sometimes hold.
  const paths = [
    ...(words.includes("rm") ? [{ class: "workspace_file" as const, value: "build", rel: "build" }] : []),
    ...(words.includes("sh") ? [{ class: "system_path" as const, value: "/etc/x", rel: null }] : []),
  ];
  const urls = words.includes("curl") ? [{ value: "https://x.example/i", host: words.includes("prod") ? "y.example" : "x.example", tld: "example", scheme: "https", boundary: "external" as const }] : [];
  return { effects, simple, paths, urls };
}
