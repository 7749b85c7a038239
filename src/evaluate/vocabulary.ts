// The closed field and predicate vocabularies (SPEC §5). Anything outside them
// skips the artifact (`unknown_field` / `unknown_predicate`).

export const PREDICATES = [
  "eq",
  "in",
  "prefix",
  "suffix",
  "contains",
  "keyword",
  "glob",
  "touch_set",
  "regex_lite",
  "gt",
  "gte",
  "lt",
  "lte",
  "exists",
  "tld_in",
  "cidr",
  "effect_is",
] as const;
export type Predicate = (typeof PREDICATES)[number];

export function isPredicate(name: string): name is Predicate {
  return (PREDICATES as readonly string[]).includes(name);
}

export const EXACT_FIELD_NAMES = [
  "event.type",
  "tool.name",
  "tool.server",
  "command.raw",
  "command.program",
  "command.argv",
  "command.simple",
  "path.value",
  "path.class",
  "path.rel",
  "url.host",
  "url.tld",
  "url.scheme",
  "url.boundary",
  "effect",
  "effect.verb",
  "effect.target_class",
  "unknown.shape",
  "content",
] as const;
const EXACT_FIELDS = new Set<string>(EXACT_FIELD_NAMES);

export const AGENT_FIELDS = ["agent_id", "agent_row_id", "agent_type", "environment", "function", "principal"] as const;
export const SESSION_FIELDS = ["elapsed_ms", "tool_calls", "spend_micro_usd", "tokens"] as const;
export const SPEND_FIELDS = ["tokens", "micro_usd"] as const;

/** A parsed field reference: which family it belongs to and the member name. */
export type FieldRef =
  | { family: "exact"; name: string }
  | { family: "tool.input"; path: string[] }
  | { family: "effect.attrs"; name: string }
  | { family: "agent"; name: string }
  | { family: "session"; name: string }
  | { family: "spend"; name: string }
  | { family: "fact"; id: string };

function member(field: string, prefix: string): string | null {
  if (!field.startsWith(prefix)) return null;
  const rest = field.slice(prefix.length);
  return rest.length > 0 ? rest : null;
}

/** Parse a field name against the closed vocabulary; null when it is outside it. */
export function parseField(field: string): FieldRef | null {
  if (EXACT_FIELDS.has(field)) return { family: "exact", name: field };
  const input = member(field, "tool.input.");
  if (input !== null) {
    const path = input.split(".");
    return path.every((p) => p.length > 0) ? { family: "tool.input", path } : null;
  }
  const attr = member(field, "effect.attrs.");
  if (attr !== null) return { family: "effect.attrs", name: attr };
  const agent = member(field, "agent.");
  if (agent !== null) return (AGENT_FIELDS as readonly string[]).includes(agent) ? { family: "agent", name: agent } : null;
  const session = member(field, "session.");
  if (session !== null) return (SESSION_FIELDS as readonly string[]).includes(session) ? { family: "session", name: session } : null;
  const spend = member(field, "spend.");
  if (spend !== null) return (SPEND_FIELDS as readonly string[]).includes(spend) ? { family: "spend", name: spend } : null;
  const fact = member(field, "fact.");
  if (fact !== null) return { family: "fact", id: fact };
  return null;
}

/**
 * The field families whose member is open or listed: `prefix` + member. The
 * JSON Schema (json-schema.ts) and docs/bundle.md's field table read this.
 */
export const FIELD_FAMILIES = [
  { prefix: "tool.input.", member: "a dotted path into tool_input", members: null },
  { prefix: "effect.attrs.", member: "an attribute name", members: null },
  { prefix: "agent.", member: "an agent field", members: AGENT_FIELDS },
  { prefix: "session.", member: "a session field", members: SESSION_FIELDS },
  { prefix: "spend.", member: "a spend field", members: SPEND_FIELDS },
  { prefix: "fact.", member: "a fact id declared in `facts`", members: null },
] as const;

/** What to say after "unknown field …": the family's members, or the closest known field. */
export function fieldHint(field: string): string {
  for (const family of FIELD_FAMILIES) {
    if (field.startsWith(family.prefix) && family.members !== null)
      return ` (${family.prefix}* takes ${family.members.join("|")})`;
  }
  const head = field.split(".")[0];
  const near = [
    ...EXACT_FIELD_NAMES.filter((f) => f.split(".")[0] === head),
    ...FIELD_FAMILIES.filter((f) => f.prefix.split(".")[0] === head).map((f) => `${f.prefix}*`),
  ];
  if (near.length > 0) return ` (${head} fields: ${near.join("|")})`;
  return " (see the field table in docs/bundle.md)";
}

/** Fields whose absent value is ⊥ (unknown), not merely false (SPEC §5). */
export function bottomIdOf(ref: FieldRef): string | null {
  switch (ref.family) {
    case "session":
      return `session.${ref.name}`;
    case "spend":
      return `spend.${ref.name}`;
    case "fact":
      return `fact.${ref.id}`;
    default:
      return null;
  }
}
