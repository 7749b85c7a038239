// `gatehouse guard`: seed 004's touch-set guard and its two after-the-fact
// tools (options and exit codes: src/cli/commands.ts; docs/guard.md).
//   guard --config SPEC [--record-file F]        a Claude Code PreToolUse hook (stdin: the payload)
//   guard records FILE [--run-id ID] [--json]    the tolerant, capped, scrubbed fold of the records
//   guard sweep --config SPEC [--base REF] [--json] [--record-file F]
// The hook: exit 0 allow (or not a write tool), 2 block with the reason on
// stderr (fail closed), 1 when the guard itself fails (fail open, recorded).
import { dirname, join } from "node:path";
import { foldRecords, FoldReadError, type Fold } from "../guard/fold.js";
import { HookPayloadError, isWriteTool, parseGuardHookPayload, writeTarget, type GuardHookPayload } from "../guard/hook-input.js";
import { judgeWrite, type GuardVerdict } from "../guard/judge.js";
import { appendRecords, makeRecord, type GuardRecord } from "../guard/record.js";
import { resolveExistingPrefix } from "../guard/resolve-path.js";
import { GuardSpecError, loadGuardSpec, TOUCH_SET_GATE, type GuardSpec } from "../guard/spec.js";
import { sweep, SweepError } from "../guard/sweep.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";

/** Where records go when the spec cannot name its own record file. */
export const FALLBACK_RECORD_FILE = "guard-records.jsonl";

const lockOf = (recordFile: string) => `${recordFile}.lock`;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Errors are reported here rather than thrown as the CLI's CliError: that lives
// with the engine loader, and the guard's hook process never loads the engine.
function failed(io: Io, sub: string, message: string, code: number): number {
  io.err(`gatehouse guard ${sub}: ${message}`);
  return code;
}

/** Append; a record that cannot be written is reported on stderr and never changes the exit code. */
async function record(file: string, records: GuardRecord[], io: Io): Promise<void> {
  try {
    await appendRecords(file, records);
  } catch (error) {
    io.err(`gatehouse guard: could not append to the record file ${file}: ${errorText(error)}`);
  }
}

async function failOpen(io: Io, message: string, recordFile: string, gate = TOUCH_SET_GATE): Promise<number> {
  io.err(`gatehouse guard: ${message}; failing open (the call goes ahead; \`gatehouse guard sweep\` still judges what it wrote)`);
  const note = makeRecord({ gate, hookEvent: "PreToolUse", tool: "", subject: "", verdict: "error", detail: message }, io.now());
  await record(recordFile, [note], io);
  return EXIT.FAILURE;
}

export async function guardHookCommand(args: ParsedArgs, io: Io): Promise<number> {
  const configPath = args.values.get("config");
  if (configPath === undefined) throw new UsageError("needs --config SPEC.json");
  const flagRecordFile = args.values.get("record-file");

  let spec: GuardSpec;
  try {
    spec = loadGuardSpec(configPath, io.readFile);
  } catch (error) {
    if (!(error instanceof GuardSpecError)) throw error;
    return failOpen(io, error.message, flagRecordFile ?? error.recordFile ?? join(dirname(configPath), FALLBACK_RECORD_FILE));
  }
  const recordFile = flagRecordFile ?? spec.recordFile;

  let payload: GuardHookPayload;
  let verdict: GuardVerdict;
  try {
    payload = parseGuardHookPayload(io.readStdin());
    if (!isWriteTool(payload.tool_name)) return EXIT.OK;
    verdict = judgeWrite(spec, payload.tool_name, writeTarget(payload), {
      resolve: resolveExistingPrefix,
      protectedPaths: [configPath, recordFile, lockOf(recordFile)],
    });
  } catch (error) {
    // Anything that stops the guard judging (an unreadable or garbled payload,
    // a bug) is its own failure: fail open, and say so in the records.
    const why = error instanceof HookPayloadError ? error.message : `cannot judge the call: ${errorText(error)}`;
    return failOpen(io, why, recordFile, spec.gate);
  }
  if (verdict.allow) return EXIT.OK;

  // From here the answer is a block, whatever happens to the record.
  io.err(verdict.reason);
  try {
    const blocked = makeRecord(
      {
        gate: spec.gate,
        hookEvent: payload.hook_event_name ?? "PreToolUse",
        tool: payload.tool_name,
        subject: verdict.subject,
        verdict: "blocked",
        detail: verdict.reason,
        ...(payload.session_id !== undefined ? { sessionId: payload.session_id } : {}),
        ...(payload.tool_use_id !== undefined ? { toolUseId: payload.tool_use_id } : {}),
      },
      io.now(),
    );
    await record(recordFile, [blocked], io);
  } catch (error) {
    io.err(`gatehouse guard: could not record the block: ${errorText(error)}`);
  }
  return EXIT.DENY;
}

