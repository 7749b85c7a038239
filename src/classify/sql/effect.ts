// The effect a database statement or command has (SQL statements: index.ts;
// Redis commands: redis.ts), in its own module below both readers.

export type Where = "none" | "always_true" | "filtered";

export interface DatabaseEffect {
  verb: "destroy" | "delete" | "write";
  /** `admin`: server administration (privileges on everything, replication, shutdown), not data. */
  attrs: { statement: string; table?: string; where?: Where; cascade?: boolean; admin?: boolean };
}
