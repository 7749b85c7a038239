// Filesystem rows of the shell table: delete, write and read on paths.
import { has, isCmdSwitch, parseCmdStyle, parseGnu, parseSingleDash, flagValue, flagValues, type FlagSpec, type ParsedArgs } from "../flags.js";
import { isGitMetadataDir, isWholeWorkingDirectory, resolvePathDetailed } from "../paths.js";
import type { TargetClass } from "../../model/classification.js";
import {
  attrs,
  deleteGitDir,
  emitPath,
  parseFind,
  gap,
  pathTarget,
  resolveAll,
  scanWord,
  targetText,
  upstreamFindClasses,
  xargsFed,
  type Attrs,
  type Ctx,
} from "./common.js";

export type Handler = (ctx: Ctx) => void;

/** Targets that are not files a write lands in. */
const NULL_SINKS = /^\/dev\/(null|zero|stdout|stderr|tty|fd\/\d+|stdin)$/;

function xargsTargets(ctx: Ctx, verb: "delete" | "write", extra: Attrs): void {
  gap(ctx, 8, `${ctx.program} operands fed by ${ctx.pc.wrappers.includes("xargs") ? "xargs" : "parallel"}`);
  const classes = upstreamFindClasses(ctx) ?? ["unknown"];
  for (const c of classes) ctx.out.effect(verb, c, attrs(ctx, extra));
}

// ── delete ───────────────────────────────────────────────────────────────

const RM_SPEC: FlagSpec = {
  longValue: ["interactive"],
  longBool: ["recursive", "force", "dir", "verbose", "one-file-system", "no-preserve-root", "preserve-root", "help", "version"],
  aliases: { r: "recursive", R: "recursive", f: "force", d: "dir", v: "verbose" },
};

function rm(ctx: Ctx): void {
  // `--interactive` takes its value only with `=`.
  const p = parseGnu(ctx.argv, { ...RM_SPEC, longValue: [] });
  const extra = { recursive: has(p, "recursive"), force: has(p, "force") };
  deleteOperands(ctx, p, extra);
}

function deleteOperands(ctx: Ctx, p: ParsedArgs, extra: Attrs): void {
  if (xargsFed(ctx, p.operands.length)) return xargsTargets(ctx, "delete", extra);
  const fromFind = !!ctx.pc.find && !ctx.pc.find.filtered;
  for (const op of p.operands) {
    const e = fromFind && op.value.includes("{}") ? { ...extra, recursive: true } : extra;
    emitPath(ctx, "delete", op.value, op.index, "mutate", e);
  }
}

function rmdir(ctx: Ctx): void {
  if (ctx.argv.some(isCmdSwitch)) return cmdDelete(ctx);
  const p = parseGnu(ctx.argv, { aliases: { p: "parents" } });
  deleteOperands(ctx, p, { recursive: false, force: false });
}

/** cmd.exe `rmdir|rd|del|erase [/s] [/q] [/f] target…` */
function cmdDelete(ctx: Ctx): void {
  const { switches, operands } = parseCmdStyle(ctx.argv);
  const extra = { recursive: switches.has("s"), force: switches.has("q") || switches.has("f") };
  for (const op of operands) emitPath(ctx, "delete", op.value, op.index, "mutate", extra);
}

/** PowerShell `Remove-Item [-Path] x -Recurse -Force` (single-dash, case-insensitive). */
function removeItem(ctx: Ctx): void {
  const p = parseSingleDash(ctx.argv, ["path", "literalpath", "filter", "include", "exclude", "stream", "credential"]);
  const extra = { recursive: p.flags.has("recurse") || p.flags.has("r"), force: p.flags.has("force") };
  const targets: Array<{ value: string; index: number }> = [...p.operands];
  for (const name of ["path", "literalpath"]) {
    const v = p.flags.get(name);
    if (typeof v === "string") for (const part of v.split(",")) targets.push({ value: part.trim(), index: -1 });
  }
  for (const t of targets) emitPath(ctx, "delete", t.value, t.index, "mutate", extra);
}

