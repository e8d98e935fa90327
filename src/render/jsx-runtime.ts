/**
 * The JSX runtime of pages and templates in the server bundle (esbuild resolves their
 * `react/jsx-runtime` here): React's own, except that the elements link verification looks at are
 * rendered through a small component that records them while React renders the page. Before,
 * every written page was tokenized again with htmlparser2 to find them (about 150 ms of a 288-page
 * build). Only elements React actually renders are recorded, so an element made and never placed
 * counts for nothing, as in the HTML.
 *
 * Recorded: `<a href>` (href and hreflang as the HTML carries them), `<link rel="alternate"
 * hreflang>` (counted), and the links inside `dangerouslySetInnerHTML` (tokenized, being HTML).
 */
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';
import type { ReactElement } from 'react';
import { extractLinks, type PageLinks } from '../verify/links.ts';

export { Fragment };

/** What one page's render collects; the renderer adds the alternates of the head it writes itself. */
export interface LinkRecord extends PageLinks {
  seen: Set<string>;
}

export function newLinkRecord(): LinkRecord {
  return { links: [], alternates: 0, seen: new Set() };
}

/** The record of the render in progress: renders are synchronous, one at a time per thread. */
let current: LinkRecord | null = null;

/** Runs `render` (a synchronous React render) with its links recorded into `record`. */
export function recordingLinks<T>(record: LinkRecord, render: () => T): T {
  const outer = current;
  current = record;
  try {
    return render();
  } finally {
    current = outer;
  }
}

/** An attribute value as React writes it: strings and numbers; anything else is left out. */
function attrText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

type Props = Record<string, unknown>;
const hreflangOf = (props: Props) => attrText('hrefLang' in props ? props.hrefLang : props.hreflang);

function addLink(record: LinkRecord, href: string, hreflang: string | null): void {
  const id = `${hreflang}|${href}`;
  if (record.seen.has(id)) return;
  record.seen.add(id);
  record.links.push({ href, hreflang });
}

function RecordedAnchor(props: Props): ReactElement {
  const href = attrText(props.href);
  if (current && href !== null) addLink(current, href, hreflangOf(props));
  return reactJsx('a', props);
}

function RecordedLink(props: Props): ReactElement {
  if (current && attrText(props.rel) === 'alternate' && hreflangOf(props)) current.alternates++;
  return reactJsx('link', props);
}

/** Elements whose inner HTML comes as a string: their links are in the string. */
const rawHtmlTypes = new Map<string, (props: Props) => ReactElement>();
/** Text-only elements: markup in them is text, in the browser and for the verifier alike. */
const TEXT_ONLY = new Set(['script', 'style', 'textarea', 'title']);

function rawHtmlComponent(type: string): (props: Props) => ReactElement {
  let component = rawHtmlTypes.get(type);
  if (!component) {
    component = (props: Props) => {
      const html = (props.dangerouslySetInnerHTML as { __html?: unknown } | null)?.__html;
      if (current && typeof html === 'string' && !TEXT_ONLY.has(type)) {
        const found = extractLinks(html);
        for (const link of found.links) addLink(current, link.href, link.hreflang);
        current.alternates += found.alternates;
      }
      if (type === 'a') return RecordedAnchor(props);
      return reactJsx(type as never, props);
    };
    rawHtmlTypes.set(type, component);
  }
  return component;
}

function recordedType(type: unknown, props: Props): unknown {
  if (typeof type !== 'string') return type;
  if (props.dangerouslySetInnerHTML != null) return rawHtmlComponent(type);
  if (type === 'a') return RecordedAnchor;
  if (type === 'link') return RecordedLink;
  return type;
}

export function jsx(type: unknown, props: Props, key?: string): ReactElement {
  return reactJsx(recordedType(type, props) as never, props, key);
}

export function jsxs(type: unknown, props: Props, key?: string): ReactElement {
  return reactJsxs(recordedType(type, props) as never, props, key);
}
