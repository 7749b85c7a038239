// The hot path: haystack flattening and keyword matching (SPEC §7), in WASM
// with a plain TypeScript twin held to identical answers by property tests.
export { INPUT_CAP, INPUT_DEPTH_CAP, HAYSTACK_CAP, MAX_KEYWORDS, PER_EVENT_MEMORY_BYTES, BITSET_CAP } from "./limits.js";
export { boundedJson, type BoundedJson } from "./bounded-json.js";
export { compileAutomaton, type Automaton } from "./automaton.js";
export { createHotPath, TwinHotPath, WasmHotPath, type HaystackScan, type HotPath } from "./wasm-hotpath.js";
export { matchKeyword, flattenJsonReference } from "./twin.js";
export { instantiateGatehouseWasm, type GatehouseWasm } from "./instance.js";
