import { Tokenizer } from 'htmlparser2';
import { attributeUrls, FORM_ACTION_ATTRIBUTES, loadsFile, RESOURCE_ATTRIBUTES, resourceMark } from './resources.ts';

export interface PageLinks {
  /**
   * A link's href and its hreflang (null: none); for a file an element loads (an image, a script, a
   * stylesheet: see RESOURCE_ATTRIBUTES), its URL and the mark of its element and attribute
   * (resourceMark), which no hreflang holds.
   */
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
 * Every `<a href>` of a rendered page and every file its elements load (de-duplicated), its count
 * of hreflang alternates and its `data-enhance` names. Drives htmlparser2's tokenizer directly:
 * attributes are only collected for `<a>` and `<link>` (and `data-enhance` of any element, and
 * those of RESOURCE_ATTRIBUTES), and text is never sliced out (1.6x faster than its Parser).
 */
export function extractLinks(html: string): PageLinks {
  const seen = new Set<string>();
  const links: PageLinks['links'] = [];
  const enhancers = new Set<string>();
  let alternates = 0;
  let tag = '';
  /** The attributes by which the element being read loads a file (RESOURCE_ATTRIBUTES), if any. */
  let resources: readonly string[] | undefined;
  /** The attribute that says where the element being read sends a form (FORM_ACTION_ATTRIBUTES), if any. */
  let sends: string | undefined;
  /** The attributes of the element being read (only those collected); null outside a tag. */
  let attrs: Record<string, string> | null = null;
  let name = '';
  let value = '';
  /** Whether the attribute being read is collected. */
  let keep = false;
  const add = (href: string, hreflang: string | null) => {
    const id = `${hreflang}|${href}`;
    if (!seen.has(id)) {
      seen.add(id);
      links.push({ href, hreflang });
    }
  };
  const endTag = () => {
    if (!attrs) return;
    if (attrs['data-enhance'] !== undefined) for (const n of enhancerNames(attrs['data-enhance'])) enhancers.add(n);
    if (tag === 'a' && attrs.href !== undefined) {
      add(attrs.href, attrs.hreflang ?? null);
    } else if (tag === 'link') {
      if (attrs.rel === 'alternate' && attrs.hreflang) alternates++;
      if (attrs.href !== undefined && attrs.rel !== undefined && loadsFile(attrs.rel)) add(attrs.href, resourceMark('link', 'href'));
    } else if (resources) {
      // In the order of the attributes, as the render records them.
      for (const name in attrs) if (resources.includes(name)) for (const url of attributeUrls(name, attrs[name]!)) add(url, resourceMark(tag, name));
    } else if (sends !== undefined && attrs[sends] !== undefined && attrs[sends] !== '') {
      add(attrs[sends]!, null);
    }
    attrs = null;
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tag = end - start <= 6 ? html.slice(start, end).toLowerCase() : '';
        resources = RESOURCE_ATTRIBUTES.get(tag);
        sends = FORM_ACTION_ATTRIBUTES.get(tag);
        attrs = {};
      },
      onattribname(start, end) {
        const all = tag === 'a' || tag === 'link';
        // Other elements: data-enhance (12 characters) and the attributes that load a file.
        const length = end - start;
        keep =
          all ||
          (length === 12 && html.slice(start, end).toLowerCase() === 'data-enhance') ||
          (resources !== undefined && length <= 7 && resources.includes(html.slice(start, end).toLowerCase())) ||
          (sends !== undefined && length === sends.length && html.slice(start, end).toLowerCase() === sends);
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
