// Inline code in the browser (SPEC §6.7): dist/web/gatehouse.js in headless
// Chromium fetches an inline-code grammar from beside itself only when
// `engine.prepare(event)` sees code in that language, then reads the code as
// the Node engine does — envelopes byte for byte. Events without inline code
// fetch nothing. Needs `npm run build` first (npm test does it).
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEngine } from "../../src/node/index.js";
import { closeBrowserAndServer, launchChromium, skipBrowser, openPage } from "./chromium.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const web = join(root, "dist/web");
const NOW_MS = 1767225600000;
const bash = (command: string) => ({ event_type: "pre_tool_use", session_id: "s1", tool_use_id: "u1", tool_name: "Bash", tool_input: { command }, env: { cwd: "/home/dev/p", home: "/home/dev" } });

const PLAIN = [bash("rm -rf build"), bash("git status")];
const INLINE = [bash(`python3 -c "import shutil; shutil.rmtree('/')"`), bash(`python3 -c "print(1)"`), bash(`node -e 'require("child_process").execSync("git reset --hard")'`)];

const PAGE = `<!doctype html><meta charset="utf-8"><title>inline</title><link rel="icon" href="data:,">
<script type="module">import * as gatehouse from "/gatehouse.js"; window.gatehouse = gatehouse; document.title = "ready";</script>`;

const skip = skipBrowser;

describe.skipIf(skip)("browser: inline code read with grammars fetched on first need", () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const served: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(web, "gatehouse.js"))) throw new Error("dist/web/gatehouse.js is missing: run `npm run build` first");
    server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
      served.push(path);
      if (path === "/") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(PAGE);
        return;
      }
      const file = join(web, path.slice(1));
      if (/^\/[\w.-]+\.(js|wasm)$/.test(path) && existsSync(file)) {
        res.writeHead(200, { "content-type": path.endsWith(".js") ? "text/javascript" : "application/octet-stream" });
        res.end(readFileSync(file));
        return;
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
    browser = await launchChromium();
    page = await openPage(browser);
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => document.title === "ready", undefined, { timeout: 300_000 });
  });

  afterAll(() => closeBrowserAndServer(browser, server));

  it("fetches no grammar for events without inline code, and reads inline code after prepare, as Node does", async () => {
    const result = await page.evaluate(
      async ({ plain, inline, now }) => {
        const gatehouse = (window as unknown as { gatehouse: typeof import("../../src/web/engine.js") }).gatehouse;
        const engine = await gatehouse.loadBrowserEngine();
        const plainOut: string[] = [];
        for (const e of plain) plainOut.push(JSON.stringify(engine.evaluate(e, null, now)));
        const loadedAfterPlain = [...engine.inlineGrammarsLoaded];
        const unprepared = engine.evaluate(inline[0], null, now).decision;
        const out: string[] = [];
        const prepared: string[][] = [];
        for (const e of inline) {
          prepared.push(await engine.prepare(e));
          out.push(JSON.stringify(engine.evaluate(e, null, now)));
        }
        return { plainOut, loadedAfterPlain, unprepared: [unprepared.verdict, unprepared.unknown.map((u) => u.shape)], out, prepared, loaded: engine.inlineGrammarsLoaded };
      },
      { plain: PLAIN, inline: INLINE, now: NOW_MS },
    );
    expect(result.loadedAfterPlain).toEqual([]);
    expect(served.filter((p) => p.endsWith(".wasm"))).toEqual(["/tree-sitter-python.wasm", "/tree-sitter-javascript.wasm"]);
    // Before prepare the code cannot be read (no bytes yet): shape 6, as a Node engine with no grammar source answers.
    expect(result.unprepared).toEqual(["ask", [6]]);
    expect(result.prepared).toEqual([["python"], ["python"], ["javascript"]]);
    expect(result.loaded).toEqual(["python", "javascript"]);
    const node = await loadEngine();
    expect(result.plainOut).toEqual(PLAIN.map((e) => JSON.stringify(node.evaluate(e, null, NOW_MS))));
    expect(result.out).toEqual(INLINE.map((e) => JSON.stringify(node.evaluate(e, null, NOW_MS))));
    expect(JSON.parse(result.out[0]!).decision.artifact_id).toBe("fs.wipe");
    expect(JSON.parse(result.out[1]!).decision.verdict).toBe("allow");
    expect(JSON.parse(result.out[2]!).decision.artifact_id).toBe("git.reset_hard");
  });
});
