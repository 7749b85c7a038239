// Documented exit codes of the `gatehouse` command (docs/cli.md).
export const EXIT = {
  /** Success; `check`: the verdict is allow. */
  OK: 0,
  /** A failure the output explains: failing corpus cases, bad `eval` lines, a bundle that cannot load. */
  FAILURE: 1,
  /** `check`: the verdict is deny. */
  DENY: 2,
  /** `check`: the verdict is ask or hold. */
  ASK: 3,
  /** Wrong usage: unknown command or option, missing argument. */
  USAGE: 64,
  /** An input file could not be read. */
  NO_INPUT: 66,
  /** An internal error (a bug): reported on one line, never a stack trace to a hook's agent. */
  INTERNAL: 70,
} as const;
