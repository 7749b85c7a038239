// Network rows: downloads (fetch × network_host), uploads (send × class(file)),
// copies to a remote (scp/rsync), and the download-piped-to-interpreter rule.
import { has, parseGnu, type FlagSpec, type ParsedOperand } from "../flags.js";
import { classifyUrl, remoteSpecUrl } from "../urls.js";
import type { ClassifiedUrl, TargetClass } from "../../model/classification.js";
import { attrs, emitPath, gap, pathTarget, rawArg, resolveAll, scanWord, substGap, targetText, type Ctx } from "./common.js";
import type { Handler } from "./filesystem.js";

const CURL_SPEC: FlagSpec = {
  shortValue: "oduFTHXAebcxKwmrEUCyYzQDPtK",
  longValue: [
    "output", "data", "data-ascii", "data-binary", "data-raw", "data-urlencode", "json", "form", "form-string",
    "upload-file", "header", "request", "user", "user-agent", "referer", "cookie", "cookie-jar", "proxy", "config",
    "write-out", "max-time", "connect-timeout", "range", "cert", "key", "cacert", "capath", "proxy-user", "url",
    "continue-at", "retry", "retry-delay", "retry-max-time", "speed-limit", "speed-time", "time-cond", "quote",
    "resolve", "connect-to", "dump-header", "limit-rate", "interface", "ftp-port", "max-filesize", "telnet-option",
    "unix-socket", "abstract-unix-socket", "stderr", "trace", "trace-ascii", "oauth2-bearer", "local-port",
    "max-redirs", "pinnedpubkey", "proto", "proto-redir", "netrc-file", "expect100-timeout", "keepalive-time",
    "dns-servers", "doh-url", "hostpubmd5", "hostpubsha256", "sasl-authzid", "service-name", "socks4", "socks4a",
    "socks5", "socks5-hostname", "tls-max", "ciphers", "variable", "output-dir", "aws-sigv4", "cert-type",
    "key-type", "pass", "proxy-header", "preproxy", "mail-from", "mail-rcpt", "mail-auth", "login-options",
    "krb", "delegation", "crlfile", "egd-file", "random-file", "engine", "ftp-method", "ftp-account",
    "ftp-alternative-to-user", "ftp-ssl-ccc-mode", "noproxy", "proxy-cacert", "proxy-capath", "proxy-cert",
    "proxy-key", "proxy-pass", "proxy-ciphers", "proxy-service-name", "request-target", "rate", "etag-save",
    "etag-compare", "hsts", "alt-svc", "parallel-max", "happy-eyeballs-timeout-ms", "create-file-mode",
    "ech", "ipfs-gateway", "ssl-sessions",
  ],
  aliases: {
    o: "output", d: "data", F: "form", T: "upload-file", H: "header", X: "request", u: "user", A: "user-agent",
    e: "referer", b: "cookie", c: "cookie-jar", x: "proxy", K: "config", w: "write-out", m: "max-time",
    r: "range", E: "cert", U: "proxy-user", C: "continue-at", O: "remote-name", D: "dump-header",
  },
};

