/**
 * The error catalogue. Every error a user can cause has a permanent name, says what happened
 * and what to do. Errors that are bugs are plain `Error`s and print with their stack.
 */
import path from 'node:path';
import { closestName } from './text/closest.ts';

export class SitegenError extends Error {
  /** Permanent identifier, e.g. `LocaleJsonInvalid`. */
  readonly code: string;
  /** Extra lines shown under the message: a code frame, a source location. */
  readonly detail?: string;
  /** Where the mistake is, when one spot is known (for editors and the dev overlay). */
  readonly location?: SourceLocation;
  constructor(code: string, message: string, options: { cause?: unknown; detail?: string; location?: SourceLocation } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SitegenError';
    this.code = code;
    this.detail = options.detail;
    this.location = options.location;
  }
}

/**
 * Whether `err` is a SitegenError, also one made by another copy of this module: `sitegen build`'s
 * commands run from their own compiled file (lib/commands.cjs, see scripts/compile.mjs), beside
 * the ES modules of `check` and `dev`, and the CLI prints the errors of all with one formatError.
 */
export function isSitegenError(err: unknown): err is SitegenError {
  return err instanceof SitegenError || (err instanceof Error && err.name === 'SitegenError' && typeof (err as { code?: unknown }).code === 'string');
}

/** A file or folder of the output and what writes it (output-paths.ts). */
export interface OutputClaim {
  rel: string;
  by: { what: string; fix: string | null };
}

export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

// File paths in messages are given relative to the project root by the caller (projectPath in config.ts).
const why = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));
/** A config value as the user wrote it, for messages (cut short when long). */
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};
/** What to do about a config that does not load: a package it imports is missing, or the code fails. */
const configHint = (cause: unknown) =>
  (cause as { code?: string }).code === 'ERR_MODULE_NOT_FOUND'
    ? 'Install the package in the project (npm install), or fix the import.'
    : 'Fix the error in the config or in the files it imports.';

