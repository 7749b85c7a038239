// Mongo shell calls (`mongosh --eval`, `mongo --eval`, read with the
// JavaScript grammar): dropping a database or collection destroys it; a
// delete or update whose filter is empty (`{}`, or none) reaches every
// document. Effects are on the `database` target with the same attrs as SQL
// statements (src/classify/sql): `statement`, `table` (the collection), `where`.
import type { Call, Recorder } from "./api.js";
import { ref, UNKNOWN, type Value } from "./value.js";

const DELETES = new Set(["deleteMany", "remove", "deleteOne", "findOneAndDelete"]);
const UPDATES = new Set(["updateMany", "update", "replaceOne", "updateOne", "findOneAndUpdate", "findOneAndReplace"]);
const DROPS = new Set(["drop", "dropIndexes", "dropIndex"]);
/** A collection named at run time (`db[c]`, `db.getCollection(name)` in a loop over `getCollectionNames()`): any of them. */
export const ANY_COLLECTION = "*";

/** `{}` or no filter at all: every document. */
function whereOf(filter: Value | undefined): "none" | "filtered" {
  if (filter === undefined || filter.k === "none" || (filter.k === "dict" && filter.entries.length === 0)) return "none";
  return "filtered";
}

/** Read one call whose name starts with `db.`; returns the value of the call (a collection for getCollection). */
export function mongoCall(call: Call, rec: Recorder): Value {
  const parts = call.api.split(".");
  const effect = (verb: "destroy" | "delete" | "write", statement: string, table: string | null, where?: string): void =>
    rec.effect({ verb, path: null, url: null, kind: "database", attrs: { api: call.api, statement, ...(table !== null ? { table } : {}), ...(where ? { where } : {}) } });
  if (parts.length === 2) {
    const method = parts[1]!;
    if (method === "dropDatabase") effect("destroy", "dropDatabase", null);
    else if (method === "dropAllUsers" || method === "dropUser") effect("destroy", method, null);
    else if (method === "getCollection" || method === "getSiblingDB") {
      const name = call.args[0]?.k === "str" ? call.args[0].s : null;
      if (method === "getSiblingDB") return ref("db");
      return ref(`db.${name ?? ANY_COLLECTION}`);
    }
    return UNKNOWN;
  }
  const table = parts.slice(1, -1).join(".");
  const method = parts[parts.length - 1]!;
  if (DROPS.has(method)) effect("destroy", method, table);
  else if (DELETES.has(method)) effect("delete", method, table, method === "deleteOne" || method === "findOneAndDelete" ? "filtered" : whereOf(call.args[0]));
  else if (UPDATES.has(method)) effect("write", method, table, whereOf(call.args[0]));
  else if (method === "renameCollection") effect("destroy", method, table);
  else if (method === "insertOne" || method === "insertMany" || method === "insert") effect("write", method, table, "filtered");
  return UNKNOWN;
}
