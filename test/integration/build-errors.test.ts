import { beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from '../../src/build.ts';
import { runCli } from '../../src/cli.ts';
import { SitegenError } from '../../src/errors.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { applyChanges, expectSameBytes, fixtureSites, REPO, snapshotTree } from '../helpers/site.ts';

const exec = promisify(execFile);

const site = fixtureSites('basic');

/** The intact site's output, built once: the build does not depend on where the project lives. */
let intactDist: string;
beforeAll(async () => {
  const root = await site();
  await build({ root, logger: createMemoryLogger() });
  intactDist = path.join(root, 'dist');
});

/** A copy of the intact site with its output, broken, built again: returns the error; asserts dist/ is untouched. */
async function failingBuild(changes: Record<string, string | null>, options: { workers?: number; folders?: string[] } = {}): Promise<SitegenError> {
  const root = await site();
  await cp(intactDist, path.join(root, 'dist'), { recursive: true });
  const before = await snapshotTree(path.join(root, 'dist'));
  await applyChanges(root, changes);
  for (const folder of options.folders ?? []) await mkdir(path.join(root, folder));
  const err = await build({ root, logger: createMemoryLogger(), ...options }).then(
    () => { throw new Error('the build should have failed'); },
    (e: unknown) => e,
  );
  expectSameBytes(before, await snapshotTree(path.join(root, 'dist')));
  expect((await readdir(root)).filter((f) => f.includes('.tmp-'))).toEqual([]);
  expect(err).toBeInstanceOf(SitegenError);
  return err as SitegenError;
}

const PAGE = (body: string, extra = '') => `import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
${extra}
export default function About() {
  const { t } = useI18n();
  ${body}
}
`;

describe('a failed build leaves the previous dist/ byte for byte and says what to fix', () => {
  it('malformed JSON in a locale file: file, line, column and a code frame', async () => {
    const err = await failingBuild({ 'locales/de.json': '{\n  "nav": {\n    "home": "Start"\n    "about": "Über"\n  }\n}\n' });
    expect(err.code).toBe('LocaleJsonInvalid');
    expect(err.message).toMatch(/^locales\/de\.json:4:5: Expected ',' or '}' after property value/);
    expect(err.detail).toContain('> 4 |     "about": "Über"');
  });

  it('a message in curly quotes (no position in V8\'s message): its own line and column, not the end of the file', async () => {
    const err = await failingBuild({ 'locales/de.json': '{\n  "nav": {\n    "home": „Start“\n  }\n}\n' });
    expect(err.code).toBe('LocaleJsonInvalid');
    expect(err.message).toBe('locales/de.json:3:13: Unexpected „: a JSON string needs straight double quotes ("…"), not typographic quotes. Fix the JSON syntax of this message file.');
    expect(err.detail).toContain('> 3 |     "home": „Start“\n    |             ^');
  });

  it('invalid ICU syntax: file, line, column, key and what is wrong', async () => {
    const err = await failingBuild({ 'locales/de.json': JSON.stringify({ nav: { home: 'Start {count, plural, one {x}}' } }, null, 2) });
    expect(err.code).toBe('TranslationErrors');
    expect(err.message).toMatch(/^1 translation error\(s\) would break pages/);
    expect(err.detail).toMatch(/^locales\/de\.json:3:\d+ de nav\.home syntax: Invalid ICU MessageFormat at character \d+ of the message: plural and select need an `other` case/);
  });

  it('a translation that invents an argument fails the build', async () => {
    const err = await failingBuild({ 'locales/de.json': JSON.stringify({ nav: { home: 'Start {name}' } }, null, 2) });
    expect(err.detail).toMatch(/^locales\/de\.json:3:\d+ de nav\.home argument-unknown: The argument \{name\} is not in en/);
  });

  it('an argument added to en that no page passes fails the build on en, not on the translations that lack it', async () => {
    const en = JSON.parse(await readFile(path.join(REPO, 'test/fixtures/basic/locales/en.json'), 'utf8'));
    en.about.history = 'Policy history ({count})';
    const err = await failingBuild({ 'locales/en.json': JSON.stringify(en, null, 2) });
    expect(err.code).toBe('TranslationErrors');
    expect(err.detail).toMatch(/^locales\/en\.json:\d+:\d+ en about\.history argument-unpassed: The argument \{count\} is in the message, but no page passes a value for it/);
    expect(err.detail).toContain("Pass count where the code calls t('about.history'), or take {count} out of the message.");
    expect(err.detail).not.toContain('locales/de.json');
  });

  it("an argument in a page's head title fails the build on en, saying the head gets no values of the page's own", async () => {
    const en = JSON.parse(await readFile(path.join(REPO, 'test/fixtures/basic/locales/en.json'), 'utf8'));
    en.about.title = 'About {team}';
    const err = await failingBuild({ 'locales/en.json': JSON.stringify(en, null, 2) });
    expect(err.code).toBe('TranslationErrors');
    expect(err.detail).toMatch(
      /^locales\/en\.json:\d+:\d+ en about\.title argument-unpassed: The argument \{team\} is in the message, which a page's head names as its title or description: the build gives those only the values every message gets \(\{product\}\), so the pages fail to render\. Take \{team\} out of the message\.$/m,
    );
  });

  it('an argument added to a message of the browser runtime that it does not fill fails the build on en, not on the translations that lack it', async () => {
    const en = JSON.parse(await readFile(path.join(REPO, 'test/fixtures/basic/locales/en.json'), 'utf8'));
    en.runtime.offline = 'You are offline, {user}';
    const err = await failingBuild({ 'locales/en.json': JSON.stringify(en, null, 2) });
    expect(err.code).toBe('TranslationErrors');
    expect(err.detail).toMatch(/^locales\/en\.json:\d+:\d+ en runtime\.offline argument-unpassed: The argument \{user\} is in the message, but the browser runtime fills no argument of runtime\.offline/);
    expect(err.detail).not.toContain('locales/de.json');
  });

  it("beside another error, a translation's argument that may be en's fault is left to the build that renders, not blamed on the translation", async () => {
    const en = JSON.parse(await readFile(path.join(REPO, 'test/fixtures/basic/locales/en.json'), 'utf8'));
    en.about.title = 'About {count} us';
    const de = JSON.parse(await readFile(path.join(REPO, 'test/fixtures/basic/locales/de.json'), 'utf8'));
    de.nav.home = 'Start {count, plural, one {x}}';
    const err = await failingBuild({ 'locales/en.json': JSON.stringify(en, null, 2), 'locales/de.json': JSON.stringify(de, null, 2) });
    expect(err.message).toMatch(/^1 translation error\(s\) would break pages/);
    const lines = err.detail!.split('\n');
    expect(lines[0]).toMatch(/^locales\/de\.json:\d+:\d+ de nav\.home syntax: /);
    expect(lines.at(-1)).toBe(
      '(1 more about arguments are judged once these are fixed: whether a message may leave one out or add one depends on what the pages pass, which the build learns as it renders.)',
    );
    expect(err.detail).not.toContain('argument-missing');
  });

  it('a translation that drops an argument the page passes still fails the build on the translation', async () => {
    const err = await failingBuild({
      'pages/about.tsx': PAGE("return <h1>{t('about.title', { count: 3 })}</h1>;"),
      'locales/en.json': JSON.stringify({ ...JSON.parse(await readFile(path.join(REPO, 'test/fixtures/basic/locales/en.json'), 'utf8')), about: { title: 'About {count} us', description: 'Who we are', history: 'Policy history' } }, null, 2),
    });
    expect(err.detail).toMatch(/^locales\/de\.json:\d+:\d+ de about\.title argument-missing: The argument \{count\} of en is missing\. Put \{count\} back into the translation; the page passes a value for it\./);
  });

  it('a page that throws: page file, locale, message and its source location', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`if (t('about.title') === 'Über uns') throw new Error('no German today');\n  return <h1>x</h1>;`) });
    expect(err.code).toBe('RenderFailed');
    expect(err.message).toMatch(/pages\/about\.tsx threw while rendering in locale de: no German today/);
    expect(err.detail).toMatch(/^at pages\/about\.tsx:6:\d+$/);
  });

  // React renders a suspended or failed <Suspense> boundary's fallback and drops the error: the
  // page would have shipped "Loading…" for good.
  describe('a component that cannot finish in a synchronous render fails the build instead of leaving a fallback or an unclear error', () => {
    const ASYNC = "import { Suspense, lazy } from 'react';\nasync function Later() { return <p>later</p>; }\nconst Lazy = lazy(async () => ({ default: () => <p>lazy</p> }));";
    const SUSPENDED = /^pages\/about\.tsx threw while rendering in locale en: a component suspended \(an async component, one made with lazy\(\), or use\(\) of a promise\), .* \(top-level await\)/;
    it.each([
      ['an async component', 'return <div><Later /></div>;'],
      ['an async component in a <Suspense> boundary', 'return <div><Suspense fallback={<p>Loading…</p>}><Later /></Suspense></div>;'],
      ['a lazy() component in a nested boundary', 'return <Suspense fallback={null}><div><Suspense fallback="…"><Lazy /></Suspense></div></Suspense>;'],
    ])('%s', async (_, body) => {
      const err = await failingBuild({ 'pages/about.tsx': PAGE(body, ASYNC) });
      expect(err.code).toBe('RenderFailed');
      expect(err.message).toMatch(SUSPENDED);
    });

    it('an error thrown in a <Suspense> boundary is the page\'s error, with its source location', async () => {
      const err = await failingBuild({
        'pages/about.tsx': PAGE(`return <Suspense fallback={<p>Loading…</p>}><Data /></Suspense>;`, "import { Suspense } from 'react';\nfunction Data(): never {\n  throw new Error('no data');\n}"),
      });
      expect(err.message).toBe('pages/about.tsx threw while rendering in locale en: no data');
      expect(err.detail).toMatch(/^at pages\/about\.tsx:5:\d+$/);
    });
  });

  it('a form whose action is a function (React 19) fails naming the element and the line, instead of shipping a form that throws when submitted', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`return <form\n  action={async () => {}}><input name="q" /></form>;`) });
    expect(err.code).toBe('RenderFailed');
    expect(err.message).toBe(
      'pages/about.tsx threw while rendering in locale en: <form action={function}> cannot work on a static page: React writes an action that throws when the form is submitted. ' +
        'Give it the URL that takes the form (a page, or a service of yours), or submit it from an enhancer (templates/enhancers/).',
    );
    expect(err.detail).toMatch(/^at pages\/about\.tsx:6:\d+$/);
  });

  it('a layout that renders <html>, <head> or <body> fails naming the element and the line: sitegen writes the document around it', async () => {
    const layout = "import type { LayoutProps } from 'sitegen';\nexport default function Other({ children }: LayoutProps) {\n  return <html><body><main id=\"main\">{children}</main></body></html>;\n}\n";
    const err = await failingBuild({ 'templates/layouts/other.tsx': layout });
    expect(err.code).toBe('RenderFailed');
    expect(err.message).toMatch(/^pages\/about\.tsx threw while rendering in locale en: <body> is written by sitegen around the layout: .* Leave out <html>, <head> and <body>\.$/);
    expect(err.detail).toMatch(/^at templates\/layouts\/other\.tsx:3:\d+$/);
  });

  // React 19 moves these to the start of <body>: invalid there (title, meta) and out of <main>,
  // which is all client navigation brings.
  it.each([
    ['<title>', '<title>Mine</title>', 'title', 'Remove it: the title and description come from `head`.'],
    ['<meta>', '<meta name="robots" content="noindex" />', 'meta', 'Remove it: the title and description come from `head`.'],
    ['<script async>', '<script async src="/widget.js" />', 'script', 'Render it where React keeps it (a <link rel="stylesheet"> without precedence, a <script> without async), or remove it.'],
  ])('a page that renders %s, which React moves out of its place, fails naming the element and what to do', async (_, element, tag, fix) => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`return <div><img src="/x.png" alt="" />${element}<p>x</p></div>;`) });
    expect(err.code).toBe('RenderFailed');
    expect(err.message).toBe(
      `pages/about.tsx threw while rendering in locale en: it or its layout "default" renders a <${tag}> that React moves to the start of <body>, out of its place: ` +
        `the document's head is sitegen's, made from the page's \`head\` and sitegen.config.ts, and client navigation brings only the page's <main>. ${fix}`,
    );
  });

  it('a page whose top-level code throws (a top-level await of data that fails) names the error and the line, not a stack in the server bundle', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE('return <h1>x</h1>;', "const data = await Promise.reject(new Error('the data service is down', { cause: new Error('ECONNREFUSED') }));\nvoid data;") });
    expect(err.code).toBe('ModuleLoadFailed');
    expect(err.message).toBe(
      "The top-level code of a page, layout or component failed as the pages' code loaded, before any page rendered: the data service is down (ECONNREFUSED). " +
        'It runs once per build (a top-level await of data, say): fix it, or catch the failure there.',
    );
    expect(err.detail).toMatch(/^at pages\/about\.tsx:3:\d+$/);
  });

  it('a page that calls process.exit() while rendering fails the build with page and locale, instead of ending it', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`if (t('about.title') === 'Über uns') process.exit(0);\n  return <h1>x</h1>;`) }, { workers: 0 });
    expect(err.code).toBe('RenderFailed');
    expect(err.message).toBe(
      'pages/about.tsx threw while rendering in locale de: it called process.exit(0). A page must not end the build; throw an error instead.',
    );
  });

  it('a render worker that exits without an error event while rendering (an exit the page kept aside) fails the build naming the page and locale', async () => {
    const err = await failingBuild(
      {
        'pages/about.tsx': PAGE(
          `if (t('about.title') === 'Über uns' && !isMainThread) bye(5);\n  return <h1>x</h1>;`,
          "import { isMainThread } from 'node:worker_threads';\nconst bye = process.exit.bind(process);",
        ),
      },
      { workers: 2 },
    );
    expect(err.code).toBe('RenderWorkerExited');
    expect(err.message).toBe('pages/about.tsx (locale de) stopped the render worker (exit code 5) while rendering. A page must not call process.exit(); throw an error instead.');
  }, 20_000);

  it('a render worker that exits in a batch while the next one was sent to it already names the page of the batch it was rendering', async () => {
    // One worker: its locales (ar, then de) are a batch each, both sent at once; it exits in ar's.
    const err = await failingBuild(
      {
        'pages/about.tsx': PAGE(
          `if (t('about.title') !== 'Über uns' && !isMainThread) bye(5);\n  return <h1>x</h1>;`,
          "import { isMainThread } from 'node:worker_threads';\nconst bye = process.exit.bind(process);",
        ),
      },
      { workers: 1 },
    );
    expect(err.code).toBe('RenderWorkerExited');
    expect(err.message).toBe('pages/about.tsx (locale ar) stopped the render worker (exit code 5) while rendering. A page must not call process.exit(); throw an error instead.');
  }, 20_000);

  it('a render worker that exits without an error event (process.exit after the render) fails the build with page and locale instead of hanging', async () => {
    const err = await failingBuild(
      // Only in a worker: on the main thread it would end the test run itself.
      { 'pages/about.tsx': PAGE(`if (t('about.title') === 'Über uns' && !isMainThread) queueMicrotask(() => process.exit(3));\n  return <h1>x</h1>;`, "import { isMainThread } from 'node:worker_threads';") },
      { workers: 2 },
    );
    expect(err.code).toBe('RenderWorkerExited');
    expect(err.message).toMatch(/^A render worker stopped \(exit code 3\) after rendering (.+, )?pages\/about\.tsx \(locale de\)(, .+)?: one of them \(or a timer it started\) called process\.exit\(\)\. Throw an error instead\.$/);
  }, 20_000);

  it('a message missing in en too: names the key and the page', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`return <h1>{t('about.nope')}</h1>;`) });
    expect(err.message).toMatch(/pages\/about\.tsx threw while rendering in locale en: Message "about\.nope" is used in locale en but missing in en\.json/);
  });

  it('an unknown layout name lists the known ones', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE('return <h1>x</h1>;', "export const layout = 'fancy';") });
    expect(err.message).toMatch(/pages\/about\.tsx asks for layout "fancy", which does not exist\. Use one of: default, other\./);
  });

  it('a layout that does not render its children names the layout, the page and the locale', async () => {
    const err = await failingBuild({
      'templates/layouts/other.tsx': `export default function Other() { return <main id="main">nothing here</main>; }\n`,
    });
    expect(err.code).toBe('RenderFailed');
    expect(err.message).toMatch(
      /^pages\/about\.tsx threw while rendering in locale en: The layout "other" \(templates\/layouts\/\) did not render its children exactly once\. Put \{children\} inside its <main id="main">\.$/,
    );
  });

  it('a page without a default export', async () => {
    const err = await failingBuild({ 'pages/about.tsx': `export const head = { title: 'about.title', description: 'about.description' };\nexport function About() { return null; }\n` });
    expect(err.code).toBe('PageNoDefaultExport');
    expect(err.message).toMatch(/pages\/about\.tsx has no default export/);
  });

  it('no pages folder', async () => {
    const err = await failingBuild({ pages: null });
    expect(err.code).toBe('NoPages');
    expect(err.message).toBe('No pages folder at pages. Create it with one .tsx file per route, such as pages/index.tsx.');
  });

  it('two files claiming one path', async () => {
    const err = await failingBuild({ 'pages/about/index.tsx': PAGE('return <h1>x</h1>;') });
    expect(err.code).toBe('DuplicateRoute');
    expect(err.message).toBe('Both pages/about.tsx and pages/about/index.tsx claim the path /about. Remove one of them.');
  });

  it('a route at /404, the path the not-found page is rendered with', async () => {
    const err = await failingBuild({ 'pages/404/index.tsx': PAGE('return <h1>x</h1>;') });
    expect(err.code).toBe('NotFoundPathTaken');
    expect(err.message).toBe(
      'pages/404/index.tsx claims the path /404, which belongs to the not-found page (404.tsx at the top of the pages folder: rendered with the path /404, written as 404.html in every locale). ' +
        'Give this page another path (rename its file or folder, or its alias); if it is meant as the not-found page, make it 404.tsx at the top of the pages folder.',
    );
  });

  it('an alias written over the not-found page (/404.html)', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE('return <h1>x</h1>;', "export const aliases = ['/404.html'];") });
    expect(err.code).toBe('NotFoundPathTaken');
    expect(err.message).toMatch(/^pages\/about\.tsx claims the alias \/404\.html, which belongs to the not-found page/);
  });

  it('a route under a locale\'s prefix (pages/de/about.tsx): en\'s /de/about would be written over de\'s /about', async () => {
    const err = await failingBuild({ 'pages/de/about.tsx': PAGE('return <h1>x</h1>;') });
    expect(err.code).toBe('LocalePrefixTaken');
    expect(err.message).toBe(
      'pages/de/about.tsx claims the path /de/about, which begins with /de, the URL prefix of the locale de: ' +
        'its pages are written under /de/, so both would be written to the same files and could not be told apart in the manifest. ' +
        'Rename the folder pages/de/ so the path does not begin with a locale code.',
    );
  });

  it('a locale\'s prefix in another case (pages/DE/): one folder on a case-insensitive file system', async () => {
    const err = await failingBuild({ 'pages/DE.tsx': PAGE('return <h1>x</h1>;') });
    expect(err.code).toBe('LocalePrefixTaken');
    expect(err.message).toBe(
      'pages/DE.tsx claims the path /DE, which begins with /de, the URL prefix of the locale de ' +
        '(compared without case: /DE/ and /de/ are one folder on a case-insensitive file system, such as macOS\'s and Windows\'): ' +
        'its pages are written under /de/, so both would be written to the same files and could not be told apart in the manifest. ' +
        'Rename the file pages/DE.tsx so the path does not begin with a locale code.',
    );
  });

  it('an alias under a locale\'s prefix (/ar/x.html)', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE('return <h1>x</h1>;', "export const aliases = ['/ar/x.html'];") });
    expect(err.code).toBe('LocalePrefixTaken');
    expect(err.message).toMatch(/^pages\/about\.tsx claims the alias \/ar\/x\.html, which begins with \/ar, the URL prefix of the locale ar: .* Change the alias so the path does not begin with a locale code\.$/);
  });

  it('two not-found pages', async () => {
    const err = await failingBuild({ 'pages/404.jsx': 'export const head = { title: "notFound.title", description: "notFound.title" };\nexport default function NotFound() { return null; }\n' });
    expect(err.code).toBe('DuplicateRoute');
    expect(err.message).toBe('Both pages/404.jsx and pages/404.tsx claim the path /404 (the not-found page). Remove one of them.');
  });

  it('a page file whose name is no URL path as it is (a space, a #, a letter beyond ASCII)', async () => {
    const err = await failingBuild({ 'pages/team members.tsx': PAGE('return <h1>x</h1>;') });
    expect(err.code).toBe('PagePathInvalid');
    expect(err.message).toBe(
      'pages/team members.tsx gives the page the path /team members, with " " in it. ' +
        "A page's path is made of ASCII letters, digits, '-', '_' and '.' (as an alias is): a browser ends the path at '#' or '?', and sends a space or 'ü' percent-encoded. " +
        'Rename the file pages/team members.tsx.',
    );
    expect((await failingBuild({ 'pages/faq#top.tsx': PAGE('return <h1>x</h1>;') })).message).toMatch(/^pages\/faq#top\.tsx gives the page the path \/faq#top, with "#" in it\. /);
    expect((await failingBuild({ 'pages/Über/uns.tsx': PAGE('return <h1>x</h1>;') })).message).toMatch(/with "Ü" in it\. .* Rename the folder pages\/Über\/\.$/);
  });

  it('a route parameter of a kind sitegen has not (an optional one, a name that starts with a digit) is such a path, and the error says which kinds it has', async () => {
    for (const file of ['pages/[[lang]]/about.tsx', 'pages/blog/[1st].tsx', 'pages/docs/[...1st].tsx']) {
      const err = await failingBuild({ [file]: PAGE('return <h1>x</h1>;') });
      expect(err.code).toBe('PagePathInvalid');
      expect(err.message).toMatch(
        /with "[[.1]" in it\. .*\. A parameter is a whole file or folder name, `\[name\]` with a name of ASCII letters, digits and _ that does not start with a digit \(pages\/blog\/\[slug\]\.tsx\), or `\[\.\.\.name\]` for the rest of the path \(pages\/docs\/\[\.\.\.slug\]\.tsx\); optional parameters \(`\[\[name\]\]`\) are not supported\.$/,
      );
    }
    expect((await failingBuild({ 'pages/faq[1].tsx': PAGE('return <h1>x</h1>;') })).message).not.toContain('parameter');
  });

  it.each([
    [
      'a robots.txt, which the build writes itself (an error, not a file silently replaced)',
      'robots.txt',
      'In the output folder, the robots.txt the build makes and templates/static/robots.txt would both be written at robots.txt. Rename or remove templates/static/robots.txt.',
    ],
    [
      "a file at a page's place in a locale's folder",
      'de/about/index.html',
      'In the output folder, pages/about.tsx (the page /about) and templates/static/de/about/index.html would both be written at de/about/index.html. Rename pages/about.tsx, or rename or remove templates/static/de/about/index.html.',
    ],
    [
      "a 404.html beside the site's not-found page",
      '404.html',
      'In the output folder, pages/404.tsx (the not-found page) and templates/static/404.html would both be written at 404.html. Rename or remove templates/static/404.html.',
    ],
    [
      "a file in the assets folder, which is the build's own",
      '_static/app.js',
      'In the output folder, templates/static/_static/app.js would be written at _static/app.js, inside the assets folder _static/. Choose another assetsBase in sitegen.config.ts, or rename or remove templates/static/_static/app.js.',
    ],
  ])('a static file where the build writes another: %s', async (_what, rel, message) => {
    const err = await failingBuild({ [`templates/static/${rel}`]: 'mine' });
    expect(err.code).toBe('OutputPathTaken');
    expect(err.message).toBe(message);
  });

  it('a page whose folder would be where the build writes a file (pages/sitemap.xml.tsx): an error before anything renders, not a bare EISDIR', async () => {
    const err = await failingBuild({ 'pages/sitemap.xml.tsx': PAGE('return <h1>x</h1>;') });
    expect(err.code).toBe('OutputPathTaken');
    expect(err.message).toBe(
      'In the output folder, the sitemap the build makes would be written at sitemap.xml, where pages/sitemap.xml.tsx (the page /sitemap.xml) needs the folder sitemap.xml/. Rename pages/sitemap.xml.tsx.',
    );
  });

  it('two pages whose paths differ only in case: one folder on a case-insensitive file system', async () => {
    const err = await failingBuild({ 'pages/About.tsx': PAGE('return <h1>x</h1>;') });
    expect(err.code).toBe('OutputPathTaken');
    expect(err.message).toBe(
      'In the output folder, pages/About.tsx (the page /About) and pages/about.tsx (the page /about) would both be written at about/index.html ' +
        "(About/index.html and about/index.html are one path on a case-insensitive file system, such as macOS's and Windows'). Rename pages/About.tsx, or rename pages/about.tsx.",
    );
  });

  it("an alias another page declares too", async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE('return <h1>x</h1>;', "export const aliases = ['/community_privacy_policy/history.html'];") });
    expect(err.code).toBe('OutputPathTaken');
    expect(err.message).toMatch(/^In the output folder, the alias \/community_privacy_policy\/history\.html of pages\/\S+ and the alias \/community_privacy_policy\/history\.html of pages\/\S+ would both be written at community_privacy_policy\/history\.html\. /);
    expect(err.message).toContain('pages/about.tsx');
  });

  it('a page whose head is not message keys', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE('return <h1>x</h1>;').replace("description: 'about.description' }", '}') });
    expect(err.code).toBe('PageBadHead');
    expect(err.message).toMatch(/^pages\/about\.tsx exports no valid head\./);
  });

  const PATH_RULE = "which must be an absolute path ending in .html, its folders and name made of ASCII letters, digits, '-', '_' and '.' (no '.' or '..' folder).";
  it.each([
    ['not an .html path', "['/about.htm']", `pages/about.tsx declares the alias "/about.htm", ${PATH_RULE}`],
    ["with a '..' folder", "['/a/../about.html']", `pages/about.tsx declares the alias "/a/../about.html", ${PATH_RULE}`],
    ['with an empty folder', "['/a//about.html']", `pages/about.tsx declares the alias "/a//about.html", ${PATH_RULE}`],
    ['not a string', '[42]', `pages/about.tsx declares the alias 42, ${PATH_RULE}`],
    ['given as a string, not a list', "'/about.html'", `pages/about.tsx exports aliases = "/about.html", which must be a list of paths: export const aliases = ['/old-page.html'].`],
    ['listed twice', "['/about.html', '/about.html']", 'pages/about.tsx lists the alias /about.html twice. Remove one of them.'],
  ])('an alias %s', async (_, aliases, message) => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE('return <h1>x</h1>;', `export const aliases = ${aliases};`) });
    expect(err.code).toBe('BadAlias');
    expect(err.message).toBe(message);
  });

  it('a config file that throws, and a base URL that is not http(s)', async () => {
    const broken = await failingBuild({ 'sitegen.config.ts': "throw new Error('no config today');\n" });
    expect(broken.code).toBe('ConfigInvalid');
    expect(broken.message).toBe('sitegen.config.ts could not be loaded: no config today. Fix the error in the config or in the files it imports.');
    const ftp = await failingBuild({ 'sitegen.config.ts': "export default { name: 'x', product: 'x', url: 'ftp://x.example', year: 2026 };\n" });
    expect(ftp.code).toBe('BadBaseUrl');
    expect(ftp.message).toBe('The base URL "ftp://x.example" (from --base-url or sitegen.config.ts) is not an absolute http(s) URL, such as https://example.com.');
  });

  it('a base URL with a query, a fragment or a password, which every canonical and sitemap URL would carry', async () => {
    const config = (url: string) => ({ 'sitegen.config.ts': `export default { name: 'x', product: 'x', url: '${url}', year: 2026, locales: ['en', 'ar', 'de'] };\n` });
    const query = await failingBuild(config('https://x.example/blog/?utm=1'));
    expect(query.code).toBe('BaseUrlNotOrigin');
    expect(query.message).toBe(
      'The base URL "https://x.example/blog/?utm=1" (from --base-url or sitegen.config.ts) has a query or a fragment. It is the address the site is served at, which every canonical, hreflang and sitemap URL starts with, ' +
        "so they would carry it too. Give the origin and the site's folder alone, such as https://x.example/blog/.",
    );
    expect((await failingBuild(config('https://me:secret@x.example'))).message).toMatch(/ has a user name or password\. .* such as https:\/\/x\.example\/\.$/);
    const logger = createMemoryLogger();
    expect(await runCli(['node', 'sitegen', 'build', '--root', await site(), '--base-url', 'https://x.example/#top'], { cwd: REPO, logger })).toBe(1);
    expect(logger.lines.map((l) => l.msg).join('\n')).toContain('The base URL "https://x.example/#top" (from --base-url or sitegen.config.ts) has a query or a fragment.');
  });

  it('a syntax error in a page names file, line and column', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE('return <h1>{t("about.title")</h1>;') });
    expect(err.code).toBe('BundleFailed');
    expect(err.detail).toMatch(/pages\/about\.tsx:6:\d+/);
  });

  it('an import of a file the bundle does not take (a .md post) says how to read it, with its path from the importing module', async () => {
    const err = await failingBuild({
      'pages/about.tsx': PAGE('return <h1>{post}</h1>;', "import post from '../content/post.md';"),
      'content/post.md': '# A post\n',
    });
    expect(err.code).toBe('BundleFailed');
    expect(err.detail).toContain('No loader is configured for ".md" files: content/post.md');
    expect(err.detail!.split('\n').at(-1)).toBe(
      "A .md file is not bundled: read it at the top of the module instead, as it loads, with readFileSync(new URL('../content/post.md', import.meta.url), 'utf8') from node:fs " +
        '(it is then an input of the build, as every file the pages read is).',
    );
  });

  it('`sitegen build` whose page does not bundle ends the render workers it started while esbuild ran, and exits with the error', async () => {
    const root = await site();
    await applyChanges(root, { 'pages/about.tsx': PAGE('return <h1>{t("about.title")</h1>;') });
    // The worker waits for a server module that never comes: left running, it would keep the process alive.
    const run = exec(process.execPath, [path.join(REPO, 'bin', 'sitegen'), 'build', '--root', root, '--workers', '1', '--no-cache'], { cwd: root, timeout: 60_000 });
    const failed = await run.then(
      () => { throw new Error('the build should have failed'); },
      (e: { code: number | null; killed: boolean; stderr: string }) => e,
    );
    expect(failed.killed).toBe(false);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/pages\/about\.tsx:6:\d+/);
  }, 90_000);

  it('an enhancer with a syntax error names its file and line, and leaves no server bundle of the build behind', async () => {
    const root = await site();
    await applyChanges(root, { 'templates/enhancers/slider.ts': 'export default function slider(el: HTMLElement): void {\n  el.dataset.ready = ;\n}\n' });
    const err = (await build({ root, logger: createMemoryLogger() }).catch((e: unknown) => e)) as SitegenError;
    expect(err.code).toBe('EnhancerBundleFailed');
    expect(err.location).toMatchObject({ file: path.join(root, 'templates/enhancers/slider.ts'), line: 2 });
    // The server module was bundled (and its pages described) beside the runtime's builds: its folder goes with the build.
    expect((await readdir(path.join(root, 'node_modules/.cache/sitegen/bundles'))).filter((f) => f.startsWith(`${process.pid}-`))).toEqual([]);
  });

  it("an enhancer importing one of Node's own modules is told that it runs in the browser, at the import's line", async () => {
    const err = await failingBuild({ 'templates/enhancers/slider.ts': "import { readFileSync } from 'node:fs';\nexport default function slider(el: HTMLElement): void {\n  el.textContent = readFileSync('x', 'utf8');\n}\n" });
    expect(err.code).toBe('EnhancerBundleFailed');
    expect(err.location).toMatchObject({ file: expect.stringMatching(/templates\/enhancers\/slider\.ts$/), line: 1 });
    expect(err.detail).toContain(`"node:fs" is one of Node's own modules, and an enhancer runs in the browser, which has none of them.`);
    expect(err.detail).not.toContain('platform');
  });

  it('a folder where a locale file should be: the file is named, not Node\'s bare EISDIR', async () => {
    const err = await failingBuild({ 'locales/de.json': null }, { folders: ['locales/de.json'] });
    expect(err.code).toBe('LocaleFileUnreadable');
    expect(err.message).toMatch(/^locales\/de\.json cannot be read \(EISDIR: .*\)\. Make it a readable file of messages, or remove it to fall back to the default locale\.$/);
  });

  it('a locale file with a value that is neither a message nor an object of messages, or that is no object at all, names the file, the key and what it is', async () => {
    const nested = await failingBuild({ 'locales/de.json': '{\n  "nav": { "home": "Startseite", "about": ["Über", "uns"] }\n}\n' });
    expect(nested.code).toBe('LocaleShapeInvalid');
    expect(nested.message).toBe('locales/de.json: the value of "nav.about" is an array; a message must be a string or an object of messages.');
    const count = await failingBuild({ 'locales/de.json': '{\n  "about": { "title": 3 }\n}\n' });
    expect(count.message).toBe('locales/de.json: the value of "about.title" is a number; a message must be a string or an object of messages.');
    // A key given twice, dotted and nested (JSON.parse keeps both): one would silently win.
    const twice = await failingBuild({ 'locales/de.json': '{\n  "about": { "title": "Über uns" },\n  "about.title": "Über"\n}\n' });
    expect(twice.code).toBe('LocaleKeyTwice');
    expect(twice.message).toBe('locales/de.json: the key "about.title" is written twice, dotted and nested (such as "a.b" beside "a": { "b": ... }), so one message would replace the other. Keep one of them.');
    const empty = await failingBuild({ 'locales/de.json': '{\n  "": "leer"\n}\n' });
    expect(empty.code).toBe('LocaleKeyEmpty');
    expect(empty.message).toBe('locales/de.json: the key "" has an empty part ("" as a key). Give it a name, or remove it.');
    const whole = await failingBuild({ 'locales/de.json': '["Startseite"]\n' });
    expect(whole.message).toBe('locales/de.json: the file is an array; a locale file must be a JSON object of messages, such as { "nav": { "home": "Home" } }.');
  });

  it('a malformed locale file and a broken enhancer: the locale file is named, as the messages are read before the runtime is awaited', async () => {
    const err = await failingBuild({ 'locales/de.json': '{ "nav": ', 'templates/enhancers/slider.ts': 'export default function slider(el: HTMLElement): void {\n  el.dataset.ready = ;\n}\n' });
    expect(err.code).toBe('LocaleJsonInvalid');
  });

  it('a file a page reads while it renders fails the build, naming the page, the locale, the file and the line; one its module read as it loaded may be read again', async () => {
    const page = `import { existsSync, readFileSync } from 'node:fs';
import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
const intro = new URL('../content/intro.md', import.meta.url);
const text = readFileSync(intro, 'utf8');
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}{text}{readFileSync(intro, 'utf8')}{existsSync(new URL('../content/later.md', import.meta.url)) ? 'later' : ''}</h1>;
}
`;
    const err = await failingBuild({ 'pages/about.tsx': page, 'content/intro.md': 'Intro' });
    expect(err.code).toBe('RenderFailed');
    expect(err.message).toMatch(/^pages\/about\.tsx threw while rendering in locale en: It read \/.*\/content\/later\.md while rendering\. Read it at the top of a module/);
    expect(err.detail).toMatch(/^at pages\/about\.tsx:8:\d+$/);
  });

  it('an environment variable a page reads while it renders fails the build, naming it; NODE_ENV and one its module read as it loaded may be read', async () => {
    const page = `import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
const home = process.env.HOME;
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}{process.env.NODE_ENV}{process.env.HOME === home ? '' : '!'}{process.env.SITEGEN_LATE ?? ''}</h1>;
}
`;
    const err = await failingBuild({ 'pages/about.tsx': page });
    expect(err.code).toBe('RenderFailed');
    expect(err.message).toMatch(/^pages\/about\.tsx threw while rendering in locale en: It read the environment variable SITEGEN_LATE while rendering\. Read it at the top of a module/);
    expect(err.detail).toMatch(/^at pages\/about\.tsx:6:\d+$/);
  });

  it('a broken internal link names the page, the locale and the href', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`return <a href="/de/jobs">{t('about.title')}</a>;`) });
    expect(err.code).toBe('BrokenLinks');
    expect(err.detail).toContain('pages/about.tsx [de]: link to "/de/jobs" leads to no page of this build');
  });

  it('an image, a srcset candidate, a video poster or a stylesheet that loads no file of this build names the page, the element and the URL, once for all locales', async () => {
    const elements = [
      '<img src="/favicon.svg" alt="" />',
      '<img src="/missing.png" alt="" />',
      '<img srcSet="/favicon.svg 1x, /missing@2x.png 2x" alt="" />',
      '<img src="shot.png" alt="" />',
      '<video poster="/poster.jpg" src="https://cdn.example/v.mp4" />',
      '<iframe src="/de/about" title="x" />',
      '<img src="/_static/assets/any.png" alt="" />',
      '<link rel="stylesheet" href="/print.css" />',
    ];
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`return <h1>{t('about.title')}${elements.join('')}</h1>;`) });
    expect(err.code).toBe('BrokenLinks');
    const lines = err.detail!.split('\n');
    expect(lines.filter((line) => !line.includes('shot.png'))).toEqual([
      'pages/about.tsx: <img src="/missing.png"> loads no file of this build',
      'pages/about.tsx: <img srcset="/missing@2x.png"> loads no file of this build',
      'pages/about.tsx: <video poster="/poster.jpg"> loads no file of this build',
      'pages/about.tsx: <link href="/print.css"> loads no file of this build',
    ]);
    // A relative URL loads another file from each locale's page.
    expect(lines).toContain('pages/about.tsx [de]: <img src="shot.png" (/de/shot.png)> loads no file of this build');
    expect(lines).toContain('pages/about.tsx [en]: <img src="shot.png" (/shot.png)> loads no file of this build');
  });

  it('a form sent to no page of the build names the page and the action, as a broken link does', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`return <form action={localePath('/about')}><button formAction="/gone">x</button></form>;`, '').replace('const { t } = useI18n();', 'const { localePath } = useI18n();') });
    expect(err.code).toBe('BrokenLinks');
    expect(err.detail!.split('\n')).toContain('pages/about.tsx [de]: link to "/gone" leads to no page of this build');
    expect(err.detail).not.toContain('/de/about');
  });

  it('relative links, stray whitespace, dot segments and absolute links to the own site are resolved from the page and checked', async () => {
    const hrefs = ['nope', './nope', ' /de/nope', 'https://fixture.example/de/nope', '/de/about/../nope', './about', 'https://fixture.example/de', 'https://other.example/nope'];
    const links = hrefs.map((href) => `<a href=${JSON.stringify(href)}>x</a>`).join('');
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`return <h1>{t('about.title')}${links}</h1>;`) });
    expect(err.code).toBe('BrokenLinks');
    const de = err.detail!.split('\n').filter((line) => line.startsWith('pages/about.tsx [de]'));
    expect(de).toEqual([
      'pages/about.tsx [de]: link to "nope" (/de/nope) leads to no page of this build',
      'pages/about.tsx [de]: link to "./nope" (/de/nope) leads to no page of this build',
      'pages/about.tsx [de]: link to " /de/nope" (/de/nope) leads to no page of this build',
      'pages/about.tsx [de]: link to "https://fixture.example/de/nope" (/de/nope) leads to no page of this build',
      'pages/about.tsx [de]: link to "/de/about/../nope" (/de/nope) leads to no page of this build',
    ]);
  });

  it('links to the files the build writes beside its pages and to a page by its file name lead somewhere; a missing page by its file name is named as written', async () => {
    const fine = ['/sitemap.xml', '/robots.txt', '/404.html', '/de/404.html', '/de/about/index.html', '/de/index.html', '/favicon.svg'];
    const hrefs = [...fine, '/de/gone/index.html', '/about/index.html'];
    const links = hrefs.map((href) => `<a href=${JSON.stringify(href)}>x</a>`).join('');
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`return <h1>{t('about.title')}${links}</h1>;`) });
    expect(err.code).toBe('BrokenLinks');
    expect(err.detail!.split('\n').filter((line) => line.startsWith('pages/about.tsx [de]'))).toEqual([
      'pages/about.tsx [de]: link to "/de/gone/index.html" leads to no page of this build',
      'pages/about.tsx [de]: link to "/about/index.html" leads to no page of this build (it exists in another locale: use localePath())',
    ]);
  });

  it('broken links judged as the pages arrive from a render worker are listed in the order of the pages, as without workers', async () => {
    // More pages than one batch of jobs: the worker, still starting, gets the first batch (the
    // about page's), and the main thread's batches arrive before it.
    const names = ['about', ...Array.from({ length: 8 }, (_, i) => `p${i}`)];
    const pages = Object.fromEntries(
      names.map((name) => [`pages/${name}.tsx`, PAGE(`return <h1>{t('about.title')}<a href="/de/gone-${name}">x</a><a href="/de/gone-${name}/b">y</a></h1>;`)]),
    );
    const inWorker = await failingBuild(pages, { workers: 1 });
    const lines = inWorker.detail!.split('\n');
    expect(lines.filter((line) => line.includes('[de]'))).toEqual(
      names.flatMap((name) => [
        `pages/${name}.tsx [de]: link to "/de/gone-${name}" leads to no page of this build`,
        `pages/${name}.tsx [de]: link to "/de/gone-${name}/b" leads to no page of this build`,
      ]),
    );
    expect(lines).toEqual((await failingBuild(pages, { workers: 0 })).detail!.split('\n'));
  }, 20_000);

  it('a broken link with an hreflang on several pages of a locale is reported once, at the first of them', async () => {
    const page = PAGE(`return <h1>{t('about.title')}<a hreflang="fr" href="/fr/gone">fr</a></h1>;`);
    const err = await failingBuild({ 'pages/about.tsx': page, 'pages/p0.tsx': page, 'pages/p1.tsx': page });
    expect(err.detail!.split('\n').filter((line) => line.includes('[de]'))).toEqual(['pages/about.tsx [de]: link to "/fr/gone" leads to no page of this build']);
  });

  it('a relative link is judged on every page it is on, not only where it first appears', async () => {
    // `about` leads to /de/about from /de/about (rendered first), but nowhere from a page one folder down.
    const err = await failingBuild({
      'pages/about.tsx': PAGE(`return <h1>{t('about.title')}<a href="about">x</a></h1>;`),
      'pages/community_privacy_policy/history.tsx': PAGE(`return <h1>{t('about.title')}<a href="about">x</a></h1>;`),
    });
    expect(err.detail!.split('\n').filter((line) => line.includes('[de]'))).toEqual([
      'pages/community_privacy_policy/history.tsx [de]: link to "about" (/de/community_privacy_policy/about) leads to no page of this build',
    ]);
  });

  it('a data-enhance name no enhancer has fails the build, naming page, locale and name with the closest known name', async () => {
    const err = await failingBuild({
      'templates/enhancers/slider.ts': 'export default function slider(el: HTMLElement): void { el.dataset.ready = ""; }\n',
      'pages/about.tsx': PAGE(`return <h1 data-enhance="slider">{t('about.title')}<span data-enhance="slidr" /><nav data-enhance="language-switch" /></h1>;`),
    });
    expect(err.code).toBe('UnknownEnhancer');
    expect(err.message).toBe(
      '2 data-enhance name(s) match no enhancer, so those elements would never be enhanced. Fix the name, or add templates/enhancers/NAME.ts:',
    );
    expect(err.detail!.split('\n')).toEqual([
      'pages/about.tsx [en]: data-enhance="slidr" names no enhancer (and 2 more page(s)); did you mean "slider"?',
      'pages/about.tsx [en]: data-enhance="language-switch" names no enhancer (and 2 more page(s)); did you mean "language-switcher"?',
    ]);
  });

  it('a link to another locale without hreflang is caught', async () => {
    const err = await failingBuild({ 'pages/about.tsx': PAGE(`return <a href="/">{t('about.title')}</a>;`) });
    expect(err.detail).toContain('pages/about.tsx [de]: link to "/" leads to no page of this build (it exists in another locale: use localePath())');
  });
});

