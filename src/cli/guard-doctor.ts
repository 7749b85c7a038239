// What `gatehouse doctor` says about an installed touch-set guard entry: the
// spec loads (else every write goes through: the guard fails open), the record
// file can be written, a write outside the checkout would be blocked (judged
// in-process, so no record is left), and the installed command itself runs
// through `sh -c` and lets a non-write call pass.
import { accessSync, constants, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { judgeWrite } from "../guard/judge.js";
import { resolveExistingPrefix } from "../guard/resolve-path.js";
import { GuardSpecError, loadGuardSpec } from "../guard/spec.js";
import type { Finding } from "./finding.js";
import type { Io } from "./io.js";
import { runShell } from "./run-shell.js";

function writableOrCreatable(file: string): boolean {
  let dir = dirname(file);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  try {
    accessSync(existsSync(file) ? file : dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export async function guardHandlerFindings(subject: string, command: string, specFile: string, recordFileOfCommand: string | null, project: string, io: Io, timeoutMs: number): Promise<Finding[]> {
  let spec;
  try {
    spec = loadGuardSpec(specFile);
  } catch (error) {
    if (!(error instanceof GuardSpecError)) throw error;
    return [{ level: "error", subject, message: `touch-set guard: ${error.message} — the guard fails open on every write: run gatehouse install claude --touch-set … again` }];
  }
  const findings: Finding[] = [{ level: "ok", subject, message: `touch-set guard: ${spec.touchSet.length} pattern(s) for ${spec.sessionCwd} (${specFile})` }];
  const recordFile = recordFileOfCommand ?? spec.recordFile;
  findings.push(
    writableOrCreatable(recordFile)
      ? { level: "ok", subject, message: `touch-set guard: records go to ${recordFile}` }
      : { level: "warn", subject, message: `touch-set guard: ${recordFile} cannot be written — blocks still block, but leave no record` },
  );
  const outside = join(dirname(spec.sessionCwd), "gatehouse-doctor-outside", "x.txt");
  const dryRun = judgeWrite(spec, "Write", outside, { resolve: resolveExistingPrefix });
  if (dryRun.allow) findings.push({ level: "error", subject, message: `touch-set guard: a write to ${outside} would be allowed` });
  const payload = { session_id: "gatehouse-doctor-self-test", cwd: project, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "gatehouse-doctor" };
  const run = await runShell(command, JSON.stringify(payload), { cwd: project, env: io.env, timeoutMs });
  if (run.exitCode === 0) findings.push({ level: "ok", subject, message: `touch-set guard: the installed command runs (a Bash call passes${dryRun.allow ? "" : "; a write outside the checkout is blocked"})` });
  else findings.push({ level: "error", subject, message: `touch-set guard: the installed command does not run: ${run.exitCode === null ? run.stderr : `exit ${run.exitCode}: ${run.stderr.trim().split("\n")[0]}`}` });
  return findings;
}
