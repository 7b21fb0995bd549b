import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { limitConnectionsPerAddress } from '~/server/ops/connection-limit';

/** A connection from `localAddress` that has sent a request line and waits; resolves once the server accepted or closed it. */
function open(port: number, localAddress: string): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => {
      let text = '';
      const answer = new Promise<string>((done) => {
        socket.on('data', (chunk) => { text += String(chunk); if (text.includes('\r\n\r\n')) done(text.split('\r\n')[0]!); });
        socket.on('close', () => done(text === '' ? 'closed' : text.split('\r\n')[0]!));
      });
      resolve({ socket, answer });
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** Listens on a random loopback port and answers it. */
async function listening(on: Server): Promise<number> {
  await new Promise<void>((resolve) => on.listen(0, '127.0.0.1', resolve));
  const address = on.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('connections per client address', () => {
  let server: Server | undefined;
  afterEach(() => { server?.closeAllConnections(); server?.close(); });

  it('closes an address\'s connections past the cap before reading them, counts them down as they close, and never caps loopback', async () => {
    server = createServer((_req, res) => res.end('ok'));
    const countOf = limitConnectionsPerAddress(server, { maxConnectionsPerAddress: 2, trustProxy: 0 });
    const port = await listening(server);
    // 127.0.0.2 reaches the listener through loopback but is not the loopback address a local proxy uses.
    const held = [await open(port, '127.0.0.2'), await open(port, '127.0.0.2')];
    while (countOf('127.0.0.2') < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const third = await open(port, '127.0.0.2');
    third.socket.write('GET / HTTP/1.1\r\nHost: a.localhost\r\n\r\n');
    expect(await third.answer).toBe('closed');
    for (let i = 0; i < 4; i += 1) {
      const local = await open(port, '127.0.0.1');
      local.socket.write('GET / HTTP/1.1\r\nHost: a.localhost\r\n\r\n');
      expect(await local.answer).toBe('HTTP/1.1 200 OK');
    }
    held[0]!.socket.destroy();
    while (countOf('127.0.0.2') > 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const again = await open(port, '127.0.0.2');
    again.socket.write('GET / HTTP/1.1\r\nHost: a.localhost\r\n\r\n');
    expect(await again.answer).toBe('HTTP/1.1 200 OK');
    for (const one of [...held, again]) one.socket.destroy();
  });

  it('caps nothing behind a trusted proxy, whose connections all carry the proxy\'s address', async () => {
    server = createServer((_req, res) => res.end('ok'));
    const countOf = limitConnectionsPerAddress(server, { maxConnectionsPerAddress: 1, trustProxy: 1 });
    const port = await listening(server);
    const held = await open(port, '127.0.0.2');
    const second = await open(port, '127.0.0.2');
    second.socket.write('GET / HTTP/1.1\r\nHost: a.localhost\r\n\r\n');
    expect(await second.answer).toBe('HTTP/1.1 200 OK');
    expect(countOf('127.0.0.2')).toBe(0);
    held.socket.destroy();
    second.socket.destroy();
  });
});
