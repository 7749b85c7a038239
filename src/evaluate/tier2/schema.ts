// The `t2_program` artifact body (SPEC §8): a saturating-register program.
// Objects are strict (an unknown key is an error), every number is an integer
// in [0, 2^53−1], and register operands are program-local indices (`c: 0` is
// this program's first counter; the loader maps them onto the bundle's union
// layout, see compile.ts). `validateT2Body` (validate.ts) adds what a schema
// cannot say: every register reference is inside the declared counts, RUN /
// `run.len` need `registers.run`, and the program fits the VM's fixed bounds.
import * as z from "zod";
import { zodCheck, type SchemaCheck } from "../../model/schema-check.js";

/** The saturation bound: Number.MAX_SAFE_INTEGER, 9,007,199,254,740,991. */
export const MAX_SAT = 9007199254740991;
/** Most registers of one class a single program may declare (bounds the VM's register window). */
export const MAX_REGS_PER_CLASS = 256;
/** Deepest nesting of all/any/not inside one condition. */
export const MAX_COND_DEPTH = 32;

export const T2_VERDICTS = ["allow", "ask", "hold", "deny"] as const;
export type T2Verdict = (typeof T2_VERDICTS)[number];

/** Where ADD_SAT reads its amount; the index is the source id in the bytecode. */
export const T2_SOURCES = ["spend.tokens", "spend.micro_usd", "session.tokens"] as const;
export type T2Source = (typeof T2_SOURCES)[number];

// ── Conditions ──────────────────────────────────────────────────────────
// Recursive, so the type is written out and the schema checks by hand (with
// precise paths and messages) inside a zod custom schema.

export type T2Cond =
  | { reg: string; gte: number }
  | { reg: string; lte: number }
  | { reg: string; eq: number }
  | { since: string; lt_ms: number }
  | { since: string; gte_ms: number }
  | { all: T2Cond[] }
  | { any: T2Cond[] }
  | { not: T2Cond };

export type RegClass = "c" | "f" | "t" | "a";
export type RegRef = { cls: RegClass; idx: number } | { cls: "run.len"; idx: 0 };

const REG_NAME = /^([cfta])(0|[1-9][0-9]{0,8})$/;

/** `"c0"` → {cls: "c", idx: 0}; `"run.len"` → {cls: "run.len"}; anything else → null. */
export function parseRegName(name: string): RegRef | null {
  if (name === "run.len") return { cls: "run.len", idx: 0 };
  const m = REG_NAME.exec(name);
  return m === null ? null : { cls: m[1] as RegClass, idx: Number(m[2]) };
}