function unlink(ctx: Ctx): void {
  const p = parseGnu(ctx.argv);
  deleteOperands(ctx, p, { recursive: false, force: false });
}

function shred(ctx: Ctx): void {
  // `--remove` takes its optional value only with `=`.
  const p = parseGnu(ctx.argv, { shortValue: "ns", longValue: ["iterations", "size", "random-source"], aliases: { u: "remove", f: "force", z: "zero" } });
  deleteOperands(ctx, p, { recursive: false, force: has(p, "force") });
}

/** `find ROOT… [tests] -delete`: unfiltered it wipes the roots' contents, filtered it deletes files under them. */
function find(ctx: Ctx): void {
  const expr = parseFind(ctx.argv);
  const roots = expr.roots.length ? expr.roots : [{ value: ".", index: -1 }]; // `find -name x` searches `.`
  for (const root of roots) {
    const classes = pathTarget(ctx, root.value, root.index, expr.deletes ? "mutate" : "plain");
    for (const c of classes) ctx.out.effect("read", c, attrs(ctx));
    if (!expr.deletes) continue;
    const hits: Array<{ cls: TargetClass; whole: boolean }> = [];
    let gitDir = false;
    if (classes.includes("unknown")) hits.push({ cls: "unknown", whole: false });
    else {
      const sub = expr.filtered ? `${root.value}/__find_match__` : `${root.value}/*`;
      for (const r of resolveAll(ctx, sub, false)) {
        const whole = isWholeWorkingDirectory(r);
        gitDir ||= isGitMetadataDir(r);
        const prev = hits.find((h) => h.cls === r.class);
        if (prev) prev.whole ||= whole;
        else hits.push({ cls: r.class, whole });
      }
    }
    for (const h of hits) ctx.out.effect("delete", h.cls, attrs(ctx, { recursive: !expr.filtered, force: true, ...(h.whole ? { whole_cwd: true } : {}) }));
    if (gitDir) deleteGitDir(ctx, targetText(root.value));
  }
  for (const w of expr.writes) emitPath(ctx, "write", w.value, w.index, "mutate");
}

// ── write ────────────────────────────────────────────────────────────────

function copyLike(ctx: Ctx, spec: FlagSpec, sourceVerb: "read" | "delete"): void {
  const p = parseGnu(ctx.argv, spec);
  const recursive = has(p, "recursive", "archive");
  const target = flagValue(p, "target-directory");
  const targetFlag = p.flags.find((f) => f.name === "target-directory");
  const extra: Attrs = ctx.program === "ln" ? {} : { recursive };
  if (xargsFed(ctx, p.operands.length)) return xargsTargets(ctx, "write", extra);
  let sources = p.operands;
  if (target !== null && targetFlag) {
    emitPath(ctx, "write", target, targetFlag.valueIndex, "mutate", extra);
  } else if (p.operands.length >= 2) {
    const dst = p.operands[p.operands.length - 1];
    emitPath(ctx, "write", dst.value, dst.index, "mutate", extra);
    sources = p.operands.slice(0, -1);
  } else if (ctx.program === "ln" && p.operands.length === 1) {
    // `ln -s /a/b` creates ./b
    const name = p.operands[0].value.split(/[\\/]/).filter(Boolean).pop() ?? ".";
    emitPath(ctx, "write", `./${name}`, -1, "mutate", extra, p.operands[0].value);
    if (ctx.program === "ln") return;
  } else return;
  if (ctx.program === "ln") return; // a link's source is not read
  for (const s of sources) emitPath(ctx, sourceVerb, s.value, s.index, sourceVerb === "delete" ? "mutate" : "plain", sourceVerb === "delete" ? { recursive: false, force: has(p, "force") } : {});
}

const CP_SPEC: FlagSpec = {
  shortValue: "tS",
  longValue: ["target-directory", "suffix"],
  aliases: { t: "target-directory", r: "recursive", R: "recursive", a: "archive", f: "force", S: "suffix" },
};

