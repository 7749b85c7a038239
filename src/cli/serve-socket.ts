// `gatehouse serve --socket PATH`: the socket's directory made (0700) and
// checked, a stale socket file (nothing answering) removed, a live one left to
// the daemon that answers on it; and, when the daemon stops, its socket and pid
// files removed — only if they are still its own (docs/daemon.md "The per-user
// daemon").
import { chmodSync, lstatSync, readFileSync, unlinkSync } from "node:fs";
import { connect } from "node:net";
import { dirname } from "node:path";
import { runDirRefusal, socketPathRefusal } from "../node/daemon-socket.js";
import { EXIT } from "../model/exit-codes.js";
import { CliError } from "./engine-options.js";

/** Whether something accepts a connection on the socket (within `timeoutMs`). */
export function socketAnswers(path: string, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path);
    const done = (answers: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answers);
    };
    const timer = setTimeout(() => done(true), timeoutMs); // a daemon too busy to accept still holds the name
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** Make the socket's directory and clear a stale socket; throws a CliError (exit 1) when the path cannot be served. */
export async function prepareSocket(path: string): Promise<void> {
  const tooLong = socketPathRefusal(path);
  if (tooLong !== null) throw new CliError(tooLong, EXIT.USAGE);
  const refused = runDirRefusal(dirname(path), true);
  if (refused !== null) throw new CliError(`--socket: ${refused}`, EXIT.FAILURE);
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return; // nothing there
  }
  if (!st.isSocket()) throw new CliError(`--socket: ${path} exists and is not a socket; left in place`, EXIT.FAILURE);
  if (await socketAnswers(path)) throw new CliError(`--socket: a daemon already answers on ${path}`, EXIT.FAILURE);
  unlinkSync(path);
}

/** After listening: the socket readable and writable by this user only (its directory is 0700 as well). Returns its inode. */
export function ownSocket(path: string): number {
  chmodSync(path, 0o600);
  return lstatSync(path).ino;
}

/** Whether the socket file is still the one this daemon made (not removed with its directory, nor replaced). */
export function socketStillOurs(path: string, ino: number): boolean {
  try {
    return lstatSync(path).ino === ino;
  } catch {
    return false;
  }
}

/** On exit: remove the socket if it is still the one this daemon made, and the pid file if it names this process. */
export function releaseSocket(path: string, ino: number, pidFile: string): void {
  try {
    if (lstatSync(path).ino === ino) unlinkSync(path);
  } catch {
    // gone already
  }
  try {
    if (readFileSync(pidFile, "utf8").trim() === String(process.pid)) unlinkSync(pidFile);
  } catch {
    // none
  }
}
