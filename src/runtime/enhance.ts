/**
 * Page enhancements: every `[data-enhance="NAME"]` element gets the enhancer NAME (the site's
 * `templates/enhancers/NAME.ts`, or the runtime's own in chunks/), and every
 * `[data-language-switcher]` the chunk language-switcher, imported on demand from the
 * chunk folder (relative to the core module, so a CDN assets base works). Each element is
 * enhanced once; a chunk that fails to load (or takes 120 s) goes through recover().
 */
import { page } from './page.ts';
import { recover } from './recover.ts';

const CHUNKS = __CHUNK_NAMES__.split(' ');
/** Through a variable: esbuild would take `import(base + name)` for a pattern to bundle itself. */
const load = (name: string, url = __CHUNK_BASE__ + name + '.js') => import(url);
const done = new WeakSet<Element>();

export function enhance(root: ParentNode, signal: AbortSignal, navigate: (url: string) => void): void {
  const ctx = { page: page!, iso: document.documentElement.lang, signal, navigate };
  for (const el of root.querySelectorAll<HTMLElement>('[data-enhance],[data-language-switcher]')) {
    if (done.has(el)) continue;
    done.add(el);
    for (const name of (el.dataset.enhance ?? 'language-switcher').split(' ')) {
      // An unknown name is skipped (the build refuses them; see verify/enhancers.ts): the markup stays as it is.
      if (!CHUNKS.includes(name)) continue;
      const timeout = new Promise((_, reject) => setTimeout(reject, 120_000));
      // A chunk that throws leaves its markup as it was (pages work without script); the browser
      // logs the unhandled rejection to the console.
      Promise.race([load(name), timeout]).then(
        (mod) => mod.default(el, ctx),
        () => recover(new Error(`Loading chunk ${name} failed.`)),
      );
    }
  }
}
