// Mounting over a path (issue 17, SPEC §6.8): `mount --bind /tmp/empty
// .claude`, `mount -t tmpfs tmpfs .claude`, an overlay over the checkout, a
// FUSE file system on the hook's script — whatever was there is hidden from
// every process that looks, so the agent's settings or the Gatehouse code
// the hook runs are swapped without a byte of them being written. A mount is
// a write × the mount point's class with `mount: true`; it covers everything
// below the mount point, so a mount point that holds the gate's footprint
// (`host.gate`) carries `persistence: gatehouse` like a recursive chmod of it
// (common.ts), and the default bundle's `agent.mount_over` denies it. A mount
// anywhere else is judged as a write there (today's verdicts).
// `mount` itself is a family row (families/disks.ts) that calls mountOver;
// `unshare -m CMD` is a launcher (shell/launchers/wrappers.ts): the mount
// inside is judged here; a bare new namespace changes nothing outside it.
import { parseArgs } from "../programs/options.js";
import { isLiteralArg, type Arg } from "../programs/args.js";
import { emitPath, resolveAll, type Ctx } from "./common.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";

/**
 * A mount at `point`: a write × its class with `mount: true` where it hides something that controls the agent
 * or the gate (persistence, or a directory holding the footprint). Elsewhere nothing is added: `mount` itself is
 * a family row (families/disks.ts: system mount points, remounts), which calls this with its mount point.
 */
export function mountOver(ctx: Ctx, point: { value: string; arg: Arg }): void {
  if (point.arg.dynamic) return;
  const hits = resolveAll(ctx, point.value, isLiteralArg(point.arg));
  if (hits.some((r) => r.persistence !== null || r.holdsGate)) emitPath(ctx, "write", point.value, point.arg, "mutate", { mount: true });
}

/** FUSE mounters and systemd-mount: `TOOL [options] SOURCE… MOUNTPOINT` (`-o OPTS` takes a value). */
function fuseMount(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "op", longValue: ["options", "property", "type", "description", "timeout-idle-sec"] });
  // systemd-mount WHAT [WHERE]: with one operand it picks the point itself (under /run/media).
  if (p.operands.length < 2) return;
  mountOver(ctx, p.operands[p.operands.length - 1]!);
}

export const MOUNT_PROGRAMS: readonly ProgramEntry[] = [
  entry(["bindfs", "sshfs", "fuse-overlayfs", "squashfuse", "unionfs", "unionfs-fuse", "systemd-mount"], fuseMount, [
    ["bindfs /tmp/empty .claude", "write workspace_file mount persistence=agent_settings"],
    ["sshfs host:/srv .codex", "write workspace_file mount persistence=agent_settings"],
    ["bindfs /tmp/a /tmp/b", ""],
    ["systemd-mount /dev/sdb1", ""],
  ]),
];

export const MOUNT_HANDLERS: Record<string, Handler> = handlerTable(MOUNT_PROGRAMS);
