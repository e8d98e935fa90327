/**
 * The CLI's own output: a reader that closes its end early (`sitegen build | head -1`) does not
 * crash the command. The build finishes, its output is swapped into place and it exits 0.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO, fixtureSites, read } from '../helpers/site.ts';

const site = fixtureSites('basic');

describe('sitegen build | head', () => {
  it('finishes the build and exits 0 when stdout is closed before the summary is printed', async () => {
    const root = await site();
    const child = spawn(process.execPath, [path.join(REPO, 'bin/sitegen'), 'build', '--root', root, '--out', 'out'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The reader goes away at once, as `head -c 0` would: every later write to stdout is EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
    expect(await read(root, 'out/index.html')).toContain('<html');
  });
});
