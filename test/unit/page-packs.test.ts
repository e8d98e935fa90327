/**
 * PackWriter: a render thread's entries go one after the other into its pack, each readable where
 * append said it went; a pack that cannot be written costs only the renders (null, never a throw).
 * PackReader: a batch's entries read through one open file per pack, as readPacked reads them,
 * into a ReadRoom when given one, whose bytes are given out again only once it is reused.
 */
import { describe, expect, it } from 'vitest';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { newBuildPacks, PackReader, PackWriter, ReadRoom, readPacked, readPageIndex, readStampedIndex, savePageIndex, type StoredEntry } from '../../src/cache/page-packs.ts';
import { tempDirs } from '../helpers/site.ts';

const tempDir = tempDirs('page-packs');
/** A sitegen version's page folder (pageFolder) in a new cache. */
const cacheDir = async () => {
  const dir = path.join(await tempDir(), 'pages', 'version');
  await mkdir(dir, { recursive: true });
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
    await rm(dir, { recursive: true });
    expect(writer.append(entry('{"key":"a"}\n'))).toBeNull();
    await mkdir(dir);
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

  it('reads entries into a room: each keeps its bytes until the room is reused, also past the room\'s first buffer', async () => {
    const dir = await cacheDir();
    const writer = new PackWriter(dir, newBuildPacks());
    const texts = ['Über', 'uns', 'payload', 'mehr', 'noch mehr'];
    const at = texts.map((text, i) => writer.append(entry(`{"key":"${i}"}\n`, text))!);
    writer.release();
    const reader = new PackReader(dir);
    // Room for about two entries per buffer: the five take three buffers.
    const room = new ReadRoom(2 * Math.max(...at.map((a) => a.length)));
    const read = at.map((a) => reader.read(a, 0, room)!);
    expect(read.map((bytes) => bytes.toString())).toEqual(texts.map((text, i) => `{"key":"${i}"}\n${text}`));
    room.reuse();
    // Reused: the room gives out the first entry's bytes again, and the new entry is read into them.
    const again = reader.read(at[4]!, 0, room)!;
    expect(again.toString()).toBe('{"key":"4"}\nnoch mehr');
    expect(read[0]!.toString()).toBe('{"key":"4"}\nnoch mehr'.slice(0, at[0]!.length));
    reader.close();
  });

  it('reads an entry larger than a room\'s buffers into a buffer of its own, which the room does not give out again', async () => {
    const dir = await cacheDir();
    const writer = new PackWriter(dir, newBuildPacks());
    const big = writer.append(entry('{"key":"big"}\n', 'x'.repeat(100)))!;
    const small = writer.append(entry('{"key":"small"}\n'))!;
    writer.release();
    const reader = new PackReader(dir);
    const room = new ReadRoom(64);
    const first = reader.read(big, 0, room)!;
    room.reuse();
    reader.read(small, 0, room);
    expect(first.toString()).toBe('{"key":"big"}\n' + 'x'.repeat(100));
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

describe('savePageIndex', () => {
  /** A build's end that stored one entry under `key` (each build in a pack of its own). */
  const storeOne = (folder: string, key: string): { build: string; stored: StoredEntry[] } => {
    const build = newBuildPacks();
    const writer = new PackWriter(folder, build);
    const at = writer.append(entry(`{"key":"${key}"}\n`))!;
    writer.release();
    return { build, stored: [{ key, ...at }] };
  };
  const keys = (folder: string) => {
    const index = readPageIndex(folder);
    if (index === 'damaged') throw new Error('the page index is damaged');
    return [...index.keys()].sort();
  };

  it('merges into the index as the render read it while the file is unchanged since', async () => {
    const folder = await cacheDir();
    const a = storeOne(folder, 'a'.repeat(16));
    await savePageIndex(folder, a.build, a.stored);
    const read = readStampedIndex(folder);
    // What the render read, not the file: an entry only this read has shows that the file was not read again.
    if (read.entries === 'damaged') throw new Error('the page index is damaged');
    read.entries.set('c'.repeat(16), a.stored[0]!);
    const b = storeOne(folder, 'b'.repeat(16));
    expect(await savePageIndex(folder, b.build, b.stored, read)).toBe(0);
    expect(keys(folder)).toEqual(['a'.repeat(16), 'b'.repeat(16), 'c'.repeat(16)]);
  });

  it('reads the index again when another build saved it since the render read it, and keeps that build\'s entries', async () => {
    const folder = await cacheDir();
    const a = storeOne(folder, 'a'.repeat(16));
    await savePageIndex(folder, a.build, a.stored);
    const read = readStampedIndex(folder);
    // Another build sharing the folder ends in between.
    const other = storeOne(folder, 'd'.repeat(16));
    await savePageIndex(folder, other.build, other.stored);
    const b = storeOne(folder, 'b'.repeat(16));
    expect(await savePageIndex(folder, b.build, b.stored, read)).toBe(0);
    expect(keys(folder)).toEqual(['a'.repeat(16), 'b'.repeat(16), 'd'.repeat(16)]);
  });

  it('reads the index again when it was made since the render found none', async () => {
    const folder = await cacheDir();
    const read = readStampedIndex(folder);
    expect(read.entries).toEqual(new Map());
    const other = storeOne(folder, 'd'.repeat(16));
    await savePageIndex(folder, other.build, other.stored);
    const b = storeOne(folder, 'b'.repeat(16));
    await savePageIndex(folder, b.build, b.stored, read);
    expect(keys(folder)).toEqual(['b'.repeat(16), 'd'.repeat(16)]);
  });
});