function cp(ctx: Ctx): void {
  copyLike(ctx, CP_SPEC, "read");
}
function mv(ctx: Ctx): void {
  copyLike(ctx, CP_SPEC, "delete");
}
function ln(ctx: Ctx): void {
  copyLike(ctx, CP_SPEC, "read");
}

function install(ctx: Ctx): void {
  const spec: FlagSpec = {
    shortValue: "tSmogZ",
    longValue: ["target-directory", "suffix", "mode", "owner", "group", "context", "strip-program"],
    aliases: { t: "target-directory", d: "directory", m: "mode" },
  };
  const p = parseGnu(ctx.argv, spec);
  const mode = flagValue(p, "mode");
  const extra: Attrs = mode !== null ? { mode } : {};

  if (has(p, "directory")) {
    for (const op of p.operands) emitPath(ctx, "write", op.value, op.index, "mutate", extra);
    return;
  }
  const target = p.flags.find((f) => f.name === "target-directory" && f.value !== null);
  let sources = p.operands;
  if (target) emitPath(ctx, "write", target.value!, target.valueIndex, "mutate", extra);
  else if (p.operands.length >= 2) {
    const dst = p.operands[p.operands.length - 1];
    emitPath(ctx, "write", dst.value, dst.index, "mutate", extra);
    sources = p.operands.slice(0, -1);
  } else return;
  for (const s of sources) emitPath(ctx, "read", s.value, s.index, "plain");
}

function tee(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, { longValue: ["output-error"], aliases: { a: "append" } });
  for (const op of p.operands) {
    if (NULL_SINKS.test(op.value)) continue;
    emitPath(ctx, "write", op.value, op.index, "mutate");
  }
}

function dd(ctx: Ctx): void {
  ctx.argv.forEach((a, i) => {
    const m = /^(if|of)=(.*)$/s.exec(a);
    if (!m) return;
    const value = m[2];
    if (m[1] === "if") {
      emitPath(ctx, "read", value, -1, "plain", {}, ctx.pc.cmd.raw_argv[i]?.replace(/^if=/, "") ?? value);
    } else {
      if (NULL_SINKS.test(value)) return;
      deviceWrite(ctx, value, i, ctx.pc.cmd.raw_argv[i]?.replace(/^of=/, "") ?? value);
    }
  });
}

/** A write whose target may be a block device: `/dev/…` is system_path even with no env. */
function deviceWrite(ctx: Ctx, value: string, index: number, rawText?: string): void {
  const r = resolvePathDetailed(value, null);
  if (/^\/dev\//.test(r.normalized) && !NULL_SINKS.test(r.normalized)) {
    ctx.out.path(value, "system_path", null);
    // `device` tells a raw device write (which destroys a filesystem) from an ordinary system-file write.
    ctx.out.effect("write", "system_path", attrs(ctx, { target: targetText(rawText ?? value), device: true }));
    return;
  }
  emitPath(ctx, "write", value, index, "mutate", {}, rawText);
}

function truncate(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, { shortValue: "sro", longValue: ["size", "reference", "io-blocks"], aliases: { s: "size", r: "reference" } });
  if (xargsFed(ctx, p.operands.length)) return xargsTargets(ctx, "write", {});
  for (const op of p.operands) emitPath(ctx, "write", op.value, op.index, "mutate");
}

const CHMOD_MODE = /^-[rwxXstugoa]+$/;

