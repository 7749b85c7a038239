// What an extraction writes (issue 17, SPEC §2 `host` files): `tar xf a.tar`,
// `unzip -o a.zip`, `bsdtar -xf`, `7z x` write the archive's members under
// the extraction directory, so an archive holding `.claude/settings.json`
// rewrites the agent's settings without naming them. With host facts the
// host has listed the archive (src/node/archive-members.ts): each member
// that lands on something guarded — an agent's settings, the gate's
// footprint, a startup file — is a write of it (judged by the usual rules);
// ordinary members add nothing to the `DIR/__extracted__` write the readers
// already emit. Where the members are unknown — no listing (read from stdin,
// made earlier in the same command, a format the host does not list), cut at
// the host's bound, or renamed on the way (`--transform`, bsdtar `-s`) — the
// call is an unknown shape when the extraction directory holds something
// guarded (the project root holds `.claude/`), never a silent allow. Without
// host facts (`gatehouse check`, the page) nothing changes.
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import { hostOf } from "../host-env.js";
import { hostArchive } from "../host-facts.js";
import { isLiteralArg, joinedArg, literalArg, withValue, type Arg } from "../programs/args.js";
import { flagWithValue, has, parseArgs } from "../programs/options.js";
import { emitPath, gap, resolveAll, type Ctx } from "./common.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";

export interface Extraction {
  /** The archive file as named (null: it comes from stdin). */
  archive: { value: string; arg: Arg } | null;
  /** The extraction directory (null: the working directory). */
  dir: { value: string; arg: Arg } | null;
  /** Leading components dropped from each member (`--strip-components N`). */
  strip?: number;
  /** Members land by their last component (`unzip -j`, `7z e`). */
  flat?: boolean;
  /** Only these members (operands after the archive); a glob or none: all. */
  only?: readonly string[];
  /** Member names are rewritten on the way (`--transform`, bsdtar `-s`): where they land is unknown. */
  renamed?: boolean;
}

/** An archive extracted into DIR (or the working directory) writes files under it. */
export function extractInto(ctx: Ctx, dir: { value: string; arg: Arg } | null): void {
  if (dir) emitPath(ctx, "write", `${dir.value}/__extracted__`, joinedArg(`${dir.value}/__extracted__`, [dir.arg]), "mutate", {}, dir.value);
  else emitPath(ctx, "write", "./__extracted__", literalArg("./__extracted__"), "mutate", {}, ".");
}

/** Members written out as effects, at most (the rest are still looked at for the gate). */
const MAX_EMITTED = 64;

/** Does writing at `value` reach something that controls the agent, the gate or what runs later? */
function guarded(ctx: Ctx, value: string, arg: Arg | null, holding: boolean): boolean {
  return resolveAll(ctx, value, isLiteralArg(arg)).some((r) => r.persistence !== null || (holding && r.holdsGate));
}

