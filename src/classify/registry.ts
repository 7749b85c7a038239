// The Windows registry as a namespace of its own (target class
// `windows_registry`): how a key is spelled — reg.exe's `HKLM\SOFTWARE\x` and
// `HKEY_LOCAL_MACHINE\…`, PowerShell's provider paths `HKLM:\…`, `HKCU:`,
// `Registry::HKEY_CURRENT_USER\…` — and what a key is: the machine's or the
// user's, a structural key whose loss breaks Windows or a profile (`total`),
// a key whose values run programs (`persistence`: Run keys, Winlogon, IFEO,
// services, cmd's AutoRun), or one that turns a protection off (`defense`:
// Defender, the firewall, UAC, LSA, logging). A registry key is never a file:
// `Remove-Item HKCU:\Software -Recurse` is not a workspace delete.
// REGISTRY_EXAMPLES beside the tables run in test/classify/registry.test.ts.
import type { Persistence } from "./persistence.js";

export type Hive = "HKLM" | "HKCU" | "HKCR" | "HKU" | "HKCC";

export interface RegistryKey {
  hive: Hive;
  /** The components under the hive, as written (`["SOFTWARE", "Microsoft"]`); a last `*` enumerates the key above it. */
  segs: string[];
  /** `HKLM\SOFTWARE\Microsoft`: short hive name, `\` separators. */
  normalized: string;
}

export interface KeyFacts {
  /** The machine's (HKLM, HKCR, HKU — every profile —, HKCC) or the current user's (HKCU). */
  scope: "machine" | "user";
  /** A hive, or a structural key whose loss breaks Windows or a whole profile (`HKLM\SOFTWARE`, `HKCU\Software\Microsoft`). */
  total: boolean;
  /** Its values run a program later (src/classify/persistence.ts kinds). */
  persistence: Persistence | null;
  /** It holds the settings of a protection (Defender, firewall, UAC, LSA, event logs, script policy). */
  defense: boolean;
  /** Saving or exporting it hands out credentials: the SAM and SECURITY hives, or the whole SYSTEM hive (its boot key decrypts them). */
  secret: boolean;
}

const HIVES: Readonly<Record<string, Hive>> = {
  hklm: "HKLM", hkey_local_machine: "HKLM",
  hkcu: "HKCU", hkey_current_user: "HKCU",
  hkcr: "HKCR", hkey_classes_root: "HKCR",
  hku: "HKU", hkey_users: "HKU",
  hkcc: "HKCC", hkey_current_config: "HKCC",
};

function build(hive: Hive, rest: string): RegistryKey {
  const segs = rest.split(/[\\/]+/).filter((s) => s !== "" && s !== ".");
  return { hive, segs, normalized: [hive, ...segs].join("\\") };
}

/** reg.exe's key argument: `HKLM\SOFTWARE\x`, `HKEY_CURRENT_USER\…`, `\\HOST\HKLM\…` (a remote machine's registry). */
export function parseRegKey(text: string): RegistryKey | null {
  const m = /^(?:\\\\[^\\/]+[\\/])?([A-Za-z_]+)(?:[\\/](.*))?$/s.exec(text.trim());
  const hive = m ? HIVES[m[1].toLowerCase()] : undefined;
  return hive ? build(hive, m![2] ?? "") : null;
}

/**
 * A PowerShell provider path that names the registry: a registry drive
 * (`HKLM:\x`, `HKCU:`, `HKCU:Software` — relative to the drive's root, where a
 * fresh session stands — and the `HKCR:`/`HKU:` drives people map), or the
 * provider-qualified form `Registry::HKEY_LOCAL_MACHINE\x` (also with the
 * `Microsoft.PowerShell.Core\` module prefix). Null for anything else.
 */
export function parseProviderKey(text: string): RegistryKey | null {
  const t = text.trim();
  const q = /^(?:Microsoft\.PowerShell\.Core\\)?Registry::(.*)$/is.exec(t);
  if (q) return parseRegKey(q[1]);
  const d = /^(HK[A-Za-z_]*):(.*)$/is.exec(t);
  const hive = d ? HIVES[d[1].toLowerCase()] : undefined;
  return hive ? build(hive, d![2]) : null;
}

