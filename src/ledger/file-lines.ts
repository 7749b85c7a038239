// Reading a ledger file by lines in bounded memory: forward (verify, show,
// replay — a million rows never sit in memory at once) and backward from the
// end (the appender needs only the last row). Lines are raw bytes: decoding is
// readLedgerLine's job, so a torn multi-byte character is seen as such.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { MAX_ROW_BYTES } from "./line.js";

export interface FileLine {
  /** 1-based line number in the file. */
  line: number;
  /** The line without its newline; empty (and `oversize` set) when the line is longer than the row limit. */
  bytes: Buffer;
  /** Whether the line ended with `\n` (only the last line of a file can lack one). */
  terminated: boolean;
  /** The line's length when it was too long to hold (its bytes were skipped, not kept). */
  oversize: number | null;
  /** Byte offset of the line's first byte. */
  offset: number;
}

const CHUNK = 1 << 20;

/** Every line of the file at `path`, in order. Memory: one chunk plus the longest line up to MAX_ROW_BYTES. */
export function* fileLines(path: string): Generator<FileLine> {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    let parts: Buffer[] = [];
    let partBytes = 0;
    let lineNo = 1;
    let lineStart = 0;
    let position = 0;
    for (;;) {
      const got = readSync(fd, buffer, 0, CHUNK, position);
      if (got === 0) break;
      let from = 0;
      for (;;) {
        const nl = buffer.indexOf(0x0a, from);
        const end = nl < 0 || nl >= got ? got : nl;
        const piece = end - from;
        if (partBytes + piece <= MAX_ROW_BYTES + 1) parts.push(Buffer.from(buffer.subarray(from, end)));
        partBytes += piece;
        if (nl < 0 || nl >= got) break;
        yield emit(parts, partBytes, lineNo, true, lineStart);
        lineNo++;
        lineStart = position + nl + 1;
        parts = [];
        partBytes = 0;
        from = nl + 1;
      }
      position += got;
    }
    if (partBytes > 0) yield emit(parts, partBytes, lineNo, false, lineStart);
  } finally {
    closeSync(fd);
  }
}

function emit(parts: Buffer[], total: number, line: number, terminated: boolean, offset: number): FileLine {
  if (total > MAX_ROW_BYTES) return { line, bytes: Buffer.alloc(0), terminated, oversize: total, offset };
  return { line, bytes: parts.length === 1 ? parts[0]! : Buffer.concat(parts, total), terminated, oversize: null, offset };
}

export interface TailLine {
  bytes: Buffer;
  /** Byte offset of the line's first byte. */
  offset: number;
  terminated: boolean;
}

/**
 * The file's lines from the last backwards, until `accept` returns a value
 * (then that value) or the file's start (then null). An oversize line is
 * skipped without being held.
 */
export function scanBackward<T>(fd: number, accept: (line: TailLine) => T | null): T | null {
  const size = fstatSync(fd).size;
  if (size === 0) return null;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  let end = last[0] === 0x0a ? size - 1 : size; // exclusive end of the current line's content
  let terminated = end !== size;
  const chunk = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    // Find the newline before `end`, reading backwards.
    let parts: Buffer[] = [];
    let held = 0;
    let start = 0;
    let pos = end;
    search: while (pos > 0) {
      const from = Math.max(0, pos - chunk.length);
      const n = readSync(fd, chunk, 0, pos - from, from);
      const view = chunk.subarray(0, n);
      const nl = view.lastIndexOf(0x0a);
      const keepFrom = nl < 0 ? 0 : nl + 1;
      if (held + (n - keepFrom) <= MAX_ROW_BYTES) parts.unshift(Buffer.from(view.subarray(keepFrom)));
      held += n - keepFrom;
      if (nl >= 0) {
        start = from + nl + 1;
        break search;
      }
      pos = from;
    }
    if (held <= MAX_ROW_BYTES) {
      const found = accept({ bytes: Buffer.concat(parts, held), offset: start, terminated });
      if (found !== null) return found;
    }
    parts = [];
    if (start === 0) return null;
    end = start - 1;
    terminated = true;
  }
}
