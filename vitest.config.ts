import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/support/fast-check-seed.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Child processes that inherit the environment keep the launcher's code cache (src/node/code-cache.ts) out of $HOME.
    env: { GATEHOUSE_CACHE_DIR: join(tmpdir(), "gatehouse-test-code-cache") },
  },
});