export const errors = {
  outputChanged: (outDir: string, folder: string, cause: unknown) =>
    new SitegenError(
      'OutputChanged',
      `The output folder ${outDir} changed while the build ran: ${folder} is gone from it (another build into the same folder?). The output is as it was before this build; run the build again.`,
      { cause },
    ),
  workersInvalid: (workers: unknown) =>
    new SitegenError('WorkersInvalid', `workers is ${shown(workers)}: give a whole number of render threads, 0 to render on the main thread alone.`),
  /** `relation`: how the folder lies to `source` (`is`, `contains`, `is inside`); `what`: the source as a sentence part. */
  folderOverlapsSources: (kind: 'output' | 'cache', dir: string, relation: string, source: string, what: string, from: string) =>
    new SitegenError(
      kind === 'output' ? 'OutDirOverlapsSources' : 'CacheDirOverlaps',
      kind === 'output'
        ? `The output folder ${dir} (${from}) ${relation} ${source}, ${what}: a build replaces its output folder as a whole, so it would delete them. Choose a folder of its own, such as dist/.`
        : `The build cache folder ${dir} (${from}) ${relation} ${source}, ${what}: the cache writes its entries there and removes old ones, so it would mix with them or delete them. Choose a folder of its own, such as node_modules/.cache/sitegen/, or build with --no-cache.`,
    ),
  outDirNotOutput: (outDir: string, names: string[]) =>
    new SitegenError(
      'OutDirNotOutput',
      `The output folder ${outDir} holds files no sitegen build wrote (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''}), and sitegen replaces an output folder as a whole, so it would delete them. ` +
        'Choose another folder, such as dist/, or empty this one first.',
    ),
  outDirContainsRoot: (outDir: string, root: string) =>
    new SitegenError(
      'OutDirContainsRoot',
      `The output folder ${outDir} is the project root or contains it (${root}). Choose a folder inside the project, such as dist/.`,
    ),
  configInvalid: (file: string, cause: unknown) =>
    new SitegenError('ConfigInvalid', `${file} could not be loaded: ${why(cause)}. ${configHint(cause)}`, { cause }),
  configNoDefault: (file: string) =>
    new SitegenError('ConfigNoDefault', `${file} has no default export of an object. Export the site config as the default export: \`export default { name, url, ... }\`.`),
  untranslatedInvalid: (file: string) =>
    new SitegenError(
      'UntranslatedInvalid',
      `\`untranslated\` in ${file} must be a list of message keys, or an object of such lists by locale code ('*' for every locale), such as { '*': ['brand.*'], fr: ['nav.menu'] }.`,
    ),
  socialImageInvalid: (file: string, value: unknown) =>
    new SitegenError(
      'SocialImageInvalid',
      `\`socialImage\` in ${file} is ${shown(value)}: it must be the path of an image in templates/static ('/social.png') or an absolute http(s) URL, or { path, width, height } with its size in whole pixels, such as { path: '/social.png', width: 1200, height: 630 }.`,
    ),
  configFieldInvalid: (file: string, field: string, value: unknown, expected: string) =>
    new SitegenError('ConfigFieldInvalid', `\`${field}\` in ${file} is ${shown(value)}: it must be ${expected}.`),
  assetsBaseInvalid: (value: unknown, from: string, why: string) =>
    new SitegenError(
      'AssetsBaseInvalid',
      `The assets base ${shown(value)} (from ${from}) ${why}. Give a path of URL-safe folder names ('/_static/') or an absolute http(s) URL ('https://cdn.example.com/site/').`,
    ),
  badBaseUrl: (url: string, file: string | null, cause?: unknown) =>
    new SitegenError('BadBaseUrl', `The base URL "${url}" (from --base-url or ${file ?? 'the defaults'}) is not an absolute http(s) URL, such as https://example.com.`, { cause }),
  baseUrlNotOrigin: (url: string, file: string | null, more: string, plain: string) =>
    new SitegenError(
      'BaseUrlNotOrigin',
      `The base URL "${url}" (from --base-url or ${file ?? 'the defaults'}) has ${more}. It is the address the site is served at, which every canonical, hreflang and sitemap URL starts with, ` +
        `so they would carry it too. Give the origin and the site's folder alone, such as ${plain}.`,
    ),
  basePathInvalid: (url: string, file: string | null, folder: string) =>
    new SitegenError(
      'BasePathInvalid',
      `The base URL "${url}" (from --base-url or ${file ?? 'the defaults'}) has the folder name ${JSON.stringify(folder)}, which is not URL-safe. ` +
        'The site is served from that folder, so every link of every page starts with it: name the folder with letters, digits, "-", "_", "." and "~" only.',
    ),
  unknownLocale: (code: string, known: string[]) =>
    new SitegenError('UnknownLocale', `Locale "${code}" is not a locale of this site and is ignored; the site's locales (\`locales\` in sitegen.config.ts) are: ${known.join(', ')}.`),
  outDirMountPoint: (outDir: string, cause?: unknown) =>
    new SitegenError(
      'OutDirMountPoint',
      `The output folder ${outDir} is a mount point (a volume, or another file system): a build replaces its output folder as a whole by renaming it, which a mount point cannot be, so that a failed build leaves the previous output as it was. ` +
        `Build into a folder inside it (--out ${path.join(outDir, 'site')}) and serve or copy that, or mount the folder that holds it instead.`,
      { cause },
    ),
  unknownConfigField: (file: string, key: string, known: string[]) => {
    const closest = closestName(key, known);
    const spelling = closest ? `Did you mean "${closest}"? The settings are` : 'Check its spelling; the settings are';
    return new SitegenError('UnknownConfigField', `${file}: the field "${key}" is not a sitegen setting and is ignored. ${spelling}: ${known.join(', ')}.`);
  },
  badLocaleCode: (code: string, file: string) =>
    new SitegenError(
      'BadLocaleCode',
      `${file}: the locale "${code}" in \`locales\` is not a valid BCP 47 language tag. Use a code such as "pl", "pt-PT" or "zh-Hant-TW" (language, then script or region, joined by "-").`,
    ),
  badLocaleDir: (code: string, dir: string, file: string) =>
    new SitegenError('BadLocaleDir', `${file}: the locale "${code}" has dir "${dir}". Use "ltr" or "rtl", or leave dir out to take it from the language's script.`),
  badLocaleName: (code: string, name: unknown, file: string) =>
    new SitegenError(
      'BadLocaleName',
      `${file}: the locale "${code}" has the name ${shown(name)}. The language switcher shows it as its link's text: give a text that is not empty, such as "Deutsch", or leave name out for the language's own name.`,
    ),
  duplicateLocale: (code: string, file: string, first: string) =>
    new SitegenError(
      'DuplicateLocale',
      first === code
        ? `${file}: the locale "${code}" is listed twice in \`locales\`. Keep one of them.`
        : `${file}: the locales "${first}" and "${code}" in \`locales\` are one language tag (tags are compared without case), and would be one folder and one locale file on macOS and Windows. Keep one of them.`,
    ),
  unknownDefaultLocale: (code: string, known: string[], file: string) =>
    new SitegenError('UnknownDefaultLocale', `${file}: defaultLocale "${code}" is not one of the site's locales (${known.join(', ')}). Add it to \`locales\` or choose one of them.`),
  noLocales: (file: string) =>
    new SitegenError('NoLocales', `${file}: \`locales\` is empty. List at least one locale, such as locales: ['en'].`),
  /** `fallback`: where its messages come from instead (`pt, then en`); null for the default locale, which has none. */
  localeFileMissing: (file: string, code: string, fallback: string | null) =>
    new SitegenError(
      'LocaleFileMissing',
      fallback
        ? `${file} does not exist: every message of locale ${code} falls back to ${fallback}. Create the file to translate it.`
        : `${file} does not exist: it holds the messages of the default locale ${code}, which every page needs. Create it.`,
    ),
  localeJsonInvalid: (file: string, line: number, column: number, reason: string, frame: string) =>
    new SitegenError('LocaleJsonInvalid', `${file}:${line}:${column}: ${reason}. Fix the JSON syntax of this message file.`, {
      detail: frame,
      location: { file, line, column },
    }),
  localeFileUnreadable: (file: string, cause: unknown) =>
    new SitegenError('LocaleFileUnreadable', `${file} cannot be read (${why(cause)}). Make it a readable file of messages, or remove it to fall back to the default locale.`, { cause }),
  /** `key`: the message key whose value is not a message (null: the whole file); `kind`: what it is (`an array`, `a number`, ...). */
  localeShapeInvalid: (file: string, key: string | null, kind: string) =>
    new SitegenError(
      'LocaleShapeInvalid',
      key === null
        ? `${file}: the file is ${kind}; a locale file must be a JSON object of messages, such as { "nav": { "home": "Home" } }.`
        : `${file}: the value of "${key}" is ${kind}; a message must be a string or an object of messages.`,
    ),
  localeKeyTwice: (file: string, key: string) =>
    new SitegenError('LocaleKeyTwice', `${file}: the key "${key}" is written twice, dotted and nested (such as "a.b" beside "a": { "b": ... }), so one message would replace the other. Keep one of them.`),
  localeKeyEmpty: (file: string, key: string) =>
    new SitegenError('LocaleKeyEmpty', `${file}: the key ${JSON.stringify(key)} has an empty part ("" as a key). Give it a name, or remove it.`),
  /** `later`: findings about arguments left out, judged by the build once these are fixed (stages.ts, applyCheck). */
  translationErrors: (lines: string[], later = 0) =>
    new SitegenError('TranslationErrors', `${lines.length} translation error(s) would break pages; fix them (full report: sitegen check):`, {
      detail: [
        ...lines,
        ...(later ? [`(${later} more about arguments are judged once these are fixed: whether a message may leave one out or add one depends on what the pages pass, which the build learns as it renders.)`] : []),
      ].join('\n'),
    }),
  messageMissing: (key: string, locale: string, defaultLocale: string) =>
    new SitegenError('MessageMissing', `Message "${key}" is used in locale ${locale} but missing in ${defaultLocale}.json as well. Add it to locales/${defaultLocale}.json.`),
  messageFormat: (key: string, locale: string, cause: unknown) =>
    new SitegenError('MessageFormat', `Message "${key}" (${locale}) could not be formatted: ${why(cause)}. Check the values passed to it.`, { cause }),
  rootNotFolder: (root: string, problem: 'is a file' | 'does not exist') =>
    new SitegenError('RootNotFolder', `The project root ${root} ${problem}. Pass --root the folder that holds sitegen.config.ts, pages/ and locales/, or run sitegen in it.`),
  rootNotSite: (root: string) =>
    new SitegenError(
      'RootNotSite',
      `The project root ${root} holds no site: no sitegen.config.ts, pages/ or locales/. Run sitegen in the site's folder or pass it with --root; \`sitegen init\` starts a new site.`,
    ),
  noPages: (dir: string) =>
    new SitegenError('NoPages', `No pages folder at ${dir}. Create it with one .tsx file per route, such as pages/index.tsx.`),
  pageNoDefault: (file: string) =>
    new SitegenError('PageNoDefaultExport', `${file} has no default export. Export the page component as default.`),
  pageBadHead: (file: string, route?: string) =>
    new SitegenError(
      'PageBadHead',
      route === undefined
        ? `${file} exports no valid head. Export \`head = { title: 'key', description: 'key' }\` with message keys (and \`noindex: true\` to keep it out of search engines).`
        : `${file} gives no valid head for ${route}. Its head is \`{ title: 'key', description: 'key' }\` with message keys, \`values\` for their arguments (strings and numbers) and \`noindex\` true or false, or a function of the page's params that returns one.`,
    ),
  unknownLayout: (file: string, layout: string, known: string[]) =>
    new SitegenError('UnknownLayout', `${file} asks for layout "${layout}", which does not exist. Use one of: ${known.join(', ')}.`),
  layoutNoChildren: (layout: string) =>
    new SitegenError(
      'LayoutNoChildren',
      `The layout "${layout}" (templates/layouts/) did not render its children exactly once. Put {children} inside its <main id="main">.`,
    ),
  badAlias: (file: string, alias: unknown, problem: 'list' | 'path' | 'twice' | 'params') =>
    new SitegenError(
      'BadAlias',
      problem === 'params'
        ? `${file} exports aliases, but it has parameters in its path: every path it lists would be written at the same aliases. Remove its aliases (an old URL of one of its paths can be a page of its own that links there).`
        : problem === 'list'
        ? `${file} exports aliases = ${shown(alias)}, which must be a list of paths: export const aliases = ['/old-page.html'].`
        : problem === 'twice'
          ? `${file} lists the alias ${alias as string} twice. Remove one of them.`
          : `${file} declares the alias ${shown(alias)}, which must be an absolute path ending in .html, its folders and name made of ASCII letters, digits, '-', '_' and '.' (no '.' or '..' folder).`,
    ),
  notFoundPathTaken: (file: string, claimed: string) =>
    new SitegenError(
      'NotFoundPathTaken',
      `${file} claims ${claimed}, which belongs to the not-found page (404.tsx at the top of the pages folder: rendered with the path /404, written as 404.html in every locale). ` +
        'Give this page another path (rename its file or folder, or its alias); if it is meant as the not-found page, make it 404.tsx at the top of the pages folder.',
    ),
  /** `fix`: what to rename, as a sentence start (`Rename the folder pages/de/`, `Change the alias`). */
  localePrefixTaken: (file: string, claimed: 'path' | 'alias', sitePath: string, code: string, fix: string) => {
    const segment = '/' + sitePath.split('/')[1]!;
    const caseNote = segment === `/${code}` ? '' : ` (compared without case: ${segment}/ and /${code}/ are one folder on a case-insensitive file system, such as macOS's and Windows')`;
    return new SitegenError(
      'LocalePrefixTaken',
      `${file} claims the ${claimed} ${sitePath}, which begins with /${code}, the URL prefix of the locale ${code}${caseNote}: ` +
        `its pages are written under /${code}/, so both would be written to the same files and could not be told apart in the manifest. ` +
        `${fix} so the path does not begin with a locale code.`,
    );
  },
  /**
   * Two sources of the output at one place (output-paths.ts): the same file (`same`), a file where
   * the first needs a folder (`folder`), or a file inside the first's own folder (`inside`).
   */
  outputPathTaken: (first: OutputClaim, second: OutputClaim, how: 'same' | 'folder' | 'inside') => {
    const caseNote = first.rel !== second.rel && first.rel.toLowerCase() === second.rel.toLowerCase() ? ` (${first.rel} and ${second.rel} are one path on a case-insensitive file system, such as macOS's and Windows')` : '';
    const clash =
      how === 'same'
        ? `In the output folder, ${first.by.what} and ${second.by.what} would both be written at ${second.rel}${caseNote}.`
        : how === 'folder'
          ? `In the output folder, ${second.by.what} would be written at ${second.rel}, where ${first.by.what} needs the folder ${first.rel}/${caseNote}.`
          : `In the output folder, ${second.by.what} would be written at ${second.rel}, inside ${first.by.what}.`;
    // Each fix begins with a verb: "rename pages/x.tsx".
    const fix = [first.by.fix, second.by.fix].filter((f) => f !== null).join(', or ');
    return new SitegenError('OutputPathTaken', fix ? `${clash} ${fix.charAt(0).toUpperCase()}${fix.slice(1)}.` : clash);
  },
  /** `fix`: what to rename, as a sentence start (`Rename the file pages/a b.tsx`). */
  pagePathInvalid: (file: string, urlPath: string, char: string, fix: string) =>
    new SitegenError(
      'PagePathInvalid',
      `${file} gives the page the path ${urlPath}, with ${JSON.stringify(char)} in it. A page's path is made of ASCII letters, digits, '-', '_' and '.' (as an alias is): ` +
        `a browser ends the path at '#' or '?', and sends a space or 'ü' percent-encoded. ${fix}.` +
        // A route parameter as other generators write some that sitegen has not (`[...path].tsx`, `[[lang]].tsx`).
        (/\/\[[^/]*\](?:\/|$)/.test(urlPath)
          ? ' A parameter is a whole file or folder name, `[name]` with a name of ASCII letters, digits and _ that does not start with a digit (pages/blog/[slug].tsx), ' +
            'or `[...name]` for the rest of the path (pages/docs/[...slug].tsx); optional parameters (`[[name]]`) are not supported.'
          : ''),
    ),
  restParamNotLast: (file: string, urlPath: string, name: string) =>
    new SitegenError(
      'RestParamNotLast',
      `${file} gives the page the path ${urlPath}, where [...${name}] is not the last part: it takes the rest of the path, one folder or more, so nothing can come after it. ` +
        `Make it the file's name (pages/docs/[...${name}].tsx), or use [${name}] for a single folder.`,
    ),
  routeParamTwice: (file: string, name: string) =>
    new SitegenError('RouteParamTwice', `${file} names the parameter [${name}] twice in its path. Give each parameter of a path its own name.`),
  /** A page with parameters whose `paths` export is missing or not a list (`what` says what it is). */
  pagePathsMissing: (file: string, what: string, example: string) =>
    new SitegenError(
      'PagePathsMissing',
      `${file} has parameters in its path but ${what}. List the paths it is written at: export const paths = [${example}] ` +
        '(loaded at the top of the module, with a top-level await where the values come from files or a fetch).',
    ),
  /** One entry of a page's `paths` that gives no page path (`problem` says why). */
  pageParamInvalid: (file: string, index: number, entry: string, problem: string) =>
    new SitegenError('PageParamInvalid', `${file}: paths[${index}] (${entry}) ${problem}`),
  pageImageInvalid: (file: string, route: string | undefined, value: unknown) =>
    new SitegenError(
      'PageImageInvalid',
      `${file}${route === undefined ? '' : ` gives ${route}`} the head image ${shown(value)}: it must be the path of an image of the site ('/covers/post.png' in templates/static, or an imported image's URL), ` +
        'an absolute http(s) URL, or { path, width, height } with its size in whole pixels.',
    ),
  pageImageMissing: (file: string, route: string | undefined, image: string) =>
    new SitegenError(
      'PageImageMissing',
      `${file}${route === undefined ? '' : ` gives ${route}`} the head image ${image}, which is no file of this build: put it in templates/static (${image} is then templates/static${image}), or import the image and give its URL.`,
    ),
  routeNameTaken: (name: string, a: string, b: string, defaultLocale: string) =>
    new SitegenError(
      'RouteNameTaken',
      `${a} and ${b} would have the same route name, ${name}: the manifest names a route by its path's folders joined by '-' (${name}___${defaultLocale}), ` +
        "and the browser runtime finds a page's route by that name. Rename one of them.",
    ),
  duplicateRoute: (urlPath: string, a: string, b: string) =>
    new SitegenError('DuplicateRoute', `Both ${a} and ${b} claim the path ${urlPath}. Remove one of them.`),
  bundleFailed: (details: string, location?: SourceLocation) =>
    new SitegenError('BundleFailed', `The pages could not be bundled. Fix the errors below.`, { detail: details, location }),
  enhancerBadName: (file: string) =>
    new SitegenError(
      'EnhancerBadName',
      `${file}: an enhancer's file name is its data-enhance name, so it may hold only letters, digits, - and _. Rename the file (lib/ holds helpers that are not enhancers).`,
    ),
  enhancerNameTaken: (file: string, name: string) =>
    new SitegenError('EnhancerNameTaken', `${file}: "${name}" is the name of an enhancer of sitegen's own runtime. Give the site's enhancer another name.`),
  enhancerDuplicate: (a: string, b: string) =>
    new SitegenError('EnhancerDuplicate', `${a} and ${b} are both the enhancer of one data-enhance name. Keep one of them.`),
  enhancerBundleFailed: (details: string, location?: SourceLocation) =>
    new SitegenError('EnhancerBundleFailed', `The site's enhancers (templates/enhancers/) could not be bundled. Fix the errors below.`, { detail: details, location }),
  renderFailed: (page: string, locale: string, cause: unknown, where: string | undefined) =>
    new SitegenError('RenderFailed', `${page} threw while rendering in locale ${locale}: ${why(cause)}`, {
      cause,
      detail: where ? `at ${where}` : undefined,
    }),
  renderSuspended: () =>
    new SitegenError(
      'RenderSuspended',
      'a component suspended (an async component, one made with lazy(), or use() of a promise), and a page renders in one synchronous pass, which cannot wait for it. ' +
        "Load the data at the top level of the page's module (top-level await) or in sitegen.config.ts, import components statically, and render with plain components.",
    ),
  elementHoisted: (tag: string, layout: string) =>
    new SitegenError(
      'ElementHoisted',
      `it or its layout "${layout}" renders a <${tag}> that React moves to the start of <body>, out of its place: ` +
        "the document's head is sitegen's, made from the page's `head` and sitegen.config.ts, and client navigation brings only the page's <main>. " +
        (tag === 'title' || tag === 'meta'
          ? 'Remove it: the title and description come from `head`.'
          : 'Render it where React keeps it (a <link rel="stylesheet"> without precedence, a <script> without async), or remove it.'),
    ),
  moduleLoadFailed: (cause: Error, where: string | undefined) => {
    const reason = cause.cause instanceof Error ? `${cause.message} (${cause.cause.message})` : cause.message;
    return new SitegenError(
      'ModuleLoadFailed',
      `The top-level code of a page, layout or component failed as the pages' code loaded, before any page rendered: ${reason}. ` +
        'It runs once per build (a top-level await of data, say): fix it, or catch the failure there.',
      { cause, detail: where ? `at ${where}` : undefined },
    );
  },
  /** A page's `paths()` or `head(params)` threw (`what`: `its paths()`, `its head for /blog/x`). */
  pageExportFailed: (file: string, what: string, cause: unknown, where: string | undefined) =>
    new SitegenError('PageExportFailed', `${file}: ${what} threw: ${why(cause)}. Fix it, or catch the failure there.`, { cause, detail: where ? `at ${where}` : undefined }),
  pageCalledExit: (code: number | string) =>
    new SitegenError('PageCalledExit', `it called process.exit(${code}). A page must not end the build; throw an error instead.`),
  renderWorkerExited: (pages: string[], code: number) =>
    new SitegenError(
      'RenderWorkerExited',
      pages.length === 1
        ? `${pages[0]} stopped the render worker (exit code ${code}) while rendering. A page must not call process.exit(); throw an error instead.`
        : `A render worker stopped (exit code ${code}) after rendering ${pages.join(', ')}: one of them (or a timer it started) called process.exit(). Throw an error instead.`,
    ),
  portInUse: (port: number, host: string) =>
    new SitegenError('PortInUse', `Port ${port} on ${host} is already in use. Stop the other server or pass another one with --port.`),
  portDenied: (port: number, host: string) =>
    new SitegenError('PortDenied', `Port ${port} on ${host} may not be opened by this user (ports below 1024 need special rights). Pass another one with --port, such as 4173.`),
  hostUnavailable: (host: string, code: string) =>
    new SitegenError(
      'HostUnavailable',
      `--host ${host} is not an address of this machine (${code}). Pass one of its addresses: 127.0.0.1 (the default) for this machine only, or 0.0.0.0 for every network it is on.`,
    ),
  serveRootMissing: (root: string, cause: unknown) =>
    new SitegenError('ServeRootMissing', `There is no folder to serve at ${root}. Run \`sitegen build\` first, or pass the built folder: \`sitegen serve <dir>\`.`, { cause }),
  checkUnknownLocale: (code: string, known: string[]) =>
    new SitegenError('CheckUnknownLocale', `--locale ${code} is not a locale of this site. Use one of: ${known.join(', ')}.`),
  checkReportInSources: (file: string, source: string, what: string) =>
    new SitegenError(
      'CheckReportInSources',
      `--html ${file}: the report would be written ${file === source ? 'over' : 'into'} ${source}, ${what}, which the build reads. Choose a file outside pages/, templates/ and locales/, such as translation-report.html.`,
    ),
  checkReportWrite: (file: string, cause: unknown) =>
    new SitegenError('CheckReportWrite', `The HTML report could not be written to ${file}: ${why(cause)}. Choose a writable file path for --html.`, { cause }),
  badShard: (value: string, reason: string) =>
    new SitegenError('BadShard', `--shard ${value}: ${reason}. Pass k/n with 1 <= k <= n, such as --shard 2/3.`),
  shardWithLocales: () =>
    new SitegenError(
      'ShardWithLocales',
      '--shard and --locales cannot be combined: --locales builds a preview of some locales, a shard is part of the full site. Drop --locales.',
    ),
  mergeShardMissing: (dir: string) =>
    new SitegenError('MergeShardMissing', `There is no shard folder at ${dir}. Pass the output folders of \`sitegen build --shard k/n\`.`),
  mergeNotAShard: (dir: string) =>
    new SitegenError(
      'MergeNotAShard',
      `${dir} holds no sitegen manifest (<assets>/<buildId>/manifest.json), so it is no build output. Pass the output folders of \`sitegen build --shard k/n\`.`,
    ),
  mergeShardForeign: (dir: string, rel: string, what: string) =>
    new SitegenError(
      'MergeShardForeign',
      `${dir}/${rel} is ${what}: a shard that sitegen build wrote holds only files and folders, and the merge copies nothing from outside its shards. Build the shard again, or remove ${rel} from it.`,
    ),
  mergeOutOverlaps: (outDir: string, other: string) =>
    new SitegenError('MergeOutOverlaps', `The merge target ${outDir} overlaps ${other}. Choose an output folder outside the shards and the current folder, such as dist/.`),
  mergeConflict: (file: string, a: string, b: string) =>
    new SitegenError(
      'MergeConflict',
      `${file} differs between the shards ${a} and ${b}; they were built from different sources or settings. Rebuild every shard from the same commit and options.`,
    ),
  mergeBuildsDiffer: (a: string, fileA: string, b: string, fileB: string) =>
    new SitegenError(
      'MergeBuildsDiffer',
      `The shards ${a} (${fileA}) and ${b} (${fileB}) come from different builds; rebuild every shard from the same commit and options.`,
    ),
  mergeShardMissingPage: (file: string, shards: number) =>
    new SitegenError(
      'MergeIncomplete',
      `No shard wrote ${file}, which the manifest lists: a shard is missing (${shards} given). Pass the output of every shard, 1/n to n/n.`,
    ),
  unknownEnhancers: (lines: string[]) =>
    new SitegenError(
      'UnknownEnhancer',
      `${lines.length} data-enhance name(s) match no enhancer, so those elements would never be enhanced. Fix the name, or add templates/enhancers/NAME.ts:`,
      { detail: lines.join('\n') },
    ),
  brokenLinks: (lines: string[]) =>
    new SitegenError('BrokenLinks', `${lines.length} internal link(s) lead nowhere in this build:`, { detail: lines.join('\n') }),
  initWouldOverwrite: (dir: string, files: string[]) =>
    new SitegenError('InitWouldOverwrite', `sitegen init would overwrite ${files.length} file(s) in ${dir}; nothing was written. Move them away, or run sitegen init --force to replace them:`, {
      detail: files.map((f) => `  ${f}`).join('\n'),
    }),
  initPackageJsonInvalid: (file: string, cause: unknown) =>
    new SitegenError('InitPackageJsonInvalid', `${file} is not valid JSON (${why(cause)}); nothing was written. Fix it, or remove it to let sitegen init write one.`, { cause }),
};
