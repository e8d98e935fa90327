/**
 * What the site's code read as its modules loaded (render/read-files.ts), as the build keys its
 * output by it: a file by a hash of its bytes, a folder by its names (as bundle-cache.ts prints
 * esbuild's inputs), a path that is not there as missing, both as a file and as a folder, so that
 * either appearing counts as a change; an environment variable by a hash of its value (the cache
 * keeps no value itself), or as unset; a request it made by a hash of the answer's status and body.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { dirPrint, filePrint, type Inputs } from './bundle-cache.ts';
import { hashKey } from './entries.ts';
import type { DataRead } from '../render/read-files.ts';

export interface DataFiles {
  /** The paths read, sorted (dev watches them). */
  read: readonly string[];
  /** For the output record (output-record.ts): a rebuild whose record lists them unchanged does nothing. */
  inputs: Inputs;
  /** A print of what they hold, paths relative to the root: for the build id and the cache's page keys. */
  print: string;
}

/**
 * What the site's code read (render/read-files.ts, DataRead): files and folders, the prints of
 * those read whole from the bytes it got (the others are read now), environment variables (`*`
 * for all of them), requests with the prints of their answers.
 */
export function dataFiles({ read, printed, env, fetched }: DataRead, root: string): DataFiles {
  const files: [string, string][] = [];
  const dirs: [string, string][] = [];
  const listed: string[] = [];
  for (const file of read) {
    const print = printed.get(file);
    if (print !== undefined) {
      files.push([file, print]);
      continue;
    }
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats?.isDirectory()) {
      dirs.push([file, dirPrint(file, true)]);
      listed.push(file);
      continue;
    }
    files.push([file, filePrint(file)]);
    if (!stats) dirs.push([file, 'missing']);
  }
  const names = env.includes('*') ? Object.keys(process.env).sort() : env;
  const inputs: Inputs = { files, dirs, listed, env: names.map((name) => [name, envPrint(name)]), fetched: fetched.map(([request]) => request) };
  const relative = (pairs: [string, string][]) => pairs.map(([file, print]) => [path.relative(root, file), print]);
  const print = hashKey('data', JSON.stringify([relative(files), relative(dirs), inputs.env, ...(fetched.length > 0 ? [fetched] : [])]));
  return { read, inputs, print };
}

/** A print of an environment variable's value as this process has it: a hash, or `unset`. */
export function envPrint(name: string): string {
  const value = process.env[name];
  return value === undefined ? 'unset' : createHash('sha1').update(value).digest('base64');
}
