// curl's and wget's options (which take a value, their aliases): read by the
// network rows (effects/network.ts) and the http-request family
// (effects/families/http-request.ts), stated once below both.
import type { OptionSpec } from "./options.js";

export const CURL_SPEC: OptionSpec = {
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
    r: "range", E: "cert", U: "proxy-user", C: "continue-at", O: "remote-name", D: "dump-header", I: "head", G: "get",
  },
};

export const WGET_SPEC: OptionSpec = {
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

/** HTTPie and xh (`http`, `https`, `xh`, `xhs`): read by its handler (effects/httpie.ts) and the HTTP-request family alike. */
export const HTTPIE_SPEC: OptionSpec = {
  shortValue: "aApsoP",
  longValue: [
    "auth", "auth-type", "output", "session", "session-read-only", "verify", "cert", "cert-key", "cert-key-pass", "proxy",
    "timeout", "max-redirects", "max-headers", "pretty", "style", "print", "history-print", "format-options",
    "response-charset", "response-mime", "boundary", "raw", "ssl", "ciphers", "default-scheme", "bearer", "http-version",
    "resolve", "interface", "unix-socket",
  ],
  aliases: { a: "auth", A: "auth-type", o: "output", p: "print", P: "history-print", s: "style", f: "form", j: "json", d: "download", c: "continue", I: "ignore-stdin", v: "verbose", q: "quiet", F: "follow", x: "compress" },
};
