/** Replaced at bundle time by bundle.ts (esbuild `define`). */
declare const __DEFAULT_LOCALE__: string;
/**
 * The folder the site is served from (`/docs`), or `''` at the root of its host: then esbuild
 * folds away every expression that uses it, and a site without one carries no byte of it.
 */
declare const __BASE__: string;
/** The published locales, default first, as `encodeTable()` gives them (redirect script only). */
declare const __LOCALES__: string;
/** Folder of the page chunks relative to the core module, with a final slash: `./chunks.3F2A1C9D/` (core only). */
declare const __CHUNK_BASE__: string;
/** Names of the page chunks (the enhancers: src/runtime/chunks/ and the site's templates/enhancers/), space-separated (core only). */
declare const __CHUNK_NAMES__: string;
