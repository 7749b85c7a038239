// Reader rows of the shell table: programs that read the files they name
// (`cat`, `grep`, `jq`, …: read × class), `source`, and the archivers
// (`tar`, `unzip`) that read one side and write the other.
import { literalArg, joinedArg, type Arg } from "../programs/args.js";
import { flagWithValue, has, parseArgs, type OptionSpec, type ParsedArgs } from "../programs/options.js";
import { AWK_OPTIONS } from "../programs/awk.js";
import { attrs, emitPath, targetText, type Ctx } from "./common.js";
import { extractedMembers, extractInto } from "./extracted.js";
import { removeSource } from "./source-removal.js";
import type { Handler } from "./entries.js";

interface ReaderSpec {
  flags: OptionSpec;
  /** The first operand is not a file (a pattern, a script, a filter). */
  firstIsProgram?: (p: ParsedArgs) => boolean;
  /** With no file operand the program reads `.` (rg, grep -r). */
  defaultDir?: (p: ParsedArgs) => boolean;
  /** It lists names or metadata, not contents (`ls ~/.ssh` reads no secret). */
  names?: boolean;
  /** `+CMD` / `+LINE` operands are editor commands, not files (vim, nano, emacs). */
  plusCommands?: boolean;
}

/** awk's files: its operands after the program text (the program comes from `-f`/`-e` when given). */
const AWK_READER: ReaderSpec = { flags: AWK_OPTIONS, firstIsProgram: (p) => !has(p, "file", "source") };

