import type { Server } from 'node:net';
import type { Config } from '~/server/config';
import { addressKey } from '~/server/shared/address-key';
import { log } from '~/server/log';

const LOOPBACK = new Set(['127.0.0.1', '::1']);
/** At most one log line per this long about refused connections. */
const LOG_EVERY_MS = 60_000;

/**
 * Caps the open connections of one client address (IPv6: its /64) on a node reached directly
 * (docs/security.md "Connections"): past `maxConnectionsPerAddress` a new connection is closed
 * before it is read. Behind a trusted proxy every connection is the proxy's, so nothing is capped
 * here; loopback (a proxy or a benchmark on the same host) never is. Returns the open count of an
 * address, for tests.
 */
export function limitConnectionsPerAddress(server: Server, settings: Pick<Config, 'maxConnectionsPerAddress' | 'trustProxy'>): (address: string) => number {
  const open = new Map<string, number>();
  const countOf = (address: string) => open.get(addressKey(address)) ?? 0;
  if (settings.maxConnectionsPerAddress <= 0 || settings.trustProxy >= 1) return countOf;
  let refused = 0;
  let loggedAt = Number.NEGATIVE_INFINITY;
  server.on('connection', (socket) => {
    const peer = socket.remoteAddress;
    const plain = peer?.startsWith('::ffff:') ? peer.slice(7) : peer;
    if (!plain || LOOPBACK.has(plain)) return;
    const key = addressKey(plain);
    const count = open.get(key) ?? 0;
    if (count >= settings.maxConnectionsPerAddress) {
      refused += 1;
      const now = performance.now();
      if (now - loggedAt >= LOG_EVERY_MS) {
        log.warn('connections refused: too many from one address', { address: key, max: settings.maxConnectionsPerAddress, refused });
        loggedAt = now;
        refused = 0;
      }
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
  return countOf;
}
