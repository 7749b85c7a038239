// JavaScript (Node) program knowledge. Module names are normalised: `node:fs`
// is `fs`, `fs/promises` and `fs.promises` are `fs.promises`. In `node -e`
// the core modules are globals too (`fs.rmSync(…)` needs no require).
import { argOf, type ApiRow, type Attrs, type Call } from "./api.js";
import { field, textOf } from "./value.js";

/** `{recursive: true}` in an options argument. */
const optionFlags = (arg: number) => (call: Call): Attrs => {
  const opts = call.args[arg];
  const r = field(opts, "recursive");
  return r?.k === "bool" && r.b ? { recursive: true } : {};
};
/** `fetch(url, {method})`, `http.request(url, {method})`: the method in an options object. */
const methodIn = (arg: number) => (call: Call): Attrs => {
  const opts = call.args[arg];
  const m = field(opts, "method");
  if (m === undefined) return {};
  return { method: textOf(m) ?? "?" };
};
const modeAttr = (call: Call): Attrs => {
  const m = call.args[1];
  return m?.k === "num" ? { mode: m.n.toString(8) } : m?.k === "str" ? { mode: m.s } : {};
};

/** Each fs function under its callback, Sync and promises names. */
function fsNames(...base: string[]): string[] {
  return base.flatMap((b) => [`fs.${b}`, `fs.${b}Sync`, `fs.promises.${b}`]);
}

const HTTP_METHODS = ["get", "head", "post", "put", "patch", "delete", "options"];

export const JAVASCRIPT_ROWS: readonly ApiRow[] = [
  // ── commands ──
  { api: ["child_process.exec", "child_process.execSync"], run: { arg: 0 }, example: "require('child_process').execSync('ls -la')" },
  { api: ["child_process.execFile", "child_process.execFileSync", "child_process.spawn", "child_process.spawnSync"], run: { arg: 0, argsArg: 1 }, example: "require('child_process').spawnSync('git', ['status'])" },
  { api: ["child_process.fork"], run: { arg: 0, argsArg: 1 }, example: "require('child_process').fork('worker.js')" },
  // ── files ──
  { api: fsNames("rm", "rmdir"), files: [{ verb: "delete", arg: 0 }], attrs: optionFlags(1), example: "require('fs').rmSync('build', { recursive: true, force: true })" },
  { api: fsNames("unlink"), files: [{ verb: "delete", arg: 0 }], example: "require('fs').unlinkSync('a.txt')" },
  { api: [...fsNames("writeFile", "appendFile", "truncate", "mkdir", "utimes", "mkdtemp"), "fs.createWriteStream"], files: [{ verb: "write", arg: 0 }], attrs: optionFlags(1), example: "require('fs').writeFileSync('out.txt', 'x')" },
  { api: [...fsNames("readFile", "readdir", "stat", "lstat", "access", "opendir"), "fs.createReadStream", "fs.existsSync"], files: [{ verb: "read", arg: 0 }], example: "require('fs').readFileSync('in.txt', 'utf8')" },
  { api: fsNames("rename"), files: [{ verb: "delete", arg: 0 }, { verb: "write", arg: 1 }], example: "require('fs').renameSync('a', 'b')" },
  { api: fsNames("copyFile", "cp"), files: [{ verb: "read", arg: 0 }, { verb: "write", arg: 1 }], attrs: optionFlags(2), example: "require('fs').copyFileSync('a', 'b')" },
  { api: fsNames("symlink", "link"), files: [{ verb: "write", arg: 1 }], example: "require('fs').symlinkSync('a', 'b')" },
  { api: fsNames("chmod", "lchmod", "chown", "lchown"), files: [{ verb: "write", arg: 0 }], attrs: modeAttr, example: "require('fs').chmodSync('x', 0o777)" },
  { api: fsNames("open"), files: [{ verb: "write", arg: 0, when: (c) => /[wa+]/.test(textOf(c.args[1] ?? { k: "str", s: "r" }) ?? "w") }, { verb: "read", arg: 0, when: (c) => !/[wa+]/.test(textOf(c.args[1] ?? { k: "str", s: "r" }) ?? "w") }], example: "require('fs').openSync('log.txt', 'a')" },
  // ── network ──
  { api: ["fetch"], net: { url: 0 }, attrs: methodIn(1), example: "fetch('https://example.com/api')" },
  { api: ["http.request", "https.request"], net: { url: 0 }, attrs: methodIn(1), example: "require('https').request('https://example.com', { method: 'POST' })" },
  { api: ["http.get", "https.get"], net: { url: 0, method: "GET" }, example: "require('https').get('https://example.com')" },
  ...HTTP_METHODS.map((m): ApiRow => ({ api: [`axios.${m}`], net: { url: 0, method: m }, example: `require('axios').${m}('https://example.com')` })),
  { api: ["axios", "axios.request"], net: { url: 0 }, attrs: methodIn(1), example: "axios({ url: 'https://example.com', method: 'delete' })" },
  { api: ["net.connect", "net.createConnection", "tls.connect"], net: { url: 1, method: "CONNECT" }, example: "require('net').connect(4444, 'evil.example.com')" },
  { api: ["socket.connect"], net: { url: 1, method: "CONNECT" }, example: "const net = require('net'); const s = new net.Socket(); s.connect(4444, 'evil.example.com')" },
  // ── code nobody can read here ──
  { api: ["eval", "Function", "vm.runInNewContext", "vm.runInThisContext", "vm.runInContext", "vm.compileFunction", "vm.Script", "vm.SourceTextModule"], dynamic: "runs code built at run time", example: "eval('1 + 1')" },
  { api: ["process.binding", "process.dlopen", "module._load"], dynamic: "reaches Node internals", example: "process.binding('fs')" },
  { api: ["worker_threads.Worker"], dynamic: "runs code in a worker", example: "new (require('worker_threads').Worker)('w.js')" },
];

/** axios(config): the URL is a field of the config; the call is read as axios(url, config). */
export function axiosConfigUrl(call: Call): Call {
  const cfg = argOf(call, 0);
  const url = field(cfg, "url");
  return url ? { ...call, args: [url, cfg!] } : call;
}
