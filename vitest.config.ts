import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // What pages, templates and sitegen.config.ts import as `sitegen` (tsconfig.json's paths, for vitest).
  resolve: { alias: { sitegen: fileURLToPath(new URL('./src/page-api.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts'],
    // Builds and browsers are heavy: two cores, so keep files from starving each other.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    globalSetup: ['test/helpers/global-setup.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
