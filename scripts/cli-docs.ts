// Regenerate the generated sections of docs/cli.md (src/cli/docs-block.ts): the
// command reference from src/cli/commands.ts (what the parser and --help use)
// and the agent table from src/install/agents.ts.
// Usage: scripts/run-ts.sh scripts/cli-docs.ts [--check]
//   --check  fail (exit 1) if docs/cli.md is not up to date.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { regenerate } from "../src/cli/docs-block.js";
import { packageRoot } from "../src/node/package-root.js";

const path = join(packageRoot(), "docs", "cli.md");
const current = readFileSync(path, "utf8");
const next = regenerate(current);
if (process.argv.includes("--check")) {
  if (next !== current) {
    process.stderr.write("docs/cli.md is out of date: run scripts/run-ts.sh scripts/cli-docs.ts\n");
    process.exit(1);
  }
} else if (next !== current) {
  writeFileSync(path, next);
  process.stderr.write("docs/cli.md updated\n");
}
