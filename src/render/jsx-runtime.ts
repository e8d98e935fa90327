/**
 * The JSX runtime of pages and templates in the server bundle (esbuild resolves their
 * `react/jsx-runtime` here): React's own, except that the elements link verification looks at are
 * rendered through a small component that records them while React renders the page. Before,
 * every written page was tokenized again with htmlparser2 to find them (about 150 ms of a 288-page
 * build). Only elements React actually renders are recorded, so an element made and never placed
 * counts for nothing, as in the HTML.
 *
 * Recorded: `<a href>` (href and hreflang as the HTML carries them), `<link rel="alternate"
 * hreflang>` (counted), the files elements load (`<img src>`, a stylesheet's `<link href>`: see
 * verify/resources.ts), the names of `data-enhance` on any element, and the links
 * and names inside `dangerouslySetInnerHTML` (tokenized, being HTML).
 *
 * And `<Suspense>`: in a synchronous render a boundary whose content throws or suspends (an async
 * or lazy() component, use() of a pending promise) shows its fallback, React drops the error, and
 * the page would ship its "Loading…" for good. The fallback is recorded when it renders
 * (`fallback`), so the renderer can fail the page instead; a render with `unwrapSuspense` renders
 * a boundary's content without the boundary, so that its error reaches the renderer. And whether
 * an element React may move out of its place rendered (`mayHoist`), for the renderer to check.
 */
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';
import { Suspense, type ReactElement } from 'react';
import { enhancerNames, extractLinks, type PageLinks } from '../verify/links.ts';
import { attributeUrls, FORM_ACTION_ATTRIBUTES, loadsFile, RESOURCE_ATTRIBUTES, resourceMark } from '../verify/resources.ts';

export { Fragment };

/** What one page's render collects; the renderer adds the alternates of the head it writes itself. */
export interface LinkRecord extends PageLinks {
  /** Per href recorded: the hreflang of its link (null: none), or the set of them once it has links with two. */
  seen: Map<string, string | null | Set<string | null>>;
  /** Whether a `<Suspense>` boundary rendered its fallback (see above). */
  fallback: boolean;
  /** Whether `<Suspense>` boundaries are left out, their content rendered in their place. */
  unwrapSuspense: boolean;
  /** Whether an element of a kind React 19 may move to the start of the body rendered (HOISTABLE). */
  mayHoist: boolean;
}

export function newLinkRecord(unwrapSuspense = false): LinkRecord {
  return { links: [], alternates: 0, enhancers: [], seen: new Map(), fallback: false, unwrapSuspense, mayHoist: false };
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

/** Notes the names of an element's `data-enhance` (React writes booleans of data- attributes as text). */
function noteEnhancers(record: LinkRecord, props: Props): void {
  const raw = props['data-enhance'];
  const value = typeof raw === 'boolean' ? String(raw) : attrText(raw);
  if (value === null) return;
  for (const name of enhancerNames(value)) addEnhancer(record, name);
}

function addEnhancer(record: LinkRecord, name: string): void {
  if (!record.enhancers.includes(name)) record.enhancers.push(name);
}

/**
 * Each (href, hreflang) once. Found by the href, and most hrefs have one hreflang: no id string is
 * made per link (a page has ~70 anchors; their `${hreflang}|${href}` ids, each made and hashed, took
 * twice as long in a micro-benchmark of a 20x build's links).
 */
function addLink(record: LinkRecord, href: string, hreflang: string | null): void {
  const had = record.seen.get(href);
  if (had === undefined) record.seen.set(href, hreflang);
  else if (had === hreflang) return;
  else if (had instanceof Set) {
    if (had.has(hreflang)) return;
    had.add(hreflang);
  } else record.seen.set(href, new Set([had, hreflang]));
  record.links.push({ href, hreflang });
}

/**
 * The host element a recording component stands for. React's development build gives the props of
 * an element made with a key a `key` getter of their own (warning that key is not a prop); handed
 * on to jsx() as they are, they read as a key spread into JSX ("A props object containing a "key"
 * prop is being spread into JSX"). The getter is not enumerable, so a spread copy leaves it out;
 * the production build defines none and the props go on as they are.
 */
function hostElement(type: string, props: Props): ReactElement {
  return reactJsx(type as never, Object.hasOwn(props, 'key') ? { ...props } : props);
}

function RecordedAnchor(props: Props): ReactElement {
  const href = attrText(props.href);
  if (current && href !== null) addLink(current, href, hreflangOf(props));
  if (current) noteEnhancers(current, props);
  return hostElement('a', props);
}

function RecordedLink(props: Props): ReactElement {
  const rel = attrText(props.rel);
  if (current && rel === 'alternate' && hreflangOf(props)) current.alternates++;
  if (current) {
    noteEnhancers(current, props);
    current.mayHoist = true;
    const href = attrText(props.href);
    if (href !== null && rel !== null && loadsFile(rel)) addLink(current, href, resourceMark('link', 'href'));
  }
  return hostElement('link', props);
}

/** The other kinds of element React 19 may move to the start of the body (`<link>` is RecordedLink). */
const HOISTABLE = new Set(['title', 'meta', 'script', 'style']);

/** Records the files an element loads (RESOURCE_ATTRIBUTES), in the order of its props, as React writes its attributes. */
function noteResources(record: LinkRecord, type: string, props: Props): void {
  const attributes = RESOURCE_ATTRIBUTES.get(type);
  if (!attributes) return;
  for (const prop in props) {
    // React's `srcSet` is the HTML's srcset; the others are named alike.
    const attribute = prop.toLowerCase();
    if (!attributes.includes(attribute)) continue;
    const value = attrText(props[prop]);
    // React leaves out an empty src (and it would name the page itself).
    if (value !== null && value !== '') for (const url of attributeUrls(attribute, value)) addLink(record, url, resourceMark(type, attribute));
  }
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
      // The element's own files and form action before those inside it, as the HTML has them.
      if (current && type !== 'link') {
        noteResources(current, type, props);
        noteFormAction(current, type, props);
      }
      if (current && typeof html === 'string' && !TEXT_ONLY.has(type)) {
        const found = extractLinks(html);
        for (const link of found.links) addLink(current, link.href, link.hreflang);
        for (const name of found.enhancers) addEnhancer(current, name);
        current.alternates += found.alternates;
      }
      if (current && type !== 'a' && type !== 'link') {
        noteEnhancers(current, props);
        if (HOISTABLE.has(type)) current.mayHoist = true;
      }
      if (type === 'a') return RecordedAnchor(props);
      if (type === 'link') return RecordedLink(props);
      return hostElement(type, props);
    };
    rawHtmlTypes.set(type, component);
  }
  return component;
}

