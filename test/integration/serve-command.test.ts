import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { fixtureSites, REPO } from '../helpers/site.ts';

const BIN = path.join(REPO, 'bin', 'sitegen');
const devSite = fixtureSites('dev-site');

/** Runs the real CLI; `output()` is everything it printed so far. */
function run(args: string[], cwd: string) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForLine = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(out);
        if (match) {
          child.stdout.off('data', check);
          resolve(match);
        }
      };
      child.stdout.on('data', check);
      child.on('exit', () => reject(new Error(`exited before printing ${pattern}:\n${out}`)));
      check();
    });
  return { child, exited, waitForLine, output: () => out };
}

/** The status of GET /de/jobs with this Host header (fetch would not send another Host). */
function statusFor(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/de/jobs', headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
}

let site: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  site = await devSite();
  await build({ root: site, outDir: 'dist', logger: createMemoryLogger() });
});

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('sitegen serve (CLI)', () => {
  it('serves dist/, prints its URL and stops cleanly on Ctrl-C', async () => {
    const cli = run(['serve', '--port', '0'], site);
    running.push(cli.child);
    const [, url] = await cli.waitForLine(/Serving dist at (http:\/\/127\.0\.0\.1:\d+)/);
    const res = await fetch(url + '/de/jobs');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="de-DE"');
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain('Server stopped.');
  });

  it('serves the output folder of the project at --root, taken from the folder it runs in', async () => {
    const cli = run(['serve', '--root', path.basename(site), '--port', '0'], path.dirname(site));
    running.push(cli.child);
    const [, url] = await cli.waitForLine(new RegExp(`Serving ${path.basename(site)}/dist at (http://127\\.0\\.0\\.1:\\d+)`));
    expect(await (await fetch(url + '/de/jobs')).text()).toContain('<html lang="de-DE"');
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it('serves a folder given as argument', async () => {
    const cli = run(['serve', 'dist/de', '--port', '0'], site);
    running.push(cli.child);
    const [, url] = await cli.waitForLine(/Serving dist\/de at (http:\/\/[\d.:]+)/);
    expect(await (await fetch(url + '/jobs')).text()).toContain('<html lang="de-DE"');
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it('says to build first when there is nothing to serve', async () => {
    const cli = run(['serve', 'nothing-here', '--port', '0'], site);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toMatch(/There is no folder to serve at .*nothing-here\. Run `sitegen build` first/);
    expect(cli.output()).not.toMatch(/\n\s+at /); // a user error prints without a stack
  });

  it('answers only its own host names, and those given with --allowed-hosts', async () => {
    const cli = run(['serve', '--port', '0', '--allowed-hosts', 'preview.example, .team.example'], site);
    running.push(cli.child);
    const [, port] = await cli.waitForLine(/Serving dist at http:\/\/127\.0\.0\.1:(\d+)/);
    expect(await statusFor(Number(port), 'preview.example')).toBe(200);
    expect(await statusFor(Number(port), 'docs.team.example')).toBe(200);
    expect(await statusFor(Number(port), `localhost:${port}`)).toBe(200);
    expect(await statusFor(Number(port), 'evil.example')).toBe(403);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it.each(['a b.example', 'http://a.example', ','])('refuses --allowed-hosts %j and says what to give', async (value) => {
    const cli = run(['serve', '--port', '0', '--allowed-hosts', value], site);
    expect(await cli.exited).not.toBe(0);
    expect(cli.output()).toContain('is not a host name; give names such as a.example,b.example (.example.com for a whole domain), or all.');
  });

  it('names a --host that is not an address of this machine, without a stack', async () => {
    // 192.0.2.1 is reserved for documentation (RFC 5737): no machine has it.
    const cli = run(['serve', '--port', '0', '--host', '192.0.2.1'], site);
    expect(await cli.exited).not.toBe(0);
    expect(cli.output()).toContain('--host 192.0.2.1 is not an address of this machine (EADDRNOTAVAIL). Pass one of its addresses: 127.0.0.1 (the default) for this machine only, or 0.0.0.0 for every network it is on.');
    expect(cli.output()).not.toMatch(/\n\s+at /);
  });

  it('refuses a port that is not a number', async () => {
    const cli = run(['serve', '--port', 'eighty'], site);
    expect(await cli.exited).not.toBe(0);
    expect(cli.output()).toContain('"eighty" is not a port; give a number from 0 to 65535.');
  });
});

describe('sitegen dev (CLI)', () => {
  it('says a taken port at once, before it builds anything', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const cli = run(['dev', '--port', String(port), '--root', site], REPO);
      expect(await cli.exited).not.toBe(0);
      expect(cli.output()).toContain(`Port ${port} on 127.0.0.1 is already in use. Stop the other server or pass another one with --port.`);
      expect(cli.output()).not.toMatch(/built all/);
    } finally {
      taken.close();
    }
  });

  it('prints its URL as it listens, builds, serves with live reload and stops cleanly on Ctrl-C', async () => {
    const cli = run(['dev', '--port', '0', '--root', site], REPO);
    running.push(cli.child);
    // The address first (a page asked for meanwhile says the site is being built), then the build.
    const [, url] = await cli.waitForLine(/Dev server at (http:\/\/127\.0\.0\.1:\d+) \(Ctrl-C to stop\); building the site…/);
    await cli.waitForLine(/built all 12 pages in \d+ ms/);
    expect(cli.output().indexOf('Dev server at')).toBeLessThan(cli.output().indexOf('built all'));
    const html = await (await fetch(url + '/fr')).text();
    expect(html).toContain('/__sitegen/client.js');
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain('Dev server stopped.');
  });

  it('stops cleanly on a Ctrl-C during its first build, once that build is done', async () => {
    const cli = run(['dev', '--port', '0', '--root', site], REPO);
    running.push(cli.child);
    await cli.waitForLine(/Dev server at http:\/\/127\.0\.0\.1:\d+/);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toMatch(/built all 12 pages in \d+ ms[\s\S]*Dev server stopped\./);
  });
});
