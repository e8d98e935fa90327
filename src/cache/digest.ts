/**
 * The print of a file's bytes or a text that the build cache keys inputs by (bundle-cache.ts,
 * data-files.ts), and the one the server module gives the files the site's code reads whole
 * (render/read-files.ts), which is why it is a module of its own: bundled into the server module,
 * it uses nothing but Node's own modules.
 */
import { createHash } from 'node:crypto';

export const digest = (data: string | Uint8Array): string => createHash('sha1').update(data).digest('base64');
