/** `npm run bench`: every benchmark in turn. Not a test: numbers are printed, never asserted. */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// The benchmarks' outputs and caches are all removed at the end, so that no benchmark is timed
// right after another one's deletions (lib.ts, scratch()).
const folders = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-'));
try {
  for (const name of ['build.ts', 'shard.ts', 'runtime-size.ts', 'check.ts', 'dev.ts']) {
    const file = path.join(here, name);
    if (!existsSync(file)) continue;
    console.log(`\n== bench/${name}`);
    // NODE_ENV as bin/sitegen sets it, so React runs as it does for users.
    execFileSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', BENCH_SCRATCH: folders } });
  }
} finally {
  await rm(folders, { recursive: true, force: true });
}
