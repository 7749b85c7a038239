// doctor's checks of one installed hook command, shared by the settings-file hooks (doctor.ts) and the hook
// files (install-hook-file.ts): what the command runs and with which bundle, state dir, ledger and daemon, and
// the self-test — one benign and one dangerous call through it, read as the agent reads the answer.
import { accessSync, constants, existsSync, readdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { hookInvocation } from "../install/inspect.js";
import { readAnswer, SELF_TEST_COMMANDS, selfTestPayload, type HookRun, type SelfTestAgent, type SelfTestVerdict } from "../install/self-test.js";
import { defaultBundlePath } from "../node/bundle-file.js";
import { defaultStateDir, StateDirStore } from "../node/state-dir.js";
import { parseCommandArgs, UsageError, type ParsedArgs } from "./args.js";
import { commandSpec } from "./commands.js";
import { engineFromArgs } from "./engine-options.js";
import type { Finding } from "./finding.js";
import { autoDaemonFindings, hookModeFinding } from "./doctor-daemon.js";
import { launcherPath } from "./install-hook-command.js";
import type { Io } from "./io.js";

// A daemon that takes longer than this to answer /healthz is reported as not answering; 800 ms tripped on a loaded
// two-core machine (the CI run of 49f4f5e, load 25), and doctor is run by a person, who can wait.
const HTTP_PROBE_MS = 3_000;

/** Session records and quarantined records in a state dir (its layout: src/node/state-dir.ts). */
function sessionFiles(dir: string): { sessions: number; quarantined: number } {
  let names: string[] = [];
  try {
    names = readdirSync(new StateDirStore(dir).sessionsDir);
  } catch {
    // no sessions yet
  }
  return { sessions: names.filter((n) => n.endsWith(".json")).length, quarantined: names.filter((n) => n.includes(".json.corrupt-")).length };
}

/** The state dir a hook uses: its --state-dir, or the hook's default (none when neither $XDG_STATE_HOME nor $HOME is set). */
export function stateDirOf(option: string | undefined, project: string, env: Record<string, string | undefined>): string | Error {
  if (option !== undefined) return resolve(project, option);
  try {
    return defaultStateDir(env);
  } catch (error) {
    return error as Error;
  }
}

export async function probeDaemon(url: string): Promise<string | null> {
  try {
    const health = new URL("/healthz", url);
    const response = await fetch(health, { signal: AbortSignal.timeout(HTTP_PROBE_MS) });
    return response.ok ? null : `GET ${health} answered ${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.name : String(error));
    return `GET ${new URL("/healthz", url)} failed (${cause})`;
  }
}

export function stateDirFindings(dir: string | Error, subject: string): Finding[] {
  if (dir instanceof Error) return [{ level: "error", subject, message: dir.message }];
  if (!existsSync(dir)) {
    let parent = dir;
    while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
    try {
      accessSync(parent, constants.W_OK);
      return [{ level: "ok", subject, message: `state dir ${dir} (not created yet; ${parent} is writable)` }];
    } catch {
      return [{ level: "error", subject, message: `state dir ${dir} cannot be created: ${parent} is not writable` }];
    }
  }
  if (!statSync(dir).isDirectory()) return [{ level: "error", subject, message: `state dir ${dir} is not a directory` }];
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    return [{ level: "error", subject, message: `state dir ${dir} is not writable: session counters cannot be kept` }];
  }
  const { sessions, quarantined } = sessionFiles(dir);
  const aside = quarantined > 0 ? `, ${quarantined} corrupt record(s) set aside` : "";
  return [{ level: quarantined > 0 ? "warn" : "ok", subject, message: `state dir ${dir} writable, ${sessions} session(s)${aside}` }];
}

function ledgerFindings(path: string, subject: string): Finding[] {
  if (!existsSync(path)) return [{ level: existsSync(dirname(path)) ? "ok" : "error", subject, message: `ledger ${path} (${existsSync(dirname(path)) ? "not written yet" : "its directory does not exist"})` }];
  return [{ level: "ok", subject, message: `ledger ${path} (${statSync(path).size} bytes)` }];
}

const SAY: Record<SelfTestVerdict, string> = { allow: "allowed", ask: "asked", deny: "denied", "fail-open": "failed (the agent lets the call through)" };

function selfTestFindings(subject: string, benign: HookRun & { verdict: SelfTestVerdict }, dangerous: HookRun & { verdict: SelfTestVerdict }, ms: number): Finding[] {
  const why = (r: HookRun) => (r.exitCode === null ? `no answer: ${r.stderr || "timed out"}` : `exit ${r.exitCode}${r.stderr.trim() !== "" ? `: ${r.stderr.trim().split("\n")[0]}` : ""}`);
  const out: Finding[] = [];
  const line = `self-test: \`${SELF_TEST_COMMANDS.benign}\` ${SAY[benign.verdict]}, \`${SELF_TEST_COMMANDS.dangerous}\` ${SAY[dangerous.verdict]} (${ms} ms for both)`;
  const broken = [benign, dangerous].filter((r) => r.verdict === "fail-open");
  if (broken.length > 0) out.push({ level: "error", subject, message: `${line} — the hook is not answering: ${why(broken[0]!)}` });
  else if (benign.verdict === "deny") out.push({ level: "error", subject, message: `${line} — it denies even \`${SELF_TEST_COMMANDS.benign}\`: every call would be refused` });
  else if (dangerous.verdict !== "deny") out.push({ level: "warn", subject, message: `${line} — the bundle in use does not deny \`${SELF_TEST_COMMANDS.dangerous}\`` });
  else out.push({ level: benign.verdict === "allow" ? "ok" : "warn", subject, message: line });
  return out;
}

export async function bundleFindings(path: string | undefined): Promise<Finding[]> {
  const name = path ?? `the default bundle (${defaultBundlePath()})`;
  try {
    const engine = await engineFromArgs(path);
    const skipped = engine.skipped.map((s): Finding => ({ level: "warn", subject: "", message: `bundle ${name}: skipped ${s.kind || "(no kind)"} ${JSON.stringify(s.id)}: ${s.reason}` }));
    const warnings = engine.warnings.map((w): Finding => ({ level: "warn", subject: "", message: `bundle ${name}: ${w}` }));
    return [{ level: "ok", subject: "", message: `bundle ${name}: ${engine.bundleId || "(no id)"} ${engine.bundleDigest}, ${engine.skipped.length} skipped item(s)` }, ...skipped, ...warnings];
  } catch (error) {
    return [{ level: "error", subject: "", message: `bundle ${name} does not load: ${error instanceof Error ? error.message : String(error)} — the hook answers every call with its --on-error posture` }];
  }
}

/**
 * The checks of a hook command that need no call through it: wrapped, its node and launcher there, its options
 * parsed by `hook`'s own description, the bundle loading, the state dir writable, the ledger, the daemon it
 * forwards to. Null: the command runs no `gatehouse hook`.
 */
export async function commandFindings(agent: string, title: string, command: string, subject: string, project: string, io: Io, bundles: Map<string, Finding[]>): Promise<Finding[] | null> {
  const invocation = hookInvocation(command);
  if (invocation === null) return null;
  const findings: Finding[] = [];
  if (!invocation.wrapped)
    findings.push({ level: "warn", subject, message: `the hook command is not wrapped: if Gatehouse cannot run (a deleted dist/, a moved node), ${title} lets every call through — run gatehouse install ${agent} again` });
  if (invocation.program.startsWith("/") && !existsSync(invocation.program)) findings.push({ level: "error", subject, message: `${invocation.program} does not exist (node moved?): run gatehouse install ${agent} again` });
  if (invocation.launcher.startsWith("/") && !existsSync(invocation.launcher)) findings.push({ level: "error", subject, message: `${invocation.launcher} does not exist (the repository moved?): run gatehouse install ${agent} again` });
  else if (invocation.launcher !== launcherPath()) findings.push({ level: "info", subject, message: `runs another Gatehouse installation: ${invocation.launcher}` });
  let args: ParsedArgs | null = null;
  try {
    args = parseCommandArgs([invocation.agent ?? "", ...invocation.args], commandSpec("hook"));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    findings.push({ level: "error", subject, message: `the hook command is malformed: ${error.message}` });
  }
  if (args === null) return findings;
  const bundle = args.values.get("bundle");
  const key = bundle === undefined ? "" : resolve(project, bundle);
  if (!bundles.has(key)) bundles.set(key, await bundleFindings(bundle === undefined ? undefined : key));
  findings.push(...bundles.get(key)!.map((f) => ({ ...f, subject })));
  findings.push(...stateDirFindings(stateDirOf(args.values.get("state-dir"), project, io.env), subject));
  const ledger = args.values.get("ledger");
  if (ledger !== undefined) findings.push(...ledgerFindings(resolve(project, ledger), subject));
  const daemon = args.values.get("daemon");
  findings.push(hookModeFinding(daemon, agent, subject));
  if (daemon === "auto") findings.push(...(await autoDaemonFindings(invocation.agent ?? agent, invocation.args, invocation.launcher, project, io.env, subject)));
  else if (daemon !== undefined) {
    // A forwarding hook whose daemon is down still protects (it evaluates in-process), only slower.
    const problem = await probeDaemon(daemon);
    findings.push(
      problem === null
        ? { level: "ok", subject, message: `daemon ${daemon} (hook --daemon) answers /healthz` }
        : { level: "warn", subject, message: `daemon ${daemon} (hook --daemon) does not answer: ${problem} — each call is evaluated in the hook process instead (slower, with the hook command's own options)` },
    );
  }
  return findings;
}

/** One benign and one dangerous call put to the hook through `send` (the agent's own payload), read as the agent reads the answer. */
export async function selfTest(agent: SelfTestAgent, send: (payload: Record<string, unknown>) => Promise<HookRun>, project: string, subject: string): Promise<Finding[]> {
  const run = async (command: string) => {
    const result = await send(selfTestPayload(agent, command, project));
    return { ...result, verdict: readAnswer(agent, result) };
  };
  const started = Date.now();
  const [benign, dangerous] = await Promise.all([run(SELF_TEST_COMMANDS.benign), run(SELF_TEST_COMMANDS.dangerous)]);
  return selfTestFindings(subject, benign, dangerous, Date.now() - started);
}
