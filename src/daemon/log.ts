// The daemon's log: one JSON object per line on stderr. `info` (the default)
// says what happened to the daemon — start, reloads, a store going away and
// coming back, shutdown; `debug` adds one line per request.
export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  readonly level: LogLevel;
  enabled(level: LogLevel): boolean;
  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel, write: (line: string) => void, now: () => number = Date.now): Logger {
  const rank = LOG_LEVELS.indexOf(level);
  const enabled = (l: LogLevel) => LOG_LEVELS.indexOf(l) <= rank;
  return {
    level,
    enabled,
    log(l, msg, fields = {}) {
      if (!enabled(l)) return;
      write(JSON.stringify({ ts: new Date(now()).toISOString(), level: l, msg, ...fields }));
    },
  };
}
