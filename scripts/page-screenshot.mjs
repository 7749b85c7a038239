#!/usr/bin/env node
// Regenerate docs/playground.png: the page in headless Chromium with the team
// example bundle loaded and one command typed. Usage: npm run build && node scripts/page-screenshot.mjs
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "dist/web");
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm" };
const server = createServer((req, res) => {
  const path = join(web, new URL(req.url ?? "/", "http://x").pathname.replace(/\/$/, "/index.html"));
  try {
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(readFileSync(path));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] });
const page = await browser.newPage({ viewport: { width: 1440, height: 1100 }, deviceScaleFactor: 1 });
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.evaluate(() => window.gatehousePlayground.ready);
const compiles = await page.evaluate(() => window.gatehousePlayground.metrics.compiles);
await page.click('[data-testid="preset-team"]');
await page.waitForFunction((n) => window.gatehousePlayground.metrics.compiles > n, compiles);
await page.fill('[data-testid="command-input"]', "git reset --hard HEAD~3");
await page.waitForFunction(() => window.gatehousePlayground.metrics.lastEvent?.tool_input?.command === "git reset --hard HEAD~3");
await page.fill('[data-testid="now-input"]', "1767225600000");
await page.waitForTimeout(300);
await page.screenshot({ path: join(root, "docs/playground.png") });
await browser.close();
server.close();
process.stderr.write("wrote docs/playground.png\n");
