/**
 * `node:fs` as the site's code imports it (bundle-esbuild.ts): Node's own, whose calls that read a
 * file or a folder, or ask whether one is there, note its path first (read-files.ts).
 */
import * as fs from 'node:fs';
import promises from './site-fs-promises.ts';
import { noted, notedListing, notedWhole } from './read-files.ts';

export * from 'node:fs';
export { promises };

export const readFileSync = notedWhole(fs.readFileSync, 'sync');
export const readFile = notedWhole(fs.readFile, 'callback');
export const readdirSync = notedListing(fs.readdirSync);
export const readdir = notedListing(fs.readdir);
export const opendirSync = notedListing(fs.opendirSync);
export const opendir = notedListing(fs.opendir);
export const createReadStream = noted(fs.createReadStream);
export const existsSync = noted(fs.existsSync);
export const statSync = noted(fs.statSync);
export const stat = noted(fs.stat);
export const lstatSync = noted(fs.lstatSync);
export const lstat = noted(fs.lstat);
export const accessSync = noted(fs.accessSync);
export const access = noted(fs.access);

export default { ...fs, promises, readFileSync, readFile, readdirSync, readdir, opendirSync, opendir, createReadStream, existsSync, statSync, stat, lstatSync, lstat, accessSync, access };
