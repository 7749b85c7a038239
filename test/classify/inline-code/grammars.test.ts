// The grammar loader: the synchronous path gives the same language as
// web-tree-sitter's own async load; grammars load lazily, only when code in
// their language is read; a source that can only fetch works through
// `prepare`; a grammar that cannot be had leaves the code dynamic (shape 6).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Language, Parser } from "web-tree-sitter";
import { describe, expect, it } from "vitest";
import { analyzeInlineCode, GRAMMAR_FILES, INLINE_LANGUAGES, InlineGrammars, type InlineLanguage } from "../../../src/classify/inline-code/index.js";
import { initTreeSitterRuntime } from "../../../src/classify/tree-sitter-runtime.js";
import { loadEngine } from "../../../src/node/index.js";
import { ENV } from "../../corpus/specs/helpers.js";

const require = createRequire(import.meta.url);
const bytesOf = (l: InlineLanguage) => new Uint8Array(readFileSync(require.resolve(GRAMMAR_FILES[l])));
const runtime = () => initTreeSitterRuntime(new Uint8Array(readFileSync(require.resolve("web-tree-sitter/tree-sitter.wasm"))));

const SAMPLE: Record<InlineLanguage, string> = {
  python: "import os\nos.system('ls')\nx = [i for i in range(3)]",
  javascript: "const fs = require('fs'); fs.rmSync('a', {recursive: true}); `t${1}`",
  ruby: "FileUtils.rm_rf('x') if File.exist?('x')\nputs `ls`",
  powershell: "Remove-Item -Recurse x; $a = @(1, 2); Write-Host \"$a\"",
};

describe("the synchronous grammar load", () => {
  it("owns the runtime when initialised first", async () => {
    expect((await runtime()).syncLoad).toBe(true);
  });
  it.each(INLINE_LANGUAGES)("%s: same types, fields and trees as Language.load", async (language) => {
    const rt = await runtime();
    const sync = rt.loadSync(bytesOf(language));
    const viaAsync = await Language.load(bytesOf(language));
    expect(sync.types).toEqual(viaAsync.types);
    expect(sync.fields).toEqual(viaAsync.fields);
    expect(sync.abiVersion).toBe(viaAsync.abiVersion);
    const a = new Parser();
    a.setLanguage(sync);
    const b = new Parser();
    b.setLanguage(viaAsync);
    expect(a.parse(SAMPLE[language])!.rootNode.toString()).toBe(b.parse(SAMPLE[language])!.rootNode.toString());
    expect(a.parse(SAMPLE[language])!.rootNode.hasError).toBe(false);
  });
  it("refuses bytes that are not a grammar", async () => {
    const rt = await runtime();
    expect(() => rt.loadSync(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))).toThrow();
  });
});

describe("InlineGrammars: lazy, sticky, and fetchable", () => {
  it("reads nothing until a language is needed, then only that one", async () => {
    const reads: InlineLanguage[] = [];
    const g = new InlineGrammars(await runtime(), { read: (l) => (reads.push(l), bytesOf(l)) });
    expect(g.loaded()).toEqual([]);
    expect(reads).toEqual([]);
    expect(analyzeInlineCode("ruby", "puts 1", { grammars: g }).dynamic).toBeNull();
    expect(g.loaded()).toEqual(["ruby"]);
    analyzeInlineCode("ruby", "puts 2", { grammars: g });
    expect(reads).toEqual(["ruby"]);
  });
  it("with no source, inline code is dynamic (shape 6 downstream), with the reason", async () => {
    const g = new InlineGrammars(await runtime(), {});
    const a = analyzeInlineCode("python", "print(1)", { grammars: g });
    expect(a.dynamic?.[0]).toMatch(/python grammar is not loaded/);
  });
  it("a source that can only fetch works after prepare", async () => {
    let fetched = 0;
    const g = new InlineGrammars(await runtime(), { fetch: async (l) => (fetched++, bytesOf(l)) });
    expect(analyzeInlineCode("javascript", "console.log(1)", { grammars: g }).dynamic).not.toBeNull();
    await g.prepare(["javascript", "javascript"]);
    expect(fetched).toBe(1);
    expect(analyzeInlineCode("javascript", "console.log(1)", { grammars: g }).dynamic).toBeNull();
  });
  it("a fetch that fails leaves the code dynamic and may be retried", async () => {
    let calls = 0;
    const g = new InlineGrammars(await runtime(), {
      fetch: async (l) => {
        if (calls++ === 0) throw new Error("offline");
        return bytesOf(l);
      },
    });
    await g.prepare(["ruby"]);
    expect(analyzeInlineCode("ruby", "puts 1", { grammars: g }).dynamic).not.toBeNull();
    await g.prepare(["ruby"]);
    expect(analyzeInlineCode("ruby", "puts 1", { grammars: g }).dynamic).toBeNull();
  });
  it("a broken grammar file fails once and stays failed (decisions do not flip)", async () => {
    let reads = 0;
    const g = new InlineGrammars(await runtime(), { read: () => (reads++, new Uint8Array([1, 2, 3])) });
    const first = analyzeInlineCode("python", "print(1)", { grammars: g });
    const second = analyzeInlineCode("python", "print(1)", { grammars: g });
    expect(first.dynamic?.[0]).toMatch(/failed to load/);
    expect(second).toEqual(first);
    expect(reads).toBe(1);
  });
});