function chmodLike(ctx: Ctx): void {
  const isChmod = ctx.program === "chmod";
  // chmod accepts `-x`, `-w` as a MODE; take those out before GNU parsing.
  let modeIdx = -1;
  const filtered: string[] = [];
  const map: number[] = [];
  ctx.argv.forEach((a, i) => {
    if (isChmod && modeIdx < 0 && CHMOD_MODE.test(a) && !/[Rcfv]/.test(a.slice(1))) {
      modeIdx = i;
      return;
    }
    filtered.push(a);
    map.push(i);
  });
  const p = parseGnu(filtered, {
    longValue: ["reference", "from"],
    aliases: { R: "recursive", c: "changes", f: "silent", v: "verbose" },
  });
  // `--reference=F` / `--from=X` take their value with `=` in practice; accept both.
  let operands = p.operands.map((o) => ({ value: o.value, index: map[o.index] }));
  const reference = flagValue(p, "reference");
  let spec: string | null = modeIdx >= 0 ? ctx.argv[modeIdx] : null;
  if (spec === null && reference === null && operands.length) {
    spec = operands[0].value;
    operands = operands.slice(1);
  }
  const extra: Attrs = { recursive: has(p, "recursive") };
  if (spec !== null && isChmod) extra.mode = spec;
  if (xargsFed(ctx, operands.length)) return xargsTargets(ctx, "write", extra);
  for (const op of operands) emitPath(ctx, "write", op.value, op.index, "mutate", extra);
}

function mkdirTouch(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, { shortValue: ctx.program === "touch" ? "drt" : "mZ", longValue: ["mode", "date", "reference", "time", "context"] });
  for (const op of p.operands) emitPath(ctx, "write", op.value, op.index, "mutate");
}

function sed(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, {
    shortValue: "efl",
    longValue: ["expression", "file", "line-length"],
    aliases: { e: "expression", f: "file", i: "in-place", s: "separate", n: "quiet" },
  });
  const inPlace = p.flags.some((f) => f.name === "in-place" || f.text === "--in-place");
  let files = p.operands;
  if (!has(p, "expression", "file") && files.length) files = files.slice(1);
  for (const f of flagValues(p, "file")) emitPath(ctx, "read", f.value!, f.valueIndex, "plain");
  for (const op of files) emitPath(ctx, inPlace ? "write" : "read", op.value, op.index, inPlace ? "mutate" : "plain");
}

/** `mkfs`, `mkfs.ext4`, `mke2fs`, `mkswap`, `wipefs`: format/erase a device or image. */
function mkfs(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, { shortValue: "tbCdEeGgIiJLlMmNOorTUz" });
  const op = p.operands[0];
  if (!op) return;
  deviceWrite(ctx, op.value, op.index);
}

// ── read ─────────────────────────────────────────────────────────────────

interface ReaderSpec {
  flags: FlagSpec;
  /** The first operand is not a file (a pattern, a script, a filter). */
  firstIsProgram?: (p: ParsedArgs) => boolean;
  /** With no file operand the program reads `.` (rg, grep -r). */
  defaultDir?: (p: ParsedArgs) => boolean;
}

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
  file: { flags: { shortValue: "fFmPe", longValue: ["files-from", "separator", "magic-file", "exclude", "parameter"] } },
  stat: { flags: { shortValue: "c", longValue: ["format", "printf"] } },
  ls: { flags: { shortValue: "IwT", longValue: ["ignore", "hide", "width", "tabsize", "format", "sort", "time", "time-style", "color", "quoting-style", "indicator-style", "block-size"] } , defaultDir: () => true },
  tree: { flags: { shortValue: "LPIo", longValue: ["filelimit", "timefmt", "sort", "charset"] } , defaultDir: () => true },
  du: { flags: { shortValue: "dBt", longValue: ["max-depth", "block-size", "threshold", "exclude", "exclude-from", "time", "time-style", "files0-from"] } , defaultDir: () => true },
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
  awk: { flags: { shortValue: "fvF", longValue: ["file", "assign", "field-separator"], aliases: { f: "file", v: "assign", F: "field-separator" } }, firstIsProgram: (p) => !has(p, "file") },
  gawk: { flags: { shortValue: "fvF", aliases: { f: "file" } }, firstIsProgram: (p) => !has(p, "file") },
  jq: { flags: { shortValue: "f", longValue: ["from-file", "indent", "tab"], aliases: { f: "from-file" } }, firstIsProgram: (p) => !has(p, "from-file") },
  yq: { flags: { shortValue: "IopPe", longValue: ["indent", "output-format", "input-format", "expression"] }, firstIsProgram: () => true },
  zcat: { flags: {} },
  gunzip: { flags: { shortValue: "S", longValue: ["suffix"] } },
  openssl: { flags: {} },
};