/** A page with the parameter [slug] under pages/posts/ (or where `file` says), its exports given. */
const PARAM_PAGE = (exports: string) => `import { useI18n, type PageHead, type PageProps } from 'sitegen';
${exports}
export default function Post({ params }: PageProps<'slug'>) {
  const { t } = useI18n();
  return <h1>{t('about.title')} {params.slug}</h1>;
}
`;
const HEAD = "export const head: PageHead = { title: 'about.title', description: 'about.description' };";

describe('a page with parameters that lists no right paths stops the build, naming the page, the entry and what to write', () => {
  it('no paths export, paths that are no list, a paths() that returns a promise', async () => {
    const cases: [string, string][] = [
      ['', 'exports no paths'],
      ["export const paths = { slug: 'a' };", 'its paths are {"slug":"a"}, not a list'],
      ["export async function paths() { return [{ slug: 'a' }]; }", 'its paths() returns a promise'],
    ];
    for (const [paths, what] of cases) {
      const err = await failingBuild({ 'pages/posts/[slug].tsx': PARAM_PAGE(`${HEAD}\n${paths}`) });
      expect(err.code).toBe('PagePathsMissing');
      expect(err.message).toBe(
        `pages/posts/[slug].tsx has parameters in its path but ${what}. List the paths it is written at: export const paths = [{ slug: 'hello-world' }] ` +
          '(loaded at the top of the module, with a top-level await where the values come from files or a fetch).',
      );
    }
  });

  it('an entry without a value, with one that is no path segment, or that gives a path twice', async () => {
    const cases: [string, string][] = [
      ["[{ slug: 'a' }, { id: 'b' }]", 'pages/posts/[slug].tsx: paths[1] ({"id":"b"}) gives no value for the parameter [slug].'],
      ["[null]", 'pages/posts/[slug].tsx: paths[0] (null) is not an object with a value for [slug]: write { slug: \'hello-world\' }.'],
      ["[{ slug: 'Hello, world!' }]", 'pages/posts/[slug].tsx: paths[0] ({"slug":"Hello, world!"}) gives the parameter [slug] the value "Hello, world!", which is no path segment'],
      ["['über']", 'pages/posts/[slug].tsx: paths[0] ("über") gives the parameter [slug] the value "über", which is no path segment'],
      ["['..']", 'pages/posts/[slug].tsx: paths[0] ("..") gives the parameter [slug] the value "..", which is no path segment'],
      ["[{ slug: 1.5 }]", 'pages/posts/[slug].tsx: paths[0] ({"slug":1.5}) gives the parameter [slug] the value 1.5, which is no path segment'],
      ["['a', 'b', 'a']", 'pages/posts/[slug].tsx: paths[2] ("a") gives the same path as paths[0]. Give each path other values.'],
    ];
    for (const [paths, message] of cases) {
      const err = await failingBuild({ 'pages/posts/[slug].tsx': PARAM_PAGE(`${HEAD}\nexport const paths = ${paths};`) });
      expect(err.code).toBe('PageParamInvalid');
      expect(err.message.startsWith(message)).toBe(true);
    }
  });

  it('the rest of a path that is not its end, or a value for it that is no path', async () => {
    const notLast = await failingBuild({ 'pages/docs/[...slug]/edit.tsx': PARAM_PAGE(`${HEAD}\nexport const paths = ['a'];`) });
    expect(notLast.code).toBe('RestParamNotLast');
    expect(notLast.message).toBe(
      'pages/docs/[...slug]/edit.tsx gives the page the path /docs/[...slug]/edit, where [...slug] is not the last part: it takes the rest of the path, one folder or more, so nothing can come after it. ' +
        'Make it the file\'s name (pages/docs/[...slug].tsx), or use [slug] for a single folder.',
    );
    const cases: [string, string][] = [
      ["['guides//install']", 'pages/docs/[...slug].tsx: paths[0] ("guides//install") gives the parameter [...slug] the value "guides//install", which is no path: '],
      ["[{ slug: 'a/../b' }]", 'pages/docs/[...slug].tsx: paths[0] ({"slug":"a/../b"}) gives the parameter [...slug] the value "a/../b", which is no path: '],
      ["[['guides', 'hello world']]", 'pages/docs/[...slug].tsx: paths[0] (["guides","hello world"]) gives the parameter [...slug] the value ["guides","hello world"], which is no path: '],
      ["[{ slug: [] }]", 'pages/docs/[...slug].tsx: paths[0] ({"slug":[]}) gives the parameter [...slug] the value [], which is no path: '],
      ["['a/b', ['a', 'b']]", 'pages/docs/[...slug].tsx: paths[1] (["a","b"]) gives the same path as paths[0].'],
      ["[{ id: 'a' }]", 'pages/docs/[...slug].tsx: paths[0] ({"id":"a"}) gives no value for the parameter [...slug].'],
    ];
    for (const [paths, message] of cases) {
      const err = await failingBuild({ 'pages/docs/[...slug].tsx': PARAM_PAGE(`${HEAD}\nexport const paths = ${paths};`) });
      expect(err.code).toBe('PageParamInvalid');
      expect(err.message.startsWith(message), err.message).toBe(true);
    }
  });

  it('a path that another page has, that begins with a locale code, or that is the not-found page\'s', async () => {
    const at = (paths: string) => ({ 'pages/[slug].tsx': PARAM_PAGE(`${HEAD}\nexport const paths = ${paths};`) });
    const taken = await failingBuild(at("['team', 'about']"));
    expect(taken.code).toBe('DuplicateRoute');
    expect(taken.message).toBe('Both pages/about.tsx and pages/[slug].tsx (paths[1]: slug "about") claim the path /about. Remove one of them.');
    const locale = await failingBuild(at("['de']"));
    expect(locale.code).toBe('LocalePrefixTaken');
    expect(locale.message).toMatch(/^pages\/\[slug\]\.tsx \(paths\[0\]: slug "de"\) claims the path \/de, which begins with \/de, the URL prefix of the locale de: .* Change paths\[0\] so the path does not begin with a locale code\.$/);
    const notFound = await failingBuild(at("['404']"));
    expect(notFound.code).toBe('NotFoundPathTaken');
    expect(notFound.message).toMatch(/^pages\/\[slug\]\.tsx \(paths\[0\]: slug "404"\) claims the path \/404, which belongs to the not-found page/);
    // Two values that differ in case only are one file on macOS and Windows.
    const cased = await failingBuild(at("['Team', 'team']"));
    expect(cased.code).toBe('OutputPathTaken');
    expect(cased.message).toContain('(Team/index.html and team/index.html are one path on a case-insensitive file system');
  });

  it('two paths with one route name (/team-berlin and /team/berlin): the manifest and the runtime name routes by it', async () => {
    const err = await failingBuild({ 'pages/team-berlin.tsx': PAGE('return <h1>x</h1>;'), 'pages/team/[city].tsx': PARAM_PAGE(`${HEAD}\nexport const paths = [{ city: 'berlin' }];`.replace("'slug'", "'city'")) });
    expect(err.code).toBe('RouteNameTaken');
    expect(err.message).toBe(
      "pages/team-berlin.tsx (the page /team-berlin) and pages/team/[city].tsx (the page /team/berlin) would have the same route name, team-berlin: the manifest names a route by its path's folders joined by '-' (team-berlin___en), " +
        "and the browser runtime finds a page's route by that name. Rename one of them.",
    );
  });

  it('aliases, a head function that gives no head, the same parameter twice in a path', async () => {
    const aliases = await failingBuild({ 'pages/posts/[slug].tsx': PARAM_PAGE(`${HEAD}\nexport const paths = ['a'];\nexport const aliases = ['/old.html'];`) });
    expect(aliases.code).toBe('BadAlias');
    expect(aliases.message).toMatch(/^pages\/posts\/\[slug\]\.tsx exports aliases, but it has parameters in its path: every path it lists would be written at the same aliases\./);
    const head = await failingBuild({ 'pages/posts/[slug].tsx': PARAM_PAGE("export const paths = ['a', 'b'];\nexport const head = ({ slug }: { slug: string }) => ({ title: 'about.title', description: slug === 'b' ? undefined : 'about.description' });") });
    expect(head.code).toBe('PageBadHead');
    expect(head.message).toMatch(/^pages\/posts\/\[slug\]\.tsx gives no valid head for \/posts\/b\. /);
    const values = await failingBuild({ 'pages/posts/[slug].tsx': PARAM_PAGE("export const paths = ['a'];\nexport const head = () => ({ title: 'about.title', description: 'about.description', values: { when: new Date(0) } });") });
    expect(values.code).toBe('PageBadHead');
    // A head function on a page of one path: its head is the object.
    const plain = await failingBuild({ 'pages/team.tsx': PAGE('return <h1>x</h1>;').replace(/export const head.*\n/, "export const head = () => ({ title: 'about.title', description: 'about.description' });\n") });
    expect(plain.code).toBe('PageBadHead');
    expect(plain.message).toBe("pages/team.tsx exports no valid head. Export `head = { title: 'key', description: 'key' }` with message keys (and `noindex: true` to keep it out of search engines).");
    const twice = await failingBuild({ 'pages/[slug]/[slug].tsx': PARAM_PAGE(HEAD) });
    expect(twice.code).toBe('RouteParamTwice');
    expect(twice.message).toBe('pages/[slug]/[slug].tsx names the parameter [slug] twice in its path. Give each parameter of a path its own name.');
  });

  it("a paths() or head function that throws is the page's error, named, not a crash of sitegen", async () => {
    const paths = await failingBuild({ 'pages/posts/[slug].tsx': PARAM_PAGE(`${HEAD}\nexport function paths() { throw new Error('no posts folder'); }`) });
    expect(paths.code).toBe('PageExportFailed');
    expect(paths.message).toBe('pages/posts/[slug].tsx: its paths() threw: no posts folder. Fix it, or catch the failure there.');
    expect(paths.detail).toMatch(/^at pages\/posts\/\[slug\]\.tsx:3:\d+$/);
    const head = await failingBuild({ 'pages/posts/[slug].tsx': PARAM_PAGE("export const paths = ['a', 'b'];\nexport const head = ({ slug }: { slug: string }) => ({ title: ({ a: 'about.title' } as Record<string, string>)[slug]!.trim(), description: 'about.description' });") });
    expect(head.code).toBe('PageExportFailed');
    expect(head.message).toMatch(/^pages\/posts\/\[slug\]\.tsx: its head for \/posts\/b threw: .*undefined.*\. Fix it, or catch the failure there\.$/);
  });

  it('a path whose render throws is named by its file and its path', async () => {
    const err = await failingBuild({
      'pages/posts/[slug].tsx': `export const head = { title: 'about.title', description: 'about.description' };
export const paths = ['fine', 'broken'];
export default function Post({ params }: { params: { slug: string } }) {
  if (params.slug === 'broken') throw new Error('no such post');
  return <h1>{params.slug}</h1>;
}
`,
    });
    expect(err.code).toBe('RenderFailed');
    expect(err.message).toMatch(/^pages\/posts\/\[slug\]\.tsx \(\/posts\/broken\) threw while rendering in locale (en|ar|de): no such post/);
    // The source map's URL of the file (`%5Bslug%5D`) is its path again.
    expect(err.detail).toMatch(/^at pages\/posts\/\[slug\]\.tsx:4:\d+$/);
  });
});

