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
import { withValue, type Arg } from "../programs/args.js";
import { emitPath, gap, resolveAll, type Ctx } from "./common.js";

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

/** Members written out as effects, at most (the rest are still looked at for the gate). */
const MAX_EMITTED = 64;

const literal = (arg: Arg | null): boolean => arg === null || (arg.vars.length === 0 && !arg.tilde);

/** Does writing at `value` reach something that controls the agent, the gate or what runs later? */
function guarded(ctx: Ctx, value: string, arg: Arg | null, holding: boolean): boolean {
  return resolveAll(ctx, value, literal(arg)).some((r) => r.persistence !== null || (holding && r.holdsGate));
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
  for (const member of listing.members) {
    if (!selected(member, e.only)) continue;
    const rel = landing(member, e);
    if (rel === "") continue;
    const target = dir === "." ? rel : `${dir.replace(/\/+$/, "")}/${rel}`;
    const arg = e.dir ? withValue(e.dir.arg, target) : null;
    if (!guarded(ctx, target, arg, false)) continue;
    emitPath(ctx, "write", target, arg, "mutate", { member }, target);
    if (++emitted >= MAX_EMITTED) break;
  }
  if (listing.truncated) unknown(GAP_SHAPE.OVERSIZE, `the host listed only part of ${e.archive?.value ?? "the archive"}`);
}
