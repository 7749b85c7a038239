// What applying a patch writes (issue 17): `git apply F`, `git am F`,
// `patch -p1 < F`, `patch -i F` change the files the patch's headers name —
// `diff --git a/X b/Y`, `--- X` / `+++ Y` (`/dev/null` on one side: a file
// created or deleted), `rename from|to`, `copy to`, `deleted file mode` — so a
// patch touching `.claude/settings.json` rewrites the agent's settings without
// naming them on the command line. The patch text comes from a literal
// heredoc, or from the host's read of the file (SPEC §2 `host` files, as for a
// script). Each target is a write (or delete) × its class, judged as usual.
// Where the text is unknown — the host has no read of it (missing before the
// call, made earlier in the same command), it was cut at the host's bound,
// or it comes from a pipe — the call is an unknown shape when the directory it
// applies in holds something guarded (the project root holds `.claude/`).
// Without host facts, and no literal text, nothing changes.
import { GAP_SHAPE, type GapShape } from "../../model/gap-shapes.js";
import { hostOf } from "../host-env.js";
import { hostScript } from "../host-facts.js";
import { isLiteralArg, literalArg, withValue, type Arg } from "../programs/args.js";
import { flagWithValue, has, parseArgs } from "../programs/options.js";
import { emitPath, gap, resolveAll, stdinLiteral, type Ctx } from "./common.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";

export interface PatchTarget {
  verb: "write" | "delete";
  path: string;
  /** The path carries the diff's `a/`/`b/`-style prefix that `-pN` strips (git's `rename`/`copy` lines do not). */
  prefixed: boolean;
}

/** Targets a patch's text names, at most 256 (a unified or git diff; an mbox of them). */
export function patchTargets(text: string): PatchTarget[] {
  const out: PatchTarget[] = [];
  let minus: string | null = null;
  let gitNew: string | null = null;
  const name = (s: string) => s.replace(/\t.*$/, "").replace(/^"(.*)"$/, "$1").trim();
  for (const line of text.split("\n")) {
    if (out.length >= 256) break;
    let m: RegExpExecArray | null;
    if ((m = /^diff --git (\S+) (\S+)\s*$/.exec(line))) {
      gitNew = m[2]!;
      out.push({ verb: "write", path: gitNew, prefixed: true });
    } else if (line.startsWith("--- ")) minus = name(line.slice(4));
    else if (line.startsWith("+++ ")) {
      const plus = name(line.slice(4));
      if (plus === "/dev/null") {
        if (minus !== null && minus !== "/dev/null") out.push({ verb: "delete", path: minus, prefixed: true });
      } else out.push({ verb: "write", path: plus, prefixed: true });
      minus = null;
    } else if ((m = /^(rename from|rename to|copy to) (.+)$/.exec(line))) out.push({ verb: m[1] === "rename from" ? "delete" : "write", path: name(m[2]!), prefixed: false });
    else if (line.startsWith("deleted file mode") && gitNew !== null) out.push({ verb: "delete", path: gitNew, prefixed: true });
  }
  return out;
}

/** `path` without its first `n` components (`-p1`: `a/src/x` → `src/x`); "" when nothing is left. */
function stripped(path: string, n: number): string {
  return path.split("/").filter((s) => s !== "").slice(n).join("/");
}

interface Application {
  /** The patch text, or why it is unknown. */
  text: string | { unknown: string; shape: GapShape };
  /** `-pN`; null: not given (patch(1) then keeps only the file name — every strip level is taken). */
  strip: number | null;
  /** The directory it applies in (`-d`, `--directory`), relative to the cwd. */
  dir: { value: string; arg: Arg } | null;
}


function apply(ctx: Ctx, a: Application): void {
  const base = a.dir === null ? "." : a.dir.value.replace(/\/+$/, "");
  const at = (p: string) => (base === "." ? p : `${base}/${p}`);
  const argOf = (target: string) => (a.dir !== null && !target.startsWith("/") ? withValue(a.dir.arg, target) : literalArg(target));
  if (typeof a.text !== "string") {
    if (resolveAll(ctx, base, isLiteralArg(a.dir?.arg ?? null)).some((r) => r.persistence !== null || r.holdsGate)) gap(ctx, a.text.shape, `${a.text.unknown}: the files it changes in ${base}, which holds an agent's settings or Gatehouse's footprint, are not known`);
    return;
  }
  const seen = new Set<string>();
  for (const t of patchTargets(a.text)) {
    if (t.path === "/dev/null") continue;
    const levels = !t.prefixed ? [0] : a.strip !== null ? [a.strip] : [0, ...Array.from({ length: t.path.split("/").length - 1 }, (_, i) => i + 1)];
    for (const n of levels) {
      const rel = t.path.startsWith("/") && n === 0 ? t.path : stripped(t.path, n);
      if (rel === "") continue;
      const target = rel.startsWith("/") ? rel : at(rel);
      const key = `${t.verb} ${target}`;
      if (seen.has(key)) continue;
      seen.add(key);
      emitPath(ctx, t.verb, target, argOf(target), "mutate");
    }
  }
}

