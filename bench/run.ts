/** `npm run bench`: every benchmark in turn. Not a test: numbers are printed, never asserted. */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const name of ['build.ts', 'shard.ts', 'runtime-size.ts', 'check.ts', 'dev.ts']) {
  const file = path.join(here, name);
  if (!existsSync(file)) continue;
  console.log(`\n== bench/${name}`);
  // NODE_ENV as bin/sitegen sets it, so React runs as it does for users.
  execFileSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
