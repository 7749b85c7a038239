// The Windows registry: reg.exe, regedit's silent import, and the PowerShell
// item-property cmdlets. Keys are `× windows_registry` (src/classify/registry.ts
// says what a key is): reading is `read`; adding or changing a value, importing,
// restoring or loading a hive is `write`; deleting a key (with everything
// under it) or a value is `delete`. Attrs: `scope` (`machine` | `user`),
// `total` (a structural key deleted: denied by winreg.wipe), `persistence`
// (Run keys, Winlogon, IFEO, services: persist.autorun), `defense` (Defender,
// firewall, UAC, LSA: host.defense_off), `registry_value` (the value a
// command names). Saving or exporting the SAM or SECURITY hive reads
// credentials (`read × secret_file`, secret.read). PowerShell's `Remove-Item`,
// `New-Item`, `Set-Item` on `HKLM:\…` paths get the class from the path table.
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { windowsWordValue, type Arg } from "../../programs/args.js";
import type { ParsedOperand } from "../../programs/options.js";
import { parseProviderKey, parseRegKey, registryAttrs, keyFacts, type RegistryKey } from "../../registry.js";
import { emitPath, gap, type Attrs } from "../common.js";
import { eff, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

/** A key operand: the key it names, or null when it is built at run time (then: shape 8, and the machine's registry is assumed). */
function keyOf(m: Match, op: ParsedOperand | undefined): { key: RegistryKey | null; text: string } | null {
  if (!op) return null;
  const text = windowsWordValue(op.arg);
  const dynamic = op.arg.subst || op.arg.vars.length > 0 || /%[A-Za-z_][\w()]*%/.test(text);
  if (dynamic) {
    gap(m.ctx, GAP_SHAPE.NON_LITERAL_OPERAND, `non-literal registry key ${op.arg.raw} of ${m.ctx.program}`);
    return { key: null, text };
  }
  return { key: parseRegKey(text) ?? parseProviderKey(text), text };
}

/** `verb × windows_registry` on a key (its facts as attrs), recorded among the paths. */
function keyEffect(m: Match, verb: "read" | "write" | "delete", k: { key: RegistryKey | null; text: string } | null, extra: Attrs = {}): EffectSpec[] {
  if (k === null) return [];
  const value = extra.registry_value !== undefined;
  const attrs: Attrs = k.key ? { ...registryAttrs(k.key, verb, value), target: k.key.normalized } : { scope: "machine", target: k.text };
  m.ctx.out.path(k.key?.normalized ?? k.text, "windows_registry", null);
  return [eff(verb, "windows_registry", { ...attrs, ...extra })];
}

/** Saving or exporting a hive that holds credentials is a secret read. */
function credentialRead(k: { key: RegistryKey | null } | null): EffectSpec[] {
  return k?.key && keyFacts(k.key).secret ? [eff("read", "secret_file", { target: k.key.normalized })] : [];
}

/** A file operand of reg save/export/import/restore/load. */
function fileEffect(m: Match, verb: "read" | "write", op: ParsedOperand | undefined): void {
  if (op) emitPath(m.ctx, verb, windowsWordValue(op.arg), op.arg, verb === "write" ? "mutate" : "plain", m.base);
}

// `/s` separates fields for `reg add` and means "all subkeys" for query/copy; `/f` is force (add/delete) or a
// search for query. Only their presence matters here, so they are switches.
const REG_CLI: Cli = {
  style: "cmd",
  windows: { value: ["v", "t", "d", "se", "reg"], bool: ["ve", "va", "f", "s", "c", "k", "e", "oc", "od", "os", "on", "y", "z", "x"] },
  help: { flags: ["?"] },
};

const REG = {
  names: ["reg"],
  service: "reg",
  cli: REG_CLI,
  rows: [
    row("query|compare", (m) => keyEffect(m, "read", keyOf(m, m.rest[0])), [
      ["reg query HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run", "read windows_registry scope=machine"],
      ["reg query HKCU\\Environment /v Path", "read windows_registry scope=user"],
    ]),
    row("add", (m) => keyEffect(m, "write", keyOf(m, m.rest[0]), m.value("v") !== null ? { registry_value: m.value("v")! } : {}), [
      ["reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v zz /d \"cmd /c evil.bat\" /f", "write windows_registry scope=user persistence=service registry_value=zz"],
      ["reg add HKLM\\SYSTEM\\CurrentControlSet\\Control\\FileSystem /v LongPathsEnabled /t REG_DWORD /d 1 /f", "write windows_registry scope=machine"],
      ["reg add \"HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender\" /v DisableAntiSpyware /t REG_DWORD /d 1 /f", "write windows_registry defense"],
      ["reg add HKCU\\Software\\MyTool /v Theme /d dark /f", "write windows_registry scope=user"],
    ]),
    row("delete", (m) => {
      const named = m.value("v");
      const extra: Attrs = named !== null ? { registry_value: named } : m.has("va") ? { registry_value: "*" } : m.has("ve") ? { registry_value: "" } : { recursive: true };
      return keyEffect(m, "delete", keyOf(m, m.rest[0]), { ...extra, force: m.has("f") });
    }, [
      ["reg delete HKLM\\SOFTWARE /f", "delete windows_registry scope=machine total recursive force"],
      ["reg delete HKCU\\Software\\MyTool /f", "delete windows_registry scope=user recursive"],
      ["reg delete HKLM\\SOFTWARE /v Stale /f", "delete windows_registry registry_value=Stale"],
      ["reg delete \\\\srv\\HKLM\\SYSTEM\\CurrentControlSet /f", "delete windows_registry total"],
    ]),
    row("copy", (m) => [...keyEffect(m, "read", keyOf(m, m.rest[0])), ...keyEffect(m, "write", keyOf(m, m.rest[1]))], [
      ["reg copy HKCU\\Software\\A HKCU\\Software\\B /s /f", "read windows_registry; write windows_registry scope=user"],
    ]),
    row("save|export", (m) => {
      const k = keyOf(m, m.rest[0]);
      fileEffect(m, "write", m.rest[1]);
      return [...keyEffect(m, "read", k), ...credentialRead(k)];
    }, [
      ["reg save HKLM\\SAM C:\\Users\\Public\\sam.hiv", "read windows_registry; read secret_file; write external_path"],
      ["reg export HKCU\\Software\\MyTool mytool.reg", "read windows_registry scope=user; write workspace_file"],
    ]),
    row("import", (m) => {
      fileEffect(m, "read", m.rest[0]);
      // The keys are in the file: whose registry they change is not known here.
      return [eff("write", "windows_registry", { scope: "machine", target: m.rest[0]?.value ?? "a .reg file" })];
    }, [["reg import settings.reg", "write windows_registry scope=machine; read workspace_file"]]),
    row("restore|load", (m) => {
      fileEffect(m, "read", m.rest[1]);
      return keyEffect(m, "write", keyOf(m, m.rest[0]), { operation: m.path[0]! });
    }, [["reg restore HKLM\\SOFTWARE C:\\backup\\software.hiv", "write windows_registry scope=machine; read external_path"], ["reg load HKLM\\Mounted C:\\x\\NTUSER.DAT", "write windows_registry; read external_path"]]),
    // Only HKLM and HKU hold loaded hives.
    row("unload|flags", eff("write", "windows_registry", { scope: "machine" }), [["reg unload HKLM\\Mounted", "write windows_registry scope=machine"]]),
  ],
};

/** `regedit /s file.reg` (silent import) and `regedit file.reg` merge a file into the registry. */
const REGEDIT = {
  names: ["regedit", "regedt32", "regini"],
  service: "regedit",
  cli: { style: "cmd", windows: { value: ["e", "a"], bool: ["s", "m", "c"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      if (m.has("e") || m.has("a")) {
        fileEffect(m, "write", { value: m.value("e") ?? m.value("a")!, index: -1, arg: m.flags.find((f) => f.name === "e" || f.name === "a")!.arg });
        return keyEffect(m, "read", keyOf(m, m.rest[0]));
      }
      if (m.rest.length === 0) return [];
      for (const op of m.rest) fileEffect(m, "read", op);
      return [eff("write", "windows_registry", { scope: "machine", target: m.rest.map((o) => o.value).join(" ") })];
    }, [
      ["regedit /s evil.reg", "write windows_registry scope=machine; read workspace_file"],
      ["regedit /e backup.reg HKCU\\Software\\MyTool", "read windows_registry; write workspace_file"],
      ["regedit", ""],
    ]),
  ],
};

/**
 * The PowerShell item-property cmdlets: `[-Path] P [-Name] N [-Value] V`.
 * On a registry path they change a key's values; on a file, its properties.
 */
const ITEM_PROPERTY_CLI: Cli = {
  style: "powershell",
  windows: {
    value: ["path", "literalpath", "name", "value", "propertytype", "type", "filter", "include", "exclude", "credential", "destination", "newname"],
    bool: ["force", "passthru", "whatif", "confirm", "usetransaction"],
    aliases: { pspath: "literalpath", lp: "literalpath", wi: "whatif", cf: "confirm" },
  },
  help: { flags: ["?"] },
  dryRun: ["whatif"],
};

/** The paths a cmdlet's `-Path`/`-LiteralPath` (or first positional) name; a comma separates several. */
export function cmdletPaths(m: Match): Array<{ value: string; arg: Arg }> {
  const named = m.flags.filter((f) => (f.name === "path" || f.name === "literalpath") && f.value !== null);
  const words = named.length ? named.map((f) => f.arg) : m.rest.slice(0, 1).map((o) => o.arg);
  return words.flatMap((a) => windowsWordValue(a).split(",").map((v) => ({ value: v.trim(), arg: a })));
}

function itemProperty(verb: "write" | "delete") {
  return (m: Match): EffectSpec[] => {
    const name = m.value("name") ?? m.rest[1]?.value ?? null;
    const extra: Attrs = { ...m.base, ...(name !== null ? { registry_value: name } : {}) };
    for (const p of cmdletPaths(m)) emitPath(m.ctx, verb, p.value, p.arg, "mutate", extra);
    return [];
  };
}

const ITEM_PROPERTY = {
  names: ["set-itemproperty", "sp", "new-itemproperty", "clear-itemproperty", "clp", "rename-itemproperty", "rnp", "copy-itemproperty", "cpp", "move-itemproperty", "mp"],
  service: "powershell",
  cli: ITEM_PROPERTY_CLI,
  rows: [
    row("", itemProperty("write"), [
      ["Set-ItemProperty -Path 'HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run' -Name zz -Value 'evil.exe'", "write windows_registry scope=user persistence=service registry_value=zz"],
      ["New-ItemProperty -Path HKLM:\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System -Name EnableLUA -Value 0 -Force", "write windows_registry defense"],
      ["Set-ItemProperty HKCU:\\Software\\MyTool Theme dark", "write windows_registry scope=user"],
      ["Set-ItemProperty -Path .\\notes.txt -Name IsReadOnly -Value $true", "write workspace_file"],
      ["Set-ItemProperty -Path HKCU:\\Software\\MyTool -Name Theme -Value dark -WhatIf", "read windows_registry dry_run"],
    ]),
  ],
};

const REMOVE_ITEM_PROPERTY = {
  names: ["remove-itemproperty", "rp"],
  service: "powershell",
  cli: ITEM_PROPERTY_CLI,
  rows: [
    row("", itemProperty("delete"), [
      ["Remove-ItemProperty -Path HKLM:\\SOFTWARE -Name Setup", "delete windows_registry scope=machine registry_value=Setup"],
      ["Remove-ItemProperty 'HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run' OneDrive", "delete windows_registry persistence=service"],
    ]),
  ],
};

export const WINDOWS_REGISTRY: Family = { name: "windows-registry", programs: [REG, REGEDIT, ITEM_PROPERTY, REMOVE_ITEM_PROPERTY] };