describe('the CLI edge', () => {
  it('prints a user error as one clear line plus detail, without a stack, and exits 1', async () => {
    const root = await site({ 'locales/de.json': '{ "nav": ' });
    const logger = createMemoryLogger();
    const code = await runCli(['node', 'sitegen', 'build', '--root', root], { cwd: root, logger });
    expect(code).toBe(1);
    const printed = logger.lines.filter((l) => l.level === 'error').map((l) => l.msg).join('\n');
    expect(printed).toMatch(/^locales\/de\.json:1:10: Unexpected end of JSON input\. Fix the JSON syntax/);
    expect(printed).not.toMatch(/\n\s+at /);
  });

  it('prints the summary of a successful build', async () => {
    const root = await site();
    const logger = createMemoryLogger();
    const code = await runCli(['node', 'sitegen', 'build', '--root', root, '--locales', 'de'], { cwd: root, logger });
    expect(code).toBe(0);
    expect(logger.lines.find((l) => l.level === 'info')!.msg).toMatch(/^built 6 pages, 2 \.html aliases and 2 not-found pages in 2 locales → .*dist \(\d+ files, [\d.]+ KB, [\d.]+ s, build [0-9a-f]{12}\)$/);
  });

  it('a --root that does not exist, is a file, or holds no site stops build, check and dev before they write anything into it', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'sitegen-roots-'));
    const empty = path.join(parent, 'empty-folder');
    await mkdir(empty);
    const file = path.join(REPO, 'package.json');
    const cases: [string, string][] = [
      [path.join(parent, 'no-such-folder'), `The project root ${path.join(parent, 'no-such-folder')} does not exist. Pass --root the folder that holds sitegen.config.ts, pages/ and locales/, or run sitegen in it.`],
      [file, `The project root ${file} is a file. Pass --root the folder that holds sitegen.config.ts, pages/ and locales/, or run sitegen in it.`],
      [empty, `The project root ${empty} holds no site: no sitegen.config.ts, pages/ or locales/. Run sitegen in the site's folder or pass it with --root; \`sitegen init\` starts a new site.`],
    ];
    for (const [root, message] of cases) {
      for (const command of [['build'], ['check'], ['dev', '--port', '0']]) {
        const logger = createMemoryLogger();
        expect(await runCli(['node', 'sitegen', ...command, '--root', root], { cwd: parent, logger }), `${command[0]} ${root}`).toBe(1);
        expect(logger.lines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual([message]);
      }
    }
    // Nothing made: a mistyped root used to get a tree of cache folders.
    expect(await readdir(parent)).toEqual(['empty-folder']);
    expect(await readdir(empty)).toEqual([]);
    await rm(parent, { recursive: true });
  });

  it('a relative --root is taken from the folder the CLI runs in, for build as for check', async () => {
    const root = await site();
    const logger = createMemoryLogger();
    const from = { cwd: path.dirname(root), logger };
    expect(await runCli(['node', 'sitegen', 'build', '--root', path.basename(root), '--locales', 'de', '--out', 'relative'], from)).toBe(0);
    expect(await readdir(path.join(root, 'relative'))).toContain('index.html');
    expect(await runCli(['node', 'sitegen', 'check', '--root', path.basename(root), '--locale', 'de'], from)).toBe(0);
  });

  it('refuses an output folder that contains the project', async () => {
    const root = await site();
    const logger = createMemoryLogger();
    expect(await runCli(['node', 'sitegen', 'build', '--root', root, '--out', '..'], { cwd: root, logger })).toBe(1);
    expect(logger.lines.at(-1)!.msg).toMatch(/is the project root or contains it/);
  });

  it('refuses an output folder that is, holds or lies in what the build reads, which replacing it would delete (--out pages deleted the pages)', async () => {
    const root = await site();
    const before = await snapshotTree(path.join(root, 'pages'));
    for (const [out, message] of [
      ['pages', 'The output folder pages (from --out) is pages, the pages: a build replaces its output folder as a whole, so it would delete them. Choose a folder of its own, such as dist/.'],
      ['templates/static', 'The output folder templates/static (from --out) is inside templates, the layouts, components and static files: '],
      ['locales', 'The output folder locales (from --out) is locales, the locale files: '],
      ['node_modules', 'The output folder node_modules (from --out) is node_modules, the installed packages: '],
      ['sitegen.config.ts', 'The output folder sitegen.config.ts (from --out) is sitegen.config.ts, the config: '],
    ]) {
      const err = await build({ root, outDir: out, logger: createMemoryLogger() }).then(() => null, (e: unknown) => e as SitegenError);
      expect(err?.code, out).toBe('OutDirOverlapsSources');
      expect(err!.message.startsWith(message), err!.message).toBe(true);
    }
    expectSameBytes(before, await snapshotTree(path.join(root, 'pages')));
  });

  it('refuses to replace an output folder that holds files no build wrote (--out docs over the documentation), and takes an empty one or an older output', async () => {
    const root = await site();
    await applyChanges(root, { 'docs/README.md': '# How we work\n', 'docs/guide.md': 'Read me.\n' });
    const err = await build({ root, outDir: 'docs', logger: createMemoryLogger() }).then(() => null, (e: unknown) => e as SitegenError);
    expect(err?.code).toBe('OutDirNotOutput');
    expect(err!.message).toBe(
      'The output folder docs holds files no sitegen build wrote (README.md, guide.md), and sitegen replaces an output folder as a whole, so it would delete them. Choose another folder, such as dist/, or empty this one first.',
    );
    expect(await readdir(path.join(root, 'docs'))).toEqual(['README.md', 'guide.md']);
    await mkdir(path.join(root, 'empty'));
    await build({ root, outDir: 'empty', logger: createMemoryLogger() });
    // An output without its home and not-found pages, built with another assets base: its manifest says whose it is.
    await Promise.all(['index.html', '404.html'].map((page) => rm(path.join(root, 'empty', page))));
    await build({ root, outDir: 'empty', assetsBase: '/assets-v2/', logger: createMemoryLogger() });
    expect(await readdir(path.join(root, 'empty'))).toContain('assets-v2');
  });

  it('refuses an output folder that is a mount point, which the swap cannot rename, before it builds anything', async () => {
    // /proc is a file system of its own on every Linux machine, as a volume mounted at dist/ is.
    const root = await site();
    const err = await build({ root, outDir: '/proc', logger: createMemoryLogger() }).then(() => null, (e: unknown) => e as SitegenError);
    expect(err?.code).toBe('OutDirMountPoint');
    expect(err!.message).toBe(
      'The output folder /proc is a mount point (a volume, or another file system): a build replaces its output folder as a whole by renaming it, which a mount point cannot be, so that a failed build leaves the previous output as it was. Build into a folder inside it (--out /proc/site) and serve or copy that, or mount the folder that holds it instead.',
    );
    expect((await readdir('/')).filter((name) => name.startsWith('.proc.tmp-'))).toEqual([]);
  });

  it('refuses a build cache folder that is the project, or is, holds or lies in its sources or the output, which pruning the cache would delete from', async () => {
    const root = await site();
    const listing = (await readdir(root)).sort();
    for (const [dir, message] of [
      ['.', 'The build cache folder . (from --cache-dir) is ., the project root: the cache writes its entries there and removes old ones, so it would mix with them or delete them. Choose a folder of its own, such as node_modules/.cache/sitegen/, or build with --no-cache.'],
      ['pages', 'The build cache folder pages (from --cache-dir) is pages, the pages: '],
      ['locales/cache', 'The build cache folder locales/cache (from --cache-dir) is inside locales, the locale files: '],
      ['dist/cache', 'The build cache folder dist/cache (from --cache-dir) is inside dist, the output folder: '],
    ]) {
      const err = await build({ root, cacheDir: dir, logger: createMemoryLogger() }).then(() => null, (e: unknown) => e as SitegenError);
      expect(err?.code, dir).toBe('CacheDirOverlaps');
      expect(err!.message.startsWith(message), err!.message).toBe(true);
    }
    // Nothing was made: no cache folders in the project, no output.
    expect((await readdir(root)).sort()).toEqual(listing);
  });

  it('refuses a number of render threads that is not a whole number, from the CLI and from the API', async () => {
    const root = await site();
    const cli = await exec(process.execPath, [path.join(REPO, 'bin/sitegen'), 'build', '--root', root, '--workers', '-1']).then(() => null, (e: { code: number; stderr: string }) => e);
    expect(cli?.code).toBe(1);
    expect(cli?.stderr).toContain(`"-1" is not a number of threads; give a whole number, 0 to render on the main thread alone.`);
    const err = await build({ root, workers: 1.5, logger: createMemoryLogger() }).then(() => null, (e: unknown) => e as SitegenError);
    expect(err?.message).toBe('workers is 1.5: give a whole number of render threads, 0 to render on the main thread alone.');
  });

  it('refuses --locales that names no locale (an empty variable), instead of building en alone', async () => {
    const root = await site();
    const cli = await exec(process.execPath, [path.join(REPO, 'bin/sitegen'), 'build', '--root', root, '--locales', ' , ']).then(() => null, (e: { code: number; stderr: string }) => e);
    expect(cli?.code).toBe(1);
    expect(cli?.stderr).toContain(`" , " names no locale; give comma-separated locale codes, such as --locales de,fr.`);
    expect(await readdir(root)).not.toContain('dist');
  });
});
