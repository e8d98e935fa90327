import { Tokenizer } from 'htmlparser2';

export interface PageLinks {
  links: { href: string; hreflang: string | null }[];
  /** Number of `<link rel="alternate" hreflang>` in the head. */
  alternates: number;
  /** The names in `data-enhance` attributes (any element), each once. */
  enhancers: string[];
}

/** The enhancer names of a `data-enhance` value, split as the browser runtime splits them (on single spaces). */
export function enhancerNames(value: string): string[] {
  return value.split(' ').filter((name) => name !== '');
}

const ignore = () => {};

/**
 * Every `<a href>` of a rendered page (de-duplicated), its count of hreflang alternates and its
 * `data-enhance` names. Drives htmlparser2's tokenizer directly: attributes are only collected for
 * `<a>` and `<link>` (and `data-enhance` of any element), and text is never sliced out (1.6x
 * faster than its Parser).
 */
export function extractLinks(html: string): PageLinks {
  const seen = new Set<string>();
  const links: PageLinks['links'] = [];
  const enhancers = new Set<string>();
  let alternates = 0;
  let tag = '';
  /** The attributes of the `<a>` or `<link>` being read; null inside any other tag. */
  let attrs: Record<string, string> | null = null;
  let name = '';
  let value = '';
  /** Whether the attribute being read is collected. */
  let keep = false;
  const endTag = () => {
    if (!attrs) return;
    if (attrs['data-enhance'] !== undefined) for (const n of enhancerNames(attrs['data-enhance'])) enhancers.add(n);
    if (tag === 'a' && attrs.href !== undefined) {
      const hreflang = attrs.hreflang ?? null;
      const id = `${hreflang}|${attrs.href}`;
      if (!seen.has(id)) {
        seen.add(id);
        links.push({ href: attrs.href, hreflang });
      }
    } else if (tag === 'link' && attrs.rel === 'alternate' && attrs.hreflang) {
      alternates++;
    }
    attrs = null;
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tag = end - start <= 4 ? html.slice(start, end).toLowerCase() : '';
        attrs = {};
      },
      onattribname(start, end) {
        const all = tag === 'a' || tag === 'link';
        // Other elements: only data-enhance (12 characters) is read.
        keep = all || (end - start === 12 && html.slice(start, end).toLowerCase() === 'data-enhance');
        if (!keep) return;
        name = html.slice(start, end).toLowerCase();
        value = '';
      },
      onattribdata(start, end) {
        if (keep) value += html.slice(start, end);
      },
      onattribentity(codepoint) {
        if (keep) value += String.fromCodePoint(codepoint);
      },
      onattribend() {
        // The first of repeated attributes counts, as in browsers.
        if (keep && !Object.hasOwn(attrs!, name)) attrs![name] = value;
        keep = false;
      },
      onopentagend: endTag,
      onselfclosingtag: endTag,
      oncdata: ignore,
      onclosetag: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onprocessinginstruction: ignore,
      ontext: ignore,
      ontextentity: ignore,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return { links, alternates, enhancers: [...enhancers] };
}
