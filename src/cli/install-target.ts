// What `gatehouse install` writes into, shared by the plain and the managed
// install (its own file so that install.ts and install-managed.ts do not
// import each other).
import type { AgentSettings } from "../install/agents.js";
import type { Scope } from "../install/settings-file.js";

export interface Target {
  settings: AgentSettings;
  scope: Scope;
  /** The project directory (project scope) or the home directory (user scope). */
  base: string;
  path: string;
}

export const entryCount = (n: number) => `${n} Gatehouse hook ${n === 1 ? "entry" : "entries"}`;
