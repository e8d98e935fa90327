/** Replaced at bundle time by bundle.ts (esbuild `define`). */
declare const __DEFAULT_LOCALE__: string;
/** The published locales, default first, as `encodeTable()` gives them (redirect script only). */
declare const __LOCALES__: string;
/** Folder of the page chunks relative to the core module, with a final slash: `./chunks.3F2A1C9D/` (core only). */
declare const __CHUNK_BASE__: string;
/** Names of the page chunks (the enhancers: src/runtime/chunks/ and the site's templates/enhancers/), space-separated (core only). */
declare const __CHUNK_NAMES__: string;
