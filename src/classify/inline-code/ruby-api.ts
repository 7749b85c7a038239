// Ruby program knowledge. Names: `Receiver.method` with the receiver as
// written (`FileUtils.rm_rf`, `Net::HTTP.post`); Kernel methods bare
// (`system`, `exec`, `spawn`, `open`) — `Kernel.system` is read as `system`;
// methods of path objects (`Pathname.new(p)`) are `path.<method>`.
import type { ApiRow, Attrs, Call } from "./api.js";
import { textOf } from "./value.js";

const modeAttr = (call: Call): Attrs => (call.args[0]?.k === "num" ? { mode: call.args[0].n.toString(8) } : {});
const writesMode = (call: Call, at: number): boolean => /[wa+]/.test(textOf(call.args[at] ?? { k: "str", s: "r" }) ?? "w");
const fu = (...names: string[]) => names.map((n) => `FileUtils.${n}`);

export const RUBY_ROWS: readonly ApiRow[] = [
  // ── commands: one string is shell text, several arguments an argv ──
  { api: ["system", "exec", "spawn", "Process.spawn", "Process.exec", "Open3.capture2", "Open3.capture2e", "Open3.capture3", "Open3.popen2", "Open3.popen2e", "Open3.popen3"], run: { arg: 0, spread: true }, example: "system('git', 'status')" },
  { api: ["IO.popen", "`"], run: { arg: 0 }, example: "IO.popen('ls -la').read" },
  // ── files ──
  { api: [...fu("rm_rf", "rm_r", "remove_dir", "remove_entry", "remove_entry_secure", "rmtree"), "path.rmtree"], files: [{ verb: "delete", arg: 0, attrs: { recursive: true } }, { verb: "delete", arg: "self", optional: true, attrs: { recursive: true } }], example: "require 'fileutils'; FileUtils.rm_rf('build')" },
  { api: [...fu("rm", "rm_f", "remove", "safe_unlink", "rmdir", "remove_file"), "File.delete", "File.unlink", "Dir.rmdir", "Dir.delete", "Dir.unlink", "path.delete", "path.unlink", "path.rmdir"], files: [{ verb: "delete", arg: 0, optional: true }, { verb: "delete", arg: "self", optional: true }], example: "File.delete('a.txt')" },
  { api: fu("mv", "move"), files: [{ verb: "delete", arg: 0 }, { verb: "write", arg: 1 }], example: "FileUtils.mv('a', 'b')" },
  { api: ["File.rename", "path.rename"], files: [{ verb: "delete", arg: 0 }, { verb: "write", arg: 1 }], example: "File.rename('a', 'b')" },
  { api: fu("cp", "copy", "copy_file", "install", "copy_entry"), files: [{ verb: "read", arg: 0 }, { verb: "write", arg: 1 }], example: "FileUtils.cp('a', 'b')" },
  { api: fu("cp_r"), files: [{ verb: "read", arg: 0 }, { verb: "write", arg: 1, attrs: { recursive: true } }], example: "FileUtils.cp_r('a', 'b')" },
  { api: [...fu("chmod"), "File.chmod"], files: [{ verb: "write", arg: 1 }], attrs: modeAttr, example: "FileUtils.chmod(0o755, 'bin/run')" },
  { api: fu("chmod_R"), files: [{ verb: "write", arg: 1, attrs: { recursive: true } }], attrs: modeAttr, example: "FileUtils.chmod_R(0o777, 'dir')" },
  { api: [...fu("chown"), "File.chown"], files: [{ verb: "write", arg: 2 }], example: "FileUtils.chown('root', 'root', 'x')" },
  { api: fu("chown_R"), files: [{ verb: "write", arg: 2, attrs: { recursive: true } }], example: "FileUtils.chown_R('u', 'g', 'dir')" },
  { api: [...fu("ln", "ln_s", "ln_sf", "symlink", "link"), "File.symlink", "File.link"], files: [{ verb: "write", arg: 1 }], example: "FileUtils.ln_s('a', 'b')" },
  { api: [...fu("mkdir", "mkdir_p", "makedirs", "mkpath", "touch"), "Dir.mkdir", "File.truncate", "File.write", "File.binwrite", "IO.write", "IO.binwrite", "path.write", "path.binwrite", "path.mkpath", "path.mkdir"], files: [{ verb: "write", arg: 0, optional: true }, { verb: "write", arg: "self", optional: true }], example: "File.write('out.txt', 'x')" },
  { api: ["File.read", "File.readlines", "File.binread", "IO.read", "IO.readlines", "File.foreach", "path.read"], files: [{ verb: "read", arg: 0, optional: true }, { verb: "read", arg: "self", optional: true }], example: "File.read('in.txt')" },
  { api: ["File.open", "File.new", "open", "Kernel.open"], files: [{ verb: "write", arg: 0, when: (c) => writesMode(c, 1) && !isPipe(c) }, { verb: "read", arg: 0, when: (c) => !writesMode(c, 1) && !isPipe(c) }], example: "File.open('log.txt', 'a') { |f| f.puts 'x' }" },
  // ── network ──
  { api: ["Net::HTTP.get", "Net::HTTP.get_response", "Net::HTTP.start", "URI.open", "HTTParty.get", "RestClient.get", "Faraday.get"], net: { url: 0, method: "GET" }, example: "require 'net/http'; Net::HTTP.get(URI('https://example.com'))" },
  { api: ["Net::HTTP.post", "Net::HTTP.post_form", "HTTParty.post", "RestClient.post", "Faraday.post"], net: { url: 0, method: "POST" }, example: "Net::HTTP.post(URI('https://example.com'), 'x')" },
  { api: ["HTTParty.put", "RestClient.put", "Faraday.put"], net: { url: 0, method: "PUT" }, example: "HTTParty.put('https://example.com')" },
  { api: ["HTTParty.delete", "RestClient.delete", "Faraday.delete"], net: { url: 0, method: "DELETE" }, example: "HTTParty.delete('https://example.com/x')" },
  { api: ["TCPSocket.new", "TCPSocket.open", "Socket.tcp"], net: { url: 0, method: "CONNECT" }, example: "require 'socket'; TCPSocket.new('evil.example.com', 4444)" },
  // ── code nobody can read here ──
  { api: ["eval", "instance_eval", "class_eval", "module_eval", "instance_exec", "class_exec", "binding.eval", "Kernel.eval", "define_method", "RubyVM::InstructionSequence.compile"], dynamic: "runs code built at run time", example: "eval('1 + 1')" },
  { api: ["Marshal.load", "YAML.unsafe_load", "Psych.unsafe_load"], dynamic: "deserialising can run arbitrary code", example: "Marshal.load(x)" },
  { api: ["load", "require_relative", "Kernel.load", "fork", "Process.fork"], dynamic: "runs another program", example: "load 'script.rb'" },
];

/** `open("|cmd")`: Kernel#open with a pipe runs a command. */
export function isPipe(call: Call): boolean {
  const t = call.args[0] ? textOf(call.args[0]) : null;
  return t !== null && t.startsWith("|");
}
