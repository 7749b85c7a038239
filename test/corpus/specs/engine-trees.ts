// Part A — tree combinators (SPEC §5: all / any / not, empty all true, empty
// any false) and ⊥: absent session / spend / fact values are false AND
// reported in inconclusive_facts — only when the outcome depended on them.
import type { CaseSpec } from "../spec.js";
import { all, any, bash, bundle, fired, leaf, neutral, not, t1 } from "./helpers.js";

const FACTS = [
  { id: "git.branch", type: "string" },
  { id: "repo.production", type: "boolean" },
  { id: "ticket.count", type: "integer" },
  { id: "repo.owners", type: "string_list" },
];

const isBash = leaf("tool.name", "eq", "Bash");
const isWrite = leaf("tool.name", "eq", "Write");

function tr(name: string, when: unknown, fires: boolean, ev: unknown = bash("ls")): CaseSpec {
  return { name, bundle: bundle([t1("r", when)]), event: ev, expect: fires ? fired("r") : neutral };
}

function bottom(name: string, artifacts: unknown[], ev: unknown, expect: Record<string, unknown>, extra: Record<string, unknown> = {}): CaseSpec {
  return { name, bundle: bundle(artifacts, { facts: FACTS, ...extra }), event: ev, expect };
}

export const specs: CaseSpec[] = [
  tr("all: empty all is true", all(), true),
  tr("any: empty any is false", any(), false),
  tr("not: not of empty any is true", not(any()), true),
  tr("not: not of empty all is false", not(all()), false),
  tr("all: every child true", all(isBash, leaf("command.program", "eq", "ls")), true),
  tr("all: one child false", all(isBash, isWrite), false),
  tr("any: one child true", any(isWrite, isBash), true),
  tr("any: every child false", any(isWrite, leaf("tool.name", "eq", "Read")), false),
  tr("not: negates a true leaf", not(isBash), false),
  tr("not: negates a false leaf", not(isWrite), true),
  tr("nested: all(any(…), not(…))", all(any(isWrite, isBash), not(leaf("command.program", "eq", "rm"))), true),
  tr("nested: not(all(…)) over a rm command", not(all(isBash, leaf("command.program", "eq", "rm"))), false, bash("rm a.txt")),

  // ⊥ — absent values
  bottom("⊥ absent fact: false and reported", [t1("r", leaf("fact.git.branch", "eq", "main"))], bash("git push"), { ...neutral, inconclusive_facts: ["fact.git.branch"] }),
  bottom("⊥ present fact: fires, nothing reported", [t1("r", leaf("fact.git.branch", "eq", "main"))], bash("git push", { facts: { "git.branch": "main" } }), { ...fired("r"), inconclusive_facts: [] }),
  bottom("⊥ present fact that does not match: not reported", [t1("r", leaf("fact.git.branch", "eq", "main"))], bash("git push", { facts: { "git.branch": "dev" } }), { ...neutral, inconclusive_facts: [] }),
  bottom("⊥ absent session value: reported as session.<name>", [t1("r", leaf("session.tokens", "gt", 5))], bash("ls"), { ...neutral, inconclusive_facts: ["session.tokens"] }),
  bottom("⊥ session object present but the member absent", [t1("r", leaf("session.elapsed_ms", "gt", 5))], bash("ls", { session: { tokens: 9 } }), { ...neutral, inconclusive_facts: ["session.elapsed_ms"] }),
  bottom("⊥ absent spend value: reported as spend.<name>", [t1("r", leaf("spend.micro_usd", "gt", 5))], bash("ls"), { ...neutral, inconclusive_facts: ["spend.micro_usd"] }),
  bottom("⊥ any already true elsewhere: not reported", [t1("r", any(isBash, leaf("session.tokens", "gt", 5)))], bash("ls"), { ...fired("r"), inconclusive_facts: [] }),
  bottom("⊥ any true elsewhere AFTER the ⊥ leaf: not reported", [t1("r", any(leaf("fact.git.branch", "eq", "main"), isBash))], bash("ls"), { ...fired("r"), inconclusive_facts: [] }),
  bottom("⊥ all already false for a known reason: not reported", [t1("r", all(leaf("spend.tokens", "gt", 5), isWrite))], bash("ls"), { ...neutral, inconclusive_facts: [] }),
  bottom("⊥ all whose only false child is ⊥: reported", [t1("r", all(isBash, leaf("fact.repo.production", "eq", true)))], bash("ls"), { ...neutral, inconclusive_facts: ["fact.repo.production"] }),
  bottom("⊥ any of two ⊥ leaves: both reported, sorted", [t1("r", any(leaf("session.tokens", "gt", 1), leaf("fact.git.branch", "eq", "main")))], bash("ls"), { ...neutral, inconclusive_facts: ["fact.git.branch", "session.tokens"] }),
  bottom("⊥ under not: the rule fires and the ⊥ is still reported", [t1("r", not(leaf("spend.micro_usd", "gt", 5)), "ask")], bash("ls"), { ...fired("r", "ask"), inconclusive_facts: ["spend.micro_usd"] }),
  bottom(
    "⊥ unions over artifacts, deduplicated and sorted",
    [t1("a", leaf("session.tokens", "gt", 1)), t1("b", all(leaf("fact.ticket.count", "eq", 1), leaf("session.tokens", "gt", 1)))],
    bash("ls"),
    { ...neutral, inconclusive_facts: ["fact.ticket.count", "session.tokens"] },
  ),
  bottom(
    "⊥ reported even when another artifact decides",
    [t1("a", isBash, "ask"), t1("b", leaf("fact.repo.production", "eq", true))],
    bash("ls"),
    { ...fired("a", "ask"), inconclusive_facts: ["fact.repo.production"] },
  ),
  bottom("⊥ wrong-typed fact (integer for a string fact) is ⊥", [t1("r", leaf("fact.git.branch", "eq", "main"))], bash("ls", { facts: { "git.branch": 7 } }), { ...neutral, inconclusive_facts: ["fact.git.branch"] }),
  bottom("⊥ wrong-typed fact (string \"true\" for a boolean fact) is ⊥", [t1("r", leaf("fact.repo.production", "eq", "true"))], bash("ls", { facts: { "repo.production": "true" } }), { ...neutral, inconclusive_facts: ["fact.repo.production"] }),
  bottom("⊥ string_list fact with a non-string element is ⊥", [t1("r", leaf("fact.repo.owners", "eq", "bob"))], bash("ls", { facts: { "repo.owners": ["bob", 3] } }), { ...neutral, inconclusive_facts: ["fact.repo.owners"] }),
  bottom("⊥ a null fact value is absent", [t1("r", leaf("fact.git.branch", "eq", "main"))], bash("ls", { facts: { "git.branch": null } }), { ...neutral, inconclusive_facts: ["fact.git.branch"] }),
  bottom(
    "⊥ undeclared fact: a load warning, but it still evaluates and fires",
    [t1("r", leaf("fact.deploy.window", "eq", "open"))],
    bash("ls", { facts: { "deploy.window": "open" } }),
    { ...fired("r"), inconclusive_facts: [] },
  ),
  {
    name: "⊥ undeclared fact: skipped list stays empty (warning only)",
    bundle: bundle([t1("r", leaf("fact.deploy.window", "eq", "open"))], { facts: FACTS }),
    event: bash("ls"),
    expect: { ...neutral, inconclusive_facts: ["fact.deploy.window"] },
    expect_skipped: [],
  },
  bottom("⊥ exists over an absent fact is plain false, never ⊥", [t1("r", leaf("fact.git.branch", "exists"))], bash("ls"), { ...neutral, inconclusive_facts: [] }),
  bottom("⊥ exists false over an absent session value holds, no ⊥", [t1("r", leaf("session.tokens", "exists", false))], bash("ls"), { ...fired("r"), inconclusive_facts: [] }),
  bottom("⊥ an absent agent value is not ⊥", [t1("r", leaf("agent.principal", "eq", "alice"))], bash("ls"), { ...neutral, inconclusive_facts: [] }),
];

export default specs;
