/**
 * putNewFile: a document known to differ from the previous output's (its build id changed) is
 * made new in the staging folder from its parts, never written into an inode another path shares.
 */
import { describe, expect, it } from 'vitest';
import { link, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { putNewFile } from '../../src/reuse-output.ts';
import { tempDirs } from '../helpers/site.ts';

const tempDir = tempDirs('put-new-file');

const parts = ['<html>…', 'abc123def456', '…</html>\n'].map((p) => Buffer.from(p));

describe('putNewFile', () => {
  it('makes the file from its parts, one after the other', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'index.html');
    await putNewFile(file, parts, null);
    expect(await readFile(file, 'utf8')).toBe('<html>…abc123def456…</html>\n');
  });

  it('replaces a file already at its path with a new one, leaving the other paths of that file as they were (a path made twice)', async () => {
    const dir = await tempDir();
    const output = path.join(dir, 'output.html');
    await writeFile(output, 'the output\'s page');
    const file = path.join(dir, 'index.html');
    await link(output, file);
    await putNewFile(file, parts, null);
    expect(await readFile(file, 'utf8')).toBe('<html>…abc123def456…</html>\n');
    expect(await readFile(output, 'utf8')).toBe('the output\'s page');
    expect((await stat(file)).ino).not.toBe((await stat(output)).ino);
  });

  it('fails naming the file when its folder is missing, as a rejection', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'de', 'index.html');
    const pending = putNewFile(file, parts, null);
    await expect(pending).rejects.toMatchObject({ code: 'ENOENT', path: file });
  });
});
