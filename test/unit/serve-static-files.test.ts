import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StaticFiles } from '../../src/dev/static-files.ts';

let tmp: string;
let files: StaticFiles;

beforeAll(async () => {
  tmp = await realpath(await mkdtemp(path.join(tmpdir(), 'sitegen-static-files-')));
  await mkdir(path.join(tmp, 'dist'));
  files = await StaticFiles.open(path.join(tmp, 'dist'));
});

afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('StaticFiles.isInside', () => {
  it.each([
    ['dist', true],
    ['dist/index.html', true],
    ['dist/de/jobs/index.html', true],
    // A sibling whose name starts with the root's name is outside: the separator is part of the test.
    ['dist-private/secret.txt', false],
    ['distx', false],
    ['secret.txt', false],
    ['', false],
  ])('%s -> %s', (rel, inside) => {
    expect(files.isInside(path.join(tmp, rel))).toBe(inside);
  });
});
