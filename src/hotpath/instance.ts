// Instantiate the Gatehouse WASM module from the bytes embedded at build time.
// Every Engine gets its own instance: no state is shared between bundles.
import { instantiateSync } from "@assemblyscript/loader";
import { WASM_BASE64 } from "./wasm-bytes.generated.js";

let cachedModule: WebAssembly.Module | null = null;

/** Node's Buffer when there is one: its native decoder costs a hook process ~0.1 ms, the `atob` loop below ~5–10 ms cold. */
const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: "base64"): Uint8Array } }).Buffer;

function decodeBase64(text: string): Uint8Array {
  if (NodeBuffer !== undefined) return NodeBuffer.from(text, "base64");
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The compiled module is immutable, so compiling it once per process is safe. */
function wasmModule(): WebAssembly.Module {
  if (cachedModule === null) cachedModule = new WebAssembly.Module(decodeBase64(WASM_BASE64) as BufferSource);
  return cachedModule;
}

export interface GatehouseWasm {
  readonly exports: Record<string, unknown> & { memory: WebAssembly.Memory; alloc(size: number): number };
}

/** `module`: one the host compiled itself (the page fetches gatehouse.wasm); default: the embedded bytes. */
export function instantiateGatehouseWasm(module: WebAssembly.Module = wasmModule()): GatehouseWasm {
  const result = instantiateSync(module, {
    env: {
      abort(_msg: number, _file: number, line: number, column: number) {
        throw new Error(`gatehouse wasm: abort at ${line}:${column}`);
      },
    },
  });
  return { exports: result.exports as unknown as GatehouseWasm["exports"] };
}
