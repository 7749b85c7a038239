// Locate the installed package's root (where bundles/ ships) from this module,
// whether it runs from src/ (tests) or from the bundled dist/.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | null = null;

export function packageRoot(): string {
  if (root !== null) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "bundles"))) return (root = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error("gatehouse: cannot find the package root (bundles/ is missing)");
    dir = parent;
  }
}
