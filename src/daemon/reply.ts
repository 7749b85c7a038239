// One HTTP reply of the daemon, as the service builds it and the server writes
// it: the status, the exact body bytes, extra headers, and a note for the debug
// log. Its own module: the service and the hook-answer mapping both make replies.
import type { ErrorBody } from "./wire.js";

export interface Reply {
  status: number;
  /** Exact bytes of the body (JSON). */
  body: string;
  /** Extra response headers. */
  headers?: Record<string, string>;
  /** For the debug log line. */
  note?: Record<string, unknown>;
}

export const jsonReply = (status: number, value: unknown, note?: Record<string, unknown>): Reply => ({ status, body: JSON.stringify(value), note });
export const errorReply = (status: number, code: string, message: string): Reply => jsonReply(status, { error: { code, message } } satisfies ErrorBody, { error: code });
