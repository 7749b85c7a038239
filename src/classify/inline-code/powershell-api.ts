// PowerShell program knowledge: cmdlets (and their aliases) with the
// parameters that matter, .NET static calls (`[IO.File]::Delete`), and the
// verbs of cmdlets nobody listed. Cmdlet names are lower-cased; a parameter
// may be abbreviated to any unambiguous prefix (`-r` is `-Recurse`).
import type { ApiRow, Attrs, Call } from "./api.js";
import { INVOKE_EXPRESSION_NAMES, REMOVE_ITEM } from "../programs/powershell.js";

export interface CmdletRow extends ApiRow {
  /** Parameter names in positional order first, then named-only ones (lower-case). */
  params: readonly string[];
  /** How many of `params` bind positionally. */
  positional: number;
}

const has = (name: string) => (call: Call): boolean => call.kwargs.has(name);
const recurse = (call: Call): Attrs => ({ ...(has("recurse")(call) ? { recursive: true } : {}), ...(has("force")(call) ? { force: true } : {}) });

export const CMDLETS: readonly CmdletRow[] = [
  { api: REMOVE_ITEM.names, params: REMOVE_ITEM.params, positional: 1, files: [{ verb: "delete", arg: [0, "path"], optional: true, when: (c) => !has("whatif")(c) }, { verb: "delete", arg: "literalpath", optional: true, when: (c) => !has("whatif")(c) }], attrs: recurse, example: "Remove-Item -Recurse -Force build" },
  { api: ["clear-content", "clc"], params: ["path", "literalpath", "force"], positional: 1, files: [{ verb: "write", arg: [0, "path"] }], example: "Clear-Content log.txt" },
  { api: ["set-content", "sc", "add-content", "ac", "out-file", "new-item", "ni", "mkdir", "md", "export-csv", "export-clixml", "set-acl"], params: ["path", "value", "filepath", "literalpath", "force", "itemtype", "append", "encoding"], positional: 1, files: [{ verb: "write", arg: [0, "path"], optional: true }, { verb: "write", arg: "filepath", optional: true }, { verb: "write", arg: "literalpath", optional: true }], example: "Set-Content -Path out.txt -Value x" },
  { api: ["move-item", "mv", "move", "mi"], params: ["path", "destination", "literalpath", "force"], positional: 2, files: [{ verb: "delete", arg: [0, "path"] }, { verb: "write", arg: [1, "destination"] }], example: "Move-Item a.txt b.txt" },
  { api: ["rename-item", "ren", "rni"], params: ["path", "newname", "literalpath", "force"], positional: 2, files: [{ verb: "delete", arg: [0, "path"] }, { verb: "write", arg: [1, "newname"] }], example: "Rename-Item a.txt b.txt" },
  { api: ["copy-item", "cp", "copy", "cpi"], params: ["path", "destination", "literalpath", "recurse", "force"], positional: 2, files: [{ verb: "read", arg: [0, "path"] }, { verb: "write", arg: [1, "destination"] }], attrs: recurse, example: "Copy-Item -Recurse src dst" },
  { api: ["get-content", "gc", "cat", "type"], params: ["path", "literalpath", "raw", "tail", "totalcount", "encoding"], positional: 1, files: [{ verb: "read", arg: [0, "path"], optional: true }], example: "Get-Content notes.txt" },
  { api: INVOKE_EXPRESSION_NAMES, params: ["command"], positional: 1, example: "Invoke-Expression 'Remove-Item old.log'" },
  { api: ["start-process", "saps", "start"], params: ["filepath", "argumentlist", "verb", "wait", "nonewwindow", "workingdirectory", "passthru", "windowstyle"], positional: 2, run: { arg: [0, "filepath"], argsArg: [1, "argumentlist"] }, example: "Start-Process -FilePath git -ArgumentList 'status'" },
  { api: ["invoke-webrequest", "iwr", "invoke-restmethod", "irm", "curl", "wget"], params: ["uri", "method", "infile", "outfile", "body", "headers", "usebasicparsing", "contenttype", "form"], positional: 1, net: { url: [0, "uri"], methodArg: "method" }, files: [{ verb: "write", arg: "outfile", optional: true }, { verb: "send", arg: "infile", optional: true }], example: "Invoke-WebRequest -Uri https://example.com -OutFile page.html" },
  { api: ["start-bitstransfer"], params: ["source", "destination"], positional: 2, net: { url: [0, "source"] }, files: [{ verb: "write", arg: [1, "destination"], optional: true }], example: "Start-BitsTransfer https://e.com/x x" },
  { api: ["add-type"], params: ["typedefinition", "path", "language", "assemblyname"], positional: 1, dynamic: "compiles and loads code", example: "Add-Type -TypeDefinition 'public class A {}'" },
  { api: ["invoke-command", "icm"], params: ["scriptblock", "computername", "filepath", "session"], positional: 1, example: "Invoke-Command -ComputerName srv1 -ScriptBlock { Get-Date }" },
  { api: ["stop-computer", "restart-computer"], params: ["computername", "force"], positional: 1, dynamic: "shuts down or restarts the machine", example: "Restart-Computer -Force" },
  { api: ["format-volume", "clear-disk", "initialize-disk", "remove-partition"], params: ["driveletter", "number", "removedata"], positional: 1, dynamic: "erases a disk", example: "Format-Volume -DriveLetter D" },
];

