// What an MCP tool's name says it does, beyond the generic verb of
// mcp-input.ts (SPEC §6.6): names that are a whole operation (`flushall`,
// `empty_bucket`, `drop_database`, `delete_namespace`) map to the effects the
// shell table gives the same operation, so the same default rules judge them;
// a push tool's structured input (`force`, `branch`, `delete`) is read as a
// push. Data, with examples beside it (run by test/classify/mcp-names.test.ts).
import type { Effect, TargetClass, Verb } from "../model/classification.js";

type Attrs = Effect["attrs"];
type Input = Record<string, unknown>;

interface NameRow {
  /** The tool part's words joined by `_` (`flushAll` → `flush_all`) must match. */
  name: RegExp;
  verb: Verb;
  target: TargetClass;
  attrs?: Attrs;
  examples: readonly string[];
}

export const MCP_NAME_ROWS: readonly NameRow[] = [
  { name: /^(flush_?all|flush_?db|flush_?database)$/, verb: "destroy", target: "database", attrs: { operation: "flush" }, examples: ["mcp__redis__flushall", "mcp__redis__flush_db"] },
  { name: /(^|_)drop_(database|db|schema|table|collection|keyspace)s?($|_)|(^|_)truncate_(table|collection)s?($|_)/, verb: "destroy", target: "database", examples: ["mcp__postgres__drop_table", "mcp__mongo__drop_collection", "mcp__db__truncate_table"] },
  { name: /(^|_)(empty|purge|wipe|clear)_(bucket|container)s?($|_)/, verb: "delete", target: "object_storage", attrs: { total: true }, examples: ["mcp__s3__empty_bucket", "mcp__gcs__purge_bucket"] },
  { name: /(^|_)(delete|remove|destroy)_(bucket|container)s?($|_)/, verb: "destroy", target: "object_storage", examples: ["mcp__s3__delete_bucket"] },
  { name: /(^|_)(delete|remove|destroy)_(namespace)s?($|_)/, verb: "destroy", target: "infrastructure", attrs: { teardown: "namespace" }, examples: ["mcp__k8s__delete_namespace"] },
  { name: /(^|_)(delete|remove|destroy)_(cluster)s?($|_)/, verb: "destroy", target: "infrastructure", attrs: { teardown: "cluster" }, examples: ["mcp__eks__delete_cluster"] },
  { name: /(^|_)(delete|remove|destroy)_(stack|project|resource_group)s?($|_)/, verb: "destroy", target: "infrastructure", examples: ["mcp__aws__delete_stack", "mcp__gcp__delete_project"] },
  { name: /(^|_)(delete|remove|destroy)_(repository|repo)s?($|_)/, verb: "destroy", target: "vcs_forge", attrs: { total: true }, examples: ["mcp__github__delete_repository"] },
  { name: /(^|_)(delete|remove|drop)_(index|indices|indexes)($|_)/, verb: "destroy", target: "search_index", examples: ["mcp__elastic__delete_index"] },
  { name: /(^|_)(delete|purge|remove)_(queue|topic|stream)s?($|_)/, verb: "delete", target: "message_queue", examples: ["mcp__sqs__purge_queue", "mcp__kafka__delete_topic"] },
  { name: /(^|_)(delete|remove|destroy)_(secret|vault)s?($|_)/, verb: "delete", target: "secret_store", examples: ["mcp__vault__delete_secret"] },
  { name: /(^|_)(delete|remove)_(zone|dns_zone)s?($|_)/, verb: "destroy", target: "dns", attrs: { total: true }, examples: ["mcp__cloudflare__delete_zone"] },
];

/** Names that are not an operation (`get_bucket`, `list_queues`, `create_index`): no row. */
export const MCP_NAME_LOOKALIKES: readonly string[] = ["mcp__s3__list_buckets", "mcp__redis__get", "mcp__es__create_index", "mcp__sqs__send_message", "mcp__github__get_repository"];

/** Effects the tool name alone carries (first matching row), attrs as the shell table's rows give them. */
export function nameEffects(toolPart: string[]): Array<{ verb: Verb; target: TargetClass; attrs: Attrs }> {
  const joined = toolPart.join("_");
  const row = MCP_NAME_ROWS.find((r) => r.name.test(joined));
  return row ? [{ verb: row.verb, target: row.target, attrs: { operation: joined, ...(row.attrs ?? {}) } }] : [];
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const FORCE_FIELDS = ["force", "force_push", "forcePush", "force_with_lease", "forceWithLease"];
const BRANCH_FIELDS = ["branch", "ref", "refspec", "remote_branch", "remoteBranch", "target_branch", "head"];

/**
 * A push tool (a `push` word in the name: `git_push`, `push_files`, `push_branch`): push × vcs_remote with
 * `force`, `delete` and `branch` from its input, so git.force_push_protected judges `{force: true, branch: main}`
 * as it judges `git push --force origin main`. No branch named: the current one (`scope: current`).
 */
export function pushEffects(words: readonly string[], input: Input): Array<{ verb: Verb; target: TargetClass; attrs: Attrs }> {
  // A forced ref update on the forge (`update_ref {ref: heads/main, force: true}`) moves the branch as a force push does.
  const forcedRef = words.some((w) => w === "ref" || w === "branch") && words.some((w) => /^(update|set|reset|move)$/.test(w)) && FORCE_FIELDS.some((f) => input[f] === true);
  if (!words.includes("push") && !forcedRef) return [];
  const attrs: Attrs = {};
  if (FORCE_FIELDS.some((f) => input[f] === true)) attrs.force = true;
  if (input.delete === true) attrs.delete = true;
  const branch = BRANCH_FIELDS.map((f) => str(input[f])).find((b) => b !== null);
  if (branch?.startsWith("+")) attrs.force = true; // a `+` refspec forces
  if (branch) attrs.branch = branch.replace(/^\+/, "").replace(/^.*:/, "").replace(/^(refs\/)?heads\//, "");
  else attrs.scope = "current";
  return [{ verb: "push", target: "vcs_remote", attrs }];
}
