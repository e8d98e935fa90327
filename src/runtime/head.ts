/** Brings the document head and `<html lang dir>` in line with a payload after a client navigation. */
import type { Payload } from './types.ts';

/** Every tag the build writes per page; replaced as a set by the payload's `head`. */
const PER_PAGE =
  'meta[name=description],meta[name=robots],link[rel=canonical],link[rel=alternate],meta[property^="og:"],meta[name^="twitter:"]';

export function applyHead(p: Payload): void {
  document.title = p.title;
  const head = document.head;
  head.querySelectorAll(PER_PAGE).forEach((e) => e.remove());
  for (const { tag, attrs } of p.head) {
    const e = document.createElement(tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]!);
    head.append(e);
  }
  const html = document.documentElement;
  html.lang = p.lang;
  html.dir = p.dir;
}