function selected(member: string, only: readonly string[] | undefined): boolean {
  if (only === undefined || only.length === 0 || only.some((o) => /[*?[]/.test(o))) return true;
  const m = member.replace(/^\.\//, "");
  return only.some((o) => {
    const x = o.replace(/^\.\//, "").replace(/\/+$/, "");
    return m === x || m.startsWith(`${x}/`);
  });
}

/** Where a member lands, relative to the extraction directory ("" when it is dropped). */
function landing(member: string, e: Extraction): string {
  let parts = member.split("/").filter((p) => p !== "" && p !== ".");
  if (e.strip) parts = parts.slice(e.strip);
  if (e.flat) parts = parts.slice(-1);
  return parts.join("/");
}

export function extractedMembers(ctx: Ctx, e: Extraction): void {
  if (hostOf(ctx.env) === null) return;
  const dir = e.dir?.value ?? ".";
  const listing = e.archive === null || e.archive.value === "-" ? { members: null, reason: `${ctx.program} extracts an archive from its input` } : e.archive.arg.dynamic ? { members: null, reason: `the archive ${e.archive.arg.raw} is named at run time` } : hostArchive(ctx.env, e.archive.value);
  if (listing === null) return;
  const unknown = (shape: typeof GAP_SHAPE.OVERSIZE | typeof GAP_SHAPE.NON_LITERAL_OPERAND, reason: string) => {
    if (guarded(ctx, dir, e.dir?.arg ?? null, true)) gap(ctx, shape, `${reason}: what it writes into ${dir}, which holds an agent's settings or Gatehouse's footprint, is not known`);
  };
  if (e.renamed) return unknown(GAP_SHAPE.NON_LITERAL_OPERAND, `${ctx.program} renames the members as it extracts them`);
  if (listing.members === null) return unknown(GAP_SHAPE.NON_LITERAL_OPERAND, listing.reason);
  let emitted = 0;
  // Symbolic links the archive makes (landing → where it points, as a path under the directory or absolute).
  const made = new Map<string, string>();
  for (const member of listing.members) {
    if (!selected(member, e.only)) continue;
    if (e.flat && member.endsWith("/")) continue; // flattened: directories are not made
    let rel = landing(member, e);
    if (rel === "") continue;
    rel = throughMade(made, rel);
    // The link itself lands at its name (a `.claude` link replaces the directory); what is under it, where it points.
    const pointsTo = listing.links?.[member];
    if (pointsTo !== undefined) made.set(rel, linkTarget(rel, pointsTo));
    const target = rel.startsWith("/") ? rel : dir === "." ? rel : `${dir.replace(/\/+$/, "")}/${rel}`;
    const arg = e.dir ? withValue(e.dir.arg, target) : null;
    if (!guarded(ctx, target, arg, false)) continue;
    emitPath(ctx, "write", target, arg, "mutate", { member }, target);
    if (++emitted >= MAX_EMITTED) break;
  }
  if (listing.truncated) unknown(GAP_SHAPE.OVERSIZE, `the host listed only part of ${e.archive?.value ?? "the archive"}`);
}

/** Where a link at `at` (under the extraction directory) pointing to `to` leads: relative to its own directory. */
function linkTarget(at: string, to: string): string {
  if (to.startsWith("/")) return to;
  const parts = at.split("/").slice(0, -1);
  for (const seg of to.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.length > 0 && parts[parts.length - 1] !== ".." ? parts.pop() : parts.push("..");
    else parts.push(seg);
  }
  return parts.join("/") || ".";
}

/** A member under a link the archive made earlier lands where the link points (`l → .claude`, then `l/settings.json`). */
function throughMade(made: ReadonlyMap<string, string>, rel: string): string {
  for (let hops = 0; hops < 8; hops++) {
    let next: string | null = null;
    for (const [name, to] of made) if (rel.startsWith(`${name}/`)) next = `${to === "." ? "" : `${to}/`}${rel.slice(name.length + 1)}`;
    if (next === null) return rel;
    rel = next;
  }
  return rel;
}

/** Extract into `dir` (or the cwd): the readers' write under it, and the members that land on something guarded. */
export function extractArchive(ctx: Ctx, e: Extraction): void {
  if (e.archive !== null && e.archive.value !== "-") emitPath(ctx, "read", e.archive.value, e.archive.arg, "plain");
  extractInto(ctx, e.dir);
  extractedMembers(ctx, e);
}

/** The archive `ctx`'s stdin redirect names (`cpio -i < a.cpio`), else null (a pipe, a terminal). */
function stdinArchive(ctx: Ctx): { value: string; arg: Arg } | null {
  const s = ctx.pc.stdin;
  return s?.kind === "file" ? { value: s.path, arg: literalArg(s.path) } : null;
}

/** `jar xf A [MEMBER…]`, `jar -x -f A`, `jar --extract --file A` (a zip; without `f` it reads stdin). */
function jar(ctx: Ctx): void {
  const args = ctx.args.map((a, i) => (i === 0 && !a.value.startsWith("-") ? withValue(a, `-${a.value}`) : a));
  const p = parseArgs(args, { shortValue: "fCme", longValue: ["file", "dir", "manifest", "main-class"], aliases: { f: "file", x: "extract", t: "list", C: "dir" } });
  if (!has(p, "extract")) return;
  extractArchive(ctx, { archive: flagWithValue(p, "file") ?? stdinArchive(ctx), dir: flagWithValue(p, "dir"), only: p.operands.map((o) => o.value) });
}

/** `cpio -i|--extract [-D DIR] [PATTERN…] < A` (`-F A` names it); `-t` lists. */
function cpio(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "DFEHIOMRs", longValue: ["directory", "file", "pattern-file", "format", "rename-batch-file"], aliases: { D: "directory", F: "file", I: "file", i: "extract", t: "list", r: "rename" } });
  if (!has(p, "extract") || has(p, "list")) return;
  extractArchive(ctx, { archive: flagWithValue(p, "file") ?? stdinArchive(ctx), dir: flagWithValue(p, "directory"), only: p.operands.map((o) => o.value), renamed: has(p, "rename") });
}

/** `pax -r [-f A] [-s /old/new/] [PATTERN…]`: reads an archive into the cwd. */
function pax(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "fsbopxBDEGTU", aliases: { f: "file", r: "read", w: "write" } });
  if (!has(p, "read") || has(p, "write")) return;
  extractArchive(ctx, { archive: flagWithValue(p, "file") ?? stdinArchive(ctx), dir: null, only: p.operands.map((o) => o.value), renamed: flagWithValue(p, "s") !== null });
}

/** macOS `ditto -x [-k] A DIR`: extracts A into DIR (without `-x` it copies, a filesystem row's business). */
function ditto(ctx: Ctx): void {
  if (!ctx.args.some((a) => a.value === "-x" || /^-[a-zA-Z]*x/.test(a.value))) return;
  const ops = ctx.args.filter((a) => !a.value.startsWith("-"));
  if (ops.length < 2) return;
  extractArchive(ctx, { archive: { value: ops[0]!.value, arg: ops[0]! }, dir: { value: ops[ops.length - 1]!.value, arg: ops[ops.length - 1]! } });
}

/** `ar x[ov…] A [MEMBER…]` (a Unix archive, members flat in the cwd; `p`, `t` only print). */
function ar(ctx: Ctx): void {
  const [key, archive, ...members] = ctx.args;
  if (key === undefined || archive === undefined || key.dynamic || !/^-?[a-zA-Z]*x/.test(key.value)) return;
  extractArchive(ctx, { archive: { value: archive.value, arg: archive }, dir: null, only: members.map((m) => m.value) });
}

export const EXTRACT_PROGRAMS: readonly ProgramEntry[] = [
  entry(["ar"], ar, [["ar x lib.a", "read workspace_file; write workspace_file"], ["ar t lib.a", ""]]),
  entry(["jar"], jar, [["jar xf lib.jar", "read workspace_file; write workspace_file"], ["jar tf lib.jar", ""]]),
  entry(["cpio"], cpio, [["cpio -idv < a.cpio", "read workspace_file; write workspace_file"], ["cpio -t < a.cpio", "read workspace_file"]]),
  entry(["pax"], pax, [["pax -r -f a.tar", "read workspace_file; write workspace_file"], ["pax -f a.tar", ""]]),
  entry(["ditto"], ditto, [["ditto -x -k a.zip out", "read workspace_file; write workspace_file"], ["ditto --help", ""]]),
];

export const EXTRACT_HANDLERS: Record<string, Handler> = handlerTable(EXTRACT_PROGRAMS);
