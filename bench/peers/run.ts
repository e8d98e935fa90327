/**
 * Peer benchmark (`npm run bench:peers`; not a test, not part of `npm run bench`): sitegen against
 * the bare floor, Eleventy and Hugo on the same pages, the real site and the 20x site, in one run.
 * Every measurement is a whole process under /usr/bin/time (wall, CPU = user + system, peak RSS),
 * in timedEnv's environment (bench/lib.ts: without NODE_EXTRA_CA_CERTS, which Node reads at start).
 * Each tool builds cold (no cache, no previous output), then, after one message edit, twice more:
 * into a new output folder with a copy of the cache the cold build left (a CI run of a fresh clone
 * that restores its cache, which the README's CI section describes), and with its own cache and
 * previous output kept (a developer's next build). The floor keeps nothing, so it has neither.
 * The tools take turns, the order rotating every round; every cold build and CI run writes into
 * new folders, all removed at the end, so that none is timed right after a large deletion
 * (bench/lib.ts, scratch()). Medians of BENCH_RUNS rounds (default 3) with [min–max];
 * ratios against the floor's cold build of the same run. What each peer does and does not do:
 * bench/peers/README.md.
 *
 *   BENCH_RUNS=5 npm run bench:peers
 *   BENCH_SIZES=1 npm run bench:peers        # the real site only
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyRealSite, editMessage, median, MESSAGE_EDIT, REPO, scratch, syntheticSite, timedEnv, timedEnvNote, type Scratch } from '../lib.ts';
import { htmlFiles, PEERS, prepareEleventy, prepareHugo, updateHugoContent } from './prepare.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SIZES = (process.env.BENCH_SIZES ?? '1,20').split(',').map(Number);
const HUGO_VERSION = '0.111.3';
const INSTALL_HUGO = 'apt-get update && apt-get install -y hugo';
/** Written into bench/peers/node_modules when `npm ci` has finished: the hash of the lock file it installed. */
const MARKER = '.sitegen-installed';

interface Sample { wall: number; cpu: number; rssMb: number }

interface Tool {
  name: string;
  /** The command, its working folder and extra environment, writing into `out`. */
  command(out: string, cache: string): { argv: string[]; cwd: string; env?: Record<string, string> };
  /** Makes the n-th message edit in this tool's own inputs and returns the undo; none for the floor. */
  edit?: (n: number) => Promise<() => Promise<void>>;
  /** Cold builds. */
  samples: Sample[];
  /** Builds after the edit into a new output folder, with a copy of the cold build's cache. */
  ciBuilds: Sample[];
  /** Builds after the edit, with the cache and output of the cold build kept. */
  rebuilds: Sample[];
  /** HTML files and bytes of the first round's output, and whether they equal the floor's. */
  output?: { files: number; bytes: number; sameAsFloor: boolean | null };
  ciOutput?: Tool['output'];
  rebuildOutput?: Tool['output'];
}

/** `npm ci` in bench/peers unless node_modules is a finished install of the current lock file. */
function ensurePeersInstalled(): void {
  const lock = createHash('sha256').update(readFileSync(path.join(PEERS, 'package-lock.json'))).digest('hex');
  const marker = path.join(PEERS, 'node_modules', MARKER);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === lock) return;
  console.log('installing the peers (bench/peers: npm ci) ...');
  execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: PEERS, stdio: ['ignore', 'ignore', 'inherit'] });
  writeFileSync(marker, lock);
}

/** Hugo's version, or null (with one line saying how to install it) when it is not on the PATH. */
function hugoVersion(): string | null {
  const run = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    console.log(`hugo: not installed, not measured (Debian/Ubuntu, as root: ${INSTALL_HUGO}; the benchmark was made with ${HUGO_VERSION})`);
    return null;
  }
  const version = /v(\d+\.\d+\.\d+)/.exec(run.stdout)?.[1] ?? run.stdout.trim();
  if (version !== HUGO_VERSION) console.log(`hugo: ${version} found, the benchmark was made with ${HUGO_VERSION}`);
  return version;
}

/** Runs a command under GNU time: wall and CPU milliseconds, peak RSS in MB. */
function timed(argv: string[], cwd: string, env: Record<string, string> = {}): Sample {
  const run = spawnSync('/usr/bin/time', ['-f', '\n%e %U %S %M', ...argv], {
    cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], env: timedEnv(env),
  });
  if (run.status !== 0) throw new Error(`bench:peers: ${argv.join(' ')} failed:\n${run.stderr.slice(-3000)}`);
  const [wall, user, sys, rss] = run.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number, number];
  return { wall: wall * 1000, cpu: (user + sys) * 1000, rssMb: rss / 1024 };
}

