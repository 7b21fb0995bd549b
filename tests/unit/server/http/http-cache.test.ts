import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from '~/server/http/content-security-policy';
import { chooseEncoding, CompressedBodies, ifNoneMatchHits, strongEtag } from '~/server/http/http-cache';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('strong ETags and If-None-Match', () => {
  it('gives equal bodies the same strong tag and different bodies different ones', () => {
    const tag = strongEtag(bytes('<p>agenda</p>'));
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    expect(strongEtag(bytes('<p>agenda</p>'))).toBe(tag);
    expect(strongEtag(bytes('<p>agenda!</p>'))).not.toBe(tag);
  });

  it('matches a listed tag, its weak form and *, and nothing when the header is missing', () => {
    expect(ifNoneMatchHits('"a", "b"', '"b"')).toBe(true);
    expect(ifNoneMatchHits('W/"b"', '"b"')).toBe(true);
    expect(ifNoneMatchHits('*', '"b"')).toBe(true);
    expect(ifNoneMatchHits('"c"', '"b"')).toBe(false);
    expect(ifNoneMatchHits(null, '"b"')).toBe(false);
  });
});

describe('choosing an encoding', () => {
  const html = 'text/html; charset=utf-8';
  it('prefers br, honours q=0 and the wildcard, and leaves small or binary bodies alone', () => {
    expect(chooseEncoding('gzip, deflate, br', html, 5000)).toBe('br');
    expect(chooseEncoding('br;q=0, gzip', html, 5000)).toBe('gzip');
    expect(chooseEncoding('gzip;q=1, br;q=0.5', html, 5000)).toBe('gzip');
    expect(chooseEncoding('*', 'application/json', 5000)).toBe('br');
    expect(chooseEncoding('identity', html, 5000)).toBeUndefined();
    expect(chooseEncoding(null, html, 5000)).toBeUndefined();
    expect(chooseEncoding('gzip, br', html, 200)).toBeUndefined();
    expect(chooseEncoding('gzip, br', 'image/png', 5000)).toBeUndefined();
  });
});

describe('compressed bodies kept by ETag', () => {
  const body = bytes('<li>session</li>'.repeat(500));

  it('compresses once per tag and encoding, and the bytes decode to the body', async () => {
    const cache = new CompressedBodies(1024 * 1024);
    const [br, again] = await Promise.all([cache.get('"t"', 'br', body), cache.get('"t"', 'br', body)]);
    expect(again).toBe(br);
    expect(brotliDecompressSync(br).equals(Buffer.from(body))).toBe(true);
    const gz = await cache.get('"t"', 'gzip', body);
    expect(gunzipSync(gz).equals(Buffer.from(body))).toBe(true);
    expect(cache.bytes).toBe(br.length + gz.length);
  });

  it('drops the least recently used bodies beyond its size', async () => {
    const cache = new CompressedBodies(1);
    const first = await cache.get('"a"', 'gzip', body);
    await cache.get('"b"', 'gzip', body);
    expect(cache.bytes).toBeLessThanOrEqual(first.length);
    expect(await cache.get('"a"', 'gzip', body)).not.toBe(first);
  });
});

describe('script hashes for every page', () => {
  it('hashes each inline script once, skips external ones, and lists them instead of a nonce', () => {
    const html = '<script>a()</script><script type="module" src="/_astro/x.js"></script><script>a()</script><script type="module">b()</script>';
    const hashes = inlineScriptHashes(html);
    const sha = (text: string) => createHash('sha256').update(text).digest('base64');
    expect(hashes).toEqual([sha('a()'), sha('b()')]);
    const policy = contentSecurityPolicy({ trust: { hashes }, event: undefined, frameable: true });
    expect(policy).toContain(`script-src 'self' 'sha256-${sha('a()')}' 'sha256-${sha('b()')}'`);
    expect(policy).not.toContain('nonce');
    expect(contentSecurityPolicy({ trust: { hashes: [] }, event: undefined, frameable: false })).toContain("script-src 'self';");
  });
});