/** Does the text look like a registry provider path (so the path table hands it here)? */
export function isProviderPath(text: string): boolean {
  return /^(HK[A-Za-z_]*:|(?:Microsoft\.PowerShell\.Core\\)?Registry::)/i.test(text.trim());
}

// ── what a key is ────────────────────────────────────────────────────────
// Paths are under the hive, `\`-separated, matched case-insensitively; `*` is
// one component; a trailing `\**` covers everything under a key.

/** Keys whose loss breaks Windows or a whole profile; every ancestor of one is a hive or listed too. */
const STRUCTURAL: Readonly<Record<Hive, readonly string[]>> = {
  HKLM: ["*", "SOFTWARE\\Microsoft", "SOFTWARE\\Classes", "SOFTWARE\\Policies", "SOFTWARE\\WOW6432Node", "SOFTWARE\\WOW6432Node\\Microsoft",
    "SOFTWARE\\Microsoft\\Windows", "SOFTWARE\\Microsoft\\Windows NT", "SOFTWARE\\Microsoft\\Windows\\CurrentVersion",
    "SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion", "SYSTEM\\CurrentControlSet", "SYSTEM\\ControlSet*", "SYSTEM\\Setup",
    "SYSTEM\\MountedDevices", "SYSTEM\\CurrentControlSet\\Services", "SYSTEM\\CurrentControlSet\\Control", "SYSTEM\\ControlSet*\\Services",
    "SYSTEM\\ControlSet*\\Control"],
  HKCU: ["*", "Software\\Microsoft", "Software\\Classes", "Software\\Policies", "Software\\Microsoft\\Windows",
    "Software\\Microsoft\\Windows\\CurrentVersion"],
  HKU: ["*", "*\\Software", "*\\Software\\Microsoft"],
  HKCR: ["CLSID", "Interface", "TypeLib", "AppID", "exefile", "batfile", "cmdfile", "Directory", "Folder"],
  HKCC: ["*"],
};

/** Keys whose values Windows runs (or loads) at logon, at boot or on every launch of something. */
const PERSISTENCE_KEYS: ReadonlyArray<readonly [Persistence, string]> = [
  ...["Run", "RunOnce", "RunOnceEx", "RunServices", "RunServicesOnce", "Policies\\Explorer\\Run", "Explorer\\Shell Folders", "Explorer\\User Shell Folders"]
    .flatMap((k) => [`Software\\Microsoft\\Windows\\CurrentVersion\\${k}`, `Software\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\${k}`])
    .map((k) => ["service", `${k}\\**`] as const),
  ...["Winlogon", "Image File Execution Options", "SilentProcessExit", "Windows"]
    .flatMap((k) => [`Software\\Microsoft\\Windows NT\\CurrentVersion\\${k}`, `Software\\WOW6432Node\\Microsoft\\Windows NT\\CurrentVersion\\${k}`])
    .map((k) => ["service", `${k}\\**`] as const),
  ["service", "Software\\Microsoft\\Active Setup\\Installed Components\\**"],
  ["service", "SYSTEM\\CurrentControlSet\\Services\\*\\**"],
  ["service", "SYSTEM\\ControlSet*\\Services\\*\\**"],
  ["service", "SYSTEM\\CurrentControlSet\\Control\\Session Manager\\**"],
  ["service", "Software\\Classes\\*\\shell\\*\\command\\**"], // HKCR\exefile\shell\open\command too (below)
  ["service", "Environment\\**"], // UserInitMprLogonScript
  ["shell_startup", "Software\\Microsoft\\Command Processor\\**"], // cmd.exe's AutoRun
  ["scheduler", "Software\\Microsoft\\Windows NT\\CurrentVersion\\Schedule\\TaskCache\\**"],
];