function reader(ctx: Ctx): void {
  const spec = READERS[ctx.program];
  if (ctx.program === "openssl") return opensslRead(ctx);
  let argv = ctx.argv;
  if (ctx.program === "jq") argv = stripJqPairs(argv);
  const p = parseGnu(argv, spec.flags);
  let files = p.operands;
  if (spec.firstIsProgram?.(p) && files.length) files = files.slice(1);
  if (ctx.program === "awk" || ctx.program === "gawk") files = files.filter((f) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(f.value));
  const offset = (i: number): number => (argv === ctx.argv ? i : -1);
  for (const f of p.flags) {
    if ((f.name === "file" || f.name === "from-file") && f.value !== null) emitPath(ctx, "read", f.value, offset(f.valueIndex), "plain");
    if (ctx.program === "sort" && (f.name === "o" || f.name === "output") && f.value !== null) emitPath(ctx, "write", f.value, offset(f.valueIndex), "mutate");
  }
  for (const op of files) {
    if (op.value === "-") continue;
    emitPath(ctx, "read", op.value, offset(op.index), "plain");
  }
  if (files.length === 0 && spec.defaultDir?.(p) && !(ctx.pc.stdin && !has(p, "recursive"))) {
    emitPath(ctx, "read", ".", -1, "plain");
  }
}

function stripJqPairs(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (["--arg", "--argjson", "--slurpfile", "--rawfile"].includes(argv[i])) {
      i += 2;
      continue;
    }
    if (argv[i] === "--args" || argv[i] === "--jsonargs") break;
    out.push(argv[i]);
  }
  return out;
}

function opensslRead(ctx: Ctx): void {
  ctx.argv.forEach((a, i) => {
    if ((a === "-in" || a === "-inkey" || a === "-key") && ctx.argv[i + 1]) emitPath(ctx, "read", ctx.argv[i + 1], i + 1, "plain");
    if (a === "-out" && ctx.argv[i + 1]) emitPath(ctx, "write", ctx.argv[i + 1], i + 1, "mutate");
  });
}

/** `source FILE` / `. FILE`: reads the file and runs it in this shell. */
function source(ctx: Ctx): void {
  const file = ctx.argv[0];
  if (file === undefined) return;
  if (/^\/dev\/stdin$|^\/proc\/self\/fd\/0$|^\/dev\/fd\/0$/.test(file)) return; // handled by the pipe rule
  const classes = emitPath(ctx, "read", file, 0, "consequential");
  void classes;
  ctx.out.effect("execute", "shell", attrs(ctx));
}

/** tar: `-c` reads its operands and writes the archive; `-x` writes into `-C` dir (or the cwd). */
function tar(ctx: Ctx): void {
  let argv = [...ctx.argv];
  if (argv[0] && !argv[0].startsWith("-")) argv[0] = `-${argv[0]}`; // old-style `tar czf x`
  const p = parseGnu(argv, {
    shortValue: "fCTXbHKLNVgI",
    longValue: ["file", "directory", "files-from", "exclude-from", "exclude", "blocking-factor", "format", "newer", "listed-incremental", "label", "use-compress-program", "transform", "owner", "group", "mode", "mtime"],
    aliases: { f: "file", C: "directory", c: "create", x: "extract", t: "list", r: "append", u: "update", T: "files-from" },
  });
  const archive = p.flags.find((f) => f.name === "file" && f.value !== null);
  const dir = p.flags.find((f) => f.name === "directory" && f.value !== null);
  const idx = (i: number): number => (argv[0] === ctx.argv[0] ? i : i === 0 ? -1 : i);
  if (has(p, "create", "append", "update")) {
    if (archive && archive.value !== "-") emitPath(ctx, "write", archive.value!, idx(archive.valueIndex), "mutate");
    for (const op of p.operands) emitPath(ctx, "read", dir ? `${dir.value}/${op.value}` : op.value, dir ? -1 : idx(op.index), "plain", {}, op.value);
  } else if (has(p, "extract")) {
    if (archive && archive.value !== "-") emitPath(ctx, "read", archive.value!, idx(archive.valueIndex), "plain");
    if (dir) emitPath(ctx, "write", `${dir.value}/__extracted__`, -1, "mutate", {}, dir.value!);
    else emitPath(ctx, "write", "./__extracted__", -1, "mutate");
  } else if (has(p, "list") && archive && archive.value !== "-") {
    emitPath(ctx, "read", archive.value!, idx(archive.valueIndex), "plain");
  }
}

