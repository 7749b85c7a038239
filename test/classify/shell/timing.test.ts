// Timing of parse + analyze per peer-case command (a measurement, not an
// assertion). Opt in: GATEHOUSE_SHELL_TIMING=1 npx vitest run test/classify/shell/timing.test.ts
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { analyzeShellText, loadShellParser } from "../../../src/classify/shell/index.js";
import { readGrammarFiles } from "../../../src/node/grammar.js";
import { EFFECT_PROGRAMS } from "../../../src/classify/effects/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const peerDir = resolve(here, "../../../../shared/peer-cases");
const enabled = process.env.GATEHOUSE_SHELL_TIMING === "1" && existsSync(peerDir);

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

it.skipIf(!enabled)("parse + analyze time per peer-case command", async () => {
  const parser = await loadShellParser(readGrammarFiles());
  const commands: string[] = [];
  for (const f of readdirSync(peerDir).filter((n) => n.endsWith(".jsonl"))) {
    for (const line of readFileSync(join(peerDir, f), "utf8").split("\n")) {
      if (line.trim()) commands.push((JSON.parse(line) as { command: string }).command);
    }
  }
  for (let pass = 0; pass < 3; pass++) for (const c of commands) analyzeShellText(parser, c, { programs: EFFECT_PROGRAMS });
  const rounds = 10;
  const samples: number[] = [];
  const perCommand: number[][] = commands.map(() => []);
  for (let pass = 0; pass < rounds; pass++) {
    commands.forEach((c, k) => {
      const t0 = process.hrtime.bigint();
      analyzeShellText(parser, c, { programs: EFFECT_PROGRAMS });
      const us = Number(process.hrtime.bigint() - t0) / 1000;
      samples.push(us);
      perCommand[k].push(us);
    });
  }
  samples.sort((a, b) => a - b);
  const medians = perCommand.map((s) => s.sort((a, b) => a - b)[Math.floor(s.length / 2)]).sort((a, b) => a - b);
  const fmt = (n: number): string => n.toFixed(1);
  console.log(
    `shell analysis over ${commands.length} peer-case commands × ${rounds} rounds: ` +
      `all samples median ${fmt(quantile(samples, 0.5))} µs, p99 ${fmt(quantile(samples, 0.99))} µs, max ${fmt(samples[samples.length - 1])} µs; ` +
      `per-command medians: median ${fmt(quantile(medians, 0.5))} µs, p99 ${fmt(quantile(medians, 0.99))} µs`,
  );
  expect(samples.length).toBe(commands.length * rounds);
});