const READERS: Record<string, ReaderSpec> = {
  cat: { flags: {} },
  tac: { flags: {} },
  less: { flags: { shortValue: "bhjkoOpPtTxyz#", longValue: ["log-file", "tag", "pattern", "prompt"] } },
  more: { flags: {} },
  bat: { flags: { shortValue: "lrHmpt", longValue: ["language", "line-range", "highlight-line", "style", "theme", "map-syntax", "tabs", "wrap", "color", "paging"] } },
  head: { flags: { shortValue: "nc", longValue: ["lines", "bytes"], numericShort: "n" } },
  tail: { flags: { shortValue: "ncs", longValue: ["lines", "bytes", "pid", "sleep-interval", "max-unchanged-stats"], numericShort: "n" } },
  wc: { flags: { longValue: ["files0-from"] } },
  nl: { flags: { shortValue: "bdfhilnsvw" } },
  od: { flags: { shortValue: "AjNSstw" } },
  xxd: { flags: { shortValue: "cglosC" } },
  hexdump: { flags: { shortValue: "enosf" } },
  strings: { flags: { shortValue: "ntTe" } },
  base64: { flags: { shortValue: "w", longValue: ["wrap"] } },
  md5sum: { flags: {} },
  sha1sum: { flags: {} },
  sha256sum: { flags: {} },
  sha512sum: { flags: {} },
  shasum: { flags: { shortValue: "a", longValue: ["algorithm"] } },
  sort: { flags: { shortValue: "kotST", longValue: ["key", "output", "field-separator", "buffer-size", "temporary-directory", "parallel", "batch-size", "files0-from", "sort", "random-source", "compress-program"] } },
  uniq: { flags: { shortValue: "fsw", longValue: ["skip-fields", "skip-chars", "check-chars", "group", "all-repeated"] } },
  cut: { flags: { shortValue: "bcdf", longValue: ["bytes", "characters", "delimiter", "fields", "output-delimiter"] } },
  diff: { flags: { shortValue: "CUFIxXLS", longValue: ["context", "unified", "label", "exclude", "exclude-from", "ignore-matching-lines", "starting-file", "to-file", "from-file", "line-format", "color", "palette"] } },
  cmp: { flags: { shortValue: "inI", longValue: ["ignore-initial", "bytes"] } },
  file: { flags: { shortValue: "fFmPe", longValue: ["files-from", "separator", "magic-file", "exclude", "parameter"] }, names: true },
  stat: { flags: { shortValue: "c", longValue: ["format", "printf"] }, names: true },
  ls: { flags: { shortValue: "IwT", longValue: ["ignore", "hide", "width", "tabsize", "format", "sort", "time", "time-style", "color", "quoting-style", "indicator-style", "block-size"] } , defaultDir: () => true, names: true },
  tree: { flags: { shortValue: "LPIo", longValue: ["filelimit", "timefmt", "sort", "charset"] } , defaultDir: () => true, names: true },
  du: { flags: { shortValue: "dBt", longValue: ["max-depth", "block-size", "threshold", "exclude", "exclude-from", "time", "time-style", "files0-from"] } , defaultDir: () => true, names: true },
  grep: {
    flags: { shortValue: "efmABCdD", longValue: ["regexp", "file", "max-count", "after-context", "before-context", "context", "directories", "devices", "include", "exclude", "exclude-dir", "exclude-from", "label", "color", "colour", "binary-files"], aliases: { e: "regexp", f: "file", r: "recursive", R: "recursive" } },
    firstIsProgram: (p) => !has(p, "regexp", "file"),
    defaultDir: (p) => has(p, "recursive", "dereference-recursive"),
  },
  egrep: { flags: { shortValue: "efmABC", aliases: { e: "regexp", f: "file", r: "recursive" } }, firstIsProgram: (p) => !has(p, "regexp", "file"), defaultDir: (p) => has(p, "recursive") },
  fgrep: { flags: { shortValue: "efmABC", aliases: { e: "regexp", f: "file", r: "recursive" } }, firstIsProgram: (p) => !has(p, "regexp", "file"), defaultDir: (p) => has(p, "recursive") },
  rg: {
    flags: { shortValue: "efgtTmABCjEMr", longValue: ["regexp", "file", "glob", "iglob", "type", "type-not", "max-count", "after-context", "before-context", "context", "threads", "encoding", "max-columns", "replace", "max-depth", "max-filesize", "type-add", "type-clear", "color", "colors", "sort", "sortr", "path-separator", "pre", "pre-glob", "ignore-file", "context-separator", "field-match-separator", "field-context-separator", "dfa-size-limit", "regex-size-limit", "engine", "generate", "hostname-bin", "hyperlink-format"], aliases: { e: "regexp", f: "file" } },
    firstIsProgram: (p) => !has(p, "regexp", "file") && !has(p, "files", "type-list"),
    defaultDir: () => true,
  },
  ag: { flags: { shortValue: "ABCGgm", longValue: ["after", "before", "context", "file-search-regex", "ignore", "max-count", "depth"] }, firstIsProgram: () => true, defaultDir: () => true },
  awk: AWK_READER,
  gawk: AWK_READER,
  mawk: AWK_READER,
  nawk: AWK_READER,
  jq: { flags: { shortValue: "f", longValue: ["from-file", "indent", "tab"], aliases: { f: "from-file" } }, firstIsProgram: (p) => !has(p, "from-file") },
  yq: { flags: { shortValue: "IopPe", longValue: ["indent", "output-format", "input-format", "expression"] }, firstIsProgram: () => true },
  // More programs that print a file's bytes, transformed or not: what they output is the file.
  paste: { flags: { shortValue: "d", longValue: ["delimiters"] } },
  rev: { flags: {} },
  fold: { flags: { shortValue: "w", longValue: ["width"] } },
  fmt: { flags: { shortValue: "wgp", longValue: ["width", "goal", "prefix"] } },
  expand: { flags: { shortValue: "t", longValue: ["tabs"] } },
  unexpand: { flags: { shortValue: "t", longValue: ["tabs"] } },
  column: { flags: { shortValue: "csoNRWHEl", longValue: ["output-width", "separator", "output-separator", "table-columns", "table-name", "table-order", "table-right", "table-wrap", "table-hide"] } },
  iconv: { flags: { shortValue: "fto", longValue: ["from-code", "to-code", "output"] } },
  look: { flags: { shortValue: "t" }, firstIsProgram: () => true },
  join: { flags: { shortValue: "aejotv12" } },
  comm: { flags: { longValue: ["output-delimiter"] } },
  hexyl: { flags: { shortValue: "nsl", longValue: ["length", "skip", "block-size", "display-offset", "color", "border"] } },
  cksum: { flags: { shortValue: "al", longValue: ["algorithm", "length"] } },
  b2sum: { flags: { shortValue: "l", longValue: ["length"] } },
  zless: { flags: {} },
  zmore: { flags: {} },
  bzcat: { flags: {} },
  xzcat: { flags: {} },
  zstdcat: { flags: {} },
  // Editors: opening a file reads it (`vim -es -c '%p' -c 'q!' .env` prints it); what their Ex commands run is the launcher table's.
  vim: { plusCommands: true, flags: { shortValue: "cSuUiTwWtq", longValue: ["cmd", "servername", "remote", "remote-silent", "startuptime"] } },
  vi: { plusCommands: true, flags: { shortValue: "cSuUiTwWtq", longValue: ["cmd"] } },
  nvim: { plusCommands: true, flags: { shortValue: "cSuUiwWtq", longValue: ["cmd", "listen", "startuptime"] } },
  view: { plusCommands: true, flags: { shortValue: "cSuUiTwWtq", longValue: ["cmd"] } },
  ex: { plusCommands: true, flags: { shortValue: "cSuUiTwWtq", longValue: ["cmd"] } },
  nano: { plusCommands: true, flags: { shortValue: "ToQrsXYF", longValue: ["tabsize", "operatingdir", "quotestr", "fill", "speller", "syntax", "wordchars", "guidestripe"] } },
  emacs: { plusCommands: true, flags: { shortValue: "lLfu", longValue: ["load", "eval", "funcall", "directory", "user"] } },
  zcat: { flags: {} },
  gunzip: { flags: { shortValue: "S", longValue: ["suffix"] } },
  openssl: { flags: {} },
};

