/*
 * A kept page's gzip body without gzipping it per view (issue 12, docs/http-cache.md "Pages for
 * members"). Gzipping the filled page per request cost 2–3 ms of CPU for the web app's 188 kB,
 * more than the rest of the view. The template's fixed parts are deflated once, each on its own
 * and ending byte-aligned (a full flush, no final block), so raw deflate data can be laid end to
 * end (RFC 1951: a stream is a sequence of blocks). A view writes the gzip header, each deflated
 * part, the viewer's values between them as stored blocks, an empty final block, and the trailer
 * (CRC-32 and length of the filled page).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A template's fixed parts deflated, in order. */
export interface DeflatedParts {
  deflated: Buffer[];
}

/** Header of a gzip member: deflate, no name or time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: BFINAL 1, BTYPE 01, end-of-block. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const STORED_MAX = 0xffff;

/** Deflates a template's fixed parts once, each ending on a byte boundary with no final block. */
export function deflateParts(parts: readonly Buffer[]): DeflatedParts {
  return { deflated: parts.map((part) => deflateRawSync(part, { level: 6, finishFlush: constants.Z_FULL_FLUSH })) };
}

/** Stored (uncompressed) blocks holding `bytes`: a viewer's name, id or nonce is a few dozen bytes. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const head = Buffer.alloc(5);
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
  }
  return blocks;
}

/**
 * The gzip body of the page whose fixed parts are `parts` (deflated as `deflated`) with `values`
 * between them: gunzipped, exactly `parts[0] + values[0] + parts[1] + …`.
 */
export function gzipFilled(parts: readonly Buffer[], { deflated }: DeflatedParts, values: readonly Buffer[]): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (let i = 0; i < parts.length; i += 1) {
    pieces.push(deflated[i]!);
    crc = crc32(parts[i]!, crc);
    size += parts[i]!.length;
    const value = values[i];
    if (value === undefined || value.length === 0) continue;
    pieces.push(...storedBlocks(value));
    crc = crc32(value, crc);
    size += value.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}