/** Is this token a plausible host[/path] a downloader would fetch without a scheme? */
function schemelessUrl(op: string): ClassifiedUrl | null {
  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+|localhost)(:\d+)?([/?#].*)?$/s.test(op)) return null;
  const u = classifyUrl(`http://${op}`);
  return u ? { ...u, value: op, scheme: "http" } : null;
}

/** A URL as a downloader reads it: with a scheme, or a bare host[/path]. */
function downloadUrl(value: string): ClassifiedUrl | null {
  return classifyUrl(value) ?? schemelessUrl(value);
}

/** A downloader's URL operands (curl, wget), each also checked for a run-time value. */
function operandUrls(ctx: Ctx, operands: readonly ParsedOperand[]): ClassifiedUrl[] {
  // A destination computed at run time cannot be judged by any url.* rule: shape 5.
  for (const op of operands) substGap(ctx, op.index, "the URL");
  const urls: ClassifiedUrl[] = [];
  for (const op of operands) {
    const u = downloadUrl(op.value);
    if (u) urls.push(u);
  }
  return urls;
}

function recordDownloadTarget(ctx: Ctx, value: string, index: number): void {
  const classes = emitPath(ctx, "write", value, index, "mutate");
  void classes;
  for (const r of resolveAll(ctx, value, false)) ctx.state.downloaded.add(r.normalized);
}

function urlBasename(u: string): string {
  const path = u.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, "").split(/[?#]/)[0];
  const name = path.split("/").filter(Boolean).pop();
  return name && name !== ".." ? name : "index.html";
}

/** Classes of what flows into this command's stdin (files it redirects from, readers upstream). */
export function stdinClasses(ctx: Ctx, index: number = ctx.index, depth = 0): TargetClass[] {
  const pc = ctx.analysis.commands[index];
  if (!pc || depth > 16) return [];
  const out: TargetClass[] = [];
  const add = (cs: readonly TargetClass[]): void => cs.forEach((c) => !out.includes(c) && out.push(c));
  for (const [op, target] of pc.cmd.redirects) {
    if (op === "<" || op === "0<") add(resolveAll(ctx, target.replace(/^["']|["']$/g, ""), false).map((r) => r.class));
  }
  if (pc.stdin?.kind === "file") add(resolveAll(ctx, pc.stdin.path, false).map((r) => r.class));
  if (pc.stdin?.kind === "pipe" && pc.stdin.upstream < index) {
    add(ctx.state.reads.get(pc.stdin.upstream) ?? []);
    add(stdinClasses(ctx, pc.stdin.upstream, depth + 1));
  }
  return out;
}

function sendStdin(ctx: Ctx): void {
  const classes = stdinClasses(ctx);
  for (const c of classes) ctx.out.effect("send", c, attrs(ctx));
}

function curl(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, CURL_SPEC);
  const urls = operandUrls(ctx, p.operands);
  for (const f of p.flags) if (f.name === "url" && f.value) urls.push(downloadUrl(f.value) ?? { value: f.value, host: "", tld: "", scheme: "", boundary: "external" });
  for (const u of urls) if (u.host !== "" || u.scheme !== "") ctx.out.url(u);
  ctx.out.effect("fetch", "network_host", attrs(ctx));
  let readsStdin = false;
  for (const f of p.flags) {
    if (f.value === null) continue;
    let file: string | null = null;
    switch (f.name) {
      case "data":
      case "data-ascii":
      case "data-binary":
      case "json":
        if (f.value.startsWith("@")) file = f.value.slice(1);
        break;
      case "data-urlencode": {
        const m = /^[^=@]*@(.*)$/s.exec(f.value);
        if (m) file = m[1];
        break;
      }
      case "form": {
        const m = /^[^=]*=[@<]([^;]*)/s.exec(f.value);
        if (m) file = m[1];
        break;
      }
      case "upload-file":
        file = f.value;
        break;
    }
    const isData = ["data", "data-ascii", "data-binary", "data-raw", "data-urlencode", "json", "form", "form-string", "upload-file"].includes(f.name);
    if (isData && f.valueIndex >= 0 && scanWord(rawArg(ctx, f.valueIndex)).subst) {
      gap(ctx, 5, `command substitution in the data curl sends`);
      ctx.out.effect("send", "unknown", attrs(ctx));
      continue;
    }
    if (file === null) continue;
    if (file === "-" || file === "." || file === "/dev/stdin") {
      readsStdin = true;
      continue;
    }
    const classes = pathTarget(ctx, file, -1, "consequential", f.valueIndex >= 0 ? rawArg(ctx, f.valueIndex).replace(/^[^@<]*[@<]/, "") : file);
    for (const c of classes) ctx.out.effect("send", c, attrs(ctx, { target: targetText(file) }));
  }
  if (readsStdin) sendStdin(ctx);
  // Local output files.
  for (const f of p.flags) {
    if (f.name === "output" && f.value !== null && f.value !== "-") recordDownloadTarget(ctx, f.value, f.valueIndex);
    if ((f.name === "cookie-jar" || f.name === "dump-header") && f.value !== null && f.value !== "-") emitPath(ctx, "write", f.value, f.valueIndex, "mutate");
    if (f.name === "config" && f.value !== null) emitPath(ctx, "read", f.value, f.valueIndex, "plain");
  }
  if (has(p, "remote-name", "remote-name-all")) {
    const dir = p.flags.find((f) => f.name === "output-dir" && f.value !== null)?.value ?? ".";
    for (const u of urls) recordDownloadTarget(ctx, `${dir}/${urlBasename(u.value)}`, -1);
  }
}

const WGET_SPEC: FlagSpec = {
  shortValue: "OoaPUeitTwQlARDIXBdh",
  longValue: [
    "output-document", "output-file", "append-output", "directory-prefix", "user-agent", "header", "post-data",
    "post-file", "body-data", "body-file", "method", "execute", "input-file", "tries", "timeout", "wait", "quota",
    "level", "accept", "reject", "domains", "exclude-domains", "user", "password", "http-user", "http-password",
    "base", "referer", "load-cookies", "save-cookies", "ca-certificate", "certificate", "private-key", "config",
    "include-directories", "exclude-directories", "limit-rate", "bind-address", "dns-timeout", "connect-timeout",
    "read-timeout", "waitretry", "proxy-user", "proxy-password", "ftp-user", "ftp-password", "restrict-file-names",
    "default-page", "cut-dirs", "progress", "local-encoding", "remote-encoding", "secure-protocol", "ca-directory",
    "certificate-type", "private-key-type", "warc-file", "rejected-log", "use-askpass", "accept-regex", "reject-regex",
  ],
  aliases: { O: "output-document", o: "output-file", a: "append-output", P: "directory-prefix", i: "input-file", e: "execute", U: "user-agent" },
};

function wget(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, WGET_SPEC);
  const urls = operandUrls(ctx, p.operands);
  for (const u of urls) ctx.out.url(u);
  ctx.out.effect("fetch", "network_host", attrs(ctx));
  for (const f of p.flags) {
    if (f.value === null) continue;
    if (f.name === "post-file" || f.name === "body-file") {
      if (f.value === "-" || f.value === "/dev/stdin") {
        sendStdin(ctx);
        continue;
      }
      for (const c of pathTarget(ctx, f.value, f.valueIndex, "consequential")) ctx.out.effect("send", c, attrs(ctx, { target: targetText(f.value) }));
    }
    if ((f.name === "post-data" || f.name === "body-data") && f.valueIndex >= 0 && scanWord(rawArg(ctx, f.valueIndex)).subst) {
      gap(ctx, 5, `command substitution in the data wget sends`);
      ctx.out.effect("send", "unknown", attrs(ctx));
    }
    if (f.name === "input-file" && f.value !== "-") emitPath(ctx, "read", f.value, f.valueIndex, "plain");
    if ((f.name === "output-file" || f.name === "append-output" || f.name === "save-cookies") && f.value !== "-") emitPath(ctx, "write", f.value, f.valueIndex, "mutate");
  }
  const doc = p.flags.find((f) => f.name === "output-document" && f.value !== null);
  if (doc) {
    if (doc.value !== "-") recordDownloadTarget(ctx, doc.value!, doc.valueIndex);
  } else {
    const dir = p.flags.find((f) => f.name === "directory-prefix" && f.value !== null)?.value ?? ".";
    for (const u of urls) recordDownloadTarget(ctx, `${dir}/${urlBasename(u.value)}`, -1);
  }
}

const SCP_SPEC: FlagSpec = { shortValue: "cFiJloPS", aliases: { r: "recursive" } };
const RSYNC_SPEC: FlagSpec = {
  shortValue: "efBTM@",
  longValue: [
    "rsh", "exclude", "include", "exclude-from", "include-from", "files-from", "filter", "rsync-path", "temp-dir",
    "partial-dir", "backup-dir", "suffix", "chmod", "chown", "usermap", "groupmap", "log-file", "log-file-format",
    "password-file", "port", "bwlimit", "timeout", "contimeout", "block-size", "max-size", "min-size", "max-delete",
    "compare-dest", "copy-dest", "link-dest", "out-format", "info", "debug", "remote-option", "sockopts", "iconv",
    "checksum-choice", "compress-choice", "compress-level", "modify-window", "stop-after", "stop-at", "outbuf",
    "skip-compress", "early-input", "write-batch", "only-write-batch", "read-batch", "protocol", "address", "checksum-seed",
  ],
  aliases: { e: "rsh", r: "recursive", a: "archive", f: "filter", T: "temp-dir" },
};

/** scp/rsync: a remote destination sends every local source; a remote source pulled here writes the local destination. */
function remoteCopy(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, ctx.program === "scp" ? SCP_SPEC : RSYNC_SPEC);
  const ops = p.operands;
  if (ops.length === 0) return;
  const remote = ops.map((o) => remoteSpecUrl(o.value));
  remote.forEach((u) => ctx.out.url(u));
  const extra = { recursive: has(p, "recursive", "archive") };
  if (ops.length === 1) {
    // rsync with one operand lists it.
    if (!remote[0]) emitPath(ctx, "read", ops[0].value, ops[0].index, "plain");
    return;
  }
  const dst = ops[ops.length - 1];
  const dstRemote = remote[remote.length - 1];
  const sources = ops.slice(0, -1);
  if (dstRemote) {
    sources.forEach((s, i) => {
      if (remote[i]) return;
      for (const c of pathTarget(ctx, s.value, s.index, "consequential")) ctx.out.effect("send", c, attrs(ctx, { target: targetText(s.value), ...extra }));
    });
    return;
  }
  emitPath(ctx, "write", dst.value, dst.index, "mutate", extra);
  if (p.flags.some((f) => f.name.startsWith("delete") || f.name === "remove-source-files")) {
    if (p.flags.some((f) => f.name.startsWith("delete"))) emitPath(ctx, "delete", dst.value, dst.index, "mutate", { recursive: true, force: false });
  }
  sources.forEach((s, i) => {
    if (remote[i]) return;
    emitPath(ctx, p.flags.some((f) => f.name === "remove-source-files") ? "delete" : "read", s.value, s.index, "plain");
  });
}

/** sftp is interactive: it names a host; what it moves is not in the command line. */
function sftp(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, { shortValue: "BbcDFiJlPRSso" });
  for (const op of p.operands) {
    const u = remoteSpecUrl(op.value) ?? (/^[^\s/]+@[^\s/:]+$/.test(op.value) ? classifyUrl(`ssh://${op.value}`) : null);
    if (u) ctx.out.url({ ...u, value: op.value });
  }
  const batch = p.flags.find((f) => f.name === "b" && f.value !== null);
  if (batch && batch.value !== "-") emitPath(ctx, "read", batch.value!, batch.valueIndex, "plain");
  ctx.out.effect("fetch", "network_host", attrs(ctx));
}

/** ssh names a host (url only); its remote command runs elsewhere and is not classified. */
function ssh(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, { shortValue: "BbcDEeFIiJLlmOoPpQRSWw", stopAtOperand: true });
  const host = p.operands[0];
  if (!host) return;
  const u = classifyUrl(host.value) ?? classifyUrl(`ssh://${host.value}`);
  if (u) ctx.out.url({ ...u, value: host.value, scheme: "ssh" });
  if (ctx.pc.stdin) sendStdin(ctx);
}

/** Raw socket senders: whatever flows into stdin leaves the host. */
function socketSender(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, { shortValue: "eIiOpqsTwxXcb" });
  if (has(p, "l")) return; // listening
  const host = p.operands[0];
  if (host && /^[A-Za-z0-9.:[\]-]+$/.test(host.value)) {
    const u = classifyUrl(`tcp://${host.value.includes(":") && !host.value.startsWith("[") ? `[${host.value}]` : host.value}`);
    if (u) ctx.out.url({ ...u, value: host.value });
  }
  sendStdin(ctx);
}

