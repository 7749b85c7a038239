// What a forwarding hook process gets back from a daemon (`POST /v1/hook-answer/AGENT`): the hook's own
// stdout, stderr and exit code. Shared by the TCP forwarder (src/node/hook-forward.ts) and the Unix-socket
// one (src/node/socket-forward.ts); no import, so either stays light.

/** What the in-process hook would have printed and returned. */
export interface HookAnswer {
  stdout: string;
  stderr: string | null;
  exitCode: number;
}

export type Forwarded =
  | { kind: "answered"; answer: HookAnswer }
  /** Evaluate here instead: `why` is the one stderr line saying so ("" for none); `stdin` is what was read. */
  | { kind: "fallback"; why: string; stdin: string }
  /** `--daemon` itself is wrong (not a loopback http URL, a bad timeout): a usage error. */
  | { kind: "usage"; message: string };

export const DEFAULT_DAEMON_TIMEOUT_MS = 2000;

/** The daemon's reply as a hook answer, or null when it is not exactly `{stdout, stderr, exit_code}`. */
export function answerOf(body: string): HookAnswer | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { stdout, stderr, exit_code } = value as Record<string, unknown>;
  if (typeof stdout !== "string" || !(stderr === null || typeof stderr === "string") || typeof exit_code !== "number" || !Number.isInteger(exit_code) || exit_code < 0 || exit_code > 255) return null;
  return { stdout, stderr, exitCode: exit_code };
}

/** The `--daemon-timeout MS` value as a number, or a usage message. */
export function daemonTimeoutOf(text: string | null): number | string {
  const timeoutMs = text === null ? DEFAULT_DAEMON_TIMEOUT_MS : Number(text);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 600_000) return `--daemon-timeout must be a whole number of milliseconds from 1 to 600000, got ${JSON.stringify(text)}`;
  return timeoutMs;
}
