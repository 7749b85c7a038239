// Redis commands (`redis-cli FLUSHALL`, a line of `redis-cli` input):
// flushing a database or every database destroys it; DEL/UNLINK remove named
// keys. Same effect shape as SQL statements (database target).
import type { DatabaseEffect } from "./index.js";

const DESTROY = new Set(["FLUSHALL", "FLUSHDB", "SWAPDB"]);
const DESTROY_SUB: Record<string, string[]> = { SCRIPT: ["FLUSH"], FUNCTION: ["FLUSH", "DELETE"], CLUSTER: ["RESET"] };

/** One Redis command as words (`["FLUSHALL", "ASYNC"]`): its effect, or null. */
export function redisEffects(words: readonly string[]): DatabaseEffect | null {
  const cmd = (words[0] ?? "").toUpperCase();
  const sub = (words[1] ?? "").toUpperCase();
  if (DESTROY.has(cmd)) return { verb: "destroy", attrs: { statement: cmd } };
  if (DESTROY_SUB[cmd]?.includes(sub)) return { verb: "destroy", attrs: { statement: `${cmd} ${sub}` } };
  if (cmd === "DEL" || cmd === "UNLINK") return { verb: "delete", attrs: { statement: cmd, where: "filtered", ...(words[1] ? { table: words[1] } : {}) } };
  if (cmd === "CONFIG" && sub === "SET") return { verb: "write", attrs: { statement: "CONFIG SET" } };
  if (cmd === "SHUTDOWN" && sub === "NOSAVE") return { verb: "destroy", attrs: { statement: "SHUTDOWN NOSAVE" } }; // unsaved data goes with it
  return null;
}
