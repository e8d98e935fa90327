/**
 * Page enhancements: every `[data-enhance="NAME"]` element gets the chunk src/runtime/chunks/NAME.ts,
 * and every `[data-language-switcher]` the chunk language-switcher, imported on demand (URLs are
 * relative to the core module, so a CDN assets base works). Each element is enhanced once; a
 * chunk that fails to load (or takes 120 s) goes through recover().
 */
import chunks from 'virtual:chunks';
import { page } from './page.ts';
import { recover } from './recover.ts';

const done = new WeakSet<Element>();

export function enhance(root: ParentNode, signal: AbortSignal, navigate: (url: string) => void): void {
  const ctx = { page: page!, iso: document.documentElement.lang, signal, navigate };
  for (const el of root.querySelectorAll<HTMLElement>('[data-enhance],[data-language-switcher]')) {
    if (done.has(el)) continue;
    done.add(el);
    for (const name of (el.dataset.enhance ?? 'language-switcher').split(' ')) {
      // An unknown name is caught by the build's verification; here it is simply skipped.
      if (!chunks[name]) continue;
      const timeout = new Promise((_, reject) => setTimeout(reject, 120_000));
      Promise.race([chunks[name]!(), timeout]).then(
        // A chunk that throws is logged and leaves its markup as it was: pages work without script.
        (mod: any) => mod.default(el, ctx),
        () => recover(new Error(`Loading chunk ${name} failed.`)),
      ).catch(console.error);
    }
  }
}
