// Serve dist/web the way a user does — `gatehouse playground --port 0`, a real
// process — for the scripts that drive the page (bench/page.mjs,
// scripts/page-screenshot.mjs). Resolves once it listens.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export function servePage() {
  const child = spawn(process.execPath, [join(root, "bin/gatehouse.js"), "playground", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve({ url: m[1], close: () => new Promise((done) => (child.once("exit", done), child.kill("SIGTERM"))) });
    });
    child.once("exit", (code) => reject(new Error(`gatehouse playground exited ${code} before listening (run npm run build?)`)));
  });
}
