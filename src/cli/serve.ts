// `gatehouse serve`: the loopback daemon (docs/daemon.md). Resolves only when
// the daemon has shut down (SIGTERM/SIGINT: drain, flush, exit 0).
import { hostEnvFrom } from "../adapters/host.js";
import type { ErrorPosture } from "../adapters/types.js";
import { createLogger, type Logger, type LogLevel } from "../daemon/log.js";
import { ledgerRecorder } from "../daemon/ledger.js";
import { daemonRouter } from "../daemon/routes.js";
import { bindRefusal } from "../daemon/guard.js";
import { AddressRefusedError, DEFAULT_LIMITS, startDaemon, type Limits } from "../daemon/server.js";
import { DaemonService } from "../daemon/service.js";
import { memoryStore, redisStore, stateDirStore, type DaemonStore } from "../daemon/stores.js";
import { GitBranchReader } from "../node/git-branch.js";
import { composeEnrich, footprintEnricher, hostFootprint } from "../node/footprint.js";
import { gatherHostFacts } from "../node/host-facts.js";
import { defaultStateDir } from "../node/state-dir.js";
import { resolve } from "node:path";
import { CLASSIFICATION_CACHE_DEFAULTS } from "../classification-cache.js";
import type { Engine } from "../engine.js";
import { RedisSessionStore } from "../node/redis-store.js";
import { StateStoreError } from "../state/store.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { CliError, engineFromArgs } from "./engine-options.js";
import { ledgerTargetOf } from "./ledger-flags.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";
import { BUILD_HEADER, BUNDLE_HEADER, bundleSourceDigest, cliBuildDigest, daemonIdentity, daemonOptionWords, ENGINE_HEADER, KEY_HEADER } from "../node/daemon-socket.js";
import { packageRoot } from "../node/package-root.js";
import { ownSocket, prepareSocket, releaseSocket, socketStillOurs } from "./serve-socket.js";
import { dirname } from "node:path";

export const DEFAULT_PORT = 4283;

function integer(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < min) throw new UsageError(`--${name} wants an integer ≥ ${min}, got ${JSON.stringify(text)}`);
  return Number(text);
}