/** `jq --rawfile NAME FILE` and `--slurpfile NAME FILE`: FILE is read (and its contents printed by the filter). */
function jqPairFiles(ctx: Ctx): void {
  for (let i = 0; i + 2 < ctx.args.length; i++) {
    const v = ctx.args[i].value;
    if (v === "--args" || v === "--jsonargs") break;
    if (v === "--rawfile" || v === "--slurpfile") emitPath(ctx, "read", ctx.args[i + 2].value, ctx.args[i + 2], "plain");
  }
}

function reader(ctx: Ctx): void {
  const spec = READERS[ctx.program];
  if (ctx.program === "openssl") return opensslRead(ctx);
  const args = ctx.program === "jq" ? stripJqPairs(ctx.args) : ctx.args;
  const p = parseArgs(args, spec.flags);
  let files = p.operands;
  if (spec.firstIsProgram?.(p) && files.length) files = files.slice(1);
  if (spec.plusCommands) files = files.filter((f) => !f.value.startsWith("+"));
  if (spec === AWK_READER) files = files.filter((f) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(f.value));
  if (ctx.program === "jq") jqPairFiles(ctx);
  for (const f of p.flags) {
    if (f.value === null) continue;
    if (f.name === "file" || f.name === "from-file") emitPath(ctx, "read", f.value, f.arg, "plain");
    if (ctx.program === "sort" && (f.name === "o" || f.name === "output")) emitPath(ctx, "write", f.value, f.arg, "mutate");
  }
  for (const op of files) {
    if (op.value === "-") continue;
    emitPath(ctx, "read", op.value, op.arg, "plain", {}, op.value, spec.names === true);
  }
  if (files.length === 0 && spec.defaultDir?.(p) && !(ctx.pc.stdin && !has(p, "recursive"))) {
    emitPath(ctx, "read", ".", null, "plain", {}, ".", spec.names === true);
  }
}