function formatFold(fold: Fold): string[] {
  const lines = fold.records.map((r) => [r.ts, r.verdict, r.tool || "-", r.subject || "-", r.detail ? `— ${r.detail}` : ""].join("  ").trimEnd());
  const dropped = fold.dropped.malformed + fold.dropped.pastCap;
  const run = fold.runId !== null ? `run ${fold.runId}: ` : "";
  if (!fold.exists) lines.push(`${run}no record file at ${fold.file} (the guard never fired there): 0 records`);
  else
    lines.push(
      `${run}folded ${fold.records.length} record${fold.records.length === 1 ? "" : "s"} of ${fold.lines} line${fold.lines === 1 ? "" : "s"} (cap ${fold.cap}); ` +
        `dropped ${dropped}: ${fold.dropped.malformed} malformed, ${fold.dropped.pastCap} past the cap`,
    );
  return lines;
}

const RUN_ID_MAX = 200;

export async function guardRecordsCommand(args: ParsedArgs, io: Io): Promise<number> {
  const runId = args.values.get("run-id") ?? null;
  if (runId !== null && (runId === "" || runId.length > RUN_ID_MAX || /[\u0000-\u001f\u007f-\u009f]/.test(runId)))
    throw new UsageError(`--run-id must be 1–${RUN_ID_MAX} characters without control characters`);
  let fold: Fold;
  try {
    fold = foldRecords(args.positionals[0]!, runId);
  } catch (error) {
    if (error instanceof FoldReadError) return failed(io, "records", error.message, EXIT.NO_INPUT);
    throw error;
  }
  if (args.flags.has("json")) {
    const { file, exists, runId: id, cap, lines, dropped, records } = fold;
    io.out(JSON.stringify({ file, exists, runId: id, cap, lines, kept: records.length, dropped: { ...dropped, total: dropped.malformed + dropped.pastCap }, records }));
  } else for (const line of formatFold(fold)) io.out(line);
  return EXIT.OK;
}

export async function guardSweepCommand(args: ParsedArgs, io: Io): Promise<number> {
  const configPath = args.values.get("config");
  if (configPath === undefined) throw new UsageError("needs --config SPEC.json");
  let spec: GuardSpec;
  try {
    spec = loadGuardSpec(configPath, io.readFile);
  } catch (error) {
    if (error instanceof GuardSpecError) return failed(io, "sweep", error.message, error.unreadable ? EXIT.NO_INPUT : EXIT.FAILURE);
    throw error;
  }
  const recordFile = args.values.get("record-file") ?? spec.recordFile;
  let result;
  try {
    result = sweep(spec, { base: args.values.get("base") ?? null, ownFiles: [configPath, recordFile, lockOf(recordFile)] });
  } catch (error) {
    if (error instanceof SweepError) return failed(io, "sweep", error.message, EXIT.FAILURE);
    throw error;
  }
  const now = io.now();
  await record(
    recordFile,
    result.findings.map((f) => makeRecord({ gate: spec.gate, hookEvent: "sweep", tool: f.change, subject: f.path, verdict: "finding", detail: f.reason }, now)),
    io,
  );
  if (args.flags.has("json")) io.out(JSON.stringify(result));
  else {
    for (const f of result.findings) io.out(`${f.path}  ${f.change}  — ${f.reason}`);
    const n = result.findings.length;
    io.out(`${n} of ${result.changed} changed path${result.changed === 1 ? "" : "s"} ${n === 1 ? "is" : "are"} outside the touch set${result.base !== null ? ` (since ${result.base})` : ""}`);
  }
  return result.findings.length > 0 ? EXIT.DENY : EXIT.OK;
}

/** The guard's commands by their described names (main.ts and the guard's own entry, guard-main.ts, both run these). */
export const GUARD_RUNNERS: Record<string, (args: ParsedArgs, io: Io) => Promise<number>> = {
  guard: guardHookCommand,
  "guard records": guardRecordsCommand,
  "guard sweep": guardSweepCommand,
};
