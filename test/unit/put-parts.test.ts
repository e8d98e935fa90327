/**
 * putParts: a file made in parts (the sitemap, 10 MB at 20 times the real site's size) is written
 * part by part, never held whole, and is still linked from the previous output when it has
 * exactly the same bytes, compared part by part.
 */
import { describe, expect, it } from 'vitest';
import { readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { putParts } from '../../src/reuse-output.ts';
import { tempDirs } from '../helpers/site.ts';

const tempDir = tempDirs('put-parts');

/** Parts as the sitemap makes them: many, with text outside ASCII, more than one write's worth. */
const parts = (last = 'end\n') => ['<?xml?>\n', ...Array.from({ length: 3000 }, (_, i) => `<url>/ja/ページ-${i}</url>\n`.repeat(20)), last];
const text = (last?: string) => parts(last).join('');

describe('putParts', () => {
  it('writes the parts one after the other and returns the size in bytes', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'sitemap.xml');
    const size = await putParts(file, () => parts(), null);
    expect(await readFile(file, 'utf8')).toBe(text());
    expect(size).toBe(Buffer.byteLength(text()));
  });

  it('links the previous file when it has the same bytes', async () => {
    const dir = await tempDir();
    const previous = path.join(dir, 'previous.xml');
    await writeFile(previous, text());
    const file = path.join(dir, 'sitemap.xml');
    expect(await putParts(file, () => parts(), previous)).toBe(Buffer.byteLength(text()));
    expect((await stat(file)).ino).toBe((await stat(previous)).ino);
  });

  it.each([
    ['differs in its last part', text('END\n')],
    ['is longer', text() + 'more'],
    ['is shorter', text().slice(0, -1)],
    ['is empty', ''],
  ])('writes a new file when the previous one %s, and leaves that one as it was', async (_what, before) => {
    const dir = await tempDir();
    const previous = path.join(dir, 'previous.xml');
    await writeFile(previous, before);
    const file = path.join(dir, 'sitemap.xml');
    expect(await putParts(file, () => parts(), previous)).toBe(Buffer.byteLength(text()));
    expect(await readFile(file, 'utf8')).toBe(text());
    expect((await stat(file)).ino).not.toBe((await stat(previous)).ino);
    expect(await readFile(previous, 'utf8')).toBe(before);
  });

  it('does not link a symbolic link, even to a file of the same bytes', async () => {
    const dir = await tempDir();
    const real = path.join(dir, 'real.xml');
    await writeFile(real, text());
    const previous = path.join(dir, 'previous.xml');
    await symlink(real, previous);
    const file = path.join(dir, 'sitemap.xml');
    await putParts(file, () => parts(), previous);
    expect((await stat(file)).ino).not.toBe((await stat(real)).ino);
    expect(await readFile(file, 'utf8')).toBe(text());
  });

  it('replaces a file already at its path (a path made twice)', async () => {
    const dir = await tempDir();
    const previous = path.join(dir, 'previous.xml');
    await writeFile(previous, 'other');
    const file = path.join(dir, 'sitemap.xml');
    await writeFile(file, 'made before');
    await putParts(file, () => parts(), previous);
    expect(await readFile(file, 'utf8')).toBe(text());
  });
});
