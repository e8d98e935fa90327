import { Tokenizer } from 'htmlparser2';

export interface PageLinks {
  links: { href: string; hreflang: string | null }[];
  /** Number of `<link rel="alternate" hreflang>` in the head. */
  alternates: number;
}

const ignore = () => {};

/**
 * Every `<a href>` of a rendered page (de-duplicated) and its count of hreflang alternates. Runs
 * for every page of a build, so it drives htmlparser2's tokenizer directly: attributes are only
 * collected for `<a>` and `<link>`, and text is never sliced out (1.6x faster than its Parser).
 */
export function extractLinks(html: string): PageLinks {
  const seen = new Set<string>();
  const links: PageLinks['links'] = [];
  let alternates = 0;
  let tag = '';
  /** The attributes of the `<a>` or `<link>` being read; null inside any other tag. */
  let attrs: Record<string, string> | null = null;
  let name = '';
  let value = '';
  const endTag = () => {
    if (!attrs) return;
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
        attrs = tag === 'a' || tag === 'link' ? {} : null;
      },
      onattribname(start, end) {
        if (!attrs) return;
        name = html.slice(start, end).toLowerCase();
        value = '';
      },
      onattribdata(start, end) {
        if (attrs) value += html.slice(start, end);
      },
      onattribentity(codepoint) {
        if (attrs) value += String.fromCodePoint(codepoint);
      },
      onattribend() {
        // The first of repeated attributes counts, as in browsers.
        if (attrs && !Object.hasOwn(attrs, name)) attrs[name] = value;
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
  return { links, alternates };
}
