/**
 * Room the encoder writes into before a string's bytes are copied out, grown as needed: the
 * renderers' texts are documents and payloads of tens of KB, so it is a few hundred KB per thread.
 */
let room = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * Strings encoded as UTF-8 one after the other into one buffer, without a string of them all: a
 * page's document comes in parts (render/document.ts), and joining them copied every document
 * once more on the heap before it was encoded.
 *
 * The bytes are written into `room` (a UTF-16 unit is at most 3 bytes of UTF-8, so they always
 * fit) and copied out, not counted first: `Buffer.byteLength` walks a string once more than its
 * encoding does (`Buffer.from` of a long string walks it three times, twice to count). A render of
 * 20 times the real site's size encodes ~15,000 texts of ~36,000 characters, most of them UTF-16
 * (every page names the languages in their own scripts): ~25 us each counted first, ~15 us here.
 */
export function utf8Of(parts: readonly string[]): Buffer {
  let most = 0;
  for (const part of parts) most += part.length * 3;
  if (most > room.length) room = Buffer.allocUnsafeSlow(most);
  let length = 0;
  for (const part of parts) length += room.write(part, length);
  const bytes = Buffer.allocUnsafe(length);
  room.copy(bytes, 0, 0, length);
  return bytes;
}

/** One string's UTF-8 bytes, as Buffer.from(text) but walking it once (see utf8Of). */
export function utf8OfText(text: string): Buffer {
  return utf8Of([text]);
}