/** HTML files and bytes under `out`, and whether every one equals the floor's (null: not compared). */
async function describeOutput(out: string, floor: Map<string, Buffer> | null): Promise<NonNullable<Tool['output']>> {
  const files = await htmlFiles(out);
  let bytes = 0;
  let same = floor !== null && files.length === floor.size;
  for (const rel of files) {
    const data = await readFile(path.join(out, rel));
    bytes += data.length;
    if (same && !floor!.get(rel)?.equals(data)) same = false;
  }
  return { files: files.length, bytes, sameAsFloor: floor === null ? null : same };
}

async function readTree(out: string): Promise<Map<string, Buffer>> {
  const tree = new Map<string, Buffer>();
  for (const rel of await htmlFiles(out)) tree.set(rel, await readFile(path.join(out, rel)));
  return tree;
}

const node = (...args: string[]) => [process.execPath, ...args];

/** Two copies of the site: Eleventy's needs a node_modules and tsconfig of its own beside the pages. */
async function makeSites(size: number): Promise<{ site: string; eleventySite: string }> {
  const make = () => (size === 1 ? copyRealSite('sitegen-peers-real-') : syntheticSite());
  const site = await make();
  const eleventySite = await make();
  // Eleventy's JSX templates are ES modules (its docs: "type": "module" in the project's package.json).
  await writeFile(path.join(eleventySite, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  return { site, eleventySite };
}

async function measureSize(size: number, hugo: boolean, folders: Scratch): Promise<Tool[]> {
  const { site, eleventySite } = await makeSites(size);
  const reference = folders.fresh(`${size}x-reference`);
  const floorArgv = (out: string) => node(path.join(REPO, 'bench', 'floor.mjs'), site, out);
  try {
    // The floor's pages: what Eleventy and Hugo must write byte for byte, and Hugo's content.
    timed(floorArgv(reference), REPO);
    const floorTree = await readTree(reference);
    /** The floor's pages after the n-th message edit (not timed), and which of them it changed. */
    const floorEdited = async (n: number) => {
      const out = folders.fresh(`${size}x-reference-edit-${n}`);
      const undo = await editMessage(path.join(site, MESSAGE_EDIT.file), n);
      try {
        timed(floorArgv(out), REPO);
      } finally {
        await undo();
      }
      const tree = await readTree(out);
      return { out, tree, changed: [...tree.keys()].filter((rel) => !floorTree.get(rel)?.equals(tree.get(rel)!)) };
    };
    const firstEdit = await floorEdited(0);
    await prepareEleventy(eleventySite);
    const hugoDir = hugo ? await prepareHugo(site, reference) : '';
    const tools: Tool[] = [
      { name: 'floor', samples: [], ciBuilds: [], rebuilds: [], command: (out) => ({ argv: floorArgv(out), cwd: REPO }) },
      {
        name: 'sitegen build',
        samples: [],
        ciBuilds: [],
        rebuilds: [],
        command: (out, cache) => ({ argv: node(path.join(REPO, 'bin', 'sitegen'), 'build', '--root', site, '--out', out, '--cache-dir', cache), cwd: site }),
        edit: (n) => editMessage(path.join(site, MESSAGE_EDIT.file), n),
      },
      {
        name: 'Eleventy 3.1.8',
        samples: [],
        ciBuilds: [],
        rebuilds: [],
        command: (out, cache) => ({
          argv: node(path.join(PEERS, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs'), `--config=${path.join(PEERS, 'eleventy', 'eleventy.config.mjs')}`, '--input=eleventy', `--output=${out}`),
          cwd: eleventySite,
          // tsx keeps its transforms in <tmpdir>/tsx-<uid>: in the cache folder, empty for a cold build.
          env: { TMPDIR: cache },
        }),
        // Eleventy reads the messages from its data folder (a copy of the locale files).
        edit: (n) => editMessage(path.join(eleventySite, 'eleventy', '_data', 'messages', path.basename(MESSAGE_EDIT.file)), n),
      },
      ...(hugo
        ? [{
            name: 'Hugo',
            samples: [],
            ciBuilds: [],
            rebuilds: [],
            command: (out: string, cache: string) => ({ argv: ['hugo', '--source', hugoDir, '--destination', out, '--cacheDir', cache, '--quiet'], cwd: hugoDir }),
            // Hugo's content is the floor's <main>: the pages the edit changes get theirs anew.
            edit: async (n: number) => {
              const { out, changed } = n === 0 ? firstEdit : await floorEdited(n);
              const undoMessages = await editMessage(path.join(hugoDir, 'data', 'messages', path.basename(MESSAGE_EDIT.file)), n);
              await updateHugoContent(site, hugoDir, out, changed);
              return async () => {
                await undoMessages();
                await updateHugoContent(site, hugoDir, reference, changed);
              };
            },
          }]
        : []),
    ];
    for (let round = 0; round < RUNS; round++) {
      for (let k = 0; k < tools.length; k++) {
        const tool = tools[(round + k) % tools.length]!;
        const name = `${size}x-${tool.name.split(' ')[0]!.toLowerCase()}`;
        const out = folders.fresh(`${name}-out`);
        const cache = folders.fresh(`${name}-cache`);
        await mkdir(cache, { recursive: true });
        const { argv, cwd, env } = tool.command(out, cache);
        const sitegen = tool.name === 'sitegen build';
        tool.samples.push(timed(argv, cwd, env));
        tool.output ??= await describeOutput(out, sitegen ? null : floorTree);
        if (!tool.edit) continue;
        // The CI run's cache: restored from the cold build's, as a CI cache step restores a folder (not timed).
        const ciCache = folders.fresh(`${name}-ci-cache`);
        execFileSync('cp', ['-a', cache, ciCache]);
        const ciOut = folders.fresh(`${name}-ci-out`);
        const undo = await tool.edit(round);
        try {
          const ci = tool.command(ciOut, ciCache);
          tool.ciBuilds.push(timed(ci.argv, ci.cwd, ci.env));
          tool.ciOutput ??= await describeOutput(ciOut, sitegen ? null : firstEdit.tree);
          tool.rebuilds.push(timed(argv, cwd, env));
          tool.rebuildOutput ??= await describeOutput(out, sitegen ? null : firstEdit.tree);
        } finally {
          await undo();
        }
      }
      process.stdout.write(`  ${size}x: round ${round + 1} of ${RUNS} done\n`);
    }
    return tools;
  } finally {
    for (const dir of [site, eleventySite]) await rm(dir, { recursive: true, force: true });
  }
}

const stats = (xs: number[]) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });
const seconds = (xs: number[]) => {
  const s = stats(xs);
  return `${(s.median / 1000).toFixed(2)} s [${(s.min / 1000).toFixed(2)}–${(s.max / 1000).toFixed(2)}]`;
};
const megabytes = (xs: number[]) => {
  const s = stats(xs);
  return `${s.median.toFixed(0)} MB [${s.min.toFixed(0)}–${s.max.toFixed(0)}]`;
};

function report(size: number, tools: Tool[]): void {
  const floor = tools[0]!;
  const of = (xs: Sample[], k: keyof Sample) => xs.map((x) => x[k]);
  const ratio = (xs: Sample[], k: keyof Sample) => (median(of(xs, k)) / median(of(floor.samples, k))).toFixed(2);
  const describe = (o: NonNullable<Tool['output']>) =>
    `${o.files} pages, ${(o.bytes / 1e6).toFixed(1)} MB${o.sameAsFloor === null ? '' : o.sameAsFloor ? ', = floor' : ', DIFFERENT from the floor'}`;
  const line = (name: string, xs: Sample[], o: NonNullable<Tool['output']>) =>
    console.log(
      `  ${name.padEnd(15)} wall ${seconds(of(xs, 'wall'))} ${ratio(xs, 'wall')}x   cpu ${seconds(of(xs, 'cpu'))} ${ratio(xs, 'cpu')}x   ` +
        `peak ${megabytes(of(xs, 'rssMb'))} ${ratio(xs, 'rssMb')}x   (${describe(o)})`,
    );
  const label = size === 1 ? 'real site (1x)' : `${size}x site`;
  console.log(`\n${label}, cold: medians of ${RUNS} runs [min–max]; x = against the floor's median of this run${timedEnvNote()}`);
  for (const t of tools) line(t.name, t.samples, t.output!);
  console.log(`${label}, CI run after one message edit: a new output folder, a copy of the cold build's cache; x = against the floor's cold median`);
  for (const t of tools) if (t.ciOutput) line(t.name, t.ciBuilds, t.ciOutput);
  console.log(`${label}, rebuild after one message edit, each tool's cache and previous output kept; x = against the floor's cold median`);
  for (const t of tools) if (t.rebuildOutput) line(t.name, t.rebuilds, t.rebuildOutput);
}

console.log(`peer benchmark: ${os.availableParallelism()} cores, node ${process.version}, each run a process of its own`);
ensurePeersInstalled();
const hugo = hugoVersion() !== null;
timed(node(path.join(REPO, 'bin', 'sitegen'), '--version'), REPO); // compiles lib/ first if src/ changed, outside the measurements
const results: [number, Tool[]][] = [];
const folders = await scratch('sitegen-peers-');
try {
  for (const size of SIZES) results.push([size, await measureSize(size, hugo, folders)]);
} finally {
  await folders.remove();
}
for (const [size, tools] of results) report(size, tools);
const different = results.flatMap(([, tools]) => tools).filter((t) => [t.output, t.ciOutput, t.rebuildOutput].some((o) => o?.sameAsFloor === false));
if (different.length) {
  console.log(`\n${different.map((t) => t.name).join(', ')} did not write the floor's pages byte for byte: the comparison above is not like for like.`);
  process.exitCode = 1;
}
