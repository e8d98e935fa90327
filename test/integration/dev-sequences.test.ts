/**
 * `sitegen dev`'s incremental rebuilds, step after step, against a fresh start. Each test is one
 * seed of a sequence of random changes to a site's sources while dev runs (messages edited,
 * removed and put back, a locale file removed and put back, components, stylesheets, layouts,
 * pages and the config edited, pages added and removed, two files saved at once, a file saved
 * broken and then fixed). After each step, once dev has
 * rebuilt for every file changed, its folder must hold what a dev server started afresh on a copy
 * of the same sources writes: the same folders, files and bytes, but for the build id (see tree).
 * A failure names the seed and the
 * steps so far, and the same seed replays them.
 *
 * More or longer sequences than the suite's: `DEV_SEQ_SEEDS=4,5 DEV_SEQ_STEPS=20 npx vitest run
 * test/integration/dev-sequences.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dev, type DevServer } from '../../src/dev/dev.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { fixtureSites, tempDirs } from '../helpers/site.ts';
import { describeTree, seeded, seedsFrom } from '../helpers/sequences.ts';

const devSite = fixtureSites('dev-site');
const copies = tempDirs('dev-sequence-copy');
const STEPS = Number(process.env.DEV_SEQ_STEPS ?? 10);
/** How long a rebuild for a saved file may take to be reported before the step fails (dev missed the change). */
const REPORT_WAIT_MS = 20_000;

/**
 * dev's folder described for comparison, its build id written as `<id>`: dev keeps the id of its
 * first build (a rebuild writes only the pages it renders again), where a fresh start hashes the
 * sources as they are now.
 */
async function tree(dir: string): Promise<Map<string, string>> {
  const ids = (await readdir(path.join(dir, '_static'))).filter((name) => existsSync(path.join(dir, '_static', name, 'manifest.json')));
  expect(ids, `${dir}: one build id`).toHaveLength(1);
  return describeTree(dir, ids[0]);
}

interface Run {
  site: string;
  pick: <T>(xs: readonly T[]) => T;
  chance: (p: number) => boolean;
  n: number;
  /** Each changed file's text as the fixture has it (null: not in the fixture), to put back. */
  originals: Map<string, string | null>;
  added: string[];
}

/**
 * A change: writes files of the site (null: removes one) and says what it did; with `broken`, those
 * files are saved first and dev's failed rebuild waited for.
 */
interface Change {
  files: Record<string, string | null>;
  what: string;
  broken?: Record<string, string>;
}
type Step = [name: string, change: (run: Run) => Promise<Change | null>];

const LOCALES = ['en', 'de', 'fr'];
const KEYS = ['home.greeting', 'badge.label', 'nav.about', 'jobs.title', 'notFound.title', 'runtime.offline'];

const read = (run: Run, rel: string) => readFile(path.join(run.site, rel), 'utf8').catch(() => null);

/** Sets (or, with null, removes) one message of a locale file; null when the file is not there. */
async function message(run: Run, locale: string, key: string, text: string | null): Promise<Record<string, string | null> | null> {
  const rel = `locales/${locale}.json`;
  const source = await read(run, rel);
  if (source === null) return null;
  const messages = JSON.parse(source) as Record<string, Record<string, string>>;
  const [group, name] = key.split('.') as [string, string];
  if (text === null) delete messages[group]?.[name];
  else (messages[group] ??= {})[name] = text;
  return { [rel]: JSON.stringify(messages, null, 2) + '\n' };
}