function isSatInt(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= MAX_SAT;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export type Problem = { path: (string | number)[]; message: string };

function intProblem(v: unknown): string {
  if (typeof v !== "number") return `expected an integer, got ${v === null ? "null" : Array.isArray(v) ? "an array" : typeof v}`;
  if (!Number.isInteger(v)) return `expected an integer, got ${v}`;
  return `must be between 0 and ${MAX_SAT}`;
}

/** The first structural problem of a condition, or null. */
function condProblem(v: unknown, path: (string | number)[], depth: number): Problem | null {
  if (!isPlainObject(v)) return { path, message: "expected a condition object ({reg…}, {since…}, {all}, {any} or {not})" };
  if (depth > MAX_COND_DEPTH) return { path, message: `condition nested deeper than ${MAX_COND_DEPTH} levels` };
  const keys = Object.keys(v);
  const only = (allowed: readonly string[]): Problem | null => {
    const extra = keys.filter((k) => !allowed.includes(k));
    return extra.length === 0 ? null : { path, message: `Unrecognized key${extra.length > 1 ? "s" : ""}: ${extra.map((k) => `"${k}"`).join(", ")}` };
  };
  const comparator = (name: string, allowed: readonly string[], check: (s: string) => string | null): Problem | null => {
    const bad = only([name, ...allowed]);
    if (bad) return bad;
    const subject = v[name];
    if (typeof subject !== "string") return { path: [...path, name], message: "expected a register name string" };
    const wrong = check(subject);
    if (wrong) return { path: [...path, name], message: wrong };
    const present = allowed.filter((k) => k in v);
    if (present.length !== 1) return { path, message: `exactly one of ${allowed.join(", ")} is required, got ${present.length}` };
    const cmp = present[0]!;
    if (!isSatInt(v[cmp])) return { path: [...path, cmp], message: intProblem(v[cmp]) };
    return null;
  };
  if ("reg" in v) {
    return comparator("reg", ["gte", "lte", "eq"], (s) =>
      parseRegName(s) === null ? `unknown register "${s}" (expected c<N>, f<N>, t<N>, a<N> or run.len)` : null,
    );
  }
  if ("since" in v) {
    return comparator("since", ["lt_ms", "gte_ms"], (s) => {
      const ref = parseRegName(s);
      return ref === null || ref.cls !== "t" ? `"since" needs a timestamp register t<N>, got "${s}"` : null;
    });
  }
  for (const k of ["all", "any"] as const) {
    if (k in v) {
      const bad = only([k]);
      if (bad) return bad;
      const list = v[k];
      if (!Array.isArray(list)) return { path: [...path, k], message: "expected an array of conditions" };
      for (let i = 0; i < list.length; i++) {
        const p = condProblem(list[i], [...path, k, i], depth + 1);
        if (p) return p;
      }
      return null;
    }
  }
  if ("not" in v) return only(["not"]) ?? condProblem(v.not, [...path, "not"], depth + 1);
  return { path, message: `expected a condition ({reg…}, {since…}, {all}, {any} or {not}), got keys ${JSON.stringify(keys)}` };
}

export const T2CondSchema = z.custom<T2Cond>().superRefine((value, ctx) => {
  const problem = value === undefined ? { path: [], message: "a condition is required" } : condProblem(value, [], 0);
  if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: problem.path });
});

// ── Ops ─────────────────────────────────────────────────────────────────

const SatInt = z.number().int().min(0).max(MAX_SAT);
const Index = SatInt;

export const T2OpSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("INC_SAT"), c: Index, by: SatInt.optional(), cap: SatInt.optional() }).strict(),
  z.object({ op: z.literal("DEC_SAT"), c: Index, by: SatInt.optional() }).strict(),
  z.object({ op: z.literal("ADD_SAT"), a: Index, from: z.enum(T2_SOURCES) }).strict(),
  z.object({ op: z.literal("SET"), f: Index }).strict(),
  z.object({ op: z.literal("CLEAR"), f: Index }).strict(),
  z.object({ op: z.literal("STAMP"), t: Index }).strict(),
  z
    .object({
      op: z.literal("RESET_IF_OLDER"),
      t: Index,
      window_ms: SatInt,
      c: z.array(Index).optional(),
      a: z.array(Index).optional(),
      f: z.array(Index).optional(),
    })
    .strict(),
  z.object({ op: z.literal("RUN") }).strict(),
  z.object({ op: z.literal("ANOMALY"), code: z.string(), if: T2CondSchema.optional() }).strict(),
]);
export type T2Op = z.infer<typeof T2OpSchema>;

export const T2RegistersSchema = z
  .object({
    c: SatInt.optional(),
    f: SatInt.optional(),
    t: SatInt.optional(),
    a: SatInt.optional(),
    run: z.boolean().optional(),
  })
  .strict();
export type T2Registers = z.infer<typeof T2RegistersSchema>;

export const T2BodySchema = z
  .object({
    on: z.array(z.string()).min(1),
    /** A predicate Tree; validated by the bundle loader, not here. */
    match: z.unknown().optional(),
    registers: T2RegistersSchema,
    ops: z.array(T2OpSchema),
    fire: T2CondSchema,
    verdict: z.enum(T2_VERDICTS),
    reason: z.string(),
  })
  .strict();
export type T2Body = z.infer<typeof T2BodySchema>;

/** Declared register counts, defaults applied. */
export function declaredRegisters(body: T2Body): { c: number; f: number; t: number; a: number; run: boolean } {
  const r = body.registers;
  return { c: r.c ?? 0, f: r.f ?? 0, t: r.t ?? 0, a: r.a ?? 0, run: r.run ?? false };
}
