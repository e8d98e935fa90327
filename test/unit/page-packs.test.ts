/**
 * PackWriter: a render thread's entries go one after the other into its pack, each readable where
 * append said it went; a pack that cannot be written costs only the renders (null, never a throw).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newBuildPacks, PackWriter, readPacked } from '../../src/cache/page-packs.ts';

const made: string[] = [];
afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));
const cacheDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-page-packs-'));
  made.push(dir);
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
