// Redis commands (`redis-cli FLUSHALL`, a line of `redis-cli` input):
// flushing a database or every database destroys it; DEL/UNLINK remove named
// keys, and so does an expiry that is already due (`EXPIRE k 0`, `PEXPIRE k 1`,
// an `EXPIREAT` in the past: Redis deletes a key whose timeout is not positive,
// and a millisecond is no later); a crash (`DEBUG SEGFAULT`) loses what was not saved; `SHUTDOWN`,
// `DEBUG SLEEP`, `REPLICAOF host` and `CONFIG SET dir|dbfilename|…` are server
// administration (`admin: true`). Same effect shape as SQL statements
// (database target).
import type { DatabaseEffect } from "./effect.js";

const DESTROY = new Set(["FLUSHALL", "FLUSHDB", "SWAPDB"]);
const ADMIN_CONFIG = new Set(["dir", "dbfilename", "replicaof", "slaveof", "masterauth", "requirepass", "rename-command"]);
const DESTROY_SUB: Record<string, string[]> = { SCRIPT: ["FLUSH"], FUNCTION: ["FLUSH", "DELETE"], CLUSTER: ["RESET"] };

/** `redis.call('del', k)` / `redis.pcall(…)` in a Lua script: the command and its arguments, null for one that is not a string literal. */
const LUA_CALL = /redis\.p?call\s*\(\s*(['"])([A-Za-z]+)\1\s*((?:,[^)]*)?)\)/g;
const LUA_STRING = /^\s*(['"])(.*)\1\s*$/;

/** The commands a Lua script hands the server (`EVAL script numkeys …`): the most destructive one decides. */
function luaEffects(script: string): DatabaseEffect | null {
  let found: DatabaseEffect | null = null;
  for (const m of script.matchAll(LUA_CALL)) {
    const args = m[3]!.split(",").slice(1).map((a) => LUA_STRING.exec(a)?.[2] ?? null);
    const cmd = m[2]!.toUpperCase();
    // A key computed by the script (`redis.call('del', k)` over `redis.call('keys', '*')`) is any key.
    const e = args.some((a) => a === null) && (cmd === "DEL" || cmd === "UNLINK") ? ({ verb: "delete", attrs: { statement: cmd, where: "none" } } satisfies DatabaseEffect) : redisEffects([cmd, ...args.map((a) => a ?? "")]);
    if (e && (found === null || (e.verb === "destroy" && found.verb !== "destroy"))) found = e;
  }
  return found;
}

/** Expiry commands, and the largest time (in their unit) that is a delete, not a cache lifetime. */
const EXPIRY_DUE: Record<string, number> = { EXPIRE: 1, PEXPIRE: 1000, EXPIREAT: 1_000_000_000, PEXPIREAT: 1_000_000_000_000 };

/**
 * An expiry that deletes (`EXPIRE k 0`, `PEXPIRE k 1`, `EXPIREAT k 1`): the
 * command's literal time, wherever xargs put the key (`xargs redis-cli expire 0`
 * appends it), is due now. `EXPIRE k 3600` is a lifetime, not a delete.
 */
export function redisExpiryDeletes(words: readonly string[]): boolean {
  const due = EXPIRY_DUE[(words[0] ?? "").toUpperCase()];
  if (due === undefined) return false;
  return words.slice(1, 3).some((w) => /^-?\d+$/.test(w) && Number(w) <= due);
}

/** One Redis command as words (`["FLUSHALL", "ASYNC"]`): its effect, or null. */
export function redisEffects(words: readonly string[]): DatabaseEffect | null {
  const cmd = (words[0] ?? "").toUpperCase();
  const sub = (words[1] ?? "").toUpperCase();
  if ((cmd === "EVAL" || cmd === "EVAL_RO") && words[1] !== undefined) return luaEffects(words[1]);
  if (DESTROY.has(cmd)) return { verb: "destroy", attrs: { statement: cmd } };
  if (DESTROY_SUB[cmd]?.includes(sub)) return { verb: "destroy", attrs: { statement: `${cmd} ${sub}` } };
  if (redisExpiryDeletes(words)) return { verb: "delete", attrs: { statement: cmd, where: "filtered", ...(words[1] ? { table: words[1] } : {}) } };
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
