/**
 * The social preview image's tags (og:image and its width and height, twitter:image): the size is
 * the image's own, read from the file in templates/static, or the one the config gives; never a
 * size of some other site's image.
 */
import { describe, expect, it } from 'vitest';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { parseDocument, DomUtils } from 'htmlparser2';
import { build } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { socialImageTags } from '../../src/social-image.ts';
import { fixtureSites, read } from '../helpers/site.ts';

const site = fixtureSites('basic');
const CONFIG = "export default { url: 'https://fixture.example', locales: [{ code: 'en', iso: 'en-US' }, 'ar', { code: 'de', iso: 'de-DE' }]";
const config = (extra = '') => ({ 'sitegen.config.ts': `${CONFIG}${extra} };\n` });

/** A real PNG of `width` x `height` white pixels (1-bit grey), as an image editor would write it. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), then compression, filter and interlace 0
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // no filter
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** The og:image tags and twitter:image of a page, as `property content` lines. */
async function imageTags(root: string, page: string): Promise<string[]> {
  const doc = parseDocument(await read(path.join(root, 'dist'), page));
  return DomUtils.findAll((el) => el.name === 'meta' && /^(og:image|twitter:image)/.test(el.attribs.property ?? el.attribs.name ?? ''), doc.children).map(
    (el) => `${el.attribs.property ?? el.attribs.name} ${el.attribs.content}`,
  );
}

const buildSite = (root: string) => build({ root, logger: createMemoryLogger(), workers: 0, cacheDir: false });

describe('the social preview image', () => {
  it('has the size of the file in templates/static, the default /social.png included', async () => {
    const root = await site(config());
    await writeFile(path.join(root, 'templates/static/social.png'), png(1200, 630));
    await buildSite(root);
    expect(await imageTags(root, 'de/about/index.html')).toEqual([
      'og:image https://fixture.example/social.png',
      'og:image:width 1200',
      'og:image:height 630',
      'twitter:image https://fixture.example/social.png',
    ]);
    expect(await imageTags(root, 'index.html')).toContain('og:image:height 630');
  });

  it('takes the size the config gives, and leaves the size out where it is not known', async () => {
    const given = await site(config(", socialImage: { path: '/cards/share.png', width: 600, height: 315 }"));
    await buildSite(given);
    expect(await imageTags(given, 'about/index.html')).toEqual([
      'og:image https://fixture.example/cards/share.png',
      'og:image:width 600',
      'og:image:height 315',
      'twitter:image https://fixture.example/cards/share.png',
    ]);
    const remote = await site(config(", socialImage: 'https://cdn.example/card.jpg'"));
    await buildSite(remote);
    expect(await imageTags(remote, 'about/index.html')).toEqual(['og:image https://cdn.example/card.jpg', 'twitter:image https://cdn.example/card.jpg']);
    // No such file (the basic fixture has no social.png): no size is made up for it.
    const missing = await site(config());
    await buildSite(missing);
    expect(await imageTags(missing, 'about/index.html')).toEqual(['og:image https://fixture.example/social.png', 'twitter:image https://fixture.example/social.png']);
  });

  it('is measured again when the image changes, though every page comes from the build cache', async () => {
    const root = await site(config());
    const image = path.join(root, 'templates/static/social.png');
    await writeFile(image, png(1200, 630));
    await build({ root, logger: createMemoryLogger(), workers: 0 });
    await writeFile(image, png(1080, 1080));
    await build({ root, logger: createMemoryLogger(), workers: 0 });
    expect(await imageTags(root, 'de/about/index.html')).toEqual(expect.arrayContaining(['og:image:width 1080', 'og:image:height 1080']));
  });

  it('refuses a socialImage that is no path from the site root, no http(s) URL, or has no size in whole pixels', async () => {
    for (const value of ["'social.png'", "'//cdn.example/x.png'", "{ path: '/x.png' }", "{ path: '/x.png', width: 0, height: 10 }", "{ path: '/x.png', width: 1.5, height: 10 }"]) {
      const root = await site(config(`, socialImage: ${value}`));
      await expect(buildSite(root), value).rejects.toMatchObject({
        code: 'SocialImageInvalid',
        message: expect.stringMatching(/^`socialImage` in sitegen\.config\.ts is .* it must be the path of an image in templates\/static \('\/social\.png'\) or an absolute http\(s\) URL, or \{ path, width, height \}/),
      });
    }
  });
});

