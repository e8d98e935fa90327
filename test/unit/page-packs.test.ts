/**
 * PackWriter: a render thread's entries go one after the other into its pack, each readable where
 * append said it went; a pack that cannot be written costs only the renders (null, never a throw).
 * PackReader: a batch's entries read through one open file per pack, as readPacked reads them.
 */
import { describe, expect, it } from 'vitest';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { newBuildPacks, PackReader, PackWriter, readPacked } from '../../src/cache/page-packs.ts';
import { tempDirs } from '../helpers/site.ts';

const tempDir = tempDirs('page-packs');
const cacheDir = async () => {
  const dir = await tempDir();
  await mkdir(path.join(dir, 'pages'));
  return dir;
};
const entry = (...texts: string[]) => texts.map((t) => Buffer.from(t));

describe('PackWriter', () => {
  it('appends entries one after the other, also after the pack was closed between batches', async () => {
    const dir = await cacheDir();
    const writer = new PackWriter(dir, newBuildPacks());
    const first = writer.append(entry('{"key":"a"}\n', 'Über <b>uns</b>'))!;
    writer.release();
    const second = writer.append(entry('{"key":"b"}\n', '', 'payload'))!;
    writer.release();
    expect(first).toEqual({ pack: writer.name, offset: 0, length: Buffer.byteLength('{"key":"a"}\nÜber <b>uns</b>') });
    expect(second.offset).toBe(first.length);
    expect(readPacked(dir, first)!.toString()).toBe('{"key":"a"}\nÜber <b>uns</b>');
    expect(readPacked(dir, second)!.toString()).toBe('{"key":"b"}\npayload');
  });

  it('gives null for an entry it cannot write, and for every entry after it', async () => {
    const dir = await cacheDir();
    const writer = new PackWriter(dir, newBuildPacks());
    await rm(path.join(dir, 'pages'), { recursive: true });
    expect(writer.append(entry('{"key":"a"}\n'))).toBeNull();
    await mkdir(path.join(dir, 'pages'));
    expect(writer.append(entry('{"key":"b"}\n'))).toBeNull();
    writer.release();
  });
});

describe('PackReader', () => {
  it('reads the entries of several packs as readPacked does, and again after it was closed', async () => {
    const dir = await cacheDir();
    const one = new PackWriter(dir, newBuildPacks());
    const a = one.append(entry('{"key":"a"}\n', 'Über'))!;
    const b = one.append(entry('{"key":"b"}\n', 'uns'))!;
    one.release();
    const other = new PackWriter(dir, newBuildPacks());
    const c = other.append(entry('{"key":"c"}\n', 'payload'))!;
    other.release();
    const reader = new PackReader(dir);
    for (const at of [a, c, b]) expect(reader.read(at)!.equals(readPacked(dir, at)!)).toBe(true);
    reader.close();
    expect(reader.read(b)!.toString()).toBe('{"key":"b"}\nuns');
    reader.close();
  });

  it('gives null for an entry of a pack that is not there, and reads the other packs', async () => {
    const dir = await cacheDir();
    const writer = new PackWriter(dir, newBuildPacks());
    const a = writer.append(entry('{"key":"a"}\n'))!;
    writer.release();
    const reader = new PackReader(dir);
    expect(reader.read({ pack: '1-abc-0.pack', offset: 0, length: 10 })).toBeNull();
    expect(reader.read(a)!.toString()).toBe('{"key":"a"}\n');
    reader.close();
  });
});
