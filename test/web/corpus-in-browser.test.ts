// The page's engine gives byte-identical decisions to the Node engine on the
// whole conformance corpus: every case of test/corpus/*.jsonl is evaluated
// inside headless Chromium by the page's worker (fetched .wasm files, the
// browser's resolver for `extends`) and its serialised envelope — decision,
// state, engine version, digest — and skipped list are compared with Node's.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/bundle/canonical.js";
import { startStaticServer, type StaticServer } from "../../src/cli/playground.js";
import { Engine } from "../../src/engine.js";
import { fileBaseResolver, readBundleFile } from "../../src/node/bundle-file.js";
import { readGrammarFiles } from "../../src/node/grammar.js";
import type { ConformanceCase } from "../../src/web/playground/protocol.js";
import { collectErrors, launchChromium, skipBrowser, openPage } from "./chromium.js";

const root = join(import.meta.dirname, "../..");
const corpusDir = join(root, "test/corpus");
/** Cases per page.evaluate call. */
const CHUNK = 500;

interface Outcome {
  envelope: string | null;
  skipped: unknown;
  error: string | null;
}

function corpusCases(): { where: string; c: ConformanceCase }[] {
  const out: { where: string; c: ConformanceCase }[] = [];
  for (const file of readdirSync(corpusDir).filter((f) => f.endsWith(".jsonl")).sort()) {
    readFileSync(join(corpusDir, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (line.trim() === "") return;
        const v = JSON.parse(line);
        const bundle = typeof v.bundle === "string" ? readBundleFile(join(root, v.bundle)) : v.bundle;
        out.push({ where: `${file}:${i + 1} ${v.name}`, c: { bundle, event: v.event, now_ms: v.now_ms, state_in: v.state_in ?? null } });
      });
  }
  return out;
}

async function nodeOutcomes(cases: ConformanceCase[]): Promise<Outcome[]> {
  const grammar = readGrammarFiles();
  const resolveBase = fileBaseResolver(root);
  const engines = new Map<string, Promise<Engine>>();
  const out: Outcome[] = [];
  for (const c of cases) {
    const key = canonicalJson(c.bundle);
    if (!engines.has(key)) engines.set(key, Engine.load({ bundle: c.bundle, grammar, resolveBase }));
    try {
      const engine = await engines.get(key)!;
      out.push({ envelope: JSON.stringify(engine.evaluate(c.event, c.state_in, c.now_ms)), skipped: engine.skipped, error: null });
    } catch (error) {
      out.push({ envelope: null, skipped: null, error: error instanceof Error ? error.name : "Error" });
    }
  }
  return out;
}

describe.skipIf(skipBrowser)("the whole corpus inside the browser", () => {
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startStaticServer(join(root, "dist/web"), 0);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("gives the Node engine's envelopes and skipped lists, byte for byte", async () => {
    const cases = corpusCases();
    expect(cases.length).toBeGreaterThan(600);
    const page = await openPage(browser);
    const errors = collectErrors(page);
    await page.goto(server.url);
    // As JSON text: some cases nest thousands deep, past what a structured clone (or the test driver) recurses through.
    // In chunks: every case carries its whole bundle, and the DevTools pipe refuses a message over 100 MB.
    const inPage: Outcome[] = [];
    for (let i = 0; i < cases.length; i += CHUNK) {
      inPage.push(
        ...(await page.evaluate(async (all) => {
          const api = (window as unknown as { gatehousePlayground: { ready: Promise<void>; conformance(c: string): Promise<Outcome[]> } }).gatehousePlayground;
          await api.ready;
          return api.conformance(all);
        }, JSON.stringify(cases.slice(i, i + CHUNK).map((x) => x.c)))),
      );
    }
    const node = await nodeOutcomes(cases.map((x) => x.c));
    const differing = cases
      .map((x, i) => ({ where: x.where, page: inPage[i]!, node: node[i]! }))
      .filter((d) => d.page.envelope !== d.node.envelope || JSON.stringify(d.page.skipped) !== JSON.stringify(d.node.skipped) || (d.page.error === null) !== (d.node.error === null));
    expect(differing.slice(0, 3)).toEqual([]);
    // Errors the engine must raise (StateLayoutError, TypeError, …) are raised in the page too, by name.
    expect(inPage.filter((o) => o.error !== null).map((o) => o.error!.split(":")[0])).toEqual(node.filter((o) => o.error !== null).map((o) => o.error));
    expect(errors).toEqual([]);
  });
});
