// esbuild's `--loader:.wasm=binary` turns a .wasm import into its bytes.
declare module "*.wasm" {
  const bytes: Uint8Array;
  export default bytes;
}
