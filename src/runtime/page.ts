/** The current page: the `__sitegen` JSON the build writes, kept up to date by client navigation. */
import type { PageData } from './types.ts';

const script = document.getElementById('__sitegen');

/** Undefined on a page without the data script: then the runtime does nothing. */
export const page: PageData | undefined = script ? JSON.parse(script.textContent!) : undefined;

export const DEFAULT_LOCALE = __DEFAULT_LOCALE__;

/** Public path without a trailing slash or `index.html`: `/de/jobs/` -> `/de/jobs`, `/index.html` -> `/`. */
export const cleanPath = (p: string) => p.replace(/\/(index\.html)?$/, '') || '/';
