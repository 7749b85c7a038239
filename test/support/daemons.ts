// Daemons a test's hooks started (issue 22 item 2): an installed hook runs
// `--daemon auto` by default, which spawns `gatehouse serve --socket
// <state dir>/run/….sock` detached (docs/daemon.md). One left running after
// its test writes into the test's directory after it was removed — the
// `gatehouse-doctor-*`, `gatehouse-self-*`, … entries a run left behind — and
// lives on for its idle timeout. Found by their command line on Linux's /proc
// (the socket path names the directory), stopped by pid, never by name.
import { readdirSync, readFileSync } from "node:fs";

/** Pids of `gatehouse … serve` processes whose socket, HOME or XDG directory lies under `dir`. */
export function daemonsUnder(dir: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return []; // no /proc (macOS): nothing to find this way
  }
  const prefix = dir.endsWith("/") ? dir : `${dir}/`;
  const out: number[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
    } catch {
      continue; // gone meanwhile
    }
    if (!argv.includes("serve")) continue;
    const socket = argv.indexOf("--socket");
    if (socket >= 0 && argv[socket + 1]?.startsWith(prefix)) out.push(Number(name));
    // A daemon whose socket lies elsewhere (the runtime directory) still writes its code cache under its HOME.
    else if (homeUnder(name, prefix)) out.push(Number(name));
  }
  return out;
}

/** Does process `pid` run with HOME or an XDG directory under `prefix`? */
function homeUnder(pid: string, prefix: string): boolean {
  let env: string[];
  try {
    env = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
  } catch {
    return false;
  }
  return env.some((kv) => /^(HOME|XDG_CACHE_HOME|XDG_STATE_HOME|XDG_RUNTIME_DIR)=/.test(kv) && kv.slice(kv.indexOf("=") + 1).startsWith(prefix));
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Stop every daemon under `dir` (SIGTERM, then SIGKILL after 10 s) and wait until each is gone; the pids stopped. */
export function stopDaemonsUnder(dir: string): number[] {
  const pids = daemonsUnder(dir);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {}
  }
  for (let waited = 0; pids.some(alive) && waited < 20_000; waited += 50) {
    if (waited === 10_000) for (const pid of pids.filter(alive)) process.kill(pid, "SIGKILL");
    pause(50);
  }
  return pids;
}