describe("the engine loads grammars only for events with inline code", () => {
  const ev = (tool_name: string, tool_input: unknown) => ({ event_type: "pre_tool_use", session_id: "s", tool_use_id: "u", tool_name, tool_input, env: ENV });
  it("shell, file and MCP events without inline code load nothing; an MCP python tool loads python only", async () => {
    const engine = await loadEngine();
    engine.evaluate(ev("Bash", { command: "ls -la && git status" }), null, 0);
    engine.evaluate(ev("Write", { file_path: "a.ts", content: "x" }), null, 0);
    engine.evaluate(ev("mcp__fs__read_file", { path: "src/a.ts" }), null, 0);
    expect(engine.inlineGrammarsLoaded).toEqual([]);
    expect(await engine.prepare(ev("Bash", { command: "ls" }))).toEqual([]);
    expect(engine.inlineGrammarsLoaded).toEqual([]);
    const d = engine.evaluate(ev("mcp__python__run_code", { code: "import shutil; shutil.rmtree('/')" }), null, 0).decision;
    expect(engine.inlineGrammarsLoaded).toEqual(["python"]);
    expect(d.verdict).toBe("deny");
    expect(d.artifact_id).toBe("fs.wipe");
    expect(engine.evaluate(ev("mcp__python__run_code", { code: "print(sum(range(10)))" }), null, 0).decision.verdict).toBe("allow");
  });
  it("evaluate is deterministic across a grammar's first load and later ones", async () => {
    const engine = await loadEngine();
    const e = ev("mcp__node__run_javascript", { code: "require('child_process').execSync('git push --force origin main')" });
    const first = JSON.stringify(engine.evaluate(e, null, 5));
    const second = JSON.stringify(engine.evaluate(e, null, 5));
    expect(second).toBe(first);
    const other = await loadEngine();
    await other.prepare(e);
    expect(JSON.stringify(other.evaluate(e, null, 5))).toBe(first);
    expect(JSON.parse(first).decision.artifact_id).toBe("git.force_push_protected");
  });
});

describe("prepare", () => {
  it("loads the languages an event may need: interpreters in the input, code tools by name", async () => {
    const { Engine } = await import("../../../src/engine.js");
    const { readGrammarFiles } = await import("../../../src/node/grammar.js");
    const { defaultBundlePath, readBundleFile } = await import("../../../src/node/bundle-file.js");
    const fetched: string[] = [];
    const g = readGrammarFiles();
    const engine = await Engine.load({ bundle: readBundleFile(defaultBundlePath()), grammar: { runtime: g.runtime, language: g.language }, inlineGrammars: { fetch: async (l) => (fetched.push(l), bytesOf(l)) } });
    const ev = (tool_name: string, tool_input: unknown) => ({ event_type: "pre_tool_use", session_id: "s", tool_use_id: "u", tool_name, tool_input, env: ENV });
    expect(await engine.prepare(ev("Bash", { command: "ls -la" }))).toEqual([]);
    const pyTool = ev("mcp__jupyter__execute_python", { code: "import shutil; shutil.rmtree('/')" });
    expect(engine.evaluate(pyTool, null, 0).decision.unknown.map((u) => u.shape)).toEqual([6]); // not fetched yet
    expect(await engine.prepare(pyTool)).toEqual(["python"]);
    expect(engine.evaluate(pyTool, null, 0).decision.artifact_id).toBe("fs.wipe");
    expect(await engine.prepare(ev("Bash", { command: "ruby -e 'puts 1' && pwsh -c Get-Date" }))).toEqual(["ruby", "powershell"]);
    expect(fetched).toEqual(["python", "ruby", "powershell"]);
  });
});