/** The fallback of a watched boundary: rendered only when the boundary's content did not finish. */
function ShownFallback({ children }: { children?: unknown }): ReactElement {
  if (current) current.fallback = true;
  return reactJsx(Fragment, { children });
}

function WatchedSuspense(props: Props): ReactElement {
  if (current?.unwrapSuspense) return reactJsx(Fragment, { children: props.children });
  return reactJsx(Suspense as never, { ...props, fallback: reactJsx(ShownFallback, { children: props.fallback }) });
}

/**
 * Other elements recorded when they really render: the names of their `data-enhance`, the files
 * they load (RESOURCE_ATTRIBUTES), where they send a form (FORM_ACTION_ATTRIBUTES) and whether
 * React may move them (HOISTABLE).
 */
const watchedTypes = new Map<string, (props: Props) => ReactElement>();

function watchedComponent(type: string): (props: Props) => ReactElement {
  let component = watchedTypes.get(type);
  if (!component) {
    const hoistable = HOISTABLE.has(type);
    component = (props: Props) => {
      if (current) {
        noteEnhancers(current, props);
        noteResources(current, type, props);
        noteFormAction(current, type, props);
        if (hoistable) current.mayHoist = true;
      }
      return hostElement(type, props);
    };
    watchedTypes.set(type, component);
  }
  return component;
}

/** The form action's prop of an element (`action` of a form, `formAction` of a button or input), as React takes it. */
function formActionOf(type: string, props: Props): unknown {
  return type === 'form' ? props.action : (props.formAction ?? props.formaction);
}

/** Records where a form is sent (FORM_ACTION_ATTRIBUTES) as a link of the page; React leaves out an empty one. */
function noteFormAction(record: LinkRecord, type: string, props: Props): void {
  if (!FORM_ACTION_ATTRIBUTES.has(type)) return;
  const action = attrText(formActionOf(type, props));
  if (action !== null && action !== '') addLink(record, action, null);
}

/**
 * A function as a form's action (React 19's form actions): in static HTML React writes an action
 * that throws when the form is submitted, so the form would do nothing. Refused where the page
 * makes the element, so that the error points at that line.
 */
function refuseFunctionAction(type: string, props: Props): void {
  const name = typeof props.action === 'function' ? 'action' : typeof props.formAction === 'function' ? 'formAction' : null;
  if (name === null) return;
  throw new Error(
    `<${type} ${name}={function}> cannot work on a static page: React writes an action that throws when the form is submitted. ` +
      'Give it the URL that takes the form (a page, or a service of yours), or submit it from an enhancer (templates/enhancers/).',
  );
}

/**
 * What the runtime does with an element of a type; most have nothing, decided by one lookup.
 * `recorded`: `<a>`, `<link>`, HOISTABLE and RESOURCE_ATTRIBUTES (their components); `form`: may
 * take a function as its action (refuseFunctionAction); `document`: the document's own elements,
 * which sitegen writes around the layout (render/document.ts).
 */
const KINDS = new Map<string, 'recorded' | 'form' | 'document'>([
  ...['a', 'link', ...HOISTABLE, ...RESOURCE_ATTRIBUTES.keys()].map((type) => [type, 'recorded'] as const),
  ...['form', 'button', 'input'].map((type) => [type, 'form'] as const),
  ...['html', 'head', 'body'].map((type) => [type, 'document'] as const),
]);

function recordedType(type: unknown, props: Props): unknown {
  if (typeof type !== 'string') return type === Suspense ? WatchedSuspense : type;
  const kind = KINDS.get(type);
  if (kind === 'form') {
    refuseFunctionAction(type, props);
    // Where it is sent is a link of the page, recorded as it renders.
    if (attrText(formActionOf(type, props)) !== null && props.dangerouslySetInnerHTML == null) return watchedComponent(type);
  } else if (kind === 'document') {
    throw new Error(
      `<${type}> is written by sitegen around the layout: a layout renders what goes in <body> (with <main id="main">{children}</main>), a page what goes in <main>, ` +
        "and the head comes from the page's `head` and sitegen.config.ts. Leave out <html>, <head> and <body>.",
    );
  }
  if (props.dangerouslySetInnerHTML != null) return rawHtmlComponent(type);
  if (kind === 'recorded') return type === 'a' ? RecordedAnchor : type === 'link' ? RecordedLink : watchedComponent(type);
  return props['data-enhance'] !== undefined ? watchedComponent(type) : type;
}

export function jsx(type: unknown, props: Props, key?: string): ReactElement {
  return reactJsx(recordedType(type, props) as never, props, key);
}

export function jsxs(type: unknown, props: Props, key?: string): ReactElement {
  return reactJsxs(recordedType(type, props) as never, props, key);
}
