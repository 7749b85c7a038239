// Warnings about the bundle as a whole, computed after loading: a bundle that
// enforces nothing, and reason templates that can render empty or stay literal.
import { at, located, type Where } from "./detail.js";
import type { EffectClassEntry, LoadedArtifact } from "../evaluate/compiled.js";
import { emptyBecause, PLACEHOLDERS, placeholdersIn, witnesses, type Placeholder } from "./placeholders.js";
import { formatPath } from "./detail.js";
import type { TreeNode } from "./tree.js";
import type { BundleWarning } from "./warning.js";

/** What lint needs of an activated artifact: the artifact, where it was written, and its authored tree. */
export interface LintSubject {
  artifact: LoadedArtifact;
  where: Where;
  /** `when` (or a t2 program's `match`) as written, and its path; null for a t2 program without `match`. */
  tree: TreeNode | null;
  treeAt: Where | null;
}

const DECIDING_KINDS = new Set(["t1_predicate_tree", "t2_program", "t3_hold"]);

function enforcementWarning(subjects: readonly LintSubject[], enforcementEnabled: boolean): BundleWarning | null {
  const deciding = subjects.filter((s) => DECIDING_KINDS.has(s.artifact.kind));
  if (deciding.some((s) => s.artifact.mode === "enforce")) return null;
  const tail = "every event without an unknown shape is allowed";
  if (!enforcementEnabled && deciding.length > 0)
    return { code: "no_enforcing_artifact", detail: located({ source: null, path: ["enforcement_enabled"] }, `false makes all ${deciding.length} rule(s) monitor-only: ${tail}`) };
  const monitors = deciding.length;
  const what = monitors === 0 ? "no active rule (t1/t2/t3)" : `${monitors} active rule(s), all monitor-only`;
  return { code: "no_enforcing_artifact", detail: located({ source: null, path: ["artifacts"] }, `${what}: ${tail}`) };
}

function templateWarnings(s: LintSubject, entries: readonly EffectClassEntry[]): BundleWarning[] {
  const template = s.artifact.reason;
  const names = placeholdersIn(template);
  if (names.length === 0) return [];
  const reasonAt = at(s.where, "body", "reason");
  const out: BundleWarning[] = [];
  const unknown = names.filter((n) => !(PLACEHOLDERS as readonly string[]).includes(n));
  if (unknown.length > 0)
    out.push({
      code: "unknown_placeholder",
      detail: located(reasonAt, `${unknown.map((n) => `{{${n}}}`).join(", ")} is shown as written (placeholders: ${PLACEHOLDERS.map((n) => `{{${n}}}`).join(", ")})`),
    });
  const known = names.filter((n): n is Placeholder => (PLACEHOLDERS as readonly string[]).includes(n));
  if (known.length === 0) return out;
  if (s.tree === null || s.treeAt === null) {
    out.push({ code: "placeholder_may_be_empty", detail: located(reasonAt, `${known.map((n) => `{{${n}}}`).join(", ")} stays as written: a t2_program without \`match\` has nothing to quote`) });
    return out;
  }
  const all = witnesses(s.tree);
  for (const name of known) {
    for (const w of all) {
      const why = emptyBecause(name, w, entries);
      if (why === null) continue;
      const via = formatPath([...s.treeAt.path.slice(-1), ...w.path]);
      out.push({ code: "placeholder_may_be_empty", detail: located(reasonAt, `{{${name}}} renders empty when the rule fires through ${via}: ${why}`) });
      break;
    }
  }
  return out;
}

export function lintWarnings(subjects: readonly LintSubject[], entries: readonly EffectClassEntry[], enforcementEnabled: boolean): BundleWarning[] {
  const out: BundleWarning[] = [];
  const enforcement = enforcementWarning(subjects, enforcementEnabled);
  if (enforcement !== null) out.push(enforcement);
  for (const s of subjects) if (DECIDING_KINDS.has(s.artifact.kind)) out.push(...templateWarnings(s, entries));
  return out;
}
