// The two HotPath implementations: WASM (assembly/haystack.ts + keywords.ts)
// and the TypeScript twin. Both share the event flow below, so only the
// flatten and scan kernels differ.
import type { Automaton } from "./automaton.js";
import { instantiateGatehouseWasm, type GatehouseWasm } from "./instance.js";
import { HAYSTACK_CAP, INPUT_CAP } from "./limits.js";
import { TwinFlattener, twinScan } from "./twin.js";

export interface HaystackScan {
  /** tool_input or tool_result JSON over INPUT_CAP bytes, or the flattened text over HAYSTACK_CAP (truncated there). */
  readonly oversize: boolean;
  /** Haystack byte length (≤ HAYSTACK_CAP). */
  readonly length: number;
  /** Bit i set ⇔ keyword i occurs in the haystack. A fresh copy the caller may keep. */
  readonly hits: Uint32Array;
  /** The haystack bytes (a fresh copy, `length` bytes). */
  readonly bytes: Uint8Array;
  /** The haystack decoded as UTF-8 (lazy; computed on first call). */
  text(): string;
}

export interface HotPath {
  readonly kind: "wasm" | "twin";
  readonly automaton: Automaton;
  scan(toolInputJson: string, toolResultJson?: string | null): HaystackScan;
  /** The same on raw bytes (each side cut at INPUT_CAP bytes), for tests of arbitrary, malformed input. */
  scanBytes(toolInput: Uint8Array, toolResult?: Uint8Array | null): HaystackScan;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

class Scan implements HaystackScan {
  private decoded: string | null = null;
  constructor(
    readonly oversize: boolean,
    readonly length: number,
    readonly hits: Uint32Array,
    readonly bytes: Uint8Array,
  ) {}
  text(): string {
    if (this.decoded === null) this.decoded = decoder.decode(this.bytes);
    return this.decoded;
  }
}

abstract class HotPathBase implements HotPath {
  abstract readonly kind: "wasm" | "twin";
  constructor(readonly automaton: Automaton) {}

  /** The INPUT_CAP-byte input region (valid until the next allocation in the instance). */
  protected abstract inputRegion(): Uint8Array;
  /** Flatten the first `length` bytes of the input region; returns the logical haystack length. */
  protected abstract flatten(length: number, append: boolean): number;
  /** Scan haystack[0..length) and return the hit bitset and haystack bytes as fresh copies. */
  protected abstract match(length: number): { hits: Uint32Array; bytes: Uint8Array };

  scan(toolInputJson: string, toolResultJson?: string | null): HaystackScan {
    const input = this.inputRegion();
    const first = typeof toolInputJson === "string" ? toolInputJson : "";
    const r1 = encoder.encodeInto(first, input);
    let oversize = r1.read < first.length;
    let pos = this.flatten(r1.written, false);
    if (typeof toolResultJson === "string") {
      const r2 = encoder.encodeInto(toolResultJson, input);
      oversize ||= r2.read < toolResultJson.length;
      pos = this.flatten(r2.written, true);
    }
    return this.finish(pos, oversize);
  }

  scanBytes(toolInput: Uint8Array, toolResult?: Uint8Array | null): HaystackScan {
    const input = this.inputRegion();
    const n1 = Math.min(toolInput.length, INPUT_CAP);
    input.set(toolInput.subarray(0, n1));
    let oversize = toolInput.length > INPUT_CAP;
    let pos = this.flatten(n1, false);
    if (toolResult != null) {
      const n2 = Math.min(toolResult.length, INPUT_CAP);
      input.set(toolResult.subarray(0, n2));
      oversize ||= toolResult.length > INPUT_CAP;
      pos = this.flatten(n2, true);
    }
    return this.finish(pos, oversize);
  }

  private finish(pos: number, oversize: boolean): HaystackScan {
    const length = Math.min(pos, HAYSTACK_CAP);
    const { hits, bytes } = this.match(length);
    return new Scan(oversize || pos > HAYSTACK_CAP, length, hits, bytes);
  }
}

/** The plain-TypeScript hot path: same regions, same algorithms, in JS typed arrays. */
export class TwinHotPath extends HotPathBase {
  readonly kind = "twin" as const;
  private readonly input = new Uint8Array(INPUT_CAP);
  private readonly hay = new Uint8Array(HAYSTACK_CAP);
  private readonly bits: Uint32Array;
  private readonly flattener = new TwinFlattener(this.hay, HAYSTACK_CAP);

  constructor(automaton: Automaton) {
    super(automaton);
    this.bits = new Uint32Array(automaton.bitsetWords);
  }

  protected inputRegion(): Uint8Array {
    return this.input;
  }

