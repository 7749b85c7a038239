// The command `install` writes is wrapped so that a Gatehouse that cannot run
// blocks the call instead of letting it through (SPEC §6.8). Every agent
// treats a hook that exits with anything but its blocking answer as a
// non-blocking error: a deleted `dist/`, a missing or truncated
// `bin/gatehouse.js`, a node binary that moved (exit 127) or a crash (exit 1,
// a signal) would otherwise switch the gate off from the next call on.
//
// The wrapper is a fixed POSIX `sh` script in the settings file itself (so
// deleting the checkout cannot remove it), run as `/bin/sh -c SCRIPT
// gatehouse-hook NODE LAUNCHER hook AGENT …`: whatever shell the agent runs the
// command with (Claude Code and Gemini CLI: bash; Codex: the user's `$SHELL
// -lc`, which may be zsh or fish) only sees quoted words. The script runs the
// words with GATEHOUSE_HOOK_WRAPPED=1 and passes on the exit codes Gatehouse
// answers with on purpose; anything else is a block in that agent's protocol,
// with a reason that names the fix. A launcher that knows it is wrapped
// (bin/gatehouse.js) answers its documented exit 1 as 65, since a crashing
// `node` also exits 1 — the wrapper turns 65 back into 1.
import { basename } from "node:path";
import { shellQuote } from "../shell-words.js";

/** The agents whose command hooks install writes (src/install/agents.ts), plus ACP for completeness of the table. */
export type WrappedAgent = "claude" | "codex" | "gemini" | "cursor" | "copilot" | "qwen" | "droid" | "cline";

export const WRAPPER_SHELL = "/bin/sh";
/** `$0` of the wrapper script: how the shape is recognised again (re-install, uninstall, doctor). */
export const WRAPPER_NAME = "gatehouse-hook";
/** The environment variable the wrapper sets: the launcher then answers its own exit 1 as this code. */
export const WRAPPED_ENV = "GATEHOUSE_HOOK_WRAPPED";
export const WRAPPED_EXIT_ONE = 65;

interface WrapperProtocol {
  /** Exit codes passed on unchanged: Gatehouse's deliberate answers. */
  passthrough: readonly number[];
  /** Exit codes Gatehouse means as non-blocking that this agent would read as a block: answered as 1 instead. */
  asNonBlocking: readonly number[];
  /** How the script blocks: `stderr` (exit 2, the reason on stderr), or the agent's deny JSON on stdout with exit 0 (`cursor`, `copilot`, `cline`). */
  block: "stderr" | "cursor" | "copilot" | "cline";
  /** Whether the agent has a non-blocking error exit (1) the launcher's own exit 1 can be answered as; Copilot denies on every non-zero exit. */
  nonBlocking: boolean;
}

// Blocking codes per agent (/work/shared/hooks.md; Gemini CLI 0.61's hook runner read for the last row):
// Claude Code and Codex block on exit 2 with the reason on stderr, everything else but 0 proceeds. Gemini CLI
// proceeds (with a warning) only on exit 1 and reads every other non-zero exit with output as a deny, so
// Gatehouse's own non-blocking codes 66 and 70 (--on-error open) are answered as 1 there. Cursor's confirmed
// block is the deny JSON on stdout; Gatehouse's own `--on-error closed` answers Cursor that way too.
// GitHub Copilot CLI 1.0.102 denies on every non-zero exit (exit 2 without the reason), and Gatehouse
// answers it with exit 0 only: anything else is blocked with the deny JSON, so the model reads why.
// Qwen Code 0.24.4's hook runner is Claude Code's: exit 2 blocks (stderr the reason), any other code proceeds.
// Factory Droid 0.225.2: exit 2 blocks (stderr the reason), exit 3 aborts the whole run, any other code proceeds.
// Cline 3.0.65 reads no exit code, only stdout: {cancel: true, errorMessage} stops the run, no JSON goes ahead.
export const WRAPPER_PROTOCOLS: Record<WrappedAgent, WrapperProtocol> = {
  claude: { passthrough: [0, 2, 66, 70], asNonBlocking: [], block: "stderr", nonBlocking: true },
  codex: { passthrough: [0, 2, 66, 70], asNonBlocking: [], block: "stderr", nonBlocking: true },
  gemini: { passthrough: [0, 2], asNonBlocking: [66, 70], block: "stderr", nonBlocking: true },
  cursor: { passthrough: [0, 2, 66, 70], asNonBlocking: [], block: "cursor", nonBlocking: true },
  copilot: { passthrough: [0], asNonBlocking: [], block: "copilot", nonBlocking: false },
  qwen: { passthrough: [0, 2, 66, 70], asNonBlocking: [], block: "stderr", nonBlocking: true },
  droid: { passthrough: [0, 2, 66, 70], asNonBlocking: [], block: "stderr", nonBlocking: true },
  cline: { passthrough: [0, 66, 70], asNonBlocking: [], block: "cline", nonBlocking: true },
};

/** The one-line reason a blocked call carries: what failed and the fix. `$c` and `$2` are the script's. */
const REASON =
  "Gatehouse blocked this call: its hook could not run ($2 exited $c: missing, unreadable or broken). " +
  "Fix: reinstall Gatehouse (from a checkout: npm ci && npm run build), then run gatehouse install again.";

/** The wrapper script for one agent (no single quote in it: it sits inside one in the settings file). */
export function wrapperScript(agent: WrappedAgent): string {
  const p = WRAPPER_PROTOCOLS[agent];
  const cases = [`${p.passthrough.join("|")}) exit $c;;`, ...(p.nonBlocking ? [`${[WRAPPED_EXIT_ONE, ...p.asNonBlocking].join("|")}) exit 1;;`] : [])];
  const denyJson = (fields: string) => `m="${REASON}"; echo "$m" >&2; printf "%s\\n" "{${fields}}"; exit 0`;
  const block =
    p.block === "stderr"
      ? `echo "${REASON}" >&2; exit 2`
      : p.block === "cursor"
        ? denyJson(`\\"permission\\":\\"deny\\",\\"user_message\\":\\"$m\\",\\"agent_message\\":\\"$m\\"`)
        : p.block === "cline"
          ? denyJson(`\\"cancel\\":true,\\"errorMessage\\":\\"$m\\"`)
          : denyJson(`\\"permissionDecision\\":\\"deny\\",\\"permissionDecisionReason\\":\\"$m\\"`);
  return `${WRAPPED_ENV}=1 "$@"; c=$?; case $c in ${cases.join(" ")} esac; ${block}`;
}

/** The command line that runs `words` (node, launcher, subcommand, …) through the agent's wrapper. */
export function wrapHookCommand(agent: WrappedAgent, words: readonly string[]): string {
  return shellQuote([WRAPPER_SHELL, "-c", wrapperScript(agent), WRAPPER_NAME, ...words]);
}

/** The words the wrapper runs when `words` (a command line read back) is the wrapper's shape; null otherwise. */
export function unwrapHookWords(words: readonly string[]): string[] | null {
  if (words.length < 4 || basename(words[0]!) !== "sh" || words[1] !== "-c" || words[3] !== WRAPPER_NAME) return null;
  return words.slice(4);
}
