// Packs and installs Gatehouse once for the whole suite (harness/gatehouse.ts); tests read it with inject("gatehouse").
import type { TestProject } from "vitest/node";
import { packAndInstall, removePacked, type PackedGatehouse } from "./gatehouse.js";

declare module "vitest" {
  export interface ProvidedContext {
    gatehouse: PackedGatehouse;
  }
}

export default function setup(project: TestProject) {
  const packed = packAndInstall();
  process.stderr.write(`e2e: ${packed.name}@${packed.version} packed (${packed.tarballBytes} bytes) and installed globally in ${packed.installMs} ms: ${packed.bin}\n`);
  project.provide("gatehouse", packed);
  return () => removePacked(packed);
}