/** The patch text a command takes from a file it names, or its stdin. */
function patchText(ctx: Ctx, file: { value: string; arg: Arg } | null): Application["text"] | null {
  if (file !== null) {
    if (file.arg.dynamic || !isLiteralArg(file.arg)) return hostOf(ctx.env) === null ? null : { unknown: `the patch ${file.arg.raw} is named at run time`, shape: GAP_SHAPE.NON_LITERAL_OPERAND };
    const h = hostScript(ctx.env, file.value);
    if (h === undefined) return hostOf(ctx.env) === null ? null : { unknown: `the host found no patch at ${file.value} before the call`, shape: GAP_SHAPE.NON_LITERAL_OPERAND };
    return h.text !== null ? h.text : { unknown: h.reason, shape: h.shape };
  }
  const fed = stdinLiteral(ctx);
  if (fed !== null) return fed;
  const stdin = ctx.pc.stdin;
  if (stdin?.kind === "file") return patchText(ctx, { value: stdin.path, arg: literalArg(stdin.path) });
  return hostOf(ctx.env) === null || stdin === null ? null : { unknown: `${ctx.program} applies a patch fed from a ${stdin.kind}`, shape: GAP_SHAPE.NON_LITERAL_OPERAND };
}

const stripLevel = (v: string | undefined): number | null => (v === undefined || !/^\d+$/.test(v) ? null : Number(v));

/** `patch [options] [ORIGINAL [PATCHFILE]]`: `-i F`, `-pN`, `-d DIR`, `-o OUT`, `--dry-run`. */
export function patchCommand(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "ipdoBDFgrVYz", longValue: ["input", "strip", "directory", "output", "prefix", "basename-prefix", "suffix", "ifdef", "fuzz", "get", "reject-file", "version-control", "quoting-style", "reject-format", "read-only", "debug"], aliases: { i: "input", p: "strip", d: "directory", o: "output" } });
  if (has(p, "dry-run", "help", "version", "v")) return;
  const out = flagWithValue(p, "output");
  const input = flagWithValue(p, "input") ?? (p.operands[1] ? { value: p.operands[1].value, arg: p.operands[1].arg } : null);
  if (out !== null && out.value !== "-") emitPath(ctx, "write", out.value, out.arg, "mutate");
  const original = p.operands[0];
  // With ORIGINAL (or -o), that one file is what changes, whatever the headers say.
  if (original !== undefined) {
    if (out === null) emitPath(ctx, "write", original.value, original.arg, "mutate");
    return;
  }
  if (out !== null) return;
  const text = patchText(ctx, input);
  if (text === null) return;
  apply(ctx, { text, strip: stripLevel(flagWithValue(p, "strip")?.value), dir: flagWithValue(p, "directory") });
}

/** `git apply [options] [PATCH…]` and `git am [options] [MBOX…]` (default `-p1`; `--directory=D` prefixes every path). */
export function gitApply(ctx: Ctx, sub: "apply" | "am", args: readonly Arg[]): void {
  const p = parseArgs(args, { shortValue: "pCS", longValue: ["directory", "exclude", "include", "whitespace", "build-fake-ancestor", "patch-format", "resolvemsg", "quoted-cr", "empty"], aliases: { R: "reverse", q: "quiet" } });
  if (sub === "apply" && !has(p, "apply") && has(p, "check", "stat", "numstat", "summary")) return;
  if (sub === "apply" && has(p, "cached")) return; // the index only: the working tree is untouched
  if (sub === "am" && has(p, "abort", "skip", "quit", "show-current-patch", "continue", "resolved", "r")) return;
  const strip = stripLevel(flagWithValue(p, "p")?.value) ?? 1;
  const dir = flagWithValue(p, "directory");
  const files = p.operands.length > 0 ? p.operands.map((o) => ({ value: o.value, arg: o.arg })) : [null];
  for (const f of files) {
    const text = patchText(ctx, f);
    if (text === null) continue;
    // git's `--directory=D` is a prefix inside the repository; `a.dir` here is the same prefix.
    apply(ctx, { text, strip, dir });
  }
}

export const PATCH_PROGRAMS: readonly ProgramEntry[] = [
  entry(["patch"], patchCommand, [
    ["patch -p1 <<'EOF'\n--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-a\n+b\nEOF", "write workspace_file persistence=agent_settings"],
    ["patch src/a.ts fix.diff", "write workspace_file"],
    ["patch --dry-run -p1 < fix.diff", "read workspace_file"],
  ]),
];

export const PATCH_HANDLERS: Record<string, Handler> = handlerTable(PATCH_PROGRAMS);
