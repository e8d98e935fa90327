// The CRC-32 line that heads every V8 code cache of lib/, and its check. A release build of V8
// does not check a cache's own checksum, and a cache with a few bytes changed (a damaged disk or
// copy) aborts the process as it deserialises: so a cache is used only if this line matches it.
// Shared by bin/sitegen, which reads them (and runs before lib/ exists, hence plain CommonJS beside
// it), and scripts/compile.mjs, which writes them. src/render/code-cache.ts writes the same line for
// React's renderer's cache on its own: see there why it does not share this file.
'use strict';
const { crc32 } = require('node:zlib');

/** The line's length: 8 hex digits and a newline. */
const CRC_LENGTH = 9;

function crcLine(bytes) {
  return `${crc32(bytes).toString(16).padStart(8, '0')}\n`;
}

/** `data` headed by its CRC-32 line. */
function withCrc(data) {
  return Buffer.concat([Buffer.from(crcLine(data), 'latin1'), data]);
}

/** The cache that follows the CRC-32 line at `offset` of `bytes`, if the line matches it; undefined when it does not, or there is none. */
function checkedData(bytes, offset = 0) {
  const start = offset + CRC_LENGTH;
  if (bytes.length <= start) return undefined;
  const data = bytes.subarray(start);
  return bytes.toString('latin1', offset, start) === crcLine(data) ? data : undefined;
}

module.exports = { withCrc, checkedData };
