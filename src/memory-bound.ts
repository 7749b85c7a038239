// The fixed per-event bound on WebAssembly linear memory (SPEC §1): every
// region an event touches is allocated once at engine load, so no event can
// grow memory; input beyond a region is truncated and reported (unknown
// shape 1 for shell tools, a warning for others), never an out-of-memory.
import { PER_EVENT_MEMORY_BYTES } from "./hotpath/limits.js";
import { WASM_VM_MEMORY_BYTES } from "./evaluate/tier2/vm-wasm.js";

/** Hot path (JSON input 512 KiB + haystack 256 KiB + keyword bitset 8 KiB) + Tier 2 VM (code, registers, IO, run material). */
export const EVENT_MEMORY_BOUND_BYTES = PER_EVENT_MEMORY_BYTES + WASM_VM_MEMORY_BYTES;
