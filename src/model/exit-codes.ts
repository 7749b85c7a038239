// The one exit-code table of the `gatehouse` process. Every subcommand returns
// one of these, and so does every hook an agent runs (adapters, the daemon's
// hook answers, the OpenCode plugin), so it sits below all of them; `--help`
// and docs/cli.md list them from here (src/cli/commands.ts).
export const EXIT = {
  /** Success; `check`: the verdict is allow. */
  OK: 0,
  /** A failure the output explains: failing corpus cases, bad `eval` lines, a bundle that cannot load, a settings file refused. */
  FAILURE: 1,
  /** `check`: the verdict is deny. */
  DENY: 2,
  /** `check`: the verdict is ask or hold. */
  ASK: 3,
  /** Wrong usage: unknown command or option, missing argument. */
  USAGE: 64,
  /** An input file (a bundle, an events file, a settings file, stdin) could not be read. */
  NO_INPUT: 66,
  /** An internal error (a bug): reported on one line, never a stack trace to a hook's agent. */
  INTERNAL: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The general meaning of each code; a command's help may say what it means there. */
export const EXIT_MEANINGS: Record<ExitCode, string> = {
  0: "success",
  1: "a failure the output explains",
  2: "deny",
  3: "ask or hold",
  64: "usage error: unknown command or option, missing or extra argument",
  66: "an input file cannot be read (missing, unreadable, a directory)",
  70: "internal error (a bug), reported on one line",
};
