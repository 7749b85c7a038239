// What doctor reads from an installed command handler: the program the shell
// starts, the `gatehouse` launcher it runs, the agent, and the words passed to
// `gatehouse hook <agent>` (doctor parses those by the hook command's own
// description, so the two cannot disagree).
import { basename } from "node:path";
import { shellWords } from "../shell-words.js";
import { unwrapHookWords } from "./hook-wrapper.js";

export interface HookInvocation {
  /** Whether the command runs through the wrapper that blocks when Gatehouse cannot run (hook-wrapper.ts). */
  wrapped: boolean;
  /** The program that runs the launcher (the node binary, or a `gatehouse` on PATH). */
  program: string;
  /** The `…/bin/gatehouse.js` (or `gatehouse`) word. */
  launcher: string;
  agent: string | null;
  /** The words after `hook <agent>`. */
  args: string[];
}

/** The `gatehouse hook` invocation a command handler runs, or null when it runs something else. */
export function hookInvocation(command: string): HookInvocation | null {
  const read = shellWords(command);
  const inner = unwrapHookWords(read);
  const words = inner ?? read;
  const at = words.findIndex((w, i) => (basename(w) === "gatehouse.js" || basename(w) === "gatehouse") && words[i + 1] === "hook");
  if (at < 0) return null;
  return { wrapped: inner !== null, program: words[0]!, launcher: words[at]!, agent: words[at + 2] ?? null, args: words.slice(at + 3) };
}
