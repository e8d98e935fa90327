/**
 * `sitegen check` benchmark: 18 locales x 5,000 keys, generated into a temporary folder, timed
 * next to its floor measured in the same run: reading the 18 files and JSON.parse-ing them, which
 * any checker has to do. Target: within 3x of the floor.
 *
 * The messages mix what a site holds: mostly plain sentences, simple arguments, plurals with the
 * categories of each language, selects, styled numbers and dates, rich-text tags; and about 1% of
 * faults per locale (missing, untranslated, a dropped argument), so positions get computed too.
 */
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../src/config.ts';
import { SITE_LOCALES as LOCALES } from '../test/helpers/real-site.ts';
import { check } from '../src/check/index.ts';
import { readMessageFile } from '../src/i18n/messages.ts';
import { median } from './lib.ts';

const KEYS = Number(process.env.BENCH_KEYS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 16);
/**
 * Rounds before the measured ones, not counted: check's code is still being compiled by V8 in
 * its first four to six runs (CPU per run, this catalogue: 270, 190, 100, 95, 100, then 60-70 ms),
 * so a median of 7 rounds from the first measured that warm-up, not check. The first run, the one
 * a `sitegen check` process makes, is printed apart; that process also has V8 optimize later
 * (optimize-later.ts, which a library call must not set), so its first check takes less CPU than
 * this line says (~65-75 ms of V8's threads against ~110-125 ms). Later rounds vary too: a full collection
 * (every few rounds, the files' texts are 10 MB a round) drops compiled code that embedded maps of
 * the last run's objects (`--trace-deopt`: "reason: weak objects"), so the run after it is slower
 * again; the floor (JSON.parse and reads, no compiled JavaScript) does not vary so. 16 runs.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);

function enMessage(i: number): string {
  switch (i % 25) {
    case 0: case 1: case 2: case 3: return `Hello {name}, you have item ${i} waiting`;
    case 4: return `{count, plural, one {# clip in project ${i}} other {# clips in project ${i}}}`;
    case 5: return `{gender, select, female {She shared video ${i}} male {He shared video ${i}} other {They shared video ${i}}}`;
    case 6: return `{share, number, percent} of creators use effect ${i}`;
    case 7: return `Published on {when, date, long} as version ${i}`;
    case 8: return `Read the <b>guide ${i}</b> and the <link>tutorial</link>`;
    case 9: return `{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place in contest ${i}`;
    default: return `Plain sentence number ${i} about keyframes, layers and motion blur.`;
  }
}

/** A correct translation into `code`, with the plural categories that language has. */
function translated(i: number, code: string, iso: string): string {
  const plural = (type: Intl.PluralRuleType, body: string) =>
    new Intl.PluralRules(iso, { type }).resolvedOptions().pluralCategories.map((c) => `${c} {${body}}`).join(' ');
  switch (i % 25) {
    case 0: case 1: case 2: case 3: return `[${code}] Hallo {name}, Element ${i} wartet`;
    case 4: return `{count, plural, ${plural('cardinal', `# [${code}] Clips ${i}`)}}`;
    case 5: return `{gender, select, female {[${code}] sie ${i}} male {[${code}] er ${i}} other {[${code}] sie ${i}}}`;
    case 6: return `{share, number, percent} [${code}] Effekt ${i}`;
    case 7: return `[${code}] Veröffentlicht am {when, date, long}, Version ${i}`;
    case 8: return `[${code}] Lies die <b>Anleitung ${i}</b> und das <link>Tutorial</link>`;
    case 9: return `{place, selectordinal, ${plural('ordinal', `#. [${code}]`)}} Platz ${i}`;
    default: return `[${code}] Satz Nummer ${i} über Keyframes, Ebenen und Bewegungsunschärfe.`;
  }
}

/** Nests keys two levels deep (`section12.key1234`), as real files do. */
function nest(entries: [string, string][]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [key, value] of entries) {
    const [section, leaf] = key.split('.') as [string, string];
    (out[section] ??= {})[leaf] = value;
  }
  return out;
}

