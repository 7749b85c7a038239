// The code cites the contract as `SPEC §n` (or `§n.m`); docs/spec.md is that
// contract in the repository. Every citation must name a section the page has,
// so a reader who follows one lands somewhere. `§9.2` names item 2 of §9's list.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" ? [] : files(path);
    return /\.(ts|mts|mjs|cjs|js)$/.test(e.name) ? [path] : [];
  });
}

/** Section ids the page defines: `## §n …`, `### §n.m …`, and `n.` items of a section's numbered list. */
function sectionsOf(page: string): Set<string> {
  const ids = new Set<string>();
  let current: string | null = null;
  for (const line of page.split("\n")) {
    const heading = /^#{2,3} §(\d+(?:\.\d+)?)\s/.exec(line);
    if (heading) {
      current = heading[1]!;
      ids.add(current);
      continue;
    }
    const item = /^(\d+)\. /.exec(line);
    if (item && current !== null && !current.includes(".")) ids.add(`${current}.${item[1]}`);
  }
  return ids;
}

describe("SPEC § references", () => {
  const page = readFileSync(join(root, "docs/spec.md"), "utf8");
  const sections = sectionsOf(page);

  it("the page defines §1–§13 in order", () => {
    const top = [...page.matchAll(/^## §(\d+) /gm)].map((m) => Number(m[1]));
    expect(top).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
  });

  it("every SPEC § the code cites is a section of docs/spec.md", () => {
    const missing: string[] = [];
    for (const dir of ["src", "test", "bench", "scripts", "assembly"]) {
      for (const file of files(join(root, dir))) {
        for (const m of readFileSync(file, "utf8").matchAll(/SPEC §(\d+(?:\.\d+)*)/g)) {
          if (!sections.has(m[1]!)) missing.push(`${file.slice(root.length + 1)}: SPEC §${m[1]}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("reads headings and numbered items, and nothing else", () => {
    const ids = sectionsOf("## §4 A\ntext 1. not an item\n1. first\n### §4.2 B\n1. nested, not an id\n## §5 C\n");
    expect([...ids].sort()).toEqual(["4", "4.1", "4.2", "5"]);
  });
});
