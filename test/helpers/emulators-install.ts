/**
 * Installs the Firebase emulators (tools/emulators) and the function they run (functions) from
 * their lock files. Called once from the global setup, before any test file starts: two files
 * that start the emulators side by side must never see one half-installed by the other.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const EMULATOR_DIR = path.join(REPO, 'tools/emulators');
export const FUNCTIONS_DIR = path.join(REPO, 'functions');
/** Written into node_modules when `npm ci` has finished: the hash of the lock file it installed. */
const MARKER = '.sitegen-installed';

function lockHash(dir: string): string {
  return createHash('sha256').update(readFileSync(path.join(dir, 'package-lock.json'))).digest('hex');
}

/** True when `dir`'s node_modules is a finished install of its current lock file. */
export function isInstalled(dir: string): boolean {
  const marker = path.join(dir, 'node_modules', MARKER);
  return existsSync(marker) && readFileSync(marker, 'utf8') === lockHash(dir);
}

/**
 * `npm ci --ignore-scripts` (the install scripts only build a module the emulators do not use)
 * in each folder whose node_modules is missing, unfinished or from another lock file. Throws one
 * line saying what to run when that fails.
 */
export function ensureEmulatorsInstalled(): void {
  for (const dir of [EMULATOR_DIR, FUNCTIONS_DIR]) {
    if (isInstalled(dir)) continue;
    const rel = path.relative(REPO, dir);
    try {
      execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' });
    } catch (error) {
      const why = String((error as { stderr?: Buffer }).stderr ?? error).split('\n').find((l) => /ERR!|error/i.test(l)) ?? '';
      throw new Error(`Could not install the Firebase emulators in ${rel} (${why.trim() || 'npm ci failed'}): run "npm ci --ignore-scripts" in ${rel} and retry.`);
    }
    writeFileSync(path.join(dir, 'node_modules', MARKER), lockHash(dir));
  }
}
