// The end-to-end suite (`npm run e2e`; docs/e2e.md): the real agents, headless, against a scripted model server.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["test/e2e/**/*.e2e.test.ts"],
    globalSetup: ["test/e2e/harness/global-setup.ts"],
    // An agent run is killed after 3 minutes (harness/sandbox.ts); a test holds a few of them.
    testTimeout: 900_000,
    hookTimeout: 300_000,
    // Agents share two cores with everything else: one file at a time.
    fileParallelism: false,
  },
});
