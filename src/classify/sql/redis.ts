// Redis commands (`redis-cli FLUSHALL`, a line of `redis-cli` input):
// flushing a database or every database destroys it; DEL/UNLINK remove named
// keys; a crash (`DEBUG SEGFAULT`) loses what was not saved; `SHUTDOWN`,
// `DEBUG SLEEP`, `REPLICAOF host` and `CONFIG SET dir|dbfilename|…` are server
// administration (`admin: true`). Same effect shape as SQL statements
// (database target).
import type { DatabaseEffect } from "./effect.js";

const DESTROY = new Set(["FLUSHALL", "FLUSHDB", "SWAPDB"]);
const ADMIN_CONFIG = new Set(["dir", "dbfilename", "replicaof", "slaveof", "masterauth", "requirepass", "rename-command"]);
const DESTROY_SUB: Record<string, string[]> = { SCRIPT: ["FLUSH"], FUNCTION: ["FLUSH", "DELETE"], CLUSTER: ["RESET"] };

/** One Redis command as words (`["FLUSHALL", "ASYNC"]`): its effect, or null. */
export function redisEffects(words: readonly string[]): DatabaseEffect | null {
  const cmd = (words[0] ?? "").toUpperCase();
  const sub = (words[1] ?? "").toUpperCase();
  if (DESTROY.has(cmd)) return { verb: "destroy", attrs: { statement: cmd } };
  if (DESTROY_SUB[cmd]?.includes(sub)) return { verb: "destroy", attrs: { statement: `${cmd} ${sub}` } };
  if (cmd === "DEL" || cmd === "UNLINK") return { verb: "delete", attrs: { statement: cmd, where: "filtered", ...(words[1] ? { table: words[1] } : {}) } };
  if (cmd === "CONFIG" && sub === "SET") {
    // Where the server writes its dump, and whom it replicates from: the moves of a Redis takeover (writing a file anywhere as the server's user).
    const parameter = (words[2] ?? "").toLowerCase();
    return { verb: "write", attrs: { statement: "CONFIG SET", ...(parameter ? { table: parameter } : {}), ...(ADMIN_CONFIG.has(parameter) ? { admin: true } : {}) } };
  }
  if (cmd === "REPLICAOF" || cmd === "SLAVEOF") return sub === "NO" ? null : { verb: "write", attrs: { statement: cmd, admin: true } };
  if (cmd === "SHUTDOWN") return sub === "NOSAVE" ? { verb: "destroy", attrs: { statement: "SHUTDOWN NOSAVE" } } : { verb: "write", attrs: { statement: "SHUTDOWN", admin: true } }; // NOSAVE: unsaved data goes with it
  if (cmd === "DEBUG" && (sub === "SEGFAULT" || sub === "CRASH-AND-RECOVER" || sub === "RESTART")) return { verb: "destroy", attrs: { statement: `DEBUG ${sub}` } }; // a crash loses what was not saved
  if (cmd === "DEBUG" && sub === "SLEEP") return { verb: "write", attrs: { statement: "DEBUG SLEEP", admin: true } };
  return null;
}
