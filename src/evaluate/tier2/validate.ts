// What a `t2_program` body must be beyond its schema (schema.ts): every register
// reference inside the declared counts, RUN / `run.len` only with
// `registers.run`, and a program that compiles within the VM's code bound
// (compile.ts). Its own module: it reads both the schema and the compiler.
import type * as z from "zod";
import { zodCheck, type SchemaCheck } from "../../model/schema-check.js";
import { compileProgram, MAX_CODE_WORDS } from "./compile.js";
import { declaredRegisters, MAX_REGS_PER_CLASS, parseRegName, T2BodySchema, type Problem, type RegClass, type T2Body, type T2Cond } from "./schema.js";

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : out === "" ? String(part) : `.${String(part)}`;
  return out === "" ? "body" : out;
}

const CLASS_NOUN: Record<RegClass, string> = { c: "counter", f: "flag", t: "timestamp", a: "accumulator" };

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
