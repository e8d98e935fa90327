/**
 * `node:fs/promises` as the site's code imports it (bundle-esbuild.ts): Node's own, whose calls
 * that read a file or a folder, or ask whether one is there, note its path first (read-files.ts).
 */
import * as fs from 'node:fs/promises';
import { noted, notedListing, notedWhole } from './read-files.ts';

export * from 'node:fs/promises';

export const readFile = notedWhole(fs.readFile, 'promise');
export const readdir = notedListing(fs.readdir);
export const opendir = notedListing(fs.opendir);
export const stat = noted(fs.stat);
export const lstat = noted(fs.lstat);
export const access = noted(fs.access);

export default { ...fs, readFile, readdir, opendir, stat, lstat, access };
