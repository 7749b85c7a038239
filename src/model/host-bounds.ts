// The bounds a host keeps while it gathers the real file system as facts for
// one call (SPEC §2 `host`, docs/host-facts.md). Over any of them, what was not
// looked at is an unknown shape (→ `on_unknown`, default ask), never a silent
// allow. Shared by the gatherer (src/node/host-facts.ts) and the classifier,
// which caps what it asks for at one past each bound so the gatherer can tell.
export const HOST_BOUNDS = {
  /** Files read per call (scripts, Makefiles, package.json, SQL files). */
  files: 16,
  /** Bytes kept of one file; a longer one is `truncated` (judged as oversize). */
  fileBytes: 64 * 1024,
  /** Bytes read per call, all files together. */
  callBytes: 256 * 1024,
  /** Gathering rounds: a read script may name more scripts, this many levels deep. */
  levels: 4,
  /** Operand paths whose symlinks are resolved per call. */
  operands: 1024,
  /** Symlinks recorded per call. */
  links: 64,
  /** Member paths listed of one archive a command extracts (src/node/archive-members.ts). */
  archiveMembers: 1024,
  /** Bytes of an archive read to list it: compressed input, or a zip's central directory (a gzip's tar stream: 4×). */
  archiveBytes: 8 * 1024 * 1024,
} as const;