/** .NET static calls and methods of objects PowerShell builds (`New-Object Net.WebClient`). `System.` is dropped. */
export const DOTNET_ROWS: readonly ApiRow[] = [
  { api: ["io.file.delete", "io.directory.delete", "io.fileinfo.delete"], files: [{ verb: "delete", arg: 0 }], attrs: (c): Attrs => (c.args[1]?.k === "bool" && c.args[1].b ? { recursive: true } : {}), example: "[System.IO.Directory]::Delete('d', $true)" },
  { api: ["io.file.writealltext", "io.file.writeallbytes", "io.file.writealllines", "io.file.appendalltext", "io.file.create", "io.directory.createdirectory"], files: [{ verb: "write", arg: 0 }], example: "[IO.File]::WriteAllText('a.txt', 'x')" },
  { api: ["io.file.readalltext", "io.file.readallbytes", "io.file.readalllines"], files: [{ verb: "read", arg: 0 }], example: "[IO.File]::ReadAllText('a.txt')" },
  { api: ["io.file.move", "io.directory.move"], files: [{ verb: "delete", arg: 0 }, { verb: "write", arg: 1 }], example: "[IO.File]::Move('a', 'b')" },
  { api: ["io.file.copy"], files: [{ verb: "read", arg: 0 }, { verb: "write", arg: 1 }], example: "[IO.File]::Copy('a', 'b')" },
  { api: ["diagnostics.process.start"], run: { arg: 0, argsArg: 1 }, example: "[Diagnostics.Process]::Start('notepad')" },
  { api: ["net.webclient.downloadstring", "net.webclient.downloaddata", "net.webclient.openread"], net: { url: 0, method: "GET" }, example: "(New-Object Net.WebClient).DownloadString('https://example.com')" },
  { api: ["net.webclient.downloadfile"], net: { url: 0, method: "GET" }, files: [{ verb: "write", arg: 1 }], example: "(New-Object Net.WebClient).DownloadFile('https://e.com/x', 'x')" },
  { api: ["net.webclient.uploadfile"], net: { url: 0, method: "POST" }, files: [{ verb: "send", arg: 1 }], example: "(New-Object Net.WebClient).UploadFile('https://e.com', 'a.txt')" },
  { api: ["net.webclient.uploadstring", "net.webclient.uploaddata"], net: { url: 0, method: "POST" }, example: "(New-Object Net.WebClient).UploadString('https://e.com', 'x')" },
  { api: ["net.sockets.tcpclient.new"], net: { url: 0, method: "CONNECT" }, example: "New-Object Net.Sockets.TCPClient('evil.example.com', 4444)" },
  { api: ["scriptblock.create", "management.automation.scriptblock.create", "reflection.assembly.load", "reflection.assembly.loadfile"], dynamic: "runs code built at run time", example: "[ScriptBlock]::Create('Get-Date')" },
];

/** Verbs of cmdlets that only read or print; an unlisted cmdlet with any other verb is not read (dynamic). */
export const READ_ONLY_VERBS = new Set(["get", "select", "where", "foreach", "sort", "measure", "format", "convertto", "convertfrom", "write", "out", "test", "join", "split", "resolve", "compare", "group", "find", "read", "show", "wait", "trace", "search", "tee", "new", "start", "use", "confirm", "pop", "push", "enter", "exit", "import", "add"]);

/** Aliases and cmdlets that only read, print or compute (never listed as effects). */
export const PURE_COMMANDS = new Set(["echo", "write", "ls", "dir", "gci", "pwd", "cd", "sl", "chdir", "select", "where", "?", "%", "foreach", "sort", "measure", "ft", "fl", "gm", "sleep", "start-sleep", "cls", "clear-host", "exit", "return", "param", "set-location", "set-variable", "set", "sv", "set-strictmode", "set-psdebug", "new-object", "add-member", "out-null", "out-string", "out-host", "sls", "select-string", "tee-object", "start-transcript", "stop-transcript", "pushd", "popd"]);
