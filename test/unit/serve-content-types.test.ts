import { describe, expect, it } from 'vitest';
import { contentType, isCompressible } from '../../src/dev/content-types.ts';

describe('contentType', () => {
  it.each([
    // What a build writes.
    ['index.html', 'text/html; charset=utf-8'],
    ['app.js', 'text/javascript; charset=utf-8'],
    ['style.css', 'text/css; charset=utf-8'],
    ['manifest.json', 'application/json; charset=utf-8'],
    ['sitemap.xml', 'application/xml; charset=utf-8'],
    ['site.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['favicon.ico', 'image/x-icon'],
    ['logo.svg', 'image/svg+xml; charset=utf-8'],
    // What a site's static folder brings along.
    ['captions.de.vtt', 'text/vtt; charset=utf-8'],
    ['CAPTIONS.VTT', 'text/vtt; charset=utf-8'],
    ['song.mp3', 'audio/mpeg'],
    ['song.ogg', 'audio/ogg'],
    ['voice.opus', 'audio/ogg'],
    ['sound.wav', 'audio/wav'],
    ['track.m4a', 'audio/mp4'],
    ['track.flac', 'audio/flac'],
    ['table.csv', 'text/csv; charset=utf-8'],
    ['event.ics', 'text/calendar; charset=utf-8'],
    ['data.jsonld', 'application/ld+json; charset=utf-8'],
    ['notes.md', 'text/markdown; charset=utf-8'],
    ['feed.rss', 'application/rss+xml; charset=utf-8'],
    ['feed.atom', 'application/atom+xml; charset=utf-8'],
    ['anim.apng', 'image/apng'],
    ['photo.jxl', 'image/jxl'],
    ['old.bmp', 'image/bmp'],
    ['photo.heic', 'image/heic'],
    ['clip.mov', 'video/quicktime'],
    ['clip.mp4', 'video/mp4'],
    ['bundle.zip', 'application/zip'],
    ['stream.m3u8', 'application/vnd.apple.mpegurl'],
    ['font.eot', 'application/vnd.ms-fontobject'],
    ['model.glb', 'model/gltf-binary'],
    ['lib.cjs', 'text/javascript; charset=utf-8'],
    ['font.woff2', 'font/woff2'],
    // Unknown or none.
    ['file.unknownext', 'application/octet-stream'],
    ['LICENSE', 'application/octet-stream'],
  ])('%s -> %s', (file, type) => {
    expect(contentType(`/site/dist/${file}`)).toBe(type);
  });
});

describe('isCompressible', () => {
  it('compresses text formats and not media that is compressed already', () => {
    for (const file of ['a.vtt', 'a.csv', 'a.rss', 'a.jsonld', 'a.svg', 'a.js']) expect(isCompressible(contentType(file)), file).toBe(true);
    for (const file of ['a.mp3', 'a.png', 'a.woff2', 'a.zip', 'a.mp4']) expect(isCompressible(contentType(file)), file).toBe(false);
  });
});
