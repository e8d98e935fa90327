/** Shapes shared by the core runtime and the page chunks. Browser-only: no Node types here. */

/** The prefix of the messages every document hands to the browser runtime (RuntimeMessages). */
export const RUNTIME_PREFIX = 'runtime.';

/** Messages under `runtime.*` of the page's locale, without the prefix. */
export interface RuntimeMessages {
  offline?: string;
  online?: string;
  notFound?: string;
  /** Contains the literal placeholder `{status}`. */
  errorTitle?: string;
  errorPageFailed?: string;
  backHome?: string;
  loading?: string;
}

/**
 * The arguments the runtime fills into each of its messages, as `{name}` placeholders (the build
 * hands them over so, see translator.ts, namespace): any other argument would be shown as it is.
 * For the translation check (check/index.ts); nothing of the browser's code imports it.
 */
export const RUNTIME_ARGUMENTS: { readonly [K in keyof Required<RuntimeMessages>]: readonly string[] } = {
  offline: [],
  online: [],
  notFound: [],
  errorTitle: ['status'],
  errorPageFailed: [],
  backHome: [],
  loading: [],
};

/** The `<script type="application/json" id="__sitegen">` data of a page. */
export interface PageData {
  buildId: string;
  /** Ends with `/`: `/_static/` or an absolute CDN URL. */
  assetsBase: string;
  /** Locale code: `de`, `zh-CN`. */
  locale: string;
  /** Route name: `jobs___de`. */
  route: string;
  /**
   * Public path with locale prefix of the document: `/de/jobs`, `/`, `/de`; the alias on a `.html`
   * alias (`/de/x/history.html`); `/de/404` on the not-found page.
   */
  path: string;
  messages: RuntimeMessages;
  client?: Record<string, unknown>;
}

export interface ManifestLocale {
  code: string;
  iso: string;
  name: string;
  dir: 'ltr' | 'rtl';
}

export interface ManifestRoute {
  name: string;
  /** Public path with prefix: `/de/jobs`. */
  path: string;
  locale: string;
  layout: string;
  /** Extra public paths serving the same page (`.html` aliases). */
  aliases?: string[];
}

export interface Manifest {
  buildId: string;
  defaultLocale: string;
  locales: ManifestLocale[];
  routes: ManifestRoute[];
}

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

export interface Payload {
  route: string;
  path: string;
  locale: string;
  title: string;
  layout: string;
  html: string;
  head: HeadTag[];
  lang: string;
  dir: 'ltr' | 'rtl';
}

/** What every chunk's default export receives besides its element. */
export interface ChunkContext {
  page: PageData;
  /** BCP 47 language of the page (`<html lang>`), for Intl. */
  iso: string;
  /** Aborted when client navigation swaps this content away. */
  signal: AbortSignal;
  /** Client navigation when the URL is a pre-rendered route, else a normal page load. */
  navigate(url: string): void;
}

export type Chunk = (el: HTMLElement, ctx: ChunkContext) => void | Promise<void>;