const STEPS_OF: Step[] = [
  ['message edited', async (run) => {
    const [locale, key] = [run.pick(LOCALES), run.pick(KEYS)];
    const files = await message(run, locale, key, `${locale} ${key} v${run.n}`);
    return files && { files, what: `${locale} ${key}` };
  }],
  ['message removed (the page falls back to en)', async (run) => {
    const [locale, key] = [run.pick(['de', 'fr']), run.pick(KEYS)];
    const files = await message(run, locale, key, null);
    return files && { files, what: `${locale} ${key}` };
  }],
  ['locale file put back', async (run) => {
    const rel = `locales/${run.pick(LOCALES)}.json`;
    return { files: { [rel]: run.originals.get(rel)! }, what: rel };
  }],
  ['locale file removed', async (run) => {
    const rel = `locales/${run.pick(['de', 'fr'])}.json`;
    return (await read(run, rel)) === null ? null : { files: { [rel]: null }, what: rel };
  }],
  ['component edited', async (run) => {
    const rel = 'templates/components/Badge.tsx';
    return { files: { [rel]: (await read(run, rel))!.replace(/data-badge( data-v="\d+")?/, `data-badge data-v="${run.n}"`) }, what: rel };
  }],
  ['stylesheet edited', async (run) => {
    const rel = run.pick(['templates/components/Badge.css', 'templates/layouts/default.css']);
    const css = (await read(run, rel))!;
    return { files: { [rel]: `${css.replace(/\n\/\* v\d+ \*\/\n.*$/s, '\n')}/* v${run.n} */\n.v${run.n} { order: ${run.n}; }\n` }, what: rel };
  }],
  ['page edited', async (run) => {
    const rel = run.pick(['pages/about.tsx', 'pages/jobs.tsx']);
    return { files: { [rel]: (await read(run, rel))!.replace(/<h1>(\{t\('[\w.]+'\)\})( v\d+)?<\/h1>/, `<h1>$1 v${run.n}</h1>`) }, what: rel };
  }],
  ['page added', async (run) => {
    const rel = `pages/extra/p${run.n}.tsx`;
    run.added.push(rel);
    const page =
      `import { useI18n, type PageHead } from 'sitegen';\nimport Badge from '../../templates/components/Badge.tsx';\n` +
      `export const head: PageHead = { title: 'about.title', description: 'about.description' };\n` +
      `export default function Page() { const { t } = useI18n(); return <><p>{t('home.greeting')} p${run.n}</p><Badge /></>; }\n`;
    return { files: { [rel]: page }, what: rel };
  }],
  ['layout edited', async (run) => {
    const rel = 'templates/layouts/default.tsx';
    return { files: { [rel]: (await read(run, rel))!.replace(/<header( data-v="\d+")?>/, `<header data-v="${run.n}">`) }, what: rel };
  }],
  ['config edited (a full rebuild)', async (run) => {
    const rel = 'sitegen.config.ts';
    return { files: { [rel]: (await read(run, rel))!.replace(/product: '[^']*'/, `product: 'Dev App ${run.n}'`) }, what: rel };
  }],
  ['a locale file or a page saved broken, then fixed', async (run) => {
    const [locale, key] = [run.pick(LOCALES), run.pick(KEYS)];
    const files = await message(run, locale, key, `${locale} ${key} v${run.n}`);
    if (run.chance(0.5) && files) return { files, broken: { [`locales/${locale}.json`]: '{ "nav": ' }, what: `locales/${locale}.json` };
    const rel = run.pick(['pages/about.tsx', 'pages/jobs.tsx']);
    const fixed = (await read(run, rel))!.replace(/<h1>(\{t\('[\w.]+'\)\})( v\d+)?<\/h1>/, `<h1>$1 v${run.n}</h1>`);
    return { files: { [rel]: fixed }, broken: { [rel]: fixed.replace('</h1>', '</h2>') }, what: rel };
  }],
  ['page removed', async (run) => {
    if (run.added.length === 0) return null;
    const rel = run.added.splice(run.chance(0.5) ? 0 : run.added.length - 1, 1)[0]!;
    return { files: { [rel]: null }, what: rel };
  }],
];

/** Two changes saved together, before dev has rebuilt for the first. */
const TWO_AT_ONCE: Step = ['two files saved at once', async (run) => {
  const [a, b] = [run.pick(STEPS_OF), run.pick(STEPS_OF)];
  const first = await a[1](run);
  const second = await b[1](run);
  // The second change was made from the files as they are, not as the first leaves them: where both touch a file, the second's text stands.
  if (!first && !second) return null;
  return { files: { ...first?.files, ...second?.files }, what: `${a[0]}: ${first?.what ?? 'nothing'}; ${b[0]}: ${second?.what ?? 'nothing'}` };
}];

/** Resolves once dev's finished rebuilds have covered every one of `rels`; fails after REPORT_WAIT_MS. */
async function rebuiltFor(server: DevServer, rels: string[], story: string): Promise<void> {
  const left = new Set(rels);
  const deadline = Date.now() + REPORT_WAIT_MS;
  while (left.size) {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())).unref());
    const report = await Promise.race([server.nextReport(), timeout]);
    if (report === null) expect.fail(`${story}\ndev reported no rebuild for ${[...left].join(', ')} within ${REPORT_WAIT_MS / 1000} s`);
    for (const rel of report.changed) left.delete(rel);
  }
  await server.idle();
}