export const NETWORK_HANDLERS: Record<string, Handler> = {
  curl,
  wget,
  scp,
  rsync: remoteCopy,
  sftp,
  ssh,
  nc: socketSender,
  ncat: socketSender,
  netcat: socketSender,
  telnet: socketSender,
  socat: socketSender,
};

function scp(ctx: Ctx): void {
  remoteCopy(ctx);
}

// ── download piped into an interpreter ───────────────────────────────────

export const DOWNLOADERS = new Set(["curl", "wget", "fetch", "aria2c", "http", "https", "xh", "invoke-webrequest", "iwr", "invoke-restmethod", "irm"]);
export const INTERPRETERS = new Set([
  "sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "python", "python2", "python3", "perl", "ruby", "node", "nodejs",
  "php", "pwsh", "powershell", "cmd", "deno", "bun", "iex", "invoke-expression",
]);
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "fish"]);

function upstreamDownload(ctx: Ctx, index: number, depth = 0): string | null {
  const pc = ctx.analysis.commands[index];
  if (!pc || depth > 16 || pc.stdin?.kind !== "pipe") return null;
  const up = ctx.analysis.commands[pc.stdin.upstream];
  if (!up || pc.stdin.upstream >= index) return null;
  if (DOWNLOADERS.has(up.cmd.program)) return up.cmd.program;
  return upstreamDownload(ctx, pc.stdin.upstream, depth + 1);
}

