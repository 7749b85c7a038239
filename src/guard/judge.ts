// The guard's verdict on one write-tool call: inside the touch set → allow;
// anything it cannot place inside the checkout and judge → block (fail
// closed). Blocking is recoverable: the agent sees the reason and can move
// the write or ask for the touch set to be widened. The filesystem is read
// only through `resolve` (longest existing prefix through symlinks).
import { isAbsolute, relative, sep } from "node:path";
import { compileTouchSet } from "../model/touch-set.js";
import type { GuardSpec } from "./spec.js";

export type GuardVerdict = { allow: true; subject: string } | { allow: false; subject: string; reason: string };

export interface JudgeOptions {
  /** Absolute path → where it really lands. */
  resolve: (path: string) => string;
  /** Files the agent must never write whatever the touch set says (the guard's own spec and records). */
  protectedPaths?: readonly string[];
}

/** No one path is longer than Linux's PATH_MAX; a longer one is not a path the guard can judge. */
const PATH_MAX = 4096;
const PATTERNS_SHOWN = 8;

const UNRESOLVED = "(unresolved)";

function describePatterns(patterns: readonly string[]): string {
  const shown = patterns.slice(0, PATTERNS_SHOWN).join(", ");
  return patterns.length > PATTERNS_SHOWN ? `${shown}, … (${patterns.length} in all)` : shown || "(none)";
}

export function judgeWrite(spec: GuardSpec, tool: string, filePath: string | undefined, options: JudgeOptions): GuardVerdict {
  const blocked = (subject: string, why: string): GuardVerdict => ({
    allow: false,
    subject,
    reason: `gatehouse guard (${spec.gate}) blocked ${tool}: ${why}`,
  });
  if (filePath === undefined || filePath.trim() === "")
    return blocked(UNRESOLVED, "the call carries no file path to judge, so it is out of contract by default");
  if (filePath.includes("\0")) return blocked(UNRESOLVED, "the file path holds a NUL byte");
  if (filePath.length > PATH_MAX) return blocked(UNRESOLVED, `the file path is longer than ${PATH_MAX} characters`);

  const cwd = options.resolve(spec.sessionCwd);
  const target = options.resolve(isAbsolute(filePath) ? filePath : `${spec.sessionCwd}/${filePath}`);
  const rel = relative(cwd, target).split(sep).join("/");
  if (rel === "" || rel === ".." || rel.startsWith("../") || isAbsolute(rel))
    return blocked(filePath, `${filePath} is outside the checkout ${spec.sessionCwd}, which no touch-set pattern can cover`);
  if (rel.split("/").includes(".git"))
    return blocked(rel, `${rel} is inside git's own metadata, which is never in a touch set`);
  for (const path of options.protectedPaths ?? [])
    if (options.resolve(path) === target) return blocked(rel, `${rel} is one of the guard's own files`);

  const compiled = compileTouchSet(spec.touchSet);
  if (!compiled.ok) return blocked(rel, `the touch set cannot be judged: ${compiled.message}`);
  if (compiled.touchSet.includes(rel)) return { allow: true, subject: rel };
  const excludedBy = compiled.touchSet.decidingPattern(rel);
  const why = excludedBy === null ? `matches none of the touch-set patterns (${describePatterns(spec.touchSet)})` : `is taken out of the touch set by ${excludedBy}`;
  return blocked(rel, `${rel} ${why}; write under a declared path, or stop and ask for the touch set to be widened`);
}
