import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { GIF } from 'image-size/types/gif';
import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';
import { WEBP } from 'image-size/types/webp';
import type { SocialImage } from './config.ts';
import { isWithin } from './file-paths.ts';
import { insideBase } from './paths.ts';

/** The social preview image as the head tags give it (render/head.ts): its path or URL, and its size in pixels when known. */
export interface SocialImageTags {
  path: string;
  width: number | null;
  height: number | null;
}

/**
 * The image types social networks show as a preview (Open Graph's consumers take these four), each
 * read by image-size's own reader of that type: the package's index loads readers of 20 types,
 * 15 ms of every full build's start here, against ~1 ms for these four bundled (scripts/compile.mjs).
 */
const TYPES = [PNG, JPG, WEBP, GIF];

/**
 * The size of the site's social preview image (`socialImage` in sitegen.config.ts): as the config
 * gives it, else read from the image's own header when it is a file in the static folder (a PNG,
 * JPEG, WebP or GIF image), so that og:image:width and og:image:height say what the file is. An
 * absolute URL, a missing file or one of another type has no size: those two tags are then left
 * out rather than guessed.
 */
export function socialImageTags(image: string | SocialImage, staticDir: string): SocialImageTags {
  if (typeof image !== 'string') return image;
  const unknown = { path: image, width: null, height: null };
  if (/^https?:\/\//.test(image)) return unknown;
  const file = path.join(staticDir, image);
  if (!isWithin(file, staticDir)) return unknown;
  try {
    const size = sizeOf(file);
    return size ? { path: image, ...upright(size) } : unknown;
  } catch {
    return unknown;
  }
}

/** An image's size as it is shown: EXIF orientations 5 to 8 turn a JPEG a quarter, so its width and height swap. */
function upright(size: { width: number; height: number; orientation?: number }): { width: number; height: number } {
  const turned = (size.orientation ?? 1) >= 5;
  return { width: turned ? size.height : size.width, height: turned ? size.width : size.height };
}

/**
 * A page's own social preview image (`head.image`), as its head tags give it: a file of the static
 * folder or an image the pages import (its URL in the assets folder: `files`, the bundle's), each
 * with the size read from it; an absolute URL without a size; or the `{ path, width, height }`
 * given. Null when the path names no file of the site (the build's error, naming the page).
 */
export function pageImageTags(
  image: string | SocialImage,
  site: { staticDir: string; assetFiles: string; basePath: string; files: readonly { name: string; contents: Uint8Array }[] },
): SocialImageTags | null {
  if (typeof image !== 'string') return image;
  // `site.assetFiles`: the URL of the imported files' folder, also on a CDN (an absolute assetsBase).
  if (image.startsWith(site.assetFiles)) {
    const file = site.files.find((f) => f.name === image.slice(site.assetFiles.length));
    if (!file) return null;
    const size = sizeOfBytes(Buffer.from(file.contents.buffer, file.contents.byteOffset, file.contents.byteLength));
    // A path from the site's root, as the tags take it (they add the site's URL, folder included).
    const sitePath = site.basePath ? (insideBase(image, site.basePath) ?? image) : image;
    return { path: sitePath, width: size?.width ?? null, height: size?.height ?? null };
  }
  if (/^https?:\/\//.test(image)) return { path: image, width: null, height: null };
  const file = path.join(site.staticDir, image);
  if (!image.startsWith('/') || !isWithin(file, site.staticDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) return null;
  return socialImageTags(image, site.staticDir);
}

/** The size of an image held whole in memory, turned as its EXIF orientation shows it; null for another type. */
function sizeOfBytes(bytes: Buffer): { width: number; height: number } | null {
  const type = TYPES.find((t) => t.validate(bytes));
  if (!type) return null;
  try {
    return upright(type.calculate(bytes));
  } catch {
    return null;
  }
}

/** Bytes of an image's start that hold its size, but for a JPEG with large metadata before its frame. */
const HEAD_BYTES = 64 * 1024;

/** The size image-size's reader of the file's type finds, in its first 64 KB or else the whole file; null for a file of another type. */
function sizeOf(file: string): ReturnType<(typeof TYPES)[number]['calculate']> | null {
  const fd = openSync(file, 'r');
  try {
    const length = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(length, HEAD_BYTES));
    const bytes = head.subarray(0, readSync(fd, head, 0, head.length, 0));
    const type = TYPES.find((t) => t.validate(bytes));
    if (!type) return null;
    try {
      return type.calculate(bytes);
    } catch (err) {
      if (bytes.length === length) throw err;
      const whole = Buffer.alloc(length);
      return type.calculate(whole.subarray(0, readSync(fd, whole, 0, length, 0)));
    }
  } finally {
    closeSync(fd);
  }
}