/** What dev started afresh on a copy of `site`'s sources writes. */
async function freshStart(site: string): Promise<Map<string, string>> {
  const copy = await copies();
  await cp(site, copy, { recursive: true, filter: (src) => !['.sitegen-cache', 'node_modules'].includes(path.basename(src)) });
  const server = await dev({ root: copy, port: 0, logger: createMemoryLogger() });
  try {
    await server.idle();
    return await tree(server.outDir);
  } finally {
    await server.close();
    await rm(copy, { recursive: true, force: true });
  }
}

async function sequence(seed: number): Promise<void> {
  const { pick, chance } = seeded(seed);
  const site = await devSite();
  const run: Run = { site, pick, chance, n: 0, originals: new Map(), added: [] };
  for (const locale of LOCALES) run.originals.set(`locales/${locale}.json`, await read(run, `locales/${locale}.json`));
  const server = await dev({ root: site, port: 0, logger: createMemoryLogger() });
  try {
    await server.idle();
    const done: string[] = [];
    for (run.n = 1; run.n <= STEPS; run.n++) {
      const [name, change] = run.chance(0.2) ? TWO_AT_ONCE : run.pick(STEPS_OF);
      const made = await change(run);
      done.push(`${run.n}. ${name}: ${made?.what ?? 'nothing to do'}`);
      const story = `seed ${seed}, after:\n${done.join('\n')}`;
      // A file saved as it is (or removed where there is none) is no change to wait for.
      const changed = Object.entries(made?.files ?? {});
      for (const [rel, text] of [...changed]) if ((await read(run, rel)) === text) changed.splice(changed.findIndex(([r]) => r === rel), 1);
      if (changed.length === 0) continue;
      if (made?.broken) {
        const failed = rebuiltFor(server, Object.keys(made.broken), story);
        for (const [rel, text] of Object.entries(made.broken)) await writeFile(path.join(site, rel), text);
        await failed;
        expect(server.reports.at(-1)?.status, `${story}\n(saved broken)`).toBe('failed');
      }
      const rebuilt = rebuiltFor(server, changed.map(([rel]) => rel), story);
      for (const [rel, text] of changed) {
        const file = path.join(site, rel);
        if (text === null) await rm(file, { force: true });
        else {
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, text);
        }
      }
      await rebuilt;
      expect(server.reports.at(-1)?.status, story).toBe('ok');
      expect(await tree(server.outDir), story).toEqual(await freshStart(site));
    }
  } finally {
    await server.close();
  }
}

describe('sitegen dev, step after step, writes what a fresh start writes', () => {
  it.each(seedsFrom('DEV_SEQ_SEEDS', [1, 2, 3, 4]))('seed %i', (seed) => sequence(seed), 180_000);
});
