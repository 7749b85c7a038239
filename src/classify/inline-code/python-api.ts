// Python program knowledge: which calls run commands, touch files, reach the
// network or run unreadable code. Names are qualified through the code's
// imports (`from shutil import rmtree as r; r(p)` is `shutil.rmtree`); methods
// of path objects are `path.<method>` and of open files `file.<method>`.
import type { ApiRow, Attrs, Call } from "./api.js";
import { argOf } from "./api.js";
import { textOf } from "./value.js";

const modeAttr = (arg: number) => (call: Call): Attrs => {
  const m = call.args[arg] ?? call.kwargs.get("mode");
  return m?.k === "num" ? { mode: m.n.toString(8) } : {};
};
/** `open(p, mode)`: a mode with w, a, x or + writes. */
export const writesMode = (v: ReturnType<typeof argOf>): boolean => v !== undefined && /[wax+]/.test(textOf(v) ?? "w");
const openWrites = (call: Call) => writesMode(argOf(call, [1, "mode"]));

const SUBPROCESS = ["run", "call", "check_call", "check_output", "Popen", "getoutput", "getstatusoutput"].map((f) => `subprocess.${f}`);
const EXEC_SPREAD = ["execl", "execle", "execlp", "execlpe"].map((f) => `os.${f}`);
const EXEC_LIST = ["execv", "execve", "execvp", "execvpe"].map((f) => `os.${f}`);
const SPAWN_SPREAD = ["spawnl", "spawnle", "spawnlp", "spawnlpe"].map((f) => `os.${f}`);
const SPAWN_LIST = ["spawnv", "spawnve", "spawnvp", "spawnvpe"].map((f) => `os.${f}`);
const HTTP_METHODS = ["get", "head", "post", "put", "patch", "delete", "options"];

