// Shared builders for the corpus specs (not a spec file itself: not in SPEC_FILES).
// Everything here produces plain JSON — the .jsonl files carry the result verbatim.

/** The declared host paths of a Linux developer (SPEC §2 `env`). */
export const ENV = { cwd: "/home/dev/project", home: "/home/dev", path_dirs: [], additional_dirs: [] };

export const leaf = (field: string, pred: string, value?: unknown) => (value === undefined ? { field, pred } : { field, pred, value });
export const all = (...c: unknown[]) => ({ all: c });
export const any = (...c: unknown[]) => ({ any: c });
export const not = (c: unknown) => ({ not: c });

/** A tier-1 artifact; `extra` lands on the envelope, `extra.body` merges into the body. */
export function t1(id: string, when: unknown, verdict = "deny", extra: Record<string, unknown> = {}) {
  const { body, ...envelope } = extra;
  return {
    kind: "t1_predicate_tree",
    artifact_id: id,
    atom_id: `atom.${id}`,
    policy_public_id: `pol.${id}`,
    dimension: "security",
    ...envelope,
    body: { when, verdict, reason: `${id} fired`, ...((body as object) ?? {}) },
  };
}

export function exception(id: string, body: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { kind: "exception", artifact_id: id, ...extra, body: { when: { all: [] }, ground_key: `gk.${id}`, applies_to: {}, ...body } };
}

export function t3(id: string, when: unknown, body: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return { kind: "t3_hold", artifact_id: id, atom_id: `atom.${id}`, ...extra, body: { when, reason: `${id} holds`, resolve: "ask_human", ...body } };
}

export function t2(id: string, body: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    kind: "t2_program",
    artifact_id: id,
    atom_id: `atom.${id}`,
    ...extra,
    body: { on: ["pre_tool_use"], registers: {}, ops: [], fire: { all: [] }, verdict: "deny", reason: `${id} fired`, ...body },
  };
}

export function bundle(artifacts: unknown[], extra: Record<string, unknown> = {}) {
  return { schema_version: "2.0", bundle_id: "corpus", artifacts, ...extra };
}

export function event(tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}) {
  return { event_type: "pre_tool_use", session_id: "s1", tool_use_id: "u1", tool_name, tool_input, env: ENV, ...extra };
}

export const bash = (command: string, extra: Record<string, unknown> = {}) => event("Bash", { command }, extra);

/** Fired: the artifact decided with its verdict. */
export const fired = (artifact_id: string, verdict = "deny") => ({ verdict, artifact_id, undecided: false });
/** Nothing enforcing fired: the neutral allow. */
export const neutral = { verdict: "allow", artifact_id: null, undecided: true };

/** The embedded default bundle's source, as the specs name it. */
export const DEFAULT_BUNDLE = "bundles/default.json";
/** A Bash case against the default bundle, named `name: command`. */
export function defaultBash(name: string, command: string, expect: Record<string, unknown>): { name: string; bundle: string; event: ReturnType<typeof bash>; expect: Record<string, unknown> } {
  return { name: `${name}: ${command}`, bundle: DEFAULT_BUNDLE, event: bash(command), expect };
}
/** Fired with this verdict, and exactly these gap shapes alongside. */
export const firedWith = (verdict: string, artifact_id: string, unknown: number[] = []) => ({ ...fired(artifact_id, verdict), unknown });
/** Asked only because of an unknown-shape gap (SPEC §6.3). */
export const gapAsk = (shape: number, unknown: number[] = [shape]) => ({ verdict: "ask", atom_id: `unknown.shape.${shape}`, artifact_id: null, unknown });
/** The neutral allow, with no gap. */
export const cleanAllow = { ...neutral, unknown: [] };

