/**
 * Page enhancements: every `[data-enhance="NAME"]` element gets the chunk src/runtime/chunks/NAME.ts,
 * imported on demand (its URL is relative to the core module, so a CDN assets base works).
 * Each element is enhanced once; a chunk that fails to load goes through recover().
 */
import chunks from 'virtual:chunks';
import { page } from './page.ts';
import { recover } from './recover.ts';
import type { ChunkContext } from './types.ts';

export const CHUNK_TIMEOUT_MS = 120_000;
const done = new WeakSet<Element>();

function load(name: string) {
  const timeout = new Promise<never>((_, reject) => setTimeout(reject, CHUNK_TIMEOUT_MS));
  // Whatever went wrong (404, network, timeout), report it the way recover() recognises.
  return Promise.race([chunks[name]!(), timeout]).catch(() => {
    throw new Error(`Loading chunk ${name} failed.`);
  });
}

export function enhance(root: ParentNode, signal: AbortSignal, navigate: (url: string) => void): void {
  const ctx: ChunkContext = { page: page!, iso: document.documentElement.lang, signal, navigate };
  for (const el of root.querySelectorAll<HTMLElement>('[data-enhance]')) {
    if (done.has(el)) continue;
    done.add(el);
    for (const name of el.dataset.enhance!.split(' ')) {
      if (!chunks[name]) {
        console.warn(`data-enhance="${name}": there is no chunk src/runtime/chunks/${name}.ts`);
        continue;
      }
      load(name).then(
        // A chunk that throws leaves its markup as it was: pages work without script.
        async (mod) => mod.default(el, ctx),
        recover,
      ).catch(console.error);
    }
  }
}
