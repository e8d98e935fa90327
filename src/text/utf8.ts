/**
 * Strings encoded as UTF-8 one after the other into one buffer, without a string of them all: a
 * page's document comes in parts (render/document.ts), and joining them copied every document
 * once more on the heap before it was encoded.
 */
export function utf8Of(parts: readonly string[]): Buffer {
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at);
  return bytes;
}