/** jq's `--arg NAME VALUE` pairs and everything after `--args` are not files. */
function stripJqPairs(args: readonly Arg[]): Arg[] {
  const out: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (v === "--arg" || v === "--argjson" || v === "--slurpfile" || v === "--rawfile") {
      i += 2;
      continue;
    }
    if (v === "--args" || v === "--jsonargs") break;
    out.push(args[i]);
  }
  return out;
}

function opensslRead(ctx: Ctx): void {
  ctx.args.forEach((a, i) => {
    const next = ctx.args[i + 1];
    if (!next) return;
    if (a.value === "-in" || a.value === "-inkey" || a.value === "-key") emitPath(ctx, "read", next.value, next, "plain");
    if (a.value === "-out") emitPath(ctx, "write", next.value, next, "mutate");
  });
}

/** `source FILE` / `. FILE`: reads the file and runs it in this shell. */
function source(ctx: Ctx): void {
  const file = ctx.args[0];
  if (file === undefined) return;
  if (/^\/dev\/stdin$|^\/proc\/self\/fd\/0$|^\/dev\/fd\/0$/.test(file.value)) return; // the download-to-interpreter rule's
  emitPath(ctx, "read", file.value, file, "consequential");
  ctx.out.effect("execute", "shell", attrs(ctx, { target: targetText(file.value) }));
}

/** tar: `-c` reads its operands and writes the archive; `-x` writes into `-C` dir (or the cwd). */
function tar(ctx: Ctx): void {
  const args = [...ctx.args];
  // old-style `tar czf x`: the first word is a cluster of flags
  if (args[0] && !args[0].value.startsWith("-")) args[0] = { ...args[0], value: `-${args[0].value}` };
  const p = parseArgs(args, {
    shortValue: ctx.program === "bsdtar" ? "fCTXbHKLNVgIs" : "fCTXbHKLNVgI",
    longValue: ["file", "directory", "files-from", "exclude-from", "exclude", "blocking-factor", "format", "newer", "listed-incremental", "label", "use-compress-program", "transform", "xform", "owner", "group", "mode", "mtime", "strip-components"],
    aliases: { f: "file", C: "directory", c: "create", x: "extract", t: "list", r: "append", u: "update", T: "files-from" },
  });
  const archive = flagWithValue(p, "file");
  const dir = flagWithValue(p, "directory");
  if (has(p, "create", "append", "update")) {
    if (archive && archive.value !== "-") emitPath(ctx, "write", archive.value, archive.arg, "mutate");
    for (const op of p.operands) {
      if (dir) emitPath(ctx, "read", `${dir.value}/${op.value}`, joinedArg(`${dir.value}/${op.value}`, [dir.arg, op.arg]), "plain", {}, op.value);
      else emitPath(ctx, "read", op.value, op.arg, "plain");
      // `--remove-files` deletes what it archived (source-removal.ts).
      if (has(p, "remove-files")) removeSource(ctx, dir ? `${dir.value}/${op.value}` : op.value, dir ? joinedArg(`${dir.value}/${op.value}`, [dir.arg, op.arg]) : op.arg, { recursive: !has(p, "no-recursion") });
    }
  } else if (has(p, "extract")) {
    if (archive && archive.value !== "-") emitPath(ctx, "read", archive.value, archive.arg, "plain");
    extractInto(ctx, dir);
    const strip = Number(flagWithValue(p, "strip-components")?.value ?? 0);
    // bsdtar's `-s /old/new/` and GNU tar's `--transform` rename members on the way out.
    const renamed = flagWithValue(p, "transform") !== null || flagWithValue(p, "xform") !== null || (ctx.program === "bsdtar" && flagWithValue(p, "s") !== null);
    extractedMembers(ctx, { archive, dir, strip: Number.isFinite(strip) ? strip : 0, only: p.operands.map((o) => o.value), renamed });
  } else if (has(p, "list") && archive && archive.value !== "-") {
    emitPath(ctx, "read", archive.value, archive.arg, "plain");
  }
}

