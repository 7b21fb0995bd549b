import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachePolicy, indexStaticFiles, serveStatic } from '../../../node-server/static-files.mjs';

describe('cache policy of static files', () => {
  it('keeps hashed build assets for a year', () => {
    expect(cachePolicy('/_astro/index.Ab12.js')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the service worker on every load so a new release takes over', () => {
    expect(cachePolicy('/sw.js')).toBe('no-cache');
  });

  it('keeps the demo pictures for a week instead of five minutes', () => {
    expect(cachePolicy('/demo/logo.svg')).toMatch(/max-age=604800/);
    expect(cachePolicy('/favicon.svg')).toBe('public, max-age=300');
  });
});

describe('serving static files from memory', () => {
  it('answers from memory, gzip or br as accepted, and 304 to a listed ETag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ep-static-'));
    const text = 'body { color: red; }\n'.repeat(200);
    writeFileSync(join(dir, 'site.css'), text);
    const index = await indexStaticFiles(pathToFileURL(dir + '/'));
    const serve = (headers: Record<string, string>) => {
      const answer: { status?: number; headers?: Record<string, unknown>; body?: Buffer | undefined } = {};
      const res: { writeHead: (status: number, h: Record<string, unknown>) => unknown; end: (body?: Buffer) => void } = {
        writeHead: (status, h) => { answer.status = status; answer.headers = h; return res; },
        end: (body) => { answer.body = body; },
      };
      expect(serveStatic(index, { method: 'GET', url: '/site.css', headers }, res)).toBe(true);
      return answer;
    };
    const plain = serve({});
    expect(plain.body?.toString()).toBe(text);
    expect(gunzipSync(serve({ 'accept-encoding': 'gzip' }).body!).toString()).toBe(text);
    expect(serve({ 'accept-encoding': 'gzip, br' }).headers?.['content-encoding']).toBe('gzip');
    for (let i = 0; i < 50 && serve({ 'accept-encoding': 'br' }).headers?.['content-encoding'] !== 'br'; i += 1) await new Promise((r) => setTimeout(r, 20));
    const br = serve({ 'accept-encoding': 'gzip, br' });
    expect(br.headers?.['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body!).toString()).toBe(text);
    expect(serve({ 'accept-encoding': 'br;q=0, gzip' }).headers?.['content-encoding']).toBe('gzip');
    expect(serve({ 'if-none-match': `"x", ${String(plain.headers?.['etag'])}` }).status).toBe(304);
  });
});
