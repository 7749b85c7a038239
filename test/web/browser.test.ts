// The engine loads and decides in a real browser (SPEC §12): Debian's headless
// Chromium, driven by playwright-core, loads dist/web/gatehouse.js from a
// loopback server and evaluates with the embedded grammar and default bundle.
// Its envelopes must be byte-identical to the Node engine's for the same inputs.
//
// Needs `npm run build` first (npm test does it). On CI (CI set) a missing
// Chromium is a failure; on a developer machine without /usr/bin/chromium the
// suite is skipped.
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
const bundlePath = join(root, "dist/web/gatehouse.js");

const NOW_MS = 1767225600000;
const env = { cwd: "/home/dev/p", home: "/home/dev" };
const bash = (command: string) => ({
  event_type: "pre_tool_use",
  session_id: "s1",
  tool_use_id: "u1",
  tool_name: "Bash",
  tool_input: { command },
  env,
});
const EVENTS = [bash("rm -rf ~"), bash("rm -rf build")];

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>gatehouse browser test</title>
<link rel="icon" href="data:,">
<script type="module">
  import * as gatehouse from "/gatehouse.js";
  window.gatehouse = gatehouse;
  document.title = "ready";
</script>
`;


interface PageResult {
  implementation: string;
  envelopes: string[];
}

describe.skipIf(skipBrowser)("browser: the engine in headless Chromium", () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let origin: string;
  const served: string[] = [];
  const requested: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(bundlePath)) throw new Error(`${bundlePath} is missing: run \`npm run build\` first`);
    const script = readFileSync(bundlePath);

    server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
      served.push(path);
      if (path === "/") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(PAGE);
      } else if (path === "/gatehouse.js") {
        res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
        res.end(script);
      } else {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("not found");
      }
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(0, "127.0.0.1", () => resolve());
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    browser = await launchChromium();
    page = await openPage(browser);
    page.on("pageerror", (error) => pageErrors.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => document.title === "ready", undefined, { timeout: 300_000 });
  });

  afterAll(() => closeBrowserAndServer(browser, server));

  it("loads the engine and gives the Node engine's envelopes, byte for byte", async () => {
    const result: PageResult = await page.evaluate(
      async ({ events, now }) => {
        const gatehouse = (window as unknown as { gatehouse: typeof import("../../src/web/engine.js") }).gatehouse;
        const engine = await gatehouse.loadBrowserEngine();
        return {
          implementation: engine.implementation,
          envelopes: events.map((event) => JSON.stringify(engine.evaluate(event, null, now))),
        };
      },
      { events: EVENTS, now: NOW_MS },
    );

    // The WASM hot path ran in the browser (not the TypeScript twin).
    expect(result.implementation).toBe("wasm");

    const [wipe, build] = result.envelopes.map((text) => JSON.parse(text));
    expect(wipe.decision.verdict).toBe("deny");
    expect(wipe.decision.artifact_id).toBe("fs.wipe");
    expect(build.decision.verdict).toBe("allow");

    const node = await loadEngine();
    expect(result.envelopes).toEqual(EVENTS.map((event) => JSON.stringify(node.evaluate(event, null, NOW_MS))));

    expect(pageErrors).toEqual([]);
    // Everything came from the one script: no .wasm or bundle fetched, nothing off the loopback origin.
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(served).toEqual(["/", "/gatehouse.js"]);
  });

  it("loads a bundle the page passes in, and refuses one that cannot load", async () => {
    const bundle = JSON.parse(readFileSync(join(root, "bundles/default.json"), "utf8"));
    const outcome = await page.evaluate(async (given) => {
      const gatehouse = (window as unknown as { gatehouse: typeof import("../../src/web/engine.js") }).gatehouse;
      const engine = await gatehouse.loadBrowserEngine(JSON.stringify(given));
      let refused = "";
      try {
        await gatehouse.loadBrowserEngine({ schema_version: "nope" });
      } catch (error) {
        refused = error instanceof gatehouse.BundleLoadError ? "BundleLoadError" : String(error);
      }
      const team = await gatehouse.loadBrowserEngine({ schema_version: "2.0", extends: ["gatehouse:default"], overrides: { "fs.wipe": { verdict: "ask" } } });
      let pathRefusal = "";
      try {
        await gatehouse.loadBrowserEngine({ schema_version: "2.0", extends: ["base.json"] });
      } catch (error) {
        pathRefusal = String(error instanceof Error ? error.message : error);
      }
      return { digest: engine.bundleDigest, refused, teamDigest: team.bundleDigest, teamArtifacts: team.artifactCount, pathRefusal };
    }, bundle);
    const node = await loadEngine();
    expect(outcome.digest).toBe(node.bundleDigest);
    expect(outcome.refused).toBe("BundleLoadError");
    const nodeTeam = await loadEngine({ bundle: { schema_version: "2.0", extends: ["gatehouse:default"], overrides: { "fs.wipe": { verdict: "ask" } } } });
    expect([outcome.teamDigest, outcome.teamArtifacts]).toEqual([nodeTeam.bundleDigest, nodeTeam.artifactCount]);
    expect(outcome.pathRefusal).toContain("a browser cannot read files");
  });
});
