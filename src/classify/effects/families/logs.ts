// The host's logs cleared by the programs that keep them: the systemd journal
// vacuumed (`journalctl --vacuum-time=1s` deletes every archived entry older
// than a second), the Windows event logs cleared (`wevtutil cl Security`,
// `Clear-EventLog`), the kernel audit rules deleted or auditing switched off
// (`auditctl -D`, `auditctl -e 0`). Clearing is `delete × host
// {system_log: true}`, like a write or delete of a file under /var/log
// (src/classify/system-logs.ts) — host.log_tamper asks; switching the audit
// off is a protection turned off (`defense: true`, host.defense_off).
// Reading, following and rotating (`--rotate` archives, it keeps) are not rows.
import { eff, row, type Cli, type Family } from "./rows.js";

const cleared = (resource: string, operation: string) => eff("delete", "host", { resource, operation, system_log: true });

const JOURNALCTL = {
  names: ["journalctl"],
  service: "systemd-journald",
  cli: {
    options: { shortValue: "unpSDMtF", longValue: ["unit", "user-unit", "priority", "since", "until", "directory", "file", "machine", "output", "vacuum-size", "vacuum-time", "vacuum-files", "lines", "identifier"], aliases: { u: "unit", n: "lines", p: "priority", S: "since", U: "until", D: "directory", M: "machine", o: "output", t: "identifier" } },
    help: { flags: ["help", "h"] },
  } satisfies Cli,
  rows: [
    row("", (m) => (m.has("vacuum-size", "vacuum-time", "vacuum-files") ? cleared("journal", "vacuum") : null), [
      ["journalctl --vacuum-time=1s", "delete host resource=journal operation=vacuum system_log"],
      ["sudo journalctl --rotate && sudo journalctl --vacuum-size=1K", "delete host system_log"],
      ["journalctl --vacuum-files 1", "delete host system_log"],
      ["journalctl -u nginx --since today", ""],
      ["journalctl --rotate", ""],
      ["journalctl --disk-usage", ""],
    ]),
  ],
};

/** `wevtutil cl LOG` (clear-log) empties a Windows event log; `qe`/`gl`/`el` read. */
const WEVTUTIL = {
  names: ["wevtutil"],
  service: "windows-eventlog",
  cli: { style: "cmd", windows: {}, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("cl|clear-log", cleared("event log", "clear"), [
      ["wevtutil cl Security", "delete host resource='event log' operation=clear system_log"],
      ["wevtutil.exe clear-log System", "delete host system_log"],
    ]),
    row("qe|query-events|gl|get-log|el|enum-logs|gli|get-loginfo", eff("read", "host"), [["wevtutil qe System /c:5 /f:text", "read host"]]),
  ],
};

/** PowerShell's event-log cmdlets: `Clear-EventLog -LogName Security`, `Remove-EventLog`. */
const PS_EVENTLOG = {
  names: ["clear-eventlog", "remove-eventlog"],
  service: "windows-eventlog",
  cli: { style: "powershell", windows: { value: ["logname", "computername", "source"], bool: ["whatif", "confirm"] }, help: { flags: ["?"] }, dryRun: ["whatif"] } satisfies Cli,
  rows: [
    row("", (m) => cleared("event log", m.ctx.program === "clear-eventlog" ? "clear" : "remove"), [
      ["Clear-EventLog -LogName Security", "delete host resource='event log' operation=clear system_log"],
      ["Remove-EventLog -LogName MyApp", "delete host operation=remove"],
      ["Clear-EventLog -LogName Application -WhatIf", "read host dry_run would=delete"],
    ]),
  ],
};

/** `auditctl -D` deletes every audit rule, `-e 0` turns auditing off; `-l`/`-s` read. */
const AUDITCTL = {
  names: ["auditctl"],
  service: "auditd",
  cli: { options: { shortValue: "abeflrwWkpSFRCm", longValue: [] }, help: { flags: ["h"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const args = m.ctx.args.map((a) => a.value);
      const off = args.some((a, i) => (a === "-e" && args[i + 1] === "0") || a === "-e0");
      if (off) return eff("write", "host", { resource: "audit", operation: "audit off", defense: true });
      if (args.includes("-D")) return cleared("audit rules", "delete all rules");
      return args.some((a) => a === "-l" || a === "-s") ? eff("read", "host") : null;
    }, [
      ["sudo auditctl -e 0", "write host resource=audit defense"],
      ["auditctl -D", "delete host resource='audit rules' system_log"],
      ["auditctl -l", "read host"],
    ]),
  ],
};

export const LOGS: Family = { name: "logs", programs: [JOURNALCTL, WEVTUTIL, PS_EVENTLOG, AUDITCTL] };