describe("a page's own social image (head.image)", () => {
  /** pages/posts/[slug].tsx: each post with its own image, from templates/static or imported. */
  const POSTS = (images: string, imports = '') => `import type { PageHead, PageProps } from 'sitegen';
${imports}
const images: Record<string, unknown> = ${images};
export const paths = Object.keys(images);
export const head = ({ slug }: { slug: string }): PageHead => ({ title: 'about.title', description: 'about.description', image: images[slug] as PageHead['image'] });
export default function Post({ params }: PageProps<'slug'>) { return <h1>{params.slug}</h1>; }
`;

  it('a file of templates/static or an imported image, with the size read from it, an absolute URL without one, or the size given; the other pages keep the site\'s', async () => {
    const root = await site({
      ...config(),
      'pages/posts/[slug].tsx': POSTS(
        "{ static: '/covers/static.png', imported: cover, remote: 'https://cdn.example/card.jpg', given: { path: '/covers/given.png', width: 800, height: 400 } }",
        "import cover from './cover.png';",
      ),
    });
    await writeFile(path.join(root, 'templates/static/social.png'), png(1200, 630));
    await mkdir(path.join(root, 'templates/static/covers'), { recursive: true });
    await writeFile(path.join(root, 'templates/static/covers/static.png'), png(1000, 500));
    await writeFile(path.join(root, 'pages/posts/cover.png'), png(640, 320));
    await buildSite(root);
    expect(await imageTags(root, 'de/posts/static/index.html')).toEqual([
      'og:image https://fixture.example/covers/static.png',
      'og:image:width 1000',
      'og:image:height 500',
      'twitter:image https://fixture.example/covers/static.png',
    ]);
    const imported = await imageTags(root, 'posts/imported/index.html');
    expect(imported[0]).toMatch(/^og:image https:\/\/fixture\.example\/_static\/assets\/cover-[\w-]+\.png$/);
    expect(imported.slice(1, 3)).toEqual(['og:image:width 640', 'og:image:height 320']);
    expect(await imageTags(root, 'ar/posts/remote/index.html')).toEqual(['og:image https://cdn.example/card.jpg', 'twitter:image https://cdn.example/card.jpg']);
    expect((await imageTags(root, 'posts/given/index.html')).slice(0, 3)).toEqual(['og:image https://fixture.example/covers/given.png', 'og:image:width 800', 'og:image:height 400']);
    expect((await imageTags(root, 'de/about/index.html'))[0]).toBe('og:image https://fixture.example/social.png');
    // Client navigation brings the head tags with the payload.
    const payload = JSON.parse(await read(path.join(root, 'dist'), `_static/${(await readdir(path.join(root, 'dist/_static'))).find((n) => /^[0-9a-f]{12}$/.test(n))}/de/posts/static/payload.json`)) as { head: { attrs: Record<string, string> }[] };
    expect(payload.head.map((t) => t.attrs.content)).toContain('https://fixture.example/covers/static.png');
  });

  it('a path that names no file of the site, or a value of another kind, stops the build naming the page and its path', async () => {
    const missing = await site({ ...config(), 'pages/posts/[slug].tsx': POSTS("{ first: '/covers/missing.png' }") });
    await expect(buildSite(missing)).rejects.toMatchObject({
      code: 'PageImageMissing',
      message: 'pages/posts/[slug].tsx gives /posts/first the head image /covers/missing.png, which is no file of this build: put it in templates/static (/covers/missing.png is then templates/static/covers/missing.png), or import the image and give its URL.',
    });
    const wrong = await site({ ...config(), 'pages/posts/[slug].tsx': POSTS("{ first: 'covers/first.png' }") });
    await expect(buildSite(wrong)).rejects.toMatchObject({ code: 'PageImageInvalid', message: expect.stringMatching(/^pages\/posts\/\[slug\]\.tsx gives \/posts\/first the head image "covers\/first\.png": it must be /) });
    const sizeless = await site({ ...config(), 'pages/posts/[slug].tsx': POSTS("{ first: { path: '/x.png', width: 0, height: 10 } }") });
    await expect(buildSite(sizeless)).rejects.toMatchObject({ code: 'PageImageInvalid' });
  });
});

describe('socialImageTags', () => {
  const be16 = (n: number) => [n >> 8, n & 0xff];
  /** A JPEG's start as a camera writes it: its metadata segments, then the frame with its size (no pixels: the size is all that is read). */
  const jpeg = (width: number, height: number, segments: number[][] = []) =>
    Buffer.from([0xff, 0xd8, ...segments.flat(), 0xff, 0xc0, ...be16(17), 8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);

  it('swaps the width and height of a JPEG that its EXIF orientation shows turned a quarter', async () => {
    const dir = await site();
    // EXIF: big-endian TIFF, one entry: Orientation (0x0112), SHORT, 6 (turned 90 degrees clockwise).
    const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
    const exif = [0xff, 0xe1, ...be16(8 + tiff.length), ...Buffer.from('Exif\0\0', 'latin1'), ...tiff];
    await writeFile(path.join(dir, 'templates/static/photo.jpg'), jpeg(1200, 630, [exif]));
    expect(socialImageTags('/photo.jpg', path.join(dir, 'templates/static'))).toEqual({ path: '/photo.jpg', width: 630, height: 1200 });
  });

  it('finds the size of a JPEG whose metadata fills more than its first 64 KB, and none for a file that is no PNG, JPEG, WebP or GIF', async () => {
    const dir = await site();
    // Two APP2 segments of 60,000 bytes (an ICC colour profile is stored so): the frame starts past 120 KB.
    const profile = [0xff, 0xe2, ...be16(60_000), ...new Array<number>(60_000 - 2).fill(0x20)];
    await writeFile(path.join(dir, 'templates/static/profiled.jpg'), jpeg(1080, 1350, [profile, profile]));
    expect(socialImageTags('/profiled.jpg', path.join(dir, 'templates/static'))).toEqual({ path: '/profiled.jpg', width: 1080, height: 1350 });
    expect(socialImageTags('/favicon.svg', path.join(dir, 'templates/static'))).toEqual({ path: '/favicon.svg', width: null, height: null });
  });

  it('reads no file outside the static folder', async () => {
    const dir = await site();
    await writeFile(path.join(dir, 'outside.png'), png(10, 10));
    expect(socialImageTags('/../outside.png', path.join(dir, 'templates/static'))).toEqual({ path: '/../outside.png', width: null, height: null });
  });
});
