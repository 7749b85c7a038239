#!/usr/bin/env node
// Regenerate docs/playground.png: the page in headless Chromium with the team
// example bundle loaded and one command typed. Usage: npm run build && node scripts/page-screenshot.mjs
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { servePage } from "../bench/serve-page.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const server = await servePage();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] });
const page = await browser.newPage({ viewport: { width: 1440, height: 1100 }, deviceScaleFactor: 1 });
await page.goto(server.url);
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
await server.close();
process.stderr.write("wrote docs/playground.png\n");