  protected flatten(length: number, append: boolean): number {
    if (!append) this.flattener.reset();
    this.flattener.feed(this.input, length);
    return this.flattener.pos;
  }

  protected match(length: number): { hits: Uint32Array; bytes: Uint8Array } {
    twinScan(this.automaton, this.hay, length, this.bits);
    return { hits: this.bits.slice(), bytes: this.hay.slice(0, length) };
  }
}

interface HotPathExports {
  readonly memory: WebAssembly.Memory;
  alloc(size: number): number;
  hpFlatten(inPtr: number, inLen: number, outPtr: number, cap: number, append: number): number;
  hpScan(table: number, classes: number, hay: number, len: number, bits: number, words: number): void;
}

/**
 * The WASM hot path. All regions are allocated once here (the stub runtime never
 * frees): input INPUT_CAP, haystack HAYSTACK_CAP, bitset 4·bitsetWords, class map
 * 256 B, table 4·table.length. Views are re-created whenever memory.buffer changed
 * (another user of the shared instance may grow memory between events).
 */
export class WasmHotPath extends HotPathBase {
  readonly kind = "wasm" as const;
  private readonly ex: HotPathExports;
  private readonly inPtr: number;
  private readonly hayPtr: number;
  private readonly bitsPtr: number;
  private readonly classPtr: number;
  private readonly tablePtr: number;
  private buffer: ArrayBuffer | null = null;
  private inView = new Uint8Array(0);
  private hayView = new Uint8Array(0);
  private bitsView = new Uint32Array(0);

  constructor(
    automaton: Automaton,
    readonly wasm: GatehouseWasm,
  ) {
    super(automaton);
    const ex = wasm.exports as unknown as HotPathExports;
    if (typeof ex.hpFlatten !== "function" || typeof ex.hpScan !== "function") {
      throw new Error("gatehouse wasm: module lacks the hot-path exports (hpFlatten, hpScan)");
    }
    this.ex = ex;
    this.inPtr = ex.alloc(INPUT_CAP) >>> 0;
    this.hayPtr = ex.alloc(HAYSTACK_CAP) >>> 0;
    this.bitsPtr = ex.alloc(automaton.bitsetWords * 4) >>> 0;
    this.classPtr = ex.alloc(256) >>> 0;
    this.tablePtr = ex.alloc(Math.max(4, automaton.table.byteLength)) >>> 0;
    const buf = ex.memory.buffer;
    new Uint8Array(buf, this.classPtr, 256).set(automaton.classMap);
    new Int32Array(buf, this.tablePtr, automaton.table.length).set(automaton.table);
  }

  private views(): void {
    const buf = this.ex.memory.buffer;
    if (buf === this.buffer) return;
    this.buffer = buf;
    this.inView = new Uint8Array(buf, this.inPtr, INPUT_CAP);
    this.hayView = new Uint8Array(buf, this.hayPtr, HAYSTACK_CAP);
    this.bitsView = new Uint32Array(buf, this.bitsPtr, this.automaton.bitsetWords);
  }

  protected inputRegion(): Uint8Array {
    this.views();
    return this.inView;
  }

  protected flatten(length: number, append: boolean): number {
    return this.ex.hpFlatten(this.inPtr, length, this.hayPtr, HAYSTACK_CAP, append ? 1 : 0);
  }

  protected match(length: number): { hits: Uint32Array; bytes: Uint8Array } {
    const a = this.automaton;
    this.ex.hpScan(this.tablePtr, this.classPtr, this.hayPtr, length, this.bitsPtr, a.bitsetWords);
    this.views();
    return { hits: this.bitsView.slice(), bytes: this.hayView.slice(0, length) };
  }
}

function webAssemblyAvailable(): boolean {
  return typeof WebAssembly === "object" && WebAssembly !== null && typeof WebAssembly.Instance === "function";
}

/**
 * The hot path for one compiled automaton. `kind` "wasm" (default) uses `wasm`
 * or instantiates the module; "twin" is the TypeScript twin. With no `kind`
 * given, a missing or failing WebAssembly falls back to the twin; an explicit
 * "wasm" throws instead.
 */
export function createHotPath(
  automaton: Automaton,
  options: { kind?: "wasm" | "twin"; wasm?: GatehouseWasm } = {},
): HotPath {
  const kind = options.kind;
  if (kind === "twin") return new TwinHotPath(automaton);
  if (kind === "wasm") return new WasmHotPath(automaton, options.wasm ?? instantiateGatehouseWasm());
  if (options.wasm === undefined && !webAssemblyAvailable()) return new TwinHotPath(automaton);
  try {
    return new WasmHotPath(automaton, options.wasm ?? instantiateGatehouseWasm());
  } catch (err) {
    if (options.wasm !== undefined) throw err;
    return new TwinHotPath(automaton);
  }
}
