// Inline-code grammars (SPEC §6.7): each grammar's .wasm size, its load time
// (synchronous path: cold = the first load in this process, warm = a repeat
// load; web-tree-sitter's async Language.load for comparison), the first
// parse after a load, and the per-snippet parse + analysis time (median and
// p90 over every timed call, after warm-up). Reports; never asserts on time.
// Usage: scripts/run-ts.sh bench/inline-code.ts [rounds=200]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Language, Parser } from "web-tree-sitter";
import { analyzeInlineCode, GRAMMAR_FILES, INLINE_LANGUAGES, InlineGrammars, type InlineLanguage } from "../src/classify/inline-code/index.js";
import { initTreeSitterRuntime } from "../src/classify/tree-sitter-runtime.js";

const require = createRequire(import.meta.url);
const rounds = Number(process.argv[2] ?? 200);
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

const SNIPPETS: Record<InlineLanguage, string[]> = {
  python: ["print('hello')", "import shutil; shutil.rmtree('/')", "import json,sys\nfor l in sys.stdin:\n    d = json.loads(l)\n    print(d['a'], d.get('b'))\n", "import subprocess; subprocess.run(['git', 'push', '--force'])"],
  javascript: ["console.log(1)", "require('fs').rmSync('/', {recursive: true})", "const d = JSON.parse(require('fs').readFileSync(0, 'utf8'));\nfor (const k of Object.keys(d)) console.log(k, d[k]);\n", "require('child_process').execSync('git status')"],
  ruby: ["puts 1", "FileUtils.rm_rf(Dir.home)", "require 'json'\ndata = JSON.parse(STDIN.read)\ndata.each { |k, v| puts \"#{k}=#{v}\" }\n", "system('git', 'status')"],
  powershell: ["Write-Host hi", "Remove-Item -Recurse -Force $env:USERPROFILE", "$d = Get-Content data.json | ConvertFrom-Json\nforeach ($x in $d.items) { Write-Output $x.name }\n", "git status"],
};

const t0 = process.hrtime.bigint();
const rt = await initTreeSitterRuntime(new Uint8Array(readFileSync(require.resolve("web-tree-sitter/tree-sitter.wasm"))));
const initMs = ms(t0);
const rows: Record<string, unknown>[] = [];
for (const language of INLINE_LANGUAGES) {
  let t = process.hrtime.bigint();
  const bytes = new Uint8Array(readFileSync(require.resolve(GRAMMAR_FILES[language])));
  const readMs = ms(t);
  t = process.hrtime.bigint();
  const lang = rt.loadSync(bytes);
  const coldMs = ms(t);
  const parser = new Parser();
  parser.setLanguage(lang);
  t = process.hrtime.bigint();
  parser.parse(SNIPPETS[language][0]!)!.delete();
  const firstParseMs = ms(t);
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    t = process.hrtime.bigint();
    rt.loadSync(bytes);
    warm.push(ms(t));
  }
  t = process.hrtime.bigint();
  await Language.load(bytes);
  const asyncMs = ms(t);
  // Per-snippet parse + analysis through the public entry (grammar already loaded).
  const grammars = new InlineGrammars(rt, { read: () => bytes });
  const per: Record<string, { median_us: number; p90_us: number }> = {};
  for (const code of SNIPPETS[language]) {
    for (let i = 0; i < 20; i++) analyzeInlineCode(language, code, { grammars });
    const xs: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const s = process.hrtime.bigint();
      analyzeInlineCode(language, code, { grammars });
      xs.push(Number(process.hrtime.bigint() - s) / 1e3);
    }
    per[code.split("\n")[0]!.slice(0, 40)] = { median_us: Math.round(quantile(xs, 0.5)), p90_us: Math.round(quantile(xs, 0.9)) };
  }
  rows.push({ language, package: GRAMMAR_FILES[language].split("/")[0], wasm_bytes: bytes.length, read_ms: +readMs.toFixed(2), sync_load_cold_ms: +coldMs.toFixed(2), sync_load_warm_ms_median: +quantile(warm, 0.5).toFixed(2), first_parse_ms: +firstParseMs.toFixed(2), async_language_load_ms: +asyncMs.toFixed(1), snippets: per });
}
process.stdout.write(JSON.stringify({ node: process.version, runtime_init_ms: +initMs.toFixed(1), rounds, grammars: rows }, null, 2) + "\n");