function unzip(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "dxP", aliases: { d: "exdir" } });
  const archive = p.operands[0];
  if (!archive) return;
  emitPath(ctx, "read", archive.value, archive.arg, "plain");
  if (has(p, "l", "t", "v", "Z")) return;
  extractInto(ctx, flagWithValue(p, "exdir"));
  extractedMembers(ctx, { archive, dir: flagWithValue(p, "exdir"), flat: has(p, "j"), only: p.operands.slice(1).map((o) => o.value) });
}

/** gzip and its kin compress each file in place (`f` → `f.gz`), or to stdout with `-c`; `-d` undoes it. */
const COMPRESSORS: Record<string, string> = { gzip: ".gz", pigz: ".gz", bzip2: ".bz2", pbzip2: ".bz2", xz: ".xz", lzma: ".lzma", zstd: ".zst", lz4: ".lz4", compress: ".Z", brotli: ".br" };

function compressor(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "STo", longValue: ["suffix", "threads", "output"], aliases: { c: "stdout", d: "decompress", l: "list", t: "test", k: "keep", S: "suffix", o: "output" } });
  const out = flagWithValue(p, "output");
  for (const op of p.operands) {
    if (op.value === "-") continue;
    emitPath(ctx, "read", op.value, op.arg, "plain");
    if (has(p, "stdout", "list", "test") || out) continue;
    const ext = COMPRESSORS[ctx.program];
    const dst = has(p, "decompress") ? op.value.replace(/\.[^./]+$/, "") : `${op.value}${ext}`;
    emitPath(ctx, "write", dst, joinedArg(dst, [op.arg]), "mutate", {}, dst);
  }
  if (out && out.value !== "-") emitPath(ctx, "write", out.value, out.arg, "mutate");
}

/** `zip [opts] ARCHIVE FILE…`: reads the files, writes the archive (`-x`/`-i` patterns are not files). */
function zip(ctx: Ctx): void {
  const args: Arg[] = [];
  let patterns = false;
  for (const a of ctx.args) {
    if (a.value === "-x" || a.value === "-i" || a.value === "--exclude" || a.value === "--include") patterns = true;
    else if (patterns && !a.value.startsWith("-")) continue;
    else {
      patterns = false;
      args.push(a);
    }
  }
  const p = parseArgs(args, { shortValue: "bnPtZ", longValue: ["temp-path", "suffixes", "password", "from-date", "compression-method", "out"], aliases: { r: "recurse-paths", O: "out" } });
  const [archive, ...files] = p.operands;
  if (!archive) return;
  emitPath(ctx, "write", archive.value, archive.arg, "mutate");
  for (const f of files) emitPath(ctx, "read", f.value, f.arg, "plain");
  // `-m`/`--move` deletes the files once they are in the archive (source-removal.ts).
  if (has(p, "m", "move")) for (const f of files) removeSource(ctx, f.value, f.arg, { recursive: has(p, "recurse-paths", "R") });
}

/** 7-Zip: `7z a ARCHIVE FILE…` reads the files and writes the archive; `7z x|e ARCHIVE [-oDIR]` extracts. */
function sevenZip(ctx: Ctx): void {
  const words = ctx.args.filter((a) => !/^-/.test(a.value));
  const [command, archive, ...files] = words;
  if (!command || !archive) return;
  const c = command.value.toLowerCase();
  if (c === "a" || c === "u") {
    emitPath(ctx, "write", archive.value, archive, "mutate");
    // `-sdel` deletes the files once they are in the archive.
    const del = ctx.args.some((a) => a.value.toLowerCase() === "-sdel");
    for (const f of files) emitPath(ctx, del ? "delete" : "read", f.value, f, del ? "mutate" : "plain");
  } else if (c === "x" || c === "e") {
    emitPath(ctx, "read", archive.value, archive, "plain");
    const o = ctx.args.find((a) => /^-o./.test(a.value));
    const dir = o ? { value: o.value.slice(2), arg: o } : null;
    extractInto(ctx, dir);
    extractedMembers(ctx, { archive: { value: archive.value, arg: archive }, dir, flat: c === "e", only: files.map((f) => f.value) });
  } else if (c === "l" || c === "t") emitPath(ctx, "read", archive.value, archive, "plain");
}