function unzip(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, { shortValue: "dxP", aliases: { d: "exdir" } });
  const archive = p.operands[0];
  if (!archive) return;
  emitPath(ctx, "read", archive.value, archive.index, "plain");
  if (has(p, "l", "t", "v", "Z")) return;
  const dir = p.flags.find((f) => f.name === "exdir" && f.value !== null);
  if (dir) emitPath(ctx, "write", `${dir.value}/__extracted__`, -1, "mutate", {}, dir.value!);
  else emitPath(ctx, "write", "./__extracted__", -1, "mutate");
}

// ── redirects ────────────────────────────────────────────────────────────

/** `>`, `>>`, `&>`, `N>` to a file → write × class; `<` → read. Not `>&2`, not `/dev/null`. */
export function redirects(ctx: Ctx): void {
  for (const [op, rawTarget] of ctx.pc.cmd.redirects) {
    const target = unquote(rawTarget.trim());
    if (op.startsWith("<<")) continue; // heredoc / herestring: literal text
    // fd duplication (`>&2`, `2>&1`, `<&-`); `>&file` is bash's `&>file`.
    if (target.startsWith("&") || (op.endsWith("&") && /^(\d+-?|-)$/.test(target))) continue;
    if (op === "<" || op === "0<" || op === "<&") {
      if (!NULL_SINKS.test(target)) emitPath(ctx, "read", target, -1, "plain", {}, rawTarget);
      continue;
    }
    if (!/>/.test(op)) continue;
    if (NULL_SINKS.test(target)) continue;
    const info = scanWord(rawTarget);
    if (info.subst) {
      gap(ctx, 5, `command substitution in a redirection target of ${ctx.program}`);
      ctx.out.path(target, "unknown", null);
      ctx.out.effect("write", "unknown", attrs(ctx));
      continue;
    }
    if (/^\/dev\//.test(target)) {
      deviceWrite(ctx, target, -1, rawTarget);
      continue;
    }
    const classes = pathTarget(ctx, target, -1, "plain", rawTarget);
    for (const c of classes) ctx.out.effect("write", c, attrs(ctx));
  }
}

function unquote(s: string): string {
  if (s.length >= 2 && ((s[0] === '"' && s.endsWith('"')) || (s[0] === "'" && s.endsWith("'")))) return s.slice(1, -1);
  return s;
}

export const FILESYSTEM_HANDLERS: Record<string, Handler> = {
  rm,
  rmdir,
  rd: cmdDelete,
  del: cmdDelete,
  erase: cmdDelete,
  "remove-item": removeItem,
  ri: removeItem,
  unlink,
  shred,
  find,
  cp,
  mv,
  ln,
  install,
  tee,
  dd,
  truncate,
  chmod: chmodLike,
  chown: chmodLike,
  chgrp: chmodLike,
  mkdir: mkdirTouch,
  touch: mkdirTouch,
  sed,
  mkswap: mkfs,
  wipefs: mkfs,
  mke2fs: mkfs,
  source,
  ".": source,
  tar,
  unzip,
  ...Object.fromEntries(Object.keys(READERS).map((k) => [k, reader])),
};

/** Programs matched by prefix (`mkfs.ext4`, `mkfs.xfs`). */
export function filesystemPrefixHandler(program: string): Handler | null {
  if (program === "mkfs" || program.startsWith("mkfs.")) return mkfs;
  return null;
}
