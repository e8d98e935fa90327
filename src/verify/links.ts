import { Parser } from 'htmlparser2';

export interface PageLinks {
  links: { href: string; hreflang: string | null }[];
  /** Number of `<link rel="alternate" hreflang>` in the head. */
  alternates: number;
}

/** Every `<a href>` of a rendered page (de-duplicated) and its count of hreflang alternates. */
export function extractLinks(html: string): PageLinks {
  const seen = new Set<string>();
  const links: PageLinks['links'] = [];
  let alternates = 0;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'a' && attrs.href !== undefined) {
        const hreflang = attrs.hreflang ?? null;
        const id = `${hreflang}|${attrs.href}`;
        if (!seen.has(id)) {
          seen.add(id);
          links.push({ href: attrs.href, hreflang });
        }
      } else if (name === 'link' && attrs.rel === 'alternate' && attrs.hreflang) {
        alternates++;
      }
    },
  });
  parser.write(html);
  parser.end();
  return { links, alternates };
}
