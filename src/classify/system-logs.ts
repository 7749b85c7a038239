// Files that are the host's own record of what happened on it — the system
// and authentication logs, the login records, the audit trail. Writing,
// truncating, shredding, replacing or deleting one is log tampering (the
// first thing an intruder does after getting in), whatever the path's class
// (`/var/log` is `external_path`). The effect table puts `system_log: true` on
// write and delete effects of such a path (effects/common.ts, `emitHits`);
// the default bundle asks (`host.log_tamper`). Reading one stays a read.
//
// Each row is a path prefix (matched case-insensitively on a Windows path);
// the examples beside it are run by test/classify/system-logs.test.ts.

interface Row {
  /** The directory (everything under it, and itself) or the file. */
  prefix: string;
  windows?: boolean;
  examples: readonly [path: string, isLog: boolean][];
}

const ROWS: readonly Row[] = [
  { prefix: "/var/log", examples: [["/var/log/auth.log", true], ["/var/log", true], ["/var/log/nginx/error.log", true], ["/var/logs/x", false]] },
  // macOS keeps /var as a link to /private/var; its unified-log store and crash reports.
  { prefix: "/private/var/log", examples: [["/private/var/log/system.log", true]] },
  { prefix: "/private/var/db/diagnostics", examples: [["/private/var/db/diagnostics/Persist/0000000000000001.tracev3", true]] },
  { prefix: "/Library/Logs", examples: [["/Library/Logs/DiagnosticReports/x.crash", true]] },
  // The BSD/macOS audit trail, Solaris' /var/adm, process accounting.
  { prefix: "/var/audit", examples: [["/var/audit/20260101000000.not_terminated", true]] },
  { prefix: "/var/adm", examples: [["/var/adm/messages", true]] },
  { prefix: "/var/account", examples: [["/var/account/pacct", true]] },
  // Who is logged in (utmp) — the history of logins (wtmp, btmp) lives under /var/log.
  { prefix: "/var/run/utmp", examples: [["/var/run/utmp", true], ["/var/run/utmpx", false]] },
  { prefix: "/run/utmp", examples: [["/run/utmp", true]] },
  // Windows: the event logs and the services' log files.
  { prefix: "C:\\Windows\\System32\\winevt\\Logs", windows: true, examples: [["C:\\Windows\\System32\\winevt\\Logs\\Security.evtx", true], ["c:\\windows\\system32\\WINEVT\\logs", true]] },
  { prefix: "C:\\Windows\\System32\\LogFiles", windows: true, examples: [["C:\\Windows\\System32\\LogFiles\\Firewall\\pfirewall.log", true], ["C:\\Windows\\System32\\drivers\\etc\\hosts", false]] },
];

/** Every row with its examples (for the test). */
export const SYSTEM_LOG_ROWS = ROWS;

/** Is this normalised path a system log, or a directory of them? */
export function isSystemLog(normalized: string): boolean {
  for (const r of ROWS) {
    const p = r.windows ? normalized.toLowerCase() : normalized;
    const prefix = r.windows ? r.prefix.toLowerCase() : r.prefix;
    const sep = r.windows ? "\\" : "/";
    if (p === prefix || p.startsWith(prefix + sep)) return true;
  }
  return false;
}
