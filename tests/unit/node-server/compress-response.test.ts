import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressResponse } from '../../../node-server/compress-response.mjs';

type Handler = (res: ServerResponse) => void | Promise<void>;
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => { for (const server of servers.splice(0)) server.close(); });

/** Answers one GET through compressResponse, as server.mjs does before Astro's handler writes. */
async function fetchThrough(handler: Handler, acceptEncoding = 'gzip, br'): Promise<{ headers: IncomingMessage['headers']; body: Buffer }> {
  const server = createServer((req, res) => {
    compressResponse(req, res);
    void handler(res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

/** What Astro's writeResponse does: headers, each chunk of the body stream, then the end a microtask later. */
function astroLike(type: string, chunks: string[]): Handler {
  return async (res) => {
    res.writeHead(200, { 'content-type': type });
    for (const chunk of chunks) {
      res.write(Buffer.from(chunk));
      await Promise.resolve();
    }
    res.end();
  };
}

describe('compressResponse', () => {
  it('sends a small JSON answer as it is, in one piece with its Content-Length', async () => {
    const { headers, body } = await fetchThrough(astroLike('application/json', ['[{"id":5,"name":"Volunteers"}]']));
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['content-length']).toBe(String(body.length));
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(body.toString()).toBe('[{"id":5,"name":"Volunteers"}]');
  });

  it('gzips a JSON answer of 1 kB or more', async () => {
    const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Session ${i}` })) });
    const { headers, body } = await fetchThrough(astroLike('application/json; charset=utf-8', [json.slice(0, 10), json.slice(10)]));
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['vary']).toBe('accept-encoding');
    expect(gunzipSync(body).toString()).toBe(json);
  });

  it('gzips a page that pauses while it renders, sending its first bytes before the end', async () => {
    let firstSent = false;
    const { headers, body } = await fetchThrough(async (res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!doctype html><html><head>');
      // The rest renders only once the head went out: an answer held back until its end never gets there.
      await vi.waitFor(() => expect(res.headersSent).toBe(true), { timeout: 5000, interval: 5 });
      firstSent = res.headersSent;
      res.end('<body>rendered later</body></html>');
    });
    expect(firstSent).toBe(true);
    expect(headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body).toString()).toBe('<!doctype html><html><head><body>rendered later</body></html>');
  });

  it('leaves answers without a body, other types and clients without gzip alone', async () => {
    const notModified = await fetchThrough((res) => { res.writeHead(304, { etag: '"a"' }); res.end(); });
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.headers['etag']).toBe('"a"');
    const image = await fetchThrough(astroLike('image/png', ['x'.repeat(4096)]));
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
    const plain = await fetchThrough(astroLike('application/json', ['y'.repeat(4096)]), 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBe(4096);
  });
});
