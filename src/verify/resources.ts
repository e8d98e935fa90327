/**
 * The files a page's elements load from the site (`<img src>`, a srcset's images, a stylesheet's
 * `<link href>`), which verification checks beside its links: which elements and attributes, and
 * how they travel among the links (verify/links.ts, PageLinks). Used by the renderer, the HTML
 * tokenizer and the verifier alike; it imports nothing.
 */

/**
 * The attributes by which elements load a file of the site, per element (as HTML names them): what
 * verification checks beside `<a href>`, and `<link href>` of a rel that loads one (LOADING_RELS).
 */
export const RESOURCE_ATTRIBUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ['img', ['src', 'srcset']],
  ['source', ['src', 'srcset']],
  ['video', ['src', 'poster']],
  ['audio', ['src']],
  ['track', ['src']],
  ['iframe', ['src']],
  ['embed', ['src']],
  ['object', ['data']],
  ['script', ['src']],
]);

/**
 * Where a form is sent: `<form action>`, and a submit button's or input's own `formaction`. Judged as
 * a link of the page (a search form's `/search` must be a page of the build), not as a file.
 */
export const FORM_ACTION_ATTRIBUTES: ReadonlyMap<string, string> = new Map([
  ['form', 'action'],
  ['button', 'formaction'],
  ['input', 'formaction'],
]);

/** Link types of `<link>` that load the file its href names. */
const LOADING_RELS = new Set(['stylesheet', 'icon', 'apple-touch-icon', 'mask-icon', 'manifest', 'preload', 'modulepreload', 'prefetch']);

/** Whether a `<link>` of this rel (space-separated link types, any case) loads its href. */
export function loadsFile(rel: string): boolean {
  return rel.split(/[\t\n\f\r ]+/).some((type) => LOADING_RELS.has(type.toLowerCase()));
}

/** What stands in a resource's hreflang: NUL (never in a language tag), its element and its attribute (`\0img src`). */
export function resourceMark(tag: string, attribute: string): string {
  return `\0${tag} ${attribute}`;
}

/** The element and attribute of a resource's mark, or null for a link's hreflang. */
export function resourceOf(hreflang: string | null): string | null {
  return hreflang !== null && hreflang.charCodeAt(0) === 0 ? hreflang.slice(1) : null;
}

/**
 * The URLs of a `srcset` ("a.png 1x, b.png 2x"), as the HTML standard reads them: a candidate's URL
 * runs to the next whitespace (so a `data:` URL keeps its commas), commas at its end separate it
 * from the next, and its descriptors run to a comma outside parentheses.
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let at = 0;
  const n = srcset.length;
  const space = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
  while (at < n) {
    while (at < n && (space(srcset[at]!) || srcset[at] === ',')) at++;
    if (at >= n) break;
    const start = at;
    while (at < n && !space(srcset[at]!)) at++;
    let url = srcset.slice(start, at);
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      // Descriptors, to the comma that ends the candidate.
      let depth = 0;
      while (at < n && (depth > 0 || srcset[at] !== ',')) {
        if (srcset[at] === '(') depth++;
        else if (srcset[at] === ')') depth = Math.max(0, depth - 1);
        at++;
      }
    }
    if (url !== '') urls.push(url);
  }
  return urls;
}

/** Each URL an element's attribute names: a srcset's candidates, else the value itself. */
export function attributeUrls(attribute: string, value: string): string[] {
  return attribute === 'srcset' ? srcsetUrls(value) : [value];
}
