// What a run tells the launcher about its V8 code cache (src/node/code-cache.ts):
// the cache for a command is written by the first run that misses it and holds
// what that run compiled. A `hook` run that answered without the engine (a
// SessionStart, input it refused) compiled a small part of what a gated call
// needs; were its cache kept, every later gated call would hit it and compile
// the engine's functions afresh (+25 ms CPU measured). Such a run says so, and
// the launcher does not write its cache.

let partial = false;

/** This run took a path that compiles less than the command's usual one: do not save its code cache. */
export function markPartialRun(): void {
  partial = true;
}

/** Read by bin/gatehouse.js after the run (false after `markPartialRun`). */
export function savesCodeCache(): boolean {
  return !partial;
}
