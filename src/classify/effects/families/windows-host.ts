// Windows disks, boot configuration, power and protections, as cmd.exe and
// PowerShell name them — typed into a Bash tool too (Git Bash and WSL agents
// run `format C:` or `Format-Volume` as a program; the walker strips `.exe`),
// and handed here by the PowerShell reader for the same cmdlets inside
// `powershell -Command …`. Formatting or clearing a volume, a disk or a
// partition is `destroy × disk` (disk.erase denies); a diskpart script is
// `write × disk` (disk.modify asks) unless its literal input says `clean` or
// `format`; the boot configuration, the power state and Defender's settings
// are `write × host` (host.change asks), with `defense: true` where a
// protection is turned off (real-time monitoring, an exclusion, the script
// execution policy, boot recovery, the firewall, a security service or
// process) — host.defense_off. Services (`sc`, `Stop-Service`), the firewall
// and interfaces (`netsh`) and processes Windows needs (`taskkill`) too.
import { stdinLiteral } from "../common.js";
import { eff, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

const erase = (resource: string, operation: string): EffectSpec => eff("destroy", "disk", { resource, operation });
const hostChange = (resource: string, operation: string, defense = false): EffectSpec => eff("write", "host", { resource, operation, ...(defense ? { defense: true } : {}) });

/** A PowerShell switch or boolean parameter that is on: present, and not `$false`/`0` (Bash expands `$true` to nothing: the raw word decides). */
function on(m: Match, name: string): boolean {
  const f = m.flags.find((x) => x.name === name);
  if (f === undefined) return false;
  const raw = f.arg.raw ?? "";
  return !/^\$?(false|0)$/i.test(f.value ?? "") && !/(^|:)\$false$/i.test(raw);
}

/** cmd.exe `format X: [/fs:NTFS] [/q] [/y] …` — only with a drive operand (a word `format` elsewhere is nothing). */
const FORMAT = {
  names: ["format", "format.com"],
  service: "format",
  cli: { style: "cmd", windows: { value: ["fs", "v", "a", "f", "t", "n", "p", "r", "l", "s"], bool: ["q", "y", "c", "x", "dax", "nodax"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("", (m) => (m.rest.some((o) => /^[a-z]:\\?$/i.test(o.value)) ? erase("volume", "format") : null), [
      ["format C: /q /y", "destroy disk resource=volume operation=format"],
      ["format.com D: /FS:NTFS /Q", "destroy disk"],
      ["format notes.txt", ""],
    ]),
  ],
};

const PS_DISK_CLI: Cli = {
  style: "powershell",
  windows: {
    value: ["driveletter", "number", "disknumber", "partitionnumber", "filesystem", "newfilesystemlabel", "objectid", "path", "uniqueid", "friendlyname", "partitionstyle", "inputobject", "partition", "allocationunitsize"],
    bool: ["force", "confirm", "whatif", "removedata", "removeoem", "full", "passthru", "asjob"],
    aliases: { wi: "whatif", cf: "confirm" },
  },
  help: { flags: ["?"] },
  dryRun: ["whatif"],
};

const PS_DISKS = {
  names: ["format-volume", "clear-disk", "remove-partition", "initialize-disk", "set-disk"],
  service: "windows-storage",
  cli: PS_DISK_CLI,
  rows: [
    row("", (m) => {
      switch (m.ctx.program) {
        case "format-volume": return erase("volume", "format-volume");
        case "clear-disk": return erase("disk", "clear-disk");
        case "remove-partition": return erase("partition", "remove-partition");
        // Initializing only takes a raw disk; Set-Disk takes a disk offline or read-only.
        default: return eff("write", "disk", { resource: "disk", operation: m.ctx.program });
      }
    }, [
      ["Format-Volume -DriveLetter D -Force", "destroy disk resource=volume operation=format-volume"],
      ["Clear-Disk -Number 0 -RemoveData -Confirm:$false", "destroy disk resource=disk"],
      ["Get-Partition -DiskNumber 1 | Remove-Partition -Confirm:$false", "destroy disk resource=partition"],
      ["Set-Disk -Number 1 -IsOffline $true", "write disk"],
      ["Format-Volume -DriveLetter D -WhatIf", "read disk dry_run"],
    ]),
  ],
};

/** `diskpart /s SCRIPT` (or commands on stdin): what it does is in the script; `clean`, `format`, `delete` there destroy. */
const DISKPART = {
  names: ["diskpart"],
  service: "diskpart",
  cli: { style: "cmd", windows: { value: ["s", "t"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const text = stdinLiteral(m.ctx);
      if (text !== null && /\b(clean|format|delete\s+(partition|volume|disk))\b/i.test(text)) return erase("disk", "diskpart clean");
      return eff("write", "disk", { resource: "disk", operation: m.value("s") !== null ? "diskpart script" : "diskpart" });
    }, [
      ["diskpart /s wipe.txt", "write disk operation='diskpart script'"],
      ["printf 'select disk 1\\nclean\\n' | diskpart", "destroy disk operation='diskpart clean'"],
    ]),
  ],
};

/** `bcdedit`: deleting entries or values, or switching recovery and integrity checks off, changes how the machine boots. */
const BCDEDIT = {
  names: ["bcdedit"],
  service: "bcd",
  cli: { style: "cmd", windows: { value: ["store", "delete", "deletevalue", "set", "import", "export", "enum", "copy", "create", "default", "timeout", "bootsequence", "displayorder"], bool: ["f", "cleanup", "v"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const words = [...m.flags.map((f) => `${f.name} ${f.value ?? ""}`), ...m.rest.map((o) => o.value)].join(" ").toLowerCase();
      if (/\b(recoveryenabled\s+no|bootstatuspolicy\s+ignoreallfailures|nointegritychecks\s+(on|yes)|testsigning\s+(on|yes)|safeboot)\b/.test(words)) return hostChange("boot configuration", "bcdedit /set", true);
      for (const name of ["delete", "deletevalue", "set", "import", "create", "copy", "default", "timeout", "bootsequence", "displayorder"]) if (m.has(name)) return hostChange("boot configuration", `bcdedit /${name}`);
      return eff("read", "host");
    }, [
      ["bcdedit /delete {current}", "write host resource='boot configuration' operation='bcdedit /delete'"],
      ["bcdedit /set {default} recoveryenabled No", "write host defense"],
      ["bcdedit /set {default} bootstatuspolicy ignoreallfailures", "write host defense"],
      ["bcdedit /enum", "read host"],
    ]),
  ],
};

/** PowerShell power, Defender and script-policy cmdlets. */
const PS_HOST_CLI: Cli = {
  style: "powershell",
  windows: {
    value: ["computername", "credential", "executionpolicy", "scope", "exclusionpath", "exclusionprocess", "exclusionextension", "exclusionipaddress", "mapsreporting", "submitsamplesconsent", "enablecontrolledfolderaccess", "puaprotection", "enablenetworkprotection",
      "disablerealtimemonitoring", "disablebehaviormonitoring", "disableioavprotection", "disablescriptscanning", "disableintrusionpreventionsystem", "disableblockatfirstseen", "disablearchivescanning", "disableemailscanning", "disableremovabledrivescanning", "disabletamperprotection", "enabled", "profile", "name", "wait", "timeout", "delay"],
    bool: ["force", "confirm", "whatif", "asjob", "wsmanauthentication", "passthru"],
    aliases: { cn: "computername", wi: "whatif", cf: "confirm" },
  },
  help: { flags: ["?"] },
  dryRun: ["whatif"],
};

const DEFENDER_OFF = ["disablerealtimemonitoring", "disablebehaviormonitoring", "disableioavprotection", "disablescriptscanning", "disableintrusionpreventionsystem", "disableblockatfirstseen", "disablearchivescanning", "disableemailscanning", "disableremovabledrivescanning", "disabletamperprotection"];
const EXCLUSIONS = ["exclusionpath", "exclusionprocess", "exclusionextension", "exclusionipaddress"];

const PS_HOST = {
  names: ["stop-computer", "restart-computer", "set-mppreference", "add-mppreference", "set-executionpolicy", "set-netfirewallprofile", "disable-netadapter"],
  service: "windows-host",
  cli: PS_HOST_CLI,
  rows: [
    row("", (m) => {
      switch (m.ctx.program) {
        case "stop-computer": return hostChange("power", "shutdown");
        case "restart-computer": return hostChange("power", "reboot");
        case "set-executionpolicy": {
          const policy = (m.value("executionpolicy") ?? m.rest[0]?.value ?? "").toLowerCase();
          // `-Scope Process` lasts as long as the one PowerShell process (install scripts do it); anything else stays.
          if ((m.value("scope") ?? "").toLowerCase() === "process") return null;
          return hostChange("script policy", `execution policy ${policy || "change"}`, /^(unrestricted|bypass)$/.test(policy));
        }
        case "set-netfirewallprofile": return hostChange("firewall", "firewall profile", /^(\$?false|0)$/i.test(m.value("enabled") ?? "") || /\$false/i.test(m.flags.find((f) => f.name === "enabled")?.arg.raw ?? ""));
        case "disable-netadapter": return hostChange("network", "disable adapter");
        default: {
          const off = DEFENDER_OFF.some((n) => on(m, n)) || EXCLUSIONS.some((n) => m.flags.some((f) => f.name === n)) || /^0$/.test(m.value("mapsreporting") ?? "");
          return hostChange("antivirus", m.ctx.program, off);
        }
      }
    }, [
      ["Stop-Computer -Force", "write host resource=power operation=shutdown"],
      ["Restart-Computer", "write host operation=reboot"],
      ["Set-MpPreference -DisableRealtimeMonitoring $true", "write host resource=antivirus defense"],
      ["Add-MpPreference -ExclusionPath C:\\Users\\dev", "write host defense"],
      ["Set-MpPreference -DisableRealtimeMonitoring $false", "write host resource=antivirus"],
      ["Set-ExecutionPolicy Unrestricted -Force", "write host resource='script policy' defense"],
      ["Set-ExecutionPolicy -ExecutionPolicy Bypass -Scope CurrentUser", "write host defense"],
      ["Set-ExecutionPolicy Bypass -Scope Process -Force", ""],
      ["Set-ExecutionPolicy RemoteSigned -Scope CurrentUser", "write host resource='script policy'"],
      ["Set-NetFirewallProfile -Profile Domain,Public,Private -Enabled False", "write host resource=firewall defense"],
    ]),
  ],
};

/** Services that protect the machine (Defender, its network inspection and EDR, the firewall, the event log, updates). */
const SECURITY_SERVICES = /^(windefend|wdnissvc|wdfilter|sense|mpssvc|bfe|eventlog|wuauserv|securityhealthservice|wscsvc)$/i;
/** Processes whose end crashes or unguards Windows (killing lsass/csrss/wininit reboots it; MsMpEng is Defender). */
const ESSENTIAL_PROCESSES = /^(lsass|csrss|wininit|winlogon|smss|services|svchost|msmpeng|nissrv|mssense|sshd)(\.exe)?$/i;

/** `sc [\\server] stop|delete|config|pause NAME …`: a service stopped, removed or reconfigured; `query` reads. */
const SC = {
  names: ["sc"],
  service: "windows-services",
  cli: { style: "cmd", windows: {}, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("stop|delete|config|pause|failure|sdset", (m) => {
      const name = m.rest.find((o) => !o.value.startsWith("\\\\"))?.value ?? "";
      return hostChange("service", `sc ${m.path[0]}`, SECURITY_SERVICES.test(name));
    }, [
      ["sc stop WinDefend", "write host resource=service operation='sc stop' defense"],
      ["sc.exe config MpsSvc start= disabled", "write host defense"],
      ["sc delete MyAgentService", "write host operation='sc delete'"],
    ]),
    row("query|queryex|qc|getdisplayname|enumdepend", eff("read", "host"), [["sc query WinDefend", "read host"]]),
  ],
};

/** `netsh advfirewall set … state off`, `netsh firewall set opmode disable`, interface changes; `show` reads. */
const NETSH = {
  names: ["netsh"],
  service: "netsh",
  cli: { style: "cmd", windows: {}, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("advfirewall|firewall|interface|int|wlan|winhttp|routing", (m) => {
      const words = [...m.path, ...m.rest.map((o) => o.value)].map((w) => w.toLowerCase());
      if (words.includes("show") || words.includes("dump")) return eff("read", "host");
      const off = /\bstate off\b|\bopmode (mode=)?disable\b|^advfirewall reset\b/.test(words.join(" "));
      if (words[0] === "advfirewall" || words[0] === "firewall") return words.some((w) => /^(set|add|delete|reset|import)$/.test(w)) ? hostChange("firewall", `netsh ${words.slice(0, 2).join(" ")}`, off) : null;
      return words.some((w) => /^(set|add|delete|reset)$/.test(w)) ? hostChange("network", `netsh ${words[0]}`) : null;
    }, [
      ["netsh advfirewall set allprofiles state off", "write host resource=firewall defense"],
      ["netsh firewall set opmode disable", "write host defense"],
      ["netsh advfirewall firewall add rule name=x dir=in action=allow protocol=TCP localport=4444", "write host resource=firewall"],
      ["netsh interface set interface Ethernet disable", "write host resource=network"],
      ["netsh advfirewall show allprofiles", "read host"],
    ]),
  ],
};

/** `taskkill [/f] /im NAME | /pid N`: only ending a process Windows or its protection needs is a change (a dev server is not). */
const TASKKILL = {
  names: ["taskkill"],
  service: "windows-processes",
  cli: { style: "cmd", windows: { value: ["im", "pid", "fi", "s", "u", "p"], bool: ["f", "t"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const name = m.values("im").find((n) => ESSENTIAL_PROCESSES.test(n));
      return name === undefined ? null : hostChange("processes", `taskkill ${name}`, /^(msmpeng|nissrv|mssense)/i.test(name));
    }, [
      ["taskkill /f /im lsass.exe", "write host resource=processes"],
      ["taskkill /F /IM MsMpEng.exe", "write host defense"],
      ["taskkill /im node.exe /f", ""],
    ]),
  ],
};

/** PowerShell services: `Stop-Service`, `Set-Service -StartupType Disabled|-Status Stopped`, `Remove-Service`. */
const PS_SERVICES = {
  names: ["stop-service", "spsv", "set-service", "remove-service", "suspend-service"],
  service: "windows-services",
  cli: { style: "powershell", windows: { value: ["name", "displayname", "inputobject", "startuptype", "status", "computername"], bool: ["force", "confirm", "whatif", "passthru", "nowait"], aliases: { wi: "whatif", cf: "confirm" } }, help: { flags: ["?"] }, dryRun: ["whatif"] } satisfies Cli,
  rows: [
    row("", (m) => {
      if (m.ctx.program === "set-service" && !/^(disabled|manual)$/i.test(m.value("startuptype") ?? "") && !/^(stopped|paused)$/i.test(m.value("status") ?? "")) return null;
      const names = [...m.values("name", "displayname"), ...m.rest.map((o) => o.value)];
      return hostChange("service", m.ctx.program, names.some((n) => SECURITY_SERVICES.test(n)));
    }, [
      ["Stop-Service -Name WinDefend -Force", "write host resource=service defense"],
      ["Set-Service -Name wuauserv -StartupType Disabled", "write host defense"],
      ["Stop-Service Spooler", "write host operation=stop-service"],
      ["Set-Service -Name MyApp -StartupType Automatic", ""],
    ]),
  ],
};

export const WINDOWS_HOST: Family = { name: "windows-host", programs: [FORMAT, PS_DISKS, DISKPART, BCDEDIT, PS_HOST, SC, NETSH, TASKKILL, PS_SERVICES] };
