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
  /** The rendered layout with the page inside. */
  body: string;
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
  const { locale } = input;
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
    `<script type="application/json" id="__sitegen">${jsonForScript(input.data)}</script>`,
    input.runtimeSrc ? `<script type="module" src="${escapeHtml(input.runtimeSrc)}"></script>` : '',
    '</head>',
    `<body>${input.body}</body>`,
    '</html>',
  ];
  return parts.filter(Boolean).join('\n') + '\n';
}
