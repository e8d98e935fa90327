import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export const FAKETIME_PATH = '/usr/bin/faketime';

/**
 * Makes sure Debian's faketime is installed (it runs a process, its worker threads included, on
 * a shifted clock): as root on Debian it installs it with apt-get, otherwise it fails with one
 * line saying how. Like ensureChromium.
 */
export function ensureFaketime(): void {
  if (existsSync(FAKETIME_PATH)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    process.stderr.write('faketime is missing: installing it with apt-get (Debian package faketime)...\n');
    const install = () => execFileSync('apt-get', ['install', '-y', '-qq', 'faketime'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    try {
      install();
    } catch {
      try {
        execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
        install();
      } catch {
        // fall through to the clear message below
      }
    }
  }
  if (!existsSync(FAKETIME_PATH)) throw new Error(`faketime not found at ${FAKETIME_PATH}: install it with "sudo apt-get update && sudo apt-get install -y faketime".`);
}
