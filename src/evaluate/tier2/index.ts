// Tier 2: saturating-register programs (SPEC §8) — schema, compiler, and the
// two VMs (WASM and its TypeScript twin) that run the same bytecode.
import type { GatehouseWasm } from "../../hotpath/instance.js";
import type { Tier2Vm } from "./vm-twin.js";
import { createTwinTier2Vm } from "./vm-twin.js";
import { createWasmTier2Vm } from "./vm-wasm.js";

export * from "./schema.js";
export * from "./compile.js";
export * from "./validate.js";
export * from "./vm-twin.js";
export * from "./vm-wasm.js";

export interface Tier2VmOptions {
  kind: "wasm" | "twin";
  /** The engine's module instance; with kind "wasm" and none given, a new instance is made. */
  wasm?: GatehouseWasm;
}

/** A Tier 2 VM. Both kinds give identical results for the same program, state and input. */
export function createTier2Vm(options: Tier2VmOptions): Tier2Vm {
  return options.kind === "twin" ? createTwinTier2Vm() : createWasmTier2Vm(options.wasm);
}
