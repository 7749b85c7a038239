// Shared by the hot-path suites: one WASM instance, paired hot paths, and a
// side-by-side comparison of the two implementations.
import { expect } from "vitest";
import {
  compileAutomaton,
  createHotPath,
  instantiateGatehouseWasm,
  type GatehouseWasm,
  type HaystackScan,
  type HotPath,
} from "../../src/hotpath/index.js";

let shared: GatehouseWasm | null = null;
export function sharedWasm(): GatehouseWasm {
  if (shared === null) shared = instantiateGatehouseWasm();
  return shared;
}

export interface Pair {
  readonly wasm: HotPath;
  readonly twin: HotPath;
}

export function pair(keywords: readonly string[]): Pair {
  const a = compileAutomaton(keywords);
  return { wasm: createHotPath(a, { kind: "wasm", wasm: sharedWasm() }), twin: createHotPath(a, { kind: "twin" }) };
}

export function hitList(scan: HaystackScan, n: number): boolean[] {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push(((scan.hits[i >>> 5] >>> (i & 31)) & 1) === 1);
  return out;
}

/** Assert the two scans are identical; return the WASM one. */
export function same(w: HaystackScan, t: HaystackScan): HaystackScan {
  expect(w.oversize).toBe(t.oversize);
  expect(w.length).toBe(t.length);
  expect(w.bytes.length).toBe(w.length);
  expect(Buffer.from(w.bytes).equals(Buffer.from(t.bytes))).toBe(true);
  expect(Array.from(w.hits)).toEqual(Array.from(t.hits));
  return w;
}

export function scanBoth(p: Pair, input: string, result?: string | null): HaystackScan {
  return same(p.wasm.scan(input, result), p.twin.scan(input, result));
}

export function scanBytesBoth(p: Pair, input: Uint8Array, result?: Uint8Array | null): HaystackScan {
  return same(p.wasm.scanBytes(input, result), p.twin.scanBytes(input, result));
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
