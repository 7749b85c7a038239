// Windows file tools whose effects are on paths (the path table places them,
// `C:\…`, `%USERPROFILE%` and `$env:` forms included): copies and mirrors
// (`robocopy /MIR` deletes in the destination whatever the source lacks — a
// mirror of an empty directory empties the target, like `rsync --delete`),
// ownership and ACL changes (`takeown /r`, `icacls /grant … /t`: metadata
// writes, recursive with `/r` or `/t`; a grant to everyone carries
// `loosens`), EFS (`cipher /e|/d` rewrite files, `cipher /x` exports the
// user's EFS key) and the Recycle Bin (`Clear-RecycleBin` deletes what it
// holds for good). The path table's classes decide the rule (fs.wipe,
// fs.chmod_root, fs.system_write, fs.delete_outside_workspace).
import type { Arg } from "../../programs/args.js";
import type { ParsedOperand } from "../../programs/options.js";
import { emitPath, type Attrs } from "../common.js";
import { eff, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

/** Emit `verb × class(path)` for a Windows path operand. */
function onPath(m: Match, verb: "read" | "write" | "delete", op: { value: string; arg: Arg } | undefined, extra: Attrs = {}, names = false): void {
  if (!op) return;
  const value = op.value;
  emitPath(m.ctx, verb, value, op.arg, verb === "read" ? "plain" : "mutate", { ...m.base, ...extra }, value, names);
}

const ROBOCOPY_SWITCHES = [
  "s", "e", "z", "b", "zb", "j", "efsraw", "copyall", "nocopy", "secfix", "timfix", "purge", "mir", "mov", "move", "create", "fat", "256", "a", "m",
  "xc", "xn", "xo", "xx", "xl", "is", "it", "xj", "xjd", "xjf", "l", "x", "v", "ts", "fp", "bytes", "ns", "nc", "nfl", "ndl", "np", "eta", "tee", "njh",
  "njs", "unicode", "quit", "nosd", "nodd", "if", "sec", "dst", "sl", "nooffload", "compress", "sparse", "im", "xf", "xd", "r", "w", "mt", "lev",
  "copy", "dcopy", "a+", "a-", "ia", "xa", "minage", "maxage", "minlad", "maxlad", "min", "max", "log", "log+", "unilog", "unilog+", "job", "save",
  "rh", "pf", "ipg", "mon", "mot", "reg", "tbd", "lfsm", "zb", "nodcopy", "noclone", "iomaxsize", "iorate", "threshold",
];

/** `robocopy SRC DST [files…] [options]`: `/MIR` and `/PURGE` delete in DST, `/MOV` and `/MOVE` delete the sources, `/L` only lists. */
const ROBOCOPY = {
  names: ["robocopy"],
  service: "robocopy",
  cli: { style: "cmd", windows: { bool: ROBOCOPY_SWITCHES }, help: { flags: ["?"] }, dryRun: ["l"] } satisfies Cli,
  rows: [
    row("", (m) => {
      const [src, dst] = m.rest;
      if (!src || !dst) return [];
      const tree = m.has("s") || m.has("e") || m.has("mir") || m.has("move");
      onPath(m, "read", src);
      onPath(m, "write", dst, { recursive: tree });
      if (m.has("mir") || m.has("purge")) onPath(m, "delete", dst, { recursive: true, force: true, sync_delete: true });
      if (m.has("mov") || m.has("move")) onPath(m, "delete", src, { recursive: m.has("move") || tree, force: false });
      return [];
    }, [
      ["robocopy C:\\empty C:\\Users\\dev /MIR", "read external_path; write external_path; delete external_path recursive sync_delete"],
      ["robocopy empty %USERPROFILE% /MIR", "read workspace_file; write home_dir; delete home_dir recursive"],
      ["robocopy emptydir . /PURGE", "read workspace_file; write workspace_root; delete workspace_root recursive"],
      ["robocopy src dist /E /NFL /NDL", "read workspace_file; write workspace_file"],
      ["robocopy build C:\\Deploy\\site /MIR /L", "read workspace_file; read external_path dry_run would=delete"],
      ["robocopy C:\\Users\\dev\\Documents D:\\Backup /MOVE /E", "read external_path; write external_path; delete external_path recursive"],
    ]),
  ],
};

/** cmd.exe `copy`/`xcopy` SRC… DST and `move` SRC DST (PowerShell's `copy`/`move` are Copy-Item/Move-Item: `-Destination`). */
function copyMove(verb: "read" | "delete") {
  return (m: Match): EffectSpec[] => {
    const dstFlag = m.flags.find((f) => f.name === "destination" && f.value !== null);
    const ops: ParsedOperand[] = m.rest.filter((o) => !/^\+$/.test(o.value));
    const dst = dstFlag ? { value: dstFlag.value!, arg: dstFlag.arg } : ops.length >= 2 ? ops[ops.length - 1] : undefined;
    const srcs = dstFlag ? ops : ops.slice(0, -1);
    const recursive = m.has("s") || m.has("e") || m.has("recurse");
    onPath(m, "write", dst, { recursive });
    for (const s of srcs) onPath(m, verb, s, verb === "delete" ? { recursive: false, force: m.has("y") || m.has("force") } : {});
    return [];
  };
}

const COPY_CLI: Cli = {
  style: "cmd",
  windows: { value: ["destination", "path", "literalpath", "d"], bool: ["y", "-y", "s", "e", "i", "q", "f", "h", "r", "k", "c", "v", "b", "a", "z", "force", "recurse", "exclude"] },
  help: { flags: ["?"] },
};

const COPY = {
  names: ["copy", "xcopy"],
  service: "cmd",
  cli: COPY_CLI,
  rows: [
    row("", copyMove("read"), [
      ["copy /y evil.dll C:\\Windows\\System32\\", "write system_path; read workspace_file"],
      ["xcopy src C:\\Deploy /E /Y", "write external_path recursive; read workspace_file"],
      ["copy notes.txt backup.txt", "write workspace_file; read workspace_file"],
      ["copy evil.bat 'C:\\Users\\dev\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\'", "write external_path persistence=service; read workspace_file"],
    ]),
  ],
};

const MOVE = {
  names: ["move"],
  service: "cmd",
  cli: COPY_CLI,
  rows: [row("", copyMove("delete"), [["move /y C:\\Users\\dev\\Documents C:\\Temp\\old", "write external_path; delete external_path"], ["move a.txt b.txt", "write workspace_file; delete workspace_file"]])],
};

/** takeown /f PATH [/r] [/a] [/d y]: ownership, a metadata write (no secret read). */
const TAKEOWN = {
  names: ["takeown"],
  service: "takeown",
  cli: { style: "cmd", windows: { value: ["f", "s", "u", "p", "d"], bool: ["r", "a", "skipsl"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const f = m.flags.find((x) => x.name === "f" && x.value !== null);
      if (f) onPath(m, "write", { value: f.value!, arg: f.arg }, { recursive: m.has("r"), owner: true }, true);
      return [];
    }, [
      ["takeown /f C:\\Windows /r /d y", "write system_path recursive owner"],
      ["takeown /F C:\\ /R /A", "write filesystem_root recursive"],
      ["takeown /f notes.txt", "write workspace_file"],
    ]),
  ],
};

/** Principals that mean "anyone on this machine": a grant to them loosens access for everybody. */
const BROAD_PRINCIPAL = /^\*?(everyone|s-1-1-0|users|builtin\\users|\*?s-1-5-32-545|authenticated users|nt authority\\authenticated users|s-1-5-11|guests|s-1-5-32-546|anonymous logon|s-1-5-7)$/i;
/** Rights that allow changing files (full, modify, write), in icacls' or cacls' spelling. */
const WRITE_RIGHT = /(^|[(),:])(f|m|w|c|wd|ad|gw|ga|wdac|wo)([),]|$)/i;

