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
    // expect.poll waits for a condition (a page state, a rebuild, an emulator answer): its 1 s
    // default is too short on a loaded 2-core CI machine, where several files each run a build,
    // Chromium and the emulators at once. A longer wait only matters when the condition is late.
    expect: { poll: { timeout: 15_000 } },
    globalSetup: ['test/helpers/global-setup.ts'],
    // The server modules a build writes into a site's node_modules/.cache/sitegen are run by Node
    // itself, as in the CLI: through Vite, each import printed a warning per source of its map.
    server: { deps: { external: [/\/node_modules\/\.cache\/sitegen\//] } },
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
