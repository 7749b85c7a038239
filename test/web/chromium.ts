// Debian's Chromium driven by playwright-core (SPEC §12). On CI (CI set) a
// missing /usr/bin/chromium is a failure — .ci/run installs it; on a developer
// machine without it, the browser suites are skipped.
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const skipBrowser = process.env.CI === undefined && !existsSync(CHROMIUM);

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A new page whose actions and waits give up only after 5 minutes: Playwright's
 * 30 s default is a wall-clock limit a loaded machine trips (CI saw `fill` of
 * the 1 MB default bundle time out), so the hang guard is set once, here.
 */
export async function openPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  page.setDefaultTimeout(300_000);
  page.setDefaultNavigationTimeout(300_000);
  return page;
}

/** Collect page errors and console errors: a test ends by expecting none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Close the browser and the test's static server (its keep-alive connections first). */
export async function closeBrowserAndServer(browser: Browser | undefined, server: Server | undefined): Promise<void> {
  await browser?.close();
  if (server !== undefined) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