/** Keys that hold a protection's settings: antivirus, firewall, UAC, credential protection, logging, script policy. */
const DEFENSE_KEYS: readonly string[] = [
  "Software\\Policies\\Microsoft\\Windows Defender\\**", "Software\\Microsoft\\Windows Defender\\**",
  "Software\\Policies\\Microsoft\\Windows Advanced Threat Protection\\**", "Software\\Policies\\Microsoft\\WindowsFirewall\\**",
  "Software\\Microsoft\\Windows\\CurrentVersion\\Policies\\System\\**", "Software\\Policies\\Microsoft\\Windows\\PowerShell\\**",
  "Software\\Microsoft\\PowerShell\\*\\ShellIds\\**", "Software\\Microsoft\\AMSI\\**", "Software\\Policies\\Microsoft\\Windows\\WindowsUpdate\\**",
  "Software\\Microsoft\\Windows\\CurrentVersion\\WINEVT\\**", "Software\\Policies\\Microsoft\\Windows\\EventLog\\**",
  "SYSTEM\\CurrentControlSet\\Control\\Lsa\\**", "SYSTEM\\CurrentControlSet\\Control\\SecurityProviders\\**",
  "SYSTEM\\CurrentControlSet\\Control\\DeviceGuard\\**", "SYSTEM\\CurrentControlSet\\Control\\Terminal Server\\**",
  "SYSTEM\\CurrentControlSet\\Services\\SharedAccess\\**", "SYSTEM\\CurrentControlSet\\Services\\EventLog\\**",
  ...["WinDefend", "Sense", "WdBoot", "WdFilter", "WdNisSvc", "WdNisDrv", "SecurityHealthService", "wscsvc", "mpssvc", "BFE"].map((s) => `SYSTEM\\CurrentControlSet\\Services\\${s}\\**`),
];

interface Pattern {
  parts: string[];
  /** Ends with `**`: the key and everything under it. */
  deep: boolean;
}

const compile = (p: string): Pattern => {
  const parts = p.toLowerCase().split("\\");
  const deep = parts[parts.length - 1] === "**";
  return { parts: deep ? parts.slice(0, -1) : parts, deep };
};

const part = (pat: string, seg: string): boolean =>
  pat === "*" || pat === seg || (pat.endsWith("*") && seg.startsWith(pat.slice(0, -1)));

function matches(p: Pattern, segs: readonly string[]): boolean {
  if (p.deep ? segs.length < p.parts.length : segs.length !== p.parts.length) return false;
  return p.parts.every((x, i) => part(x, segs[i]!));
}

const STRUCTURAL_COMPILED = Object.fromEntries(Object.entries(STRUCTURAL).map(([h, ps]) => [h, ps.map(compile)])) as Record<Hive, Pattern[]>;
const PERSISTENCE_COMPILED = PERSISTENCE_KEYS.map(([kind, p]) => [kind, compile(p)] as const);
const DEFENSE_COMPILED = DEFENSE_KEYS.map(compile);

/** What a key is. A last component that enumerates (`*`) stands for the key above it: all its subkeys. */
export function keyFacts(key: RegistryKey): KeyFacts {
  let segs = key.segs.map((s) => s.toLowerCase());
  if (segs.length > 0 && /^\*+$/.test(segs[segs.length - 1]!)) segs = segs.slice(0, -1);
  const total = segs.length === 0 || STRUCTURAL_COMPILED[key.hive].some((p) => matches(p, segs));
  // HKCR is the classes of HKLM\SOFTWARE\Classes merged with HKCU's; HKU\<sid> is a user's HKCU.
  const underRoot = key.hive === "HKCR" ? ["software", "classes", ...segs] : key.hive === "HKU" ? segs.slice(1) : segs;
  const persistence = PERSISTENCE_COMPILED.find(([, p]) => matches(p, underRoot))?.[0] ?? null;
  const defense = DEFENSE_COMPILED.some((p) => matches(p, underRoot));
  const secret = key.hive === "HKLM" && (segs.length === 0 || segs[0] === "sam" || segs[0] === "security" || (segs[0] === "system" && segs.length === 1));
  return { scope: key.hive === "HKCU" ? "user" : "machine", total, persistence, defense, secret };
}