export const PYTHON_ROWS: readonly ApiRow[] = [
  // ── commands ──
  { api: ["os.system", "os.popen", "commands.getoutput", "commands.getstatusoutput"], run: { arg: [0, "command"] }, example: "import os; os.system('ls -la')" },
  { api: SUBPROCESS, run: { arg: [0, "args"] }, example: "import subprocess; subprocess.run(['git', 'status'])" },
  { api: [...EXEC_SPREAD], run: { arg: 1, spread: true }, example: "import os; os.execl('/bin/ls', 'ls', '-l')" },
  { api: [...EXEC_LIST], run: { arg: 1 }, example: "import os; os.execv('/bin/ls', ['ls', '-l'])" },
  { api: [...SPAWN_SPREAD], run: { arg: 2, spread: true }, example: "import os; os.spawnl(os.P_WAIT, '/bin/ls', 'ls')" },
  { api: [...SPAWN_LIST], run: { arg: 2 }, example: "import os; os.spawnv(os.P_WAIT, '/bin/ls', ['ls'])" },
  { api: ["os.posix_spawn", "os.posix_spawnp"], run: { arg: 1 }, example: "import os; os.posix_spawn('/bin/ls', ['ls'], {})" },
  { api: ["pty.spawn"], run: { arg: 0 }, example: "import pty; pty.spawn(['bash'])" },
  { api: ["asyncio.create_subprocess_shell"], run: { arg: 0 }, example: "import asyncio; asyncio.create_subprocess_shell('ls')" },
  { api: ["asyncio.create_subprocess_exec"], run: { arg: 0, spread: true }, example: "import asyncio; asyncio.create_subprocess_exec('ls', '-l')" },
  // ── files ──
  { api: ["shutil.rmtree"], files: [{ verb: "delete", arg: [0, "path"], attrs: { recursive: true } }], example: "import shutil; shutil.rmtree('build')" },
  { api: ["os.remove", "os.unlink"], files: [{ verb: "delete", arg: [0, "path"] }], example: "import os; os.remove('a.txt')" },
  { api: ["os.rmdir", "os.removedirs"], files: [{ verb: "delete", arg: [0, "path"] }], example: "import os; os.rmdir('empty')" },
  { api: ["path.unlink", "path.rmdir"], files: [{ verb: "delete", arg: "self" }], example: "from pathlib import Path; Path('a.txt').unlink()" },
  { api: ["path.write_text", "path.write_bytes", "path.touch", "path.mkdir"], files: [{ verb: "write", arg: "self" }], example: "from pathlib import Path; Path('out.txt').write_text('x')" },
  { api: ["path.read_text", "path.read_bytes"], files: [{ verb: "read", arg: "self" }], example: "from pathlib import Path; Path('in.txt').read_text()" },
  { api: ["path.chmod"], files: [{ verb: "write", arg: "self" }], attrs: modeAttr(0), example: "from pathlib import Path; Path('x').chmod(0o755)" },
  { api: ["path.rename", "path.replace"], files: [{ verb: "delete", arg: "self" }, { verb: "write", arg: [0, "target"] }], example: "from pathlib import Path; Path('a').rename('b')" },
  { api: ["path.open"], files: [{ verb: "write", arg: "self", when: (c) => writesMode(argOf(c, [0, "mode"])) }, { verb: "read", arg: "self", when: (c) => !writesMode(argOf(c, [0, "mode"])) }], example: "from pathlib import Path; Path('a').open('w')" },
  { api: ["open", "io.open", "codecs.open"], files: [{ verb: "write", arg: [0, "file"], when: openWrites }, { verb: "read", arg: [0, "file"], when: (c) => !openWrites(c) }], example: "open('notes.txt', 'w').write('x')" },
  { api: ["shutil.move", "os.rename", "os.replace", "os.renames"], files: [{ verb: "delete", arg: [0, "src"] }, { verb: "write", arg: [1, "dst"] }], example: "import shutil; shutil.move('a', 'b')" },
  { api: ["shutil.copy", "shutil.copy2", "shutil.copyfile"], files: [{ verb: "read", arg: [0, "src"] }, { verb: "write", arg: [1, "dst"] }], example: "import shutil; shutil.copy('a', 'b')" },
  { api: ["shutil.copytree"], files: [{ verb: "read", arg: [0, "src"] }, { verb: "write", arg: [1, "dst"], attrs: { recursive: true } }], example: "import shutil; shutil.copytree('a', 'b')" },
  { api: ["os.chmod", "os.lchmod"], files: [{ verb: "write", arg: [0, "path"] }], attrs: modeAttr(1), example: "import os; os.chmod('x', 0o777)" },
  { api: ["os.chown", "os.lchown", "shutil.chown"], files: [{ verb: "write", arg: [0, "path"] }], example: "import os; os.chown('x', 0, 0)" },
  { api: ["os.makedirs", "os.mkdir", "os.truncate", "os.mkfifo"], files: [{ verb: "write", arg: [0, "path"] }], example: "import os; os.makedirs('out/x')" },
  { api: ["os.symlink", "os.link"], files: [{ verb: "write", arg: [1, "dst"] }], example: "import os; os.symlink('a', 'b')" },
  { api: ["shutil.make_archive"], files: [{ verb: "write", arg: [0, "base_name"] }, { verb: "read", arg: [2, "root_dir"], optional: true }], example: "import shutil; shutil.make_archive('out', 'zip', 'src')" },
  // ── network ──
  ...["requests", "httpx"].flatMap((lib): ApiRow[] => [
    ...HTTP_METHODS.map((m): ApiRow => ({ api: [`${lib}.${m}`], net: { url: [0, "url"], method: m }, example: `import ${lib}; ${lib}.${m}('https://example.com')` })),
    { api: [`${lib}.request`], net: { url: [1, "url"], methodArg: [0, "method"] }, example: `import ${lib}; ${lib}.request('GET', 'https://example.com')` },
  ]),
  ...HTTP_METHODS.map((m): ApiRow => ({ api: [`session.${m}`], net: { url: [0, "url"], method: m }, example: `import requests; s = requests.Session(); s.${m}('https://example.com')` })),
  { api: ["urllib.request.urlopen"], net: { url: [0, "url"], methodArg: "method" }, attrs: (c): Attrs => (argOf(c, [1, "data"]) ? { method: "POST" } : {}), example: "import urllib.request; urllib.request.urlopen('https://example.com')" },
  { api: ["urllib.request.urlretrieve"], net: { url: [0, "url"] }, files: [{ verb: "write", arg: [1, "filename"], optional: true }], example: "import urllib.request; urllib.request.urlretrieve('https://e.com/x', 'x')" },
  { api: ["urllib.request.Request"], net: { url: [0, "url"], methodArg: "method" }, example: "import urllib.request; urllib.request.Request('https://example.com')" },
  { api: ["http.client.HTTPConnection", "http.client.HTTPSConnection", "ftplib.FTP", "smtplib.SMTP", "smtplib.SMTP_SSL"], net: { url: [0, "host"] }, example: "import http.client; http.client.HTTPSConnection('example.com')" },
  // ── code nobody can read here ──
  { api: ["eval", "exec", "compile", "execfile", "builtins.eval", "builtins.exec"], dynamic: "runs code built at run time", example: "exec('print(1)')" },
  { api: ["runpy.run_path", "runpy.run_module"], dynamic: "runs another program", example: "import runpy; runpy.run_path('x.py')" },
  { api: ["pickle.loads", "pickle.load", "marshal.loads", "dill.loads"], dynamic: "unpickling can run arbitrary code", example: "import pickle; pickle.loads(b'')" },
  { api: ["ctypes.CDLL", "ctypes.cdll.LoadLibrary", "ctypes.PyDLL", "ctypes.WinDLL", "cffi.FFI"], dynamic: "calls native code", example: "import ctypes; ctypes.CDLL('libc.so.6')" },
  { api: ["os.fork", "os.forkpty"], dynamic: "forks the process", example: "import os; os.fork()" },
];