async function openStore(args: ParsedArgs, log: Logger): Promise<DaemonStore> {
  const redisUrl = args.values.get("state");
  const stateDir = args.values.get("state-dir");
  if (args.values.has("max-sessions") && (redisUrl ?? stateDir) !== undefined) throw new UsageError("--max-sessions bounds the in-memory store; it does not apply with --state or --state-dir");
  if (redisUrl !== undefined) {
    if (!/^rediss?:\/\//i.test(redisUrl)) throw new UsageError(`--state wants a redis:// or rediss:// URL (got ${JSON.stringify(redisUrl.replace(/\/\/[^@/]*@/, "//…@"))})`);
    try {
      return redisStore(await RedisSessionStore.connect({ url: redisUrl, onStatus: (line) => log.log("warn", line) }));
    } catch (error) {
      if (error instanceof StateStoreError) throw new CliError(error.message, EXIT.FAILURE);
      throw error;
    }
  }
  if (stateDir !== undefined) return stateDirStore(stateDir);
  return memoryStore(integer("max-sessions", args.values.get("max-sessions"), 10_000, 1));
}

/** What this daemon runs from and writes (src/node/footprint.ts); its own address is added when it listens. */
function daemonFootprint(args: ParsedArgs, ledger: string | null, io: Io): string[] {
  let stateDir: string | null;
  try {
    stateDir = resolve(io.cwd, args.values.get("state-dir") ?? defaultStateDir(io.env));
  } catch {
    stateDir = null;
  }
  const bundle = args.values.get("bundle");
  return hostFootprint({ env: io.env, stateDir, bundle: bundle === undefined || bundle.startsWith("gatehouse:") ? null : resolve(io.cwd, bundle), ledger: ledger === null ? null : resolve(io.cwd, ledger) });
}

/** The bundle's skipped items and warnings as log lines (the daemon's stderr is JSON, one object a line). */
function logSkipped(engine: Engine, log: Logger): void {
  for (const s of engine.skipped) log.log("warn", "artifact skipped", { kind: s.kind, id: s.id, reason: s.reason, detail: s.detail });
  for (const w of engine.bundleWarnings) if (w.code === "no_enforcing_artifact") log.log("warn", "bundle warning", { code: w.code, detail: w.detail });
}

/** The options are read by the command's description (src/cli/commands.ts): choices and exclusions are checked there. */
export async function serveCommand(args: ParsedArgs, io: Io): Promise<number> {
  const log = createLogger((args.values.get("log-level") ?? "info") as LogLevel, io.err, io.now);
  const port = integer("port", args.values.get("port"), DEFAULT_PORT, 0);
  const socketOption = args.values.get("socket");
  const socket = socketOption === undefined ? undefined : resolve(io.cwd, socketOption);
  const idleExitS = args.values.has("idle-exit") ? integer("idle-exit", args.values.get("idle-exit"), 0, 1) : null;
  if (port > 65_535) throw new UsageError(`--port wants 0–65535, got ${port}`);
  const host = args.values.get("host") ?? "127.0.0.1";
  // Refused before anything loads (startDaemon refuses it too).
  const refusal = bindRefusal(host);
  if (refusal !== null) throw new UsageError(refusal);
  const limits: Partial<Limits> = { maxBodyBytes: integer("max-body", args.values.get("max-body"), DEFAULT_LIMITS.maxBodyBytes, 1) };
  const posture = (args.values.get("on-error") ?? "open") as ErrorPosture;
  const ledger = ledgerTargetOf(args);
  const bundlePath = args.values.get("bundle");
  const implementation = args.flags.has("twin") ? "twin" : "wasm";
  // Agents repeat commands: a long-lived daemon keeps their classifications (src/classification-cache.ts).
  const cacheEntries = integer("classify-cache", args.values.get("classify-cache"), CLASSIFICATION_CACHE_DEFAULTS.entries, 0);
  const classificationCache = cacheEntries === 0 ? false : { entries: cacheEntries };

  // What this daemon evaluates with, on every answer (a forwarding hook refuses a daemon of another build,
  // bundle or options: src/node/daemon-socket.ts). The bundle's digest is taken before and after the load.
  const build = cliBuildDigest(packageRoot());
  const options = daemonOptionWords(args.values, args.flags);
  const keyOf = () => daemonIdentity(build, bundleSourceDigest(bundlePath === undefined ? null : resolve(io.cwd, bundlePath)), options).key;
  let key: string;
  try {
    key = keyOf();
  } catch {
    key = "unreadable"; // engineFromArgs reports the unreadable bundle
  }
  const engine = await engineFromArgs(bundlePath, implementation, classificationCache);
  if (keyOf() !== key) throw new CliError(`the bundle ${bundlePath} changed while it loaded; start again`, EXIT.FAILURE);
  logSkipped(engine, log);
  if (socket !== undefined) await prepareSocket(socket);
  const store = await openStore(args, log);
  // The footprint handed to the classifier as host.gate (SPEC §6.8); this daemon's own URL and pid join it once it listens.
  const footprint = daemonFootprint(args, ledger?.path ?? null, io);
  const service = new DaemonService(engine, {
    store,
    log,
    now: io.now,
    startedMs: io.now(),
    posture,
    grantAllow: args.flags.has("grant-allow"),
    // As the stdin hook does, with this daemon's environment; `binding.mode` says the call came over http.
    host: hostEnvFrom(io.env, io.cwd, "http"),
    // Per cwd, where its `.git` was found (a hint re-checked on every call: src/node/git-branch.ts).
    enrich: composeEnrich(new GitBranchReader().enrich, footprintEnricher(footprint, io.cwd)),
    // Symlinks in the operands and the scripts a command runs, as host facts (docs/host-facts.md).
    gather: (engine, event) => gatherHostFacts(engine, event),
    onDecision: ledger === null ? undefined : ledgerRecorder(ledger),
  });
  let daemon;
  try {
    const identity = () => ({ [ENGINE_HEADER]: service.engine.engineVersion, [BUILD_HEADER]: build ?? "none", [BUNDLE_HEADER]: service.engine.bundleDigest, [KEY_HEADER]: key });
    daemon = await startDaemon({ host, port, socket, identity, service, router: daemonRouter(service), log, limits });
  } catch (error) {
    await store.close();
    if (error instanceof AddressRefusedError) throw new UsageError(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(`cannot listen on ${socket ?? `${host}:${port}`} (${code ?? String(error)})`, EXIT.FAILURE);
  }

  footprint.push(daemon.url, `pid:${process.pid}`);
  const socketIno = socket === undefined ? null : ownSocket(socket);
  if (socket !== undefined) footprint.push(socket, dirname(socket));

  let reloading = Promise.resolve();
  const reload = () => {
    reloading = reloading.then(async () => {
      const before = service.engine.bundleDigest;
      try {
        const next = await engineFromArgs(bundlePath, implementation, classificationCache);
        service.replaceEngine(next);
        try {
          key = keyOf();
        } catch {
          key = "unreadable";
        }
        logSkipped(next, log);
        log.log("info", "bundle reloaded", { bundle: bundlePath ?? "default", bundle_digest: next.bundleDigest, previous: before });
      } catch (error) {
        log.log("error", "bundle reload failed; still serving the previous bundle", {
          bundle: bundlePath ?? "default",
          bundle_digest: before,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    });
  };

  const stopped = new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.log("info", "stopping: draining requests in flight", { signal, in_flight: service.inFlight });
      clearInterval(idleTimer);
      void (async () => {
        const { drained } = await daemon.close();
        if (socket !== undefined) releaseSocket(socket, socketIno!, socket.replace(/\.sock$/, ".pid"));
        await store.close();
        log.log("info", "stopped", { drained });
        process.off("SIGHUP", reload);
        process.off("SIGTERM", onTerm);
        process.off("SIGINT", onInt);
        resolve(EXIT.OK);
      })();
    };
    // `--idle-exit S`: no request for S seconds (and none in flight) stops the daemon as SIGTERM does.
    // And with --socket: a socket that is gone or replaced (its directory removed) can reach this daemon no more.
    const idleTimer = setInterval(() => {
      if (idleExitS !== null && service.inFlight === 0 && io.now() - service.lastActivityMs >= idleExitS * 1000) stop("idle");
      else if (idleExitS !== null && socket !== undefined && !socketStillOurs(socket, socketIno!)) stop("socket removed");
    }, idleExitS === null ? 2 ** 30 : Math.min(5_000, Math.max(100, (idleExitS * 1000) / 4)));
    idleTimer.unref();
    const onTerm = () => stop("SIGTERM");
    const onInt = () => stop("SIGINT");
    process.on("SIGTERM", onTerm);
    process.on("SIGINT", onInt);
  });
  process.on("SIGHUP", reload);

  io.out(`gatehouse serve: listening on ${daemon.url} (bundle ${engine.bundleDigest}, state ${store.kind})`);
  return stopped;
}
