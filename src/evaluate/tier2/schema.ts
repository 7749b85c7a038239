// The `t2_program` artifact body (SPEC §8): a saturating-register program.
// Objects are strict (an unknown key is an error), every number is an integer
// in [0, 2^53−1], and register operands are program-local indices (`c: 0` is
// this program's first counter; the loader maps them onto the bundle's union
// layout, see compile.ts). `validateT2Body` adds what a schema cannot say:
// every register reference is inside the declared counts, RUN / `run.len` need
// `registers.run`, and the program fits the VM's fixed bounds.
import * as z from "zod";
import { zodCheck, type SchemaCheck } from "../../model/schema-check.js";
import { compileProgram, MAX_CODE_WORDS } from "./compile.js";

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

type Problem = { path: (string | number)[]; message: string };

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

// ── Semantic checks ─────────────────────────────────────────────────────

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : out === "" ? String(part) : `.${String(part)}`;
  return out === "" ? "body" : out;
}

const CLASS_NOUN: Record<RegClass, string> = { c: "counter", f: "flag", t: "timestamp", a: "accumulator" };

/** Declared register counts, defaults applied. */
export function declaredRegisters(body: T2Body): { c: number; f: number; t: number; a: number; run: boolean } {
  const r = body.registers;
  return { c: r.c ?? 0, f: r.f ?? 0, t: r.t ?? 0, a: r.a ?? 0, run: r.run ?? false };
}

function semanticProblem(body: T2Body): Problem | null {
  const regs = declaredRegisters(body);
  for (const cls of ["c", "f", "t", "a"] as const) {
    if (regs[cls] > MAX_REGS_PER_CLASS) return { path: ["registers", cls], message: `at most ${MAX_REGS_PER_CLASS} per program, got ${regs[cls]}` };
  }
  const ref = (cls: RegClass, idx: number, path: (string | number)[]): Problem | null =>
    idx < regs[cls]
      ? null
      : { path, message: `${CLASS_NOUN[cls]} ${idx} is out of range (the program declares ${regs[cls]} ${CLASS_NOUN[cls]}${regs[cls] === 1 ? "" : "s"})` };
  const cond = (c: T2Cond, path: (string | number)[]): Problem | null => {
    if ("reg" in c) {
      const r = parseRegName(c.reg)!;
      if (r.cls === "run.len") return regs.run ? null : { path: [...path, "reg"], message: "run.len needs registers.run: true" };
      return ref(r.cls, r.idx, [...path, "reg"]);
    }
    if ("since" in c) return ref("t", parseRegName(c.since)!.idx, [...path, "since"]);
    if ("all" in c || "any" in c) {
      const key = "all" in c ? "all" : "any";
      const list = "all" in c ? c.all : (c as { any: T2Cond[] }).any;
      for (let i = 0; i < list.length; i++) {
        const p = cond(list[i]!, [...path, key, i]);
        if (p) return p;
      }
      return null;
    }
    return cond(c.not, [...path, "not"]);
  };
  for (let i = 0; i < body.ops.length; i++) {
    const op = body.ops[i]!;
    const at = (...rest: (string | number)[]) => ["ops", i, ...rest];
    let p: Problem | null = null;
    switch (op.op) {
      case "INC_SAT":
      case "DEC_SAT":
        p = ref("c", op.c, at("c"));
        break;
      case "ADD_SAT":
        p = ref("a", op.a, at("a"));
        break;
      case "SET":
      case "CLEAR":
        p = ref("f", op.f, at("f"));
        break;
      case "STAMP":
        p = ref("t", op.t, at("t"));
        break;
      case "RESET_IF_OLDER":
        p = ref("t", op.t, at("t"));
        for (const cls of ["c", "a", "f"] as const) {
          const list = op[cls] ?? [];
          for (let j = 0; j < list.length && p === null; j++) p = ref(cls, list[j]!, at(cls, j));
        }
        break;
      case "RUN":
        if (!regs.run) p = { path: at("op"), message: "RUN needs registers.run: true" };
        break;
      case "ANOMALY":
        if (op.if !== undefined) p = cond(op.if, at("if"));
        break;
    }
    if (p) return p;
  }
  return cond(body.fire, ["fire"]);
}

/**
 * A failed validation: `message` is one line (where, then what); `path` and
 * `text` are its two parts, and `issue` the zod issue when the schema failed
 * (so a caller can phrase it with the value found).
 */
export type T2Validation =
  | { ok: true; program: T2Body }
  | { ok: false; message: string; path: (string | number)[]; text: string; issue: z.core.$ZodIssue | null };

const failure = (path: (string | number)[], text: string, issue: z.core.$ZodIssue | null = null): T2Validation => ({
  ok: false,
  message: `${formatPath(path)}: ${text}`,
  path,
  text,
  issue,
});

/** Parse and check a `t2_program` body. */
export function validateT2Body(body: unknown, check: SchemaCheck = zodCheck): T2Validation {
  const parsed = check(T2BodySchema, body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return failure(issue.path as (string | number)[], issue.message, issue);
  }
  const program = parsed.data;
  const problem = semanticProblem(program);
  if (problem !== null) return failure(problem.path, problem.message);
  const words = compileProgram(program, { c: 0, f: 0, t: 0, a: 0 }, { unchecked: true }).code.length;
  if (words > MAX_CODE_WORDS) return failure(["ops"], `the program compiles to ${words} words, over the VM's ${MAX_CODE_WORDS}`);
  return { ok: true, program };
}
