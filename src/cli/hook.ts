// `gatehouse hook claude|codex|gemini|cursor|acp [--bundle B] [--state-dir D]
// [--ledger L [--ledger-events] [--ledger-redact]] [--on-error open|closed] [--grant-allow] [--twin]`: the agent's hook JSON on
// stdin, its answer on stdout, in that agent's protocol (docs/cli.md "hook",
// docs/adapters.md). The engine is loaded only for an event the adapter gates;
// session state lives in the state directory between calls.
import { handleHook, ADAPTERS, type DecisionRecord } from "../adapters/index.js";
import { ERROR_POSTURES, HOOK_AGENTS, isHookAgent, type ErrorPosture } from "../adapters/types.js";
import { hostEnvFrom } from "../adapters/host.js";
import { withGitBranch } from "../node/git-branch.js";
import { StateStoreError, unavailableStore, type SessionStore } from "../state/store.js";
import { parseArgs, UsageError } from "./args.js";
import type { Engine } from "../engine.js";
import type { Io } from "./io.js";
import { ledgerTargetOf } from "./ledger-flags.js";
import { markPartialRun } from "./code-cache-hint.js";
import { resolve } from "node:path";

/**
 * The state directory store `--state-dir` (or the default) names; an unusable default fails per call, under the posture.
 * Imported when a hook runs, not at the top: the record format's zod stays off the start-up graph (test/cli/lazy-commands.test.ts).
 */
export async function stateStoreOf(stateDir: string | undefined, io: Io): Promise<SessionStore> {
  const { defaultStateDir, StateDirStore } = await import("../node/state-dir.js");
  try {
    return new StateDirStore(stateDir ?? defaultStateDir(io.env));
  } catch (error) {
    if (error instanceof StateStoreError) return unavailableStore(error);
    throw error;
  }
}

export async function hookCommand(argv: string[], io: Io): Promise<number> {
  // `--daemon`/`--daemon-timeout` were the launcher's (src/node/hook-forward.ts): reaching here means the daemon did not answer.
  const args = parseArgs(argv, { values: ["bundle", "state-dir", "on-error", "ledger", "daemon", "daemon-timeout"], flags: ["grant-allow", "twin", "ledger-events", "ledger-redact"] });
  const [agent, ...extra] = args.positionals;
  if (agent === undefined || !isHookAgent(agent) || extra.length > 0 || args.rest !== null)
    throw new UsageError(`hook needs one agent: ${HOOK_AGENTS.join(", ")} (the hook JSON is read from stdin)`);
  const posture = args.values.get("on-error") ?? "open";
  if (!(ERROR_POSTURES as readonly string[]).includes(posture)) throw new UsageError(`--on-error must be open or closed, got ${JSON.stringify(posture)}`);
  const adapter = ADAPTERS[agent];

  let input: string;
  try {
    input = io.readStdin();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return write(io, adapter.failure({ kind: "input", message: `stdin: cannot read (${code})` }, posture as ErrorPosture, null), []);
  }
  const bundlePath = args.values.get("bundle");
  const implementation = args.flags.has("twin") ? "twin" : "wasm";
  // `--ledger L`: the record is appended and fsynced before the answer is written; a failure is a `ledger` failure under the posture.
  const ledger = ledgerTargetOf(args, (line) => io.err(`gatehouse hook ${agent}: ${line}`));
  // The ledger's code is loaded only when a ledger is asked for (a hook process pays for what it uses).
  const onDecision = ledger === null ? undefined : async (record: DecisionRecord) => void (await (await import("../ledger/append.js")).appendDecision(ledger, record));
  let engineLoaded = false;
  let gatherer: typeof import("../node/host-facts.js").gatherHostFacts | null = null;
  const outcome = await handleHook(adapter, input, {
    // The engine's code (classifier tables, grammars, zod schemas: ~15 ms of module initialisation) is loaded only
    // for an event the adapter gates; a SessionStart or an ungated tool answers without it.
    engine: () =>
      ((engineLoaded = true), import("./engine-options.js"))
        .then(({ engineFromArgs }) => engineFromArgs(bundlePath, implementation))
        .then(async (engine) => ((gatherer = (await import("../node/host-facts.js")).gatherHostFacts), engine))
        .then((engine) => (bundleNotes(engine, bundlePath).forEach((l) => io.err(`gatehouse hook ${agent}: ${l}`)), engine)),
    store: await stateStoreOf(args.values.get("state-dir"), io),
    host: hostEnvFrom(io.env, io.cwd, "hook"),
    nowMs: io.now(),
    posture: posture as ErrorPosture,
    grantAllow: args.flags.has("grant-allow"),
    // Gemini CLI run headless (`gemini -p`, CI) has nobody to answer an ask: it is denied (docs/adapters.md).
    noPerson: agent === "gemini" && (await import("../node/gemini-headless.js")).geminiHeadless({ env: io.env, pid: process.pid }) === true,
    inputName: "stdin",
    enrich: await hookEnrich(args.values, ledger?.path ?? null, io),
    // Symlinks in the operands and the scripts a command runs, as host facts (docs/host-facts.md); loaded with the engine.
    gather: (engine, event) => gatherer!(engine, event),
    onDecision,
  });
  if (!engineLoaded) markPartialRun();
  return write(io, outcome.answer, outcome.warnings);
}

