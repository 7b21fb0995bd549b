import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatePart, gzipPieces } from '~/server/http/gzip-pieces';

const html = (text: string) => Buffer.from(text);

/** What a browser gets: gunzip checks the CRC-32 and the length in the trailer too. */
function unzipped(parts: Uint8Array[], holes: Uint8Array[]): Buffer {
  return gunzipSync(Buffer.concat(gzipPieces(parts.map(deflatePart), holes)));
}

describe('gzipPieces', () => {
  it('inflates to the parts and holes in order, with a trailer that gunzip accepts', () => {
    const parts = [html('<!doctype html><p>Hello, '), html('</p><script nonce="'), html('">start()</script>')];
    const holes = [html('Bob &quot;O&#39;Brien&quot;'), html('bm9uY2Utb25lLXR3by10aHJlZQ==')];
    expect(unzipped(parts, holes).toString()).toBe('<!doctype html><p>Hello, Bob &quot;O&#39;Brien&quot;</p><script nonce="bm9uY2Utb25lLXR3by10aHJlZQ==">start()</script>');
  });

  it('takes empty parts and empty holes', () => {
    expect(unzipped([html(''), html('a'), html('')], [html(''), html('é')]).toString()).toBe('aé');
    expect(unzipped([html('')], []).length).toBe(0);
  });

  it('splits a hole longer than one stored block (65,535 bytes)', () => {
    const hole = randomBytes(150_000);
    const out = unzipped([html('<a>'), html('</a>')], [hole]);
    expect(out.subarray(3, 3 + hole.length).equals(hole)).toBe(true);
    expect(out.length).toBe(hole.length + 7);
  });

  it('gives the same bytes as the whole page for random pages of many pieces', () => {
    for (let round = 0; round < 20; round += 1) {
      const count = 1 + (round % 7);
      const parts = Array.from({ length: count + 1 }, (_, i) => randomBytes((round * 977 + i * 131) % 9000));
      const holes = Array.from({ length: count }, (_, i) => randomBytes((round + i * 17) % 60));
      const whole = Buffer.concat(parts.flatMap((part, i) => (holes[i] ? [part, holes[i]] : [part])));
      const zipped = Buffer.concat(gzipPieces(parts.map(deflatePart), holes));
      expect(gunzipSync(zipped).equals(whole)).toBe(true);
      expect(zipped.readUInt32LE(zipped.length - 8)).toBe(crc32(whole));
    }
  });

  it('compresses a page of repeated markup to a fraction of its size', () => {
    const row = '<li class="session"><span class="time">09:00</span><a href="/stage?session=1">Keynote</a></li>';
    const parts = [html(row.repeat(500)), html(row.repeat(500))];
    const zipped = Buffer.concat(gzipPieces(parts.map(deflatePart), [html('Ada Lovelace')]));
    expect(zipped.length).toBeLessThan(row.length * 1000 * 0.05);
  });
});
