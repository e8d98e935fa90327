import type { Locale } from '../locales.ts';
import { escapeHtml, jsonForScript } from '../html/escape.ts';
import { renderTag, type HeadTag } from './head.ts';
import type { PageData } from '../runtime/types.ts';

/** What the browser runtime reads from `<script type="application/json" id="__sitegen">`. */
export type { PageData } from '../runtime/types.ts';

export interface DocumentInput {
  locale: Locale;
  title: string;
  head: HeadTag[];
  /** The rendered layout with the page inside, in parts (see documentAround). */
  body: readonly string[];
  data: PageData;
  cssHref: string | null;
  runtimeSrc: string | null;
  /** Inline root-redirect script, for `/` only. */
  redirectScript: string | null;
  fonts?: { stylesheet: string; preconnect: string[] };
  favicon: string | null;
}

/** The HTML document around a rendered page. A plain string template: no React here. */
export function renderDocument(input: DocumentInput): string {
  const [before, after] = documentAround(input);
  return before + input.data.buildId + after.join('');
}

/** The start of the page data's JSON: the build id is its first field (see PageData). */
const DATA_START = '{"buildId":"';

/**
 * The document's text before and after the build id (in the page data, once): the one part of a
 * page that changes with every input, so that the build cache can keep the rest (render-cache.ts).
 * The text after it comes in parts, the body's among them, for the renderer to encode one after
 * the other: joined, every document was copied once more into a string of its own (two bytes a
 * character for most pages), 370 MB of garbage at 20 times the real site's size.
 */
export function documentAround(input: DocumentInput): [string, string[]] {
  const { locale } = input;
  // A build id is hex: it is written as it is, and the JSON around it does not depend on it.
  const data = jsonForScript({ ...input.data, buildId: '' });
  if (!data.startsWith(DATA_START + '"')) throw new Error('sitegen: the page data must start with the build id');
  const parts = [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale.iso)}" dir="${locale.dir}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    input.redirectScript ? `<script>${input.redirectScript}</script>` : '',
    `<title>${escapeHtml(input.title)}</title>`,
    ...input.head.map(renderTag),
    ...(input.fonts?.preconnect ?? []).map((href) => `<link rel="preconnect" href="${escapeHtml(href)}" crossorigin>`),
    input.fonts ? `<link rel="stylesheet" href="${escapeHtml(input.fonts.stylesheet)}">` : '',
    input.cssHref ? `<link rel="stylesheet" href="${escapeHtml(input.cssHref)}">` : '',
    input.favicon ? `<link rel="icon" href="${escapeHtml(input.favicon)}" type="image/svg+xml">` : '',
    `<script type="application/json" id="__sitegen">${DATA_START}`,
  ].filter(Boolean);
  const head = [
    data.slice(DATA_START.length) + '</script>',
    input.runtimeSrc ? `<script type="module" src="${escapeHtml(input.runtimeSrc)}"></script>` : '',
    '</head>',
    '<body>',
  ].filter(Boolean);
  return [parts.join('\n'), [head.join('\n'), ...input.body, '</body>\n</html>\n']];
}