/**
 * The git branch and the footprint this hook hands the classifier as `host.gate`
 * (SPEC §6.8, src/node/footprint.ts). The footprint reads the installers' tables
 * (agents, managed paths, service units): imported here, not at the top, so the
 * hook's static graph keeps out install/ (test/cli/lazy-commands.test.ts).
 */
async function hookEnrich(values: ReadonlyMap<string, string>, ledger: string | null, io: Io) {
  const { composeEnrich, footprintEnricher, hostFootprint } = await import("../node/footprint.js");
  const { defaultStateDir } = await import("../node/state-dir.js");
  let stateDir: string | null;
  try {
    stateDir = resolve(io.cwd, values.get("state-dir") ?? defaultStateDir(io.env));
  } catch {
    stateDir = null;
  }
  const bundle = values.get("bundle");
  const daemon = values.get("daemon");
  const base = hostFootprint({
    env: io.env,
    stateDir,
    bundle: bundle === undefined || bundle.startsWith("gatehouse:") ? null : resolve(io.cwd, bundle),
    ledger: ledger === null ? null : resolve(io.cwd, ledger),
    daemons: daemon === undefined || daemon === "auto" ? [] : [daemon], // `auto`: its socket is under the state directory
  });
  return composeEnrich(withGitBranch, footprintEnricher(base, io.cwd));
}

function write(io: Io, answer: { stdout: string; stderr: string | null; exitCode: number }, warnings: readonly string[]): number {
  for (const line of warnings) io.err(line);
  if (answer.stderr !== null) io.err(answer.stderr);
  if (answer.stdout !== "") io.out(answer.stdout);
  return answer.exitCode;
}

/**
 * One stderr line when the bundle in use protects less than it reads as: skipped
 * artifacts, or no enforcing rule at all (every call would pass). A hook's
 * stderr is shown in the agent's transcript, never to the model, on exit 0.
 */
export function bundleNotes(engine: Engine, bundlePath: string | undefined): string[] {
  const notes: string[] = [];
  if (engine.skipped.length > 0) notes.push(`${engine.skipped.length} artifact(s) skipped (${engine.skipped.slice(0, 3).map((s) => `${s.id || "(no id)"}: ${s.reason}`).join(", ")}${engine.skipped.length > 3 ? ", …" : ""})`);
  if (engine.bundleWarnings.some((w) => w.code === "no_enforcing_artifact")) notes.push("no enforcing rule, so every call without an unknown shape passes");
  if (notes.length === 0) return [];
  const where = bundlePath ?? "the default bundle";
  return [`warning: bundle ${where}: ${notes.join("; ")} — gatehouse bundle lint ${bundlePath ?? "gatehouse:default"} says why`];
}
