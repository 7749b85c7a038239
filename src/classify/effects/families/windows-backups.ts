// Windows' own backups: Volume Shadow Copies (what System Restore, "previous
// versions" and most Windows backup tools keep), Windows Server Backup's
// catalog and versions, System Restore, File History and Hyper-V checkpoints.
// Deleting every shadow copy, the backup catalog or every version is
// `destroy × backup {total}` — ransomware's first step, and backup.wipe
// denies it; deleting some (one shadow, the oldest, versions beyond N,
// shrinking shadow storage so Windows purges them) is `delete × backup`
// (backup.delete asks); turning a backup schedule off is `write × backup
// {operation: "backup schedule update"}`. Listing is a read.
import { eff, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";
import { PS_WMI_CLI, WMIC_CLI, wmicVerb, wmiTarget } from "./windows-clis.js";

const wipe = (operation: string): EffectSpec => eff("destroy", "backup", { total: true, operation });
const some = (operation: string): EffectSpec => eff("delete", "backup", { operation });

const VSSADMIN = {
  names: ["vssadmin"],
  service: "vss",
  cli: { style: "cmd", windows: { value: ["for", "on", "shadow", "maxsize", "type", "autoretry"], bool: ["all", "oldest", "quiet"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("delete shadows", (m) => (m.has("all") ? wipe("delete shadows") : some("delete shadows")), [
      ["vssadmin delete shadows /all /quiet", "destroy backup total"],
      ["vssadmin.exe Delete Shadows /All /Quiet", "destroy backup total"],
      ["vssadmin delete shadows /for=C: /all", "destroy backup total"],
      ["vssadmin delete shadows /for=C: /oldest", "delete backup"],
      ["vssadmin delete shadows /shadow={c5946237-af12-3f23-af80-51aadb3b20d5}", "delete backup"],
    ]),
    row("delete shadowstorage", wipe("delete shadowstorage"), [["vssadmin delete shadowstorage /for=C: /on=D:", "destroy backup total"]]),
    // Shrinking the storage makes Windows delete the shadows that no longer fit; UNBOUNDED only grows it.
    row("resize shadowstorage", (m) => (/^unbounded$/i.test(m.value("maxsize") ?? "") ? null : some("resize shadowstorage")), [
      ["vssadmin resize shadowstorage /for=C: /on=C: /maxsize=401MB", "delete backup operation='resize shadowstorage'"],
      ["vssadmin resize shadowstorage /for=C: /on=C: /maxsize=UNBOUNDED", ""],
    ]),
    row("list", eff("read", "backup"), [["vssadmin list shadows", "read backup"], ["vssadmin list writers", "read backup"]]),
    // Creating a shadow copy loses nothing.
    row("create|add", () => null, [["vssadmin create shadow /for=C:", ""]]),
  ],
};

/** `wmic [globals] shadowcopy [where …] delete|list|get`. */
const WMIC_SHADOWS = {
  names: ["wmic"],
  service: "vss",
  cli: WMIC_CLI,
  rows: [
    row("shadowcopy", (m: Match) => {
      const verb = wmicVerb(m);
      if (verb === "delete") return m.rest.some((o) => /^where$/i.test(o.value)) ? some("shadowcopy delete") : wipe("shadowcopy delete");
      return verb === "list" || verb === "get" ? eff("read", "backup") : null;
    }, [
      ["wmic shadowcopy delete", "destroy backup total"],
      ["wmic.exe /nointeractive shadowcopy delete", "destroy backup total"],
      ["wmic /node:fileserver shadowcopy delete /nointeractive", "destroy backup total"],
      ["wmic shadowcopy where \"ID='{1C8B6E26-9C5C-4B65-9B5E-4CF2C5C4E3F1}'\" delete", "delete backup"],
      ["wmic shadowcopy list brief", "read backup"],
    ]),
  ],
};

/** Windows Server Backup: `wbadmin delete catalog|backup|systemstatebackup`, `-name:value` options. */
const WBADMIN = {
  names: ["wbadmin"],
  service: "wbadmin",
  cli: { style: "cmd", windows: { value: ["keepversions", "version", "backuptarget", "machine", "items", "include", "exclude"], bool: ["quiet", "deleteoldest"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("delete catalog", wipe("delete catalog"), [["wbadmin delete catalog -quiet", "destroy backup total"], ["wbadmin DELETE CATALOG", "destroy backup total"]]),
    row("delete systemstatebackup|backup", (m) => (m.value("keepversions") === "0" ? wipe(`delete ${m.path[1]}`) : some(`delete ${m.path[1]}`)), [
      ["wbadmin delete systemstatebackup -keepVersions:0 -quiet", "destroy backup total"],
      ["wbadmin delete backup -keepVersions:3", "delete backup"],
      ["wbadmin delete systemstatebackup -deleteOldest", "delete backup"],
    ]),
    row("disable backup", eff("write", "backup", { operation: "backup schedule update" }), [["wbadmin disable backup -quiet", "write backup operation='backup schedule update'"]]),
    row("get", eff("read", "backup"), [["wbadmin get versions", "read backup"]]),
  ],
};

/** PowerShell: System Restore, Windows Server Backup, Hyper-V checkpoints. */
const PS_BACKUP_CLI: Cli = {
  style: "powershell",
  windows: { value: ["drive", "vmname", "name", "vm", "backuptarget", "keepversions", "policy", "computername"], bool: ["force", "includeallchildsnapshots", "whatif", "confirm", "passthru"], aliases: { wi: "whatif", cf: "confirm" } },
  help: { flags: ["?"] },
  dryRun: ["whatif"],
};

const PS_BACKUP = {
  names: ["disable-computerrestore", "remove-wbbackupset", "remove-wbpolicy", "remove-vmsnapshot", "remove-vmcheckpoint"],
  service: "windows-backup",
  cli: PS_BACKUP_CLI,
  rows: [
    row("", (m) => {
      switch (m.ctx.program) {
        // Turning System Restore off deletes the drive's restore points.
        case "disable-computerrestore": return wipe("disable system restore");
        case "remove-wbpolicy": return eff("write", "backup", { operation: "backup schedule update" });
        case "remove-wbbackupset": return m.value("keepversions") === "0" ? wipe("remove backup set") : some("remove backup set");
        default: return some("remove checkpoint");
      }
    }, [
      ["Disable-ComputerRestore -Drive 'C:\\'", "destroy backup total"],
      ["Remove-WBBackupSet -KeepVersions 0 -Force", "destroy backup total"],
      ["Remove-WBPolicy -All -Force", "write backup"],
      ["Remove-VMSnapshot -VMName build01 -Name nightly", "delete backup"],
      ["Get-VM build01 | Remove-VMCheckpoint -IncludeAllChildSnapshots", "delete backup"],
      ["Disable-ComputerRestore -Drive 'C:\\' -WhatIf", "read backup dry_run"],
    ]),
  ],
};

/** `Get-CimInstance Win32_ShadowCopy | Remove-CimInstance` (and the WMI cmdlets' `-Query`/`-ClassName` forms) removes shadow copies. */
const WMI_SHADOWS = {
  names: ["remove-ciminstance", "remove-wmiobject", "rwmi"],
  service: "vss",
  cli: PS_WMI_CLI,
  rows: [
    row("", (m) => {
      const t = wmiTarget(m);
      if (t?.cls !== "win32_shadowcopy") return null;
      return t.filtered ? some("remove shadow copy") : wipe("remove shadow copies");
    }, [
      ["Get-CimInstance Win32_ShadowCopy | Remove-CimInstance", "destroy backup total"],
      ["gwmi -Class win32_shadowcopy | rwmi", "destroy backup total"],
      ["Get-CimInstance -Query 'SELECT * FROM Win32_ShadowCopy' | Remove-CimInstance -Confirm:$false", "destroy backup total"],
      ["Get-CimInstance Win32_ShadowCopy -Filter \"ID='{1C8B}'\" | Remove-CimInstance", "delete backup"],
      ["Get-CimInstance Win32_ShadowCopy | Remove-CimInstance -WhatIf", "read backup dry_run"],
    ]),
  ],
};

/** File History: `fhmanagew -cleanup N` deletes file versions older than N days. */
const FILE_HISTORY = {
  names: ["fhmanagew"],
  service: "file-history",
  cli: { style: "cmd", windows: { value: ["cleanup"], bool: ["quiet"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [row("", (m) => (m.value("cleanup") !== null ? some("file history cleanup") : null), [["fhmanagew.exe -cleanup 0 -quiet", "delete backup"]])],
};

export const WINDOWS_BACKUPS: Family = { name: "windows-backups", programs: [VSSADMIN, WMIC_SHADOWS, WMI_SHADOWS, WBADMIN, PS_BACKUP, FILE_HISTORY] };
