// `gatehouse corpus FILE…`: run conformance cases, print each failure with its
// differences, then `N passed, N failed`; exit 1 on any failure.
import { isAbsolute, join } from "node:path";
import { Engine } from "../engine.js";
import { CorpusRunner, type CaseResult } from "../corpus/run.js";
import { fileBaseResolver, readBundleFile } from "../node/bundle-file.js";
import { readGrammarFiles } from "../node/grammar.js";
import { packageRoot } from "../node/package-root.js";
import type { ParsedArgs } from "./args.js";
import { unreadable } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";

/** Corpus bundles named by path, and relative `extends` in inline bundles, resolve against the package root. */
export function corpusRunner(implementation: "wasm" | "twin" = "wasm"): CorpusRunner {
  const grammar = readGrammarFiles();
  const resolveBase = fileBaseResolver(packageRoot());
  return new CorpusRunner({
    readBundle: (ref) => readBundleFile(isAbsolute(ref) ? ref : join(packageRoot(), ref)),
    loadEngine: (bundle) => Engine.load({ bundle, grammar, implementation, resolveBase }),
  });
}

export function describeFailure(r: CaseResult): string[] {
  return [
    `FAIL ${r.name} (${r.where})`,
    ...r.differences.map((d) => `  ${d.path}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`),
  ];
}

export async function corpusCommand(args: ParsedArgs, io: Io): Promise<number> {
  const runner = corpusRunner(args.flags.has("twin") ? "twin" : "wasm");
  let passed = 0;
  let failed = 0;
  for (const file of args.positionals) {
    let text: string;
    try {
      text = io.readFile(file);
    } catch (error) {
      throw unreadable(file, error);
    }
    const lines = text.split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (lines[i]!.trim() === "") continue;
      const r = await runner.runLine(lines[i]!, `${file}:${i + 1}`);
      if (r.pass) {
        passed++;
        if (args.flags.has("verbose")) io.out(`ok   ${r.name}`);
      } else {
        failed++;
        describeFailure(r).forEach((l) => io.out(l));
      }
    }
  }
  io.out(`${passed} passed, ${failed} failed`);
  return failed > 0 ? EXIT.FAILURE : EXIT.OK;
}
