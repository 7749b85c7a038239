// A path placed without touching the file system: its base, drive and
// segments (paths.ts resolves text into one; gate.ts compares them with the
// footprint). Its own file so that the two need not import each other.

export type BaseKind = "posix" | "win" | "unc" | "home" | "rel" | "tmpdir";

export interface Abstract {
  base: BaseKind;
  /** For win: the uppercase drive letter; for rel: the drive a drive-relative path (`C:x`) is on, else "". */
  drive: string;
  segs: string[];
  /** Leading `..` that climbed above a non-rooted base (home/rel/tmpdir). */
  up: number;
}
