// Cases from the newcomer's pass (H-qa): a bundle nested past the loader's
// depth bound is refused as a whole, one just inside it decides; and the read
// and search tools the hook matchers now include are judged like Read — a
// Grep of `.env` is a secret read; a Glob or LS of ~/.ssh lists names, which
// SPEC §6.4 says is not a secret read (late-secrets), so they are allowed.
import type { CaseSpec } from "../spec.js";
import { bash, bundle, event, fired, leaf, t1 } from "./helpers.js";

/** A t1 rule whose `when` nests `n` `all` groups around one leaf. */
function nested(n: number) {
  let when: unknown = leaf("command.program", "eq", "rm");
  for (let i = 0; i < n; i++) when = { all: [when] };
  return bundle([t1("deep", when)]);
}

const secretRead = { verdict: "ask", artifact_id: "secret.read", undecided: false };

export const specs: CaseSpec[] = [
  { name: "BundleLoadError: a rule nested more than 256 JSON levels deep", bundle: nested(130), event: bash("rm x"), expect_error: "BundleLoadError" },
  { name: "a rule nested 120 all-groups deep (245 JSON levels) loads and decides", bundle: nested(120), event: bash("rm x"), expect: fired("deep") },
  { name: "Grep over .env with output_mode content is a secret read (ask)", bundle: "bundles/default.json", event: event("Grep", { pattern: "KEY", path: "/home/dev/project/.env", output_mode: "content" }), expect: secretRead },
  { name: "Glob under ~/.ssh lists names: allowed", bundle: "bundles/default.json", event: event("Glob", { pattern: "*", path: "/home/dev/.ssh" }), expect: { verdict: "allow", undecided: true } },
  { name: "LS of ~/.ssh (Claude Code 1.x) lists names: allowed", bundle: "bundles/default.json", event: event("LS", { path: "/home/dev/.ssh" }), expect: { verdict: "allow", undecided: true } },
  { name: "Gemini grep_search over .env is a secret read (ask)", bundle: "bundles/default.json", event: event("grep_search", { pattern: "KEY", path: "/home/dev/project/.env" }), expect: secretRead },
  { name: "Grep over the source tree is allowed", bundle: "bundles/default.json", event: event("Grep", { pattern: "TODO", path: "/home/dev/project/src" }), expect: { verdict: "allow", undecided: true } },
];

export default specs;