function grantsLoosen(grants: readonly string[]): boolean {
  return grants.some((g) => {
    const at = g.lastIndexOf(":");
    return at > 0 && BROAD_PRINCIPAL.test(g.slice(0, at).replace(/^["']|["']$/g, "")) && WRITE_RIGHT.test(g.slice(at + 1));
  });
}

/** icacls PATH [/grant[:r] P:perm…] [/deny …] [/remove …] [/setowner U] [/reset] [/inheritance:x] [/T] [/C] [/L] [/Q]; `/save FILE`, `/restore FILE`. */
const ICACLS = {
  names: ["icacls"],
  service: "icacls",
  cli: { style: "cmd", windows: { value: ["setowner", "setintegritylevel", "save", "restore", "findsid", "substitute"], bool: ["t", "c", "l", "q", "reset", "verify", "grant", "deny", "remove", "inheritance"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const [path, ...rest] = m.rest;
      if (!path) return [];
      const save = m.flags.find((f) => f.name === "save" && f.value !== null);
      if (save) {
        onPath(m, "write", { value: save.value!, arg: save.arg });
        return [];
      }
      const changes = m.flags.some((f) => /^(grant|deny|remove|setowner|setintegritylevel|reset|inheritance|restore)/.test(f.name));
      if (!changes || m.has("verify")) return [];
      const grants = m.flags.some((f) => f.name === "grant") ? rest.map((o) => o.value) : [];
      onPath(m, "write", path, { recursive: m.has("t") || m.has("restore"), acl: true, ...(grantsLoosen(grants) ? { loosens: true } : {}) }, true);
      return [];
    }, [
      ["icacls C:\\ /grant Everyone:F /t", "write filesystem_root recursive acl loosens"],
      ["icacls C:\\Windows\\System32 /grant \"*S-1-1-0:(OI)(CI)F\" /T /C /Q", "write system_path recursive loosens"],
      ["icacls build /grant dev:M", "write workspace_file acl"],
      ["icacls notes.txt", ""],
      ["icacls C:\\Data /save acl.txt /t", "write workspace_file"],
    ]),
  ],
};

/** cacls PATH [/T] [/E] [/G user:perm] [/R user] [/P user:perm] [/D user] — the deprecated predecessor. */
const CACLS = {
  names: ["cacls"],
  service: "cacls",
  cli: { style: "cmd", windows: { bool: ["t", "e", "c", "g", "r", "p", "d", "m", "l", "s"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const [path, ...rest] = m.rest;
      if (!path || !m.flags.some((f) => /^[grpd]$/.test(f.name))) return [];
      onPath(m, "write", path, { recursive: m.has("t"), acl: true, ...(grantsLoosen(rest.map((o) => o.value)) ? { loosens: true } : {}) }, true);
      return [];
    }, [["cacls C:\\Users /T /E /G Everyone:F", "write external_path recursive loosens"], ["cacls notes.txt", ""]]),
  ],
};

/** cipher /e|/d [/s:DIR] [files] (EFS encrypt/decrypt rewrites files); /x exports the EFS certificate and key; /w is the disks family's. */
const CIPHER_FILES = {
  names: ["cipher"],
  service: "cipher",
  cli: { style: "cmd", windows: { value: ["s", "w", "x", "r", "b", "h", "k", "u", "n", "rekey", "adduser", "removeuser", "flushcache", "certhash"], bool: ["e", "d", "a", "i", "f", "q", "c"] }, help: { flags: ["?"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      if (m.flags.some((f) => f.name === "x")) {
        const out = m.flags.find((f) => f.name === "x")!;
        if (out.value) onPath(m, "write", { value: out.value, arg: out.arg });
        return [eff("read", "secret_file", { target: "the EFS certificate and private key" })];
      }
      if (!m.has("e") && !m.has("d")) return [];
      const dir = m.flags.find((f) => f.name === "s" && f.value !== null);
      const targets = dir ? [{ value: dir.value!, arg: dir.arg }] : m.rest;
      for (const t of targets) onPath(m, "write", t, { recursive: dir !== undefined, encrypt: m.has("e") });
      return [];
    }, [
      ["cipher /e /s:C:\\Users\\dev\\Documents", "write external_path recursive encrypt"],
      ["cipher /x:efs-backup", "read secret_file; write workspace_file"],
      ["cipher", ""],
    ]),
  ],
};

/** Clear-RecycleBin [-DriveLetter X] [-Force]: what the Recycle Bin holds is deleted for good. */
const CLEAR_RECYCLE_BIN = {
  names: ["clear-recyclebin"],
  service: "powershell",
  cli: { style: "powershell", windows: { value: ["driveletter"], bool: ["force", "whatif", "confirm"], aliases: { wi: "whatif", cf: "confirm" } }, help: { flags: ["?"] }, dryRun: ["whatif"] } satisfies Cli,
  rows: [
    row("", (m) => {
      const drives = (m.value("driveletter") ?? m.rest[0]?.value ?? "C").split(",").map((d) => d.trim().replace(/:$/, "").toUpperCase());
      for (const d of drives) emitPath(m.ctx, "delete", `${d}:\\$Recycle.Bin`, null, "mutate", { ...m.base, recursive: true, force: true });
      return [];
    }, [
      ["Clear-RecycleBin -Force", "delete external_path recursive"],
      ["Clear-RecycleBin -DriveLetter D -Force -WhatIf", "read external_path dry_run"],
    ]),
  ],
};

export const WINDOWS_FILES: Family = { name: "windows-files", programs: [ROBOCOPY, COPY, MOVE, TAKEOWN, ICACLS, CACLS, CIPHER_FILES, CLEAR_RECYCLE_BIN] };
