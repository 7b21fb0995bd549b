import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';

/** Resident memory of a process in bytes, read from /proc (the test server runs as a child process). */
export function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/**
 * A raw TCP WebSocket client, as an attacker writes one: it upgrades by hand, pauses reading
 * for good, and writes ready-made masked {"type":"ping"} frames in 64 KB batches as fast as the
 * server takes them.
 */
export function floodSocket(port: number, host: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.write(`GET /realtime HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`
        + `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    });
    socket.on('error', () => undefined);
    socket.once('data', (head: Buffer) => {
      socket.pause();
      if (head.toString('latin1').startsWith('HTTP/1.1 101')) resolve(socket);
      else reject(new Error(`upgrade refused: ${head.toString('latin1').split('\r\n')[0]}`));
    });
  });
}

/** Masked client text frames (zero mask key) of {"type":"ping"}, repeated to about 64 KB. */
function pingBatch(): Buffer {
  const payload = Buffer.from(JSON.stringify({ type: 'ping', at: 1 }));
  const frame = Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
  return Buffer.concat(Array.from({ length: Math.floor(65_536 / frame.length) }, () => frame));
}

/**
 * Floods for `ms` (or until the server drops the socket) and samples the RSS of process `pid`
 * meanwhile; stops early past `abortAboveBytes` so a failing run does not take the machine's
 * memory with it.
 */
export async function floodPings(socket: Socket, ms: number, { pid = process.pid, abortAboveBytes = Infinity } = {}): Promise<{ peakRss: number; sentBytes: number }> {
  const batch = pingBatch();
  const end = Date.now() + ms;
  let peakRss = rssOf(pid);
  let sentBytes = 0;
  let nextSample = 0;
  while (Date.now() < end && peakRss < abortAboveBytes && !socket.destroyed) {
    if (!socket.write(batch)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), new Promise((resolve) => setTimeout(resolve, 50))]);
    sentBytes += batch.length;
    if (Date.now() >= nextSample) {
      peakRss = Math.max(peakRss, rssOf(pid));
      nextSample = Date.now() + 50;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { peakRss: Math.max(peakRss, rssOf(pid)), sentBytes };
}