/** Does the interpreter take its program from stdin (no script operand, or `-`, `/dev/stdin`, `sh -s`)? */
function readsProgramFromStdin(ctx: Ctx): boolean {
  const prog = ctx.program;
  if (prog === "source" || prog === ".") return /^(\/dev\/stdin|\/proc\/self\/fd\/0|\/dev\/fd\/0|-)$/.test(ctx.argv[0] ?? "");
  if (prog === "iex" || prog === "invoke-expression") return ctx.argv.length === 0;
  if (prog === "cmd") return !ctx.argv.some((a) => /^\/[ck]$/i.test(a));
  if (prog === "pwsh" || prog === "powershell") {
    const i = ctx.argv.findIndex((a) => /^-(c|command|f|file|encodedcommand|e|ec)$/i.test(a));
    return i < 0 || ctx.argv[i + 1] === "-";
  }
  const spec: FlagSpec = SHELLS.has(prog)
    ? { shortValue: "oO", aliases: {} }
    : prog.startsWith("python")
      ? { shortValue: "WXQ" }
      : prog === "node" || prog === "nodejs"
        ? { shortValue: "rC", longValue: ["require", "import", "loader", "experimental-loader", "input-type", "conditions"] }
        : prog === "ruby"
          ? { shortValue: "IrCEF" }
          : prog === "perl"
            ? { shortValue: "IMmx" }
            : prog === "php"
              ? { shortValue: "cdz" }
              : {};
  const p = parseGnu(ctx.argv, { ...spec, stopAtOperand: true });
  // Inline code (`-c`, `-e`, `-r`): stdin is data, not the program.
  if (SHELLS.has(prog)) {
    if (has(p, "s")) return true;
    if (has(p, "c")) return false;
  } else {
    const inline = prog === "php" ? ["r", "B", "R", "E"] : prog.startsWith("python") ? ["c", "m"] : ["e", "E", "p", "eval", "print"];
    if (p.flags.some((f) => inline.includes(f.name))) return false;
  }
  if (prog === "deno" || prog === "bun") return p.operands.length >= 1 && p.operands[0].value === "run" && ["-", "/dev/stdin"].includes(p.operands[1]?.value ?? "");
  const first = p.operands[0]?.value;
  return first === undefined || first === "-" || first === "/dev/stdin";
}

