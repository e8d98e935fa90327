/**
 * What the benchmarks share: the repository, the median, a copy of the real site and the 20x site,
 * and the scratch folder their builds write into.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyRealSiteInto, REPO } from '../test/helpers/site.ts';

export { REPO };

/**
 * The environment of a timed process: the benchmark's own, with React's production build, and
 * without NODE_EXTRA_CA_CERTS. Node 20 reads and parses that file of certificates as it starts,
 * before any JavaScript runs (node::crypto::UseExtraCaCerts in InitializeOncePerProcess, perf):
 * on a machine that points it at the system's bundle, as the VM these benchmarks were made on
 * does, ~30 ms of CPU at every Node start (`node -e 0`: 40 ms of user time with it, 10 without),
 * for TLS connections that no build here makes (sitegen, the floor and Eleventy make none; Hugo
 * is not Node and never read it). sitegen cannot spare it itself, and a machine without it does
 * not pay it: a benchmark that kept it measured this machine's set-up in every Node process, as
 * much in a rebuild of 0.2 s as in a cold build.
 */
export function timedEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _certificates, ...env } = process.env;
  return { ...env, NODE_ENV: 'production', ...extra };
}

/** What a benchmark's first line says of timedEnv's environment, when it differs from the bench's own. */
export function timedEnvNote(): string {
  return process.env.NODE_EXTRA_CA_CERTS ? '; NODE_EXTRA_CA_CERTS unset in the timed processes (bench/lib.ts, timedEnv)' : '';
}

/** The middle value; with an even count, the mean of the two middle ones. */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The one message edit the benchmarks make: a de message that only the jobs page uses. */
export const MESSAGE_EDIT = { file: 'locales/de.json', from: '"openingsTitle": "', to: '"openingsTitle": "(neu) ' };

/**
 * Makes the n-th message edit in a copy of a locale file (a different text each time, so that no
 * cache already holds its pages) and returns the undo.
 */
export async function editMessage(file: string, n: number): Promise<() => Promise<void>> {
  const original = await readFile(file, 'utf8');
  if (!original.includes(MESSAGE_EDIT.from)) throw new Error(`bench: ${file} has no ${MESSAGE_EDIT.from}`);
  await writeFile(file, original.replace(MESSAGE_EDIT.from, `${MESSAGE_EDIT.to}${n} `));
  return () => writeFile(file, original);
}

/** The real site's sources (pages, templates, locales, config) in a new temporary folder. */
export async function copyRealSite(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await copyRealSiteInto(dir);
  return dir;
}

/**
 * A copy of the real site with 19 more copies of every route under /s1 ... /s19. A copy re-exports
 * only the names its page has (`layout` is optional), so that it also loads as plain ES modules
 * (bench/peers runs the pages through Node itself, which rejects re-exporting a missing name).
 */
export async function syntheticSite(): Promise<string> {
  const dir = await copyRealSite('sitegen-bench-site-');
  const pages = (await readdir(path.join(REPO, 'pages'), { recursive: true })).filter((f) => f.endsWith('.tsx') && !f.startsWith('404'));
  for (const page of pages) {
    const source = await readFile(path.join(dir, 'pages', page), 'utf8');
    const names = ['default', ...['head', 'layout'].filter((name) => new RegExp(`^export (const|function) ${name}\\b`, 'm').test(source))];
    for (let i = 1; i < 20; i++) {
      const target = path.join(dir, 'pages', `s${i}`, page);
      await mkdir(path.dirname(target), { recursive: true });
      const from = path.relative(path.dirname(target), path.join(dir, 'pages', page)).replace(/\\/g, '/');
      await writeFile(target, `export { ${names.join(', ')} } from './${from}';\n`);
    }
  }
  return dir;
}

/**
 * Where a benchmark's builds write: every timed build gets folders of its own (`fresh`), and nothing
 * in them is deleted before the benchmark ends (`remove`), so that no timed build runs right after
 * a large deletion. Without a journal, ext4 passes over inodes freed in the last 60 s (360 s while
 * their inode-table block is dirty: fs/ext4/ialloc.c, recently_deleted()), each at the cost of a
 * buffer-cache lookup, and a tree made where one was just removed is given the groups of the
 * inodes just freed (bench/build.ts has the numbers). A user's fresh clone, or an edit a minute
 * after the last build, does not pay that. Under `npm run bench` (bench/run.ts sets BENCH_SCRATCH)
 * the folders of every benchmark are removed once, after the last; a benchmark run alone removes
 * its own when it ends.
 */
export interface Scratch {
  /** A new, not yet existing path for one timed build's output or cache. */
  fresh(name: string): string;
  /** Removes everything written here, unless bench/run.ts removes it after all benchmarks. */
  remove(): Promise<void>;
}

export async function scratch(prefix: string): Promise<Scratch> {
  const shared = process.env.BENCH_SCRATCH;
  const dir = await mkdtemp(path.join(shared ?? os.tmpdir(), prefix));
  let n = 0;
  return {
    fresh: (name) => path.join(dir, `${n++}-${name}`),
    remove: async () => {
      if (!shared) await rm(dir, { recursive: true, force: true });
    },
  };
}