/**
 * The attrs a registry effect carries: `scope` always; `total` on a delete of
 * a structural key itself (not of one of its values: `value`); `defense` when
 * the key holds a protection's settings; `persistence` when its values run
 * programs (also for deletes: removing an autorun is the same kind of change).
 */
export function registryAttrs(key: RegistryKey, verb: string, value = false): Record<string, string | boolean> {
  const f = keyFacts(key);
  const out: Record<string, string | boolean> = { scope: f.scope };
  if (verb === "delete" && f.total && !value) out.total = true;
  if (f.defense) out.defense = true;
  if (f.persistence !== null && (verb === "write" || verb === "delete")) out.persistence = f.persistence;
  return out;
}

/** Examples: `[key as written, normalized, facts]` (a test runs them). */
export const REGISTRY_EXAMPLES: ReadonlyArray<readonly [string, string | null, Partial<KeyFacts>]> = [
  ["HKLM\\SOFTWARE", "HKLM\\SOFTWARE", { scope: "machine", total: true }],
  ["HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services", "HKLM\\SYSTEM\\CurrentControlSet\\Services", { total: true }],
  ["HKLM:\\SOFTWARE\\Microsoft", "HKLM\\SOFTWARE\\Microsoft", { total: true }],
  ["HKCU:", "HKCU", { scope: "user", total: true }],
  ["HKCU:\\Software", "HKCU\\Software", { total: true }],
  ["Registry::HKEY_CURRENT_USER\\Software\\Microsoft\\Windows", "HKCU\\Software\\Microsoft\\Windows", { total: true }],
  ["HKLM:\\SOFTWARE\\*", "HKLM\\SOFTWARE\\*", { total: true }],
  ["HKCU\\Software\\MyApp", "HKCU\\Software\\MyApp", { scope: "user", total: false, persistence: null, defense: false }],
  ["HKLM\\SOFTWARE\\Vendor\\Tool", "HKLM\\SOFTWARE\\Vendor\\Tool", { scope: "machine", total: false }],
  ["HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run", "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run", { persistence: "service", total: false }],
  ["HKLM:\\Software\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\RunOnce", "HKLM\\Software\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\RunOnce", { persistence: "service" }],
  ["HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Image File Execution Options\\sethc.exe", "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Image File Execution Options\\sethc.exe", { persistence: "service" }],
  ["HKLM\\SYSTEM\\CurrentControlSet\\Services\\EvilSvc", "HKLM\\SYSTEM\\CurrentControlSet\\Services\\EvilSvc", { persistence: "service", total: false }],
  ["HKCU\\Software\\Microsoft\\Command Processor", "HKCU\\Software\\Microsoft\\Command Processor", { persistence: "shell_startup" }],
  ["HKCU\\Software\\Classes\\ms-settings\\shell\\open\\command", "HKCU\\Software\\Classes\\ms-settings\\shell\\open\\command", { persistence: "service" }],
  ["HKCR\\exefile\\shell\\open\\command", "HKCR\\exefile\\shell\\open\\command", { persistence: "service" }],
  ["HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender", "HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender", { defense: true, total: false }],
  ["HKLM\\SYSTEM\\CurrentControlSet\\Control\\SecurityProviders\\WDigest", "HKLM\\SYSTEM\\CurrentControlSet\\Control\\SecurityProviders\\WDigest", { defense: true }],
  ["HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System", "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System", { defense: true }],
  ["\\\\fileserver\\HKLM\\SOFTWARE", "HKLM\\SOFTWARE", { total: true }],
  ["HKU\\S-1-5-21-1\\Software\\Microsoft\\Windows\\CurrentVersion\\Run", "HKU\\S-1-5-21-1\\Software\\Microsoft\\Windows\\CurrentVersion\\Run", { scope: "machine", persistence: "service" }],
  ["Software\\MyApp", null, {}],
  ["HKLM", "HKLM", { total: true, secret: true }],
  ["HKLM\\SAM", "HKLM\\SAM", { total: true, secret: true }],
  ["HKLM\\SYSTEM\\CurrentControlSet\\Services\\Tcpip", "HKLM\\SYSTEM\\CurrentControlSet\\Services\\Tcpip", { secret: false }],
];