const SUBST_DOWNLOAD = /(\$\(|`|<\()\s*(sudo\s+)?(curl|wget|fetch|aria2c|iwr|irm|invoke-webrequest|invoke-restmethod)\b/i;

/**
 * `curl … | sh`, `wget -O- … | tee x | python`, `bash <(curl …)`, `sh -c "$(curl …)"`,
 * `source <(curl …)`, `bash x.sh` after `curl -o x.sh` → execute × remote_code.
 */
export function remoteCode(ctx: Ctx): void {
  if (!INTERPRETERS.has(ctx.program) && ctx.program !== "source" && ctx.program !== "." && ctx.program !== "eval") return;
  // `target` says where the code came from: the downloader, a substitution, or a downloaded file.
  const extra = (source: string) => attrs(ctx, { target: source });
  if (ctx.program !== "eval") {
    const dl = upstreamDownload(ctx, ctx.index);
    if (dl && readsProgramFromStdin(ctx)) ctx.out.effect("execute", "remote_code", extra(dl));
  }
  // A download inside a substitution that becomes the program (`bash <(curl …)`, `sh -c "$(curl …)"`, `eval "$(curl …)"`).
  const texts = [...ctx.pc.cmd.raw_argv, ...ctx.pc.cmd.redirects.map(([op, t]) => `${op}${t}`)];
  for (const t of texts) {
    const m = SUBST_DOWNLOAD.exec(t);
    if (m) ctx.out.effect("execute", "remote_code", extra(m[3].toLowerCase()));
  }
  const stdin = ctx.pc.stdin;
  if (stdin && (stdin.kind === "heredoc" || stdin.kind === "herestring") && stdin.text === null && SUBST_DOWNLOAD.test(ctx.pc.cmd.raw)) {
    ctx.out.effect("execute", "remote_code", extra("substitution"));
  }
  // A script file a downloader wrote earlier in the same text.
  const script = scriptOperand(ctx);
  if (script) {
    for (const r of resolveAll(ctx, script.value, false)) if (ctx.state.downloaded.has(r.normalized)) ctx.out.effect("execute", "remote_code", extra("file"));
  }
}

/** The script file an interpreter runs (`bash x.sh`, `python a.py`, `node s.js`), or null. */
export function scriptOperand(ctx: Ctx): { value: string; index: number } | null {
  const prog = ctx.program;
  if (!INTERPRETERS.has(prog)) return null;
  if (prog === "cmd" || prog === "iex" || prog === "invoke-expression") return null;
  if (prog === "pwsh" || prog === "powershell") {
    const i = ctx.argv.findIndex((a) => /^-(f|file)$/i.test(a));
    if (i >= 0) return ctx.argv[i + 1] !== undefined ? { value: ctx.argv[i + 1], index: i + 1 } : null;
    const first = ctx.argv[0];
    return first && !first.startsWith("-") && /\.ps1$/i.test(first) ? { value: first, index: 0 } : null;
  }
  if (prog === "deno" || prog === "bun") {
    const p = parseGnu(ctx.argv, {});
    const ops = p.operands;
    if (ops[0]?.value === "run") return ops[1] ?? null;
    return prog === "bun" && ops[0] && /\.[cm]?[jt]sx?$/.test(ops[0].value) ? ops[0] : null;
  }
  const spec: FlagSpec = SHELLS.has(prog)
    ? { shortValue: "oO" }
    : prog.startsWith("python")
      ? { shortValue: "WXcm" }
      : prog === "node" || prog === "nodejs"
        ? { shortValue: "rCep", longValue: ["require", "import", "loader", "experimental-loader", "input-type", "conditions", "eval", "print"] }
        : prog === "ruby"
          ? { shortValue: "IrCEFe" }
          : prog === "perl"
            ? { shortValue: "IMmxeE" }
            : prog === "php"
              ? { shortValue: "cdzrBREf" }
              : {};
  const p = parseGnu(ctx.argv, { ...spec, stopAtOperand: true });
  if (prog === "php") {
    const f = p.flags.find((x) => x.name === "f" && x.value !== null);
    if (f) return { value: f.value!, index: f.valueIndex };
  }
  const inlineNames = SHELLS.has(prog) ? ["c"] : prog === "php" ? ["r", "B", "R", "E"] : prog.startsWith("python") ? ["c", "m"] : ["e", "E", "p", "eval", "print"];
  if (p.flags.some((f) => inlineNames.includes(f.name))) return null;
  if (SHELLS.has(prog) && has(p, "s")) return null;
  const first = p.operands[0];
  if (first === undefined || first.value === "-" || first.value === "/dev/stdin") return null;
  return first;
}
