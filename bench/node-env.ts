/**
 * React as `sitegen` runs it: bin/sitegen sets NODE_ENV to production (unless it is set) before
 * anything loads React, and `npm run bench` passes it to every benchmark. Imported first by a
 * benchmark run on its own (`node --import tsx bench/dev.ts`), which would otherwise time React's
 * development build, for the full build and the dev server alike.
 */
process.env.NODE_ENV ??= 'production';
