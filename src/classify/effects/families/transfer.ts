// Copies between a store and this machine, shared by the storage tools
// (`aws s3 cp|mv|sync`, `gsutil`, `gcloud storage`, `azcopy`, `mc`, `rclone`):
// an upload sends the local files' contents away, a download writes local
// paths, a move deletes its sources, a mirroring sync deletes what the
// destination has and the source does not. Local operands go through the path
// table, so `aws s3 cp ~/.ssh s3://b --recursive` is `send × secret_file` and
// `rclone sync remote: ~` deletes under the home directory.
import type { TargetClass } from "../../../model/classification.js";
import type { ParsedOperand } from "../../programs/options.js";
import { emitPath, pathTarget, type Attrs } from "../common.js";
import { eff, holds, type EffectSpec, type Match } from "./rows.js";

/** Is an operand in the store (`s3://…`, `remote:path`) or a path on this machine? */
export type Locate = (value: string) => "remote" | "local";

export interface TransferOptions {
  /** The class of the store's side (object_storage for every tool here). */
  store: TargetClass;
  /** A move: every source is deleted once copied. */
  deletesSources?: boolean;
  /** A mirroring sync: what the destination has and the sources lack is deleted. */
  deletesExtra?: boolean;
  recursive?: boolean;
  /** Attrs every effect carries (service, operation). */
  attrs: Attrs;
}

/**
 * The effects of copying `ops` (sources…, destination). Local paths are
 * emitted here through the path table; the store's side is returned.
 */
export function transferEffects(m: Match, ops: readonly ParsedOperand[], locate: Locate, o: TransferOptions): EffectSpec[] {
  if (ops.length < 2) return [];
  const out: EffectSpec[] = [];
  const dst = ops[ops.length - 1];
  const sources = ops.slice(0, -1);
  const extra: Attrs = { ...o.attrs, ...holds({ recursive: !!o.recursive }) };
  const dstRemote = locate(dst.value) === "remote";
  if (dstRemote) out.push(eff("write", o.store, extra));
  else emitPath(m.ctx, "write", dst.value, dst.arg, "mutate", extra);
  for (const s of sources) {
    const remote = locate(s.value) === "remote";
    if (!remote && dstRemote) {
      // Uploading: the file's contents leave this machine.
      for (const c of pathTarget(m.ctx, s.value, s.arg, "consequential")) out.push(eff("send", c, { ...extra, target: s.value }));
    } else if (!remote) emitPath(m.ctx, "read", s.value, s.arg, "plain", extra);
    if (o.deletesSources) {
      if (remote) out.push(eff("delete", o.store, { ...extra, target: s.value }));
      else emitPath(m.ctx, "delete", s.value, s.arg, "mutate", extra);
    }
  }
  if (o.deletesExtra) {
    const del = { ...extra, recursive: true, sync_delete: true };
    if (dstRemote) out.push(eff("delete", o.store, { ...del, target: dst.value }));
    else emitPath(m.ctx, "delete", dst.value, dst.arg, "mutate", del);
  }
  return out;
}

/** One operand a deleting subcommand names: a local path goes through the path table (emitted here), the store's side is returned. */
export function storeOrLocal(m: Match, op: ParsedOperand, verb: "delete" | "destroy", locate: Locate, store: TargetClass, extra: Attrs): EffectSpec[] {
  if (locate(op.value) === "remote") return [eff(verb, store, extra)];
  emitPath(m.ctx, verb === "destroy" ? "delete" : verb, op.value, op.arg, "mutate", extra);
  return [];
}
