// A hook's answer (stdout bytes, a stderr line, an exit code) as an HTTP reply
// (docs/daemon.md "Claude Code's http handler"). Claude Code reads a 2xx JSON
// body as a hook's stdout and treats any other status, a timeout or a refused
// connection as a non-blocking error: the call goes ahead.
import type { HookAnswer } from "../adapters/index.js";
import { EXIT } from "../model/exit-codes.js";
import { errorReply, type Reply } from "./reply.js";

export const EXIT_CODE_HEADER = "gatehouse-exit-code";

export function httpOfHookAnswer(answer: HookAnswer): Reply {
  const headers = { [EXIT_CODE_HEADER]: String(answer.exitCode) };
  // Whatever the hook prints is the answer, byte for byte (ACP's deny is a JSON-RPC response with exit 2).
  if (answer.stdout !== "") return { status: 200, body: answer.stdout, headers };
  // Silence that decides: an allow or an event not gated (0), ACP's ask (3).
  if (answer.exitCode === EXIT.OK || answer.exitCode === EXIT.ASK) return { status: 200, body: "{}", headers };
  // Exit 2 blocks with the reason on stderr; over HTTP the same block is the JSON that Claude Code
  // (top-level `decision`), Codex (its legacy block) and Gemini CLI (`decision`) all read.
  if (answer.exitCode === EXIT.DENY) return { status: 200, body: JSON.stringify({ decision: "block", reason: answer.stderr ?? "blocked by gatehouse" }), headers };
  // A fail-open answer (--on-error open): a non-2xx, so the call goes ahead and the failure is seen.
  const message = answer.stderr ?? `the hook failed (exit ${answer.exitCode})`;
  const reply =
    answer.exitCode === EXIT.NO_INPUT
      ? errorReply(400, "bad_input", message)
      : answer.exitCode === EXIT.INTERNAL
        ? errorReply(500, "internal", message)
        : errorReply(503, "unavailable", message);
  return { ...reply, headers };
}
