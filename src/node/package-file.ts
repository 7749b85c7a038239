// Read a file that an installed package ships (a grammar's .wasm), as bytes.
// A hook process reads two of them on every call: Node's full resolution
// (`require.resolve`: package.json reads, the exports map, realpath) cost
// ~1.6 ms of CPU in a cold process, so the file is first looked for in each
// `node_modules` directory Node itself would search, nearest first
// (`require.resolve.paths`, no file access) — where an install puts it. Only
// when none holds it does `require.resolve` run (a package whose exports map
// moves the file, a Yarn PnP install). The specifiers read this way have no
// exports map, or one mapping the file to itself (test/node/package-file.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The bytes of `specifier` (`package/file`) as `require` would find it; throws (ENOENT, MODULE_NOT_FOUND) when no install has it. */
export function readPackageFile(require: NodeJS.Require, specifier: string): Uint8Array<ArrayBuffer> {
  for (const dir of require.resolve.paths(specifier) ?? []) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(dir, specifier));
    } catch {
      continue;
    }
    return asBytes(bytes);
  }
  return asBytes(readFileSync(require.resolve(specifier)));
}

/** A view of the Buffer's own bytes (no copy: a .wasm is read into a buffer of its own, never the shared pool). */
function asBytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}
