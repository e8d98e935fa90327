import type { Locale } from '../locales.ts';
import { messagesNow, type LocaleMessages } from '../i18n/deferred-messages.ts';
import type { Messages } from '../i18n/translator.ts';
import type { SiteInfo } from '../page-api.ts';
import type { FileFacts, PreviousOutput } from '../reuse-output.ts';
import type { StoredEntry } from '../cache/page-packs.ts';
import type { SocialImageTags } from '../social-image.ts';

/**
 * A value made once per render context and key (a locale's code, say) and kept while the context
 * lives: a build's on the main thread, a worker's own clone in a worker.
 */
export function perContext<T>(make: (ctx: RenderContext, key: string) => T): (ctx: RenderContext, key: string) => T {
  const made = new WeakMap<RenderContext, Map<string, T>>();
  return (ctx, key) => {
    let byKey = made.get(ctx);
    if (!byKey) made.set(ctx, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) byKey.set(key, (value = make(ctx, key)));
    return value;
  };
}

const NO_MESSAGES: Messages = Object.freeze({});

/**
 * A locale's messages, the only way to read them from a render context: a locale whose parsing was
 * deferred (i18n/deferred-messages.ts) is parsed now; a locale without messages has none.
 */
export function messagesOf(ctx: RenderContext, code: string): Messages {
  const loaded = ctx.messages[code];
  return loaded ? messagesNow(loaded) : NO_MESSAGES;
}

/** Everything a renderer needs besides the job; built once per build, cloned into each worker. */
export interface RenderContext {
  /** Folder the files are written into (the build's temporary folder). */
  outDir: string;
  /** Folder of the assets base inside outDir (`_static`). */
  assetsDir: string;
  buildId: string;
  baseUrl: string;
  /** The folder the site is served from (`/docs`) or `''`: every public path the pages make starts with it. */
  basePath: string;
  /** The assets' public URL (`/_static/`, `/docs/_static/`, a CDN URL), ending in `/`. */
  assetsBase: string;
  defaultLocale: string;
  locales: Locale[];
  site: SiteInfo & { socialImage: SocialImageTags };
  client: Record<string, unknown>;
  /** Each locale's messages as loaded, perhaps not parsed yet: read them with messagesOf. */
  messages: Record<string, LocaleMessages>;
  /**
   * Per locale, a print of the text its messages were loaded from (the same print, the same
   * messages), for the render cache (render-cache.ts); a locale without one has its messages
   * printed there.
   */
  messagePrints?: Record<string, string>;
  cssFile: string | null;
  favicon: string | null;
  runtime: { entry: string; redirectScript: string } | null;
  /**
   * The output the last build left, whose files equal to a page's are linked instead of written
   * (see reuse-output.ts); null when writing into the output itself (dev's incremental rebuilds)
   * or when there is none.
   */
  previous?: PreviousOutput | null;
  /**
   * Where the main thread's renderer puts the facts of the files it makes new, or leaves as the
   * staging folder holds them (reuse-output.ts, FileFacts), by their path in the output, for the
   * output record to list them without an lstat each; null or absent elsewhere (render workers,
   * dev, a build without a cache).
   */
  fileFacts?: Map<string, FileFacts> | null;
  /** Whether pages are written to disk; false when only collecting the keys pages use. */
  write: boolean;
  /**
   * The build cache's folder, the part of every page's entry key that is the same for the whole
   * build (see render/render-cache.ts), the folder of this sitegen version's page entries and the
   * name of the build's packs of them (cache/page-packs.ts); null without a cache.
   */
  cache?: { dir: string; key: string; pages: string; build: string } | null;
  /**
   * The texts of numbers the pages' messages show, from the build cache and added to by the
   * renderers (cache/number-texts.ts, i18n/compiled-message.ts' useNumberTexts); null without a cache.
   */
  numberTexts?: Map<string, string> | null;
}

/** What the bundle knows about one page module, checked on the main thread. */
export interface PageInfo {
  file: string;
  /** Name of the page module in the server bundle (its path relative to the root). */
  key: string;
  /** Route path without locale prefix; null for the not-found page. */
  path: string | null;
  base: string;
  layout: string;
  aliases: string[];
  /** Message keys of the title and description, and the values of their arguments. */
  head: { title: string; description: string; values?: Record<string, string | number>; image?: SocialImageTags; noindex?: true };
  /** The values of the path's parameters, for one path of a page with parameters (`pages/blog/[slug].tsx`). */
  params?: Record<string, string>;
}

export interface RenderJob {
  page: PageInfo;
  locale: string;
  /** Its build cache entry's key, when made already (render/render-cache.ts, jobKey; null without a cache). */
  key?: string | null;
}

export interface JobResult {
  file: string;
  /** The page's route path (PageInfo.path): with `file`, which page it is (the paths of a page with parameters share its file). */
  route: string | null;
  locale: string;
  /** Public paths written (page and aliases). */
  paths: string[];
  bytes: number;
  usedKeys: string[];
  /** Key -> names of the values its t/rich calls passed (see usage.ts). */
  passedValues: Record<string, string[]>;
  /** Keys the locale lacks, and the locale of its fallback chain each was shown from. */
  fallbacks: { key: string; from: string }[];
  links: { href: string; hreflang: string | null }[];
  alternates: number;
  /** The `data-enhance` names of the page's documents, each once. */
  enhancers: string[];
  /** `reused` from the build cache, `rendered` by React (and kept), `damaged`: a cache entry was ignored and the page rendered. */
  cache?: 'reused' | 'rendered' | 'damaged';
  /** Where the page's new cache entry was written, once it was (the build's index names it). */
  stored?: StoredEntry;
  /** For a page from the cache: the entry its files came from (page-packs.ts, sourceOf), for the output record. */
  source?: string;
  error?: SerializedError;
}

export interface SerializedError {
  name: string;
  code?: string;
  message: string;
  detail?: string;
  stack?: string;
}