async function generate(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-check-'));
  await mkdir(path.join(root, 'locales'));
  await writeFile(path.join(root, 'sitegen.config.ts'), `export default { name: "bench", url: "https://example.com", locales: ${JSON.stringify(LOCALES.map((l) => l.code))} };\n`);
  const keys = Array.from({ length: KEYS }, (_, i) => [`section${Math.floor(i / 50)}.key${i}`, i] as const);
  for (const locale of LOCALES) {
    const entries: [string, string][] = [];
    for (const [key, i] of keys) {
      if (locale.code === 'en') entries.push([key, enMessage(i)]);
      else if (i % 100 === 17) continue; // missing
      else if (i % 100 === 31) entries.push([key, enMessage(i)]); // untranslated
      else if (i % 100 === 53) entries.push([key, translated(i, locale.code, locale.iso).replace('{name}', 'du')]); // lost argument
      else entries.push([key, translated(i, locale.code, locale.iso)]);
    }
    await writeFile(path.join(root, 'locales', locale.file), JSON.stringify(nest(entries), null, 2) + '\n');
  }
  return root;
}

interface Time { wall: number; cpu: number }

/** Wall time, and CPU time (user + system), which shared machines disturb much less. */
async function timed(fn: () => Promise<unknown>): Promise<Time> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

const floor = (root: string) =>
  Promise.all(LOCALES.map(async (l) => JSON.parse(await readFile(path.join(root, 'locales', l.file), 'utf8')) as unknown));

/** What every user of the locale files pays: the shared loader (JSON.parse and flatten). */
const loader = (root: string) => Promise.all(LOCALES.map((l) => readMessageFile(path.join(root, 'locales', l.file))));

const root = await generate();
try {
  const { config } = await resolveConfig(root);
  const floors: Time[] = [];
  const checks: Time[] = [];
  const loads: Time[] = [];
  let findings = 0;
  // The floor and the check take turns at going first, and the loader (neither side of the ratio)
  // runs in rounds of its own. A run pays for part of the garbage the run before it left (10 MB of
  // file texts and their trees a run): in the fixed order floor, loader, check, the loader always
  // paid for the floor's 18 trees, so the floor never paid its own collections (17-18 ms of CPU;
  // 22-26 ms after itself, the check or a forced gc()). Here each side follows itself half the time
  // and the other half, and neither follows the loader.
  const floorRun = async () => floors.push(await timed(() => floor(root)));
  const checkRun = async () => checks.push(await timed(async () => (findings = (await check(config, {})).findings.length)));
  for (let i = 0; i < WARMUP + RUNS; i++) for (const run of i % 2 ? [checkRun, floorRun] : [floorRun, checkRun]) await run();
  for (let i = 0; i < WARMUP + RUNS; i++) loads.push(await timed(() => loader(root)));
  const first = { check: checks[0]!, floor: floors[0]! };
  for (const list of [floors, loads, checks]) list.splice(0, WARMUP);
  console.log(`sitegen check benchmark: ${LOCALES.length} locales x ${KEYS} keys, ${findings} findings, median of ${checks.length} runs after ${WARMUP} not counted`);
  for (const measure of ['wall', 'cpu'] as const) {
    const c = checks.map((t) => t[measure]);
    const f = floors.map((t) => t[measure]);
    console.log(
      `${measure.padEnd(4)} | first run: check ${first.check[measure].toFixed(0)} ms, floor ${first.floor[measure].toFixed(0)} ms` +
        ` | median: check ${median(c).toFixed(0)} ms, floor ${median(f).toFixed(0)} ms, ${(median(c) / median(f)).toFixed(2)}x` +
        ` | best: check ${Math.min(...c).toFixed(0)} ms, floor ${Math.min(...f).toFixed(0)} ms, ${(Math.min(...c) / Math.min(...f)).toFixed(2)}x (target 3x)`,
    );
  }
  const l = median(loads.map((t) => t.cpu));
  console.log(`of which the shared loader (read, JSON.parse, flatten in src/i18n/messages.ts): ${l.toFixed(0)} ms cpu median, ${(l / median(floors.map((t) => t.cpu))).toFixed(2)}x the floor`);
} finally {
  // BENCH_KEEP=1 leaves the generated site for profiling.
  if (process.env.BENCH_KEEP) console.log(`kept ${root}`);
  else await rm(root, { recursive: true, force: true });
}
