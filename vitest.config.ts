import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["test/**/*.test.ts"],
    // The end-to-end suite runs the real agents: its own config (test/e2e/vitest.config.ts, `npm run e2e`).
    exclude: ["test/e2e/**", "**/node_modules/**"],
    setupFiles: ["test/support/fast-check-seed.ts"],
    // Each run's own $TMPDIR; its teardown reports the temp entries tests left (test/support/temp-root.ts).
    globalSetup: ["test/support/temp-root.ts"],
    // Hang guards, not limits: the suite must pass on a loaded two-core machine, where a test that
    // spawns processes can take minutes. Tests never set a shorter one (test/architecture/patience.test.ts).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Child processes that inherit the environment keep the launcher's code cache (src/node/code-cache.ts) out of $HOME.
    env: { GATEHOUSE_CACHE_DIR: join(tmpdir(), "gatehouse-test-code-cache") },
  },
});