/** gpg: `--export-secret-keys` reads the keyring's private keys; encrypting or signing reads FILE and writes `-o OUT`. */
function gpg(ctx: Ctx): void {
  const p = parseArgs(ctx.args, {
    shortValue: "oruf",
    longValue: ["output", "recipient", "local-user", "homedir", "passphrase", "passphrase-file", "keyring", "secret-keyring", "default-key", "cipher-algo", "digest-algo", "compress-algo", "trust-model", "keyserver", "status-fd", "logger-fd", "pinentry-mode"],
    aliases: { o: "output", r: "recipient", u: "local-user", c: "symmetric", e: "encrypt", s: "sign", d: "decrypt", a: "armor" },
  });
  if (has(p, "export-secret-keys", "export-secret-subkeys")) emitPath(ctx, "read", "~/.gnupg", null, "plain", {}, "~/.gnupg (private keys)");
  if (has(p, "list-keys", "list-secret-keys", "k", "K", "fingerprint", "export", "import", "recv-keys")) return;
  for (const op of p.operands) emitPath(ctx, "read", op.value, op.arg, "plain");
  const out = flagWithValue(p, "output");
  if (out && out.value !== "-") emitPath(ctx, "write", out.value, out.arg, "mutate");
}

/** ssh-keygen: `-y` (print the public half), `-e` (export) and `-l` read the key `-f` names; `-p`/`-c` rewrite it; generating writes it. */
function sshKeygen(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "abCEfFGjKmMnNOPrRsStTwYzZ", aliases: { f: "file" } });
  const file = flagWithValue(p, "file");
  if (!file) return;
  if (has(p, "y", "e")) emitPath(ctx, "read", file.value, file.arg, "plain");
  else if (has(p, "l", "B")) emitPath(ctx, "read", file.value, file.arg, "plain", {}, file.value, true);
  else if (has(p, "p", "c")) emitPath(ctx, "write", file.value, file.arg, "mutate");
  else if (!has(p, "F", "R", "H", "D", "k", "Q", "A")) emitPath(ctx, "write", file.value, file.arg, "mutate");
}

/**
 * macOS `security`: `find-generic-password`/`find-internet-password` with `-w` or `-g` print a stored password,
 * `dump-keychain -d` and `export` print every one — reads of the keychain (a secret). Without them only
 * an item's attributes are shown.
 */
function macSecurity(ctx: Ctx): void {
  const [sub, ...rest] = ctx.argv;
  const flags = rest.filter((a) => a.startsWith("-")).join(" ");
  const prints =
    ((sub === "find-generic-password" || sub === "find-internet-password" || sub === "find-certificate") && /-[a-z]*[wg]/.test(flags)) ||
    (sub === "dump-keychain" && /-[a-z]*d/.test(flags)) ||
    sub === "export" || sub === "export-keychain";
  if (!prints) return;
  const keychain = rest.find((a) => /\.keychain(-db)?$/.test(a)) ?? "~/Library/Keychains/login.keychain-db";
  emitPath(ctx, "read", keychain, null, "plain", {}, `${sub} (macOS keychain)`);
}

export const READER_HANDLERS: Record<string, Handler> = {
  "ssh-keygen": sshKeygen,
  security: macSecurity,
  source,
  ".": source,
  tar,
  gtar: tar,
  bsdtar: tar,
  unzip,
  zip,
  "7z": sevenZip,
  "7za": sevenZip,
  "7zz": sevenZip,
  gpg,
  gpg2: gpg,
  ...Object.fromEntries(Object.keys(COMPRESSORS).map((k) => [k, compressor])),
  ...Object.fromEntries(Object.keys(READERS).map((k) => [k, reader])),
};
