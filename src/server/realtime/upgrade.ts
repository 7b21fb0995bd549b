import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

export const REALTIME_PATH = '/realtime';

/** The request path without its query string. */
export function pathOf(request: IncomingMessage): string {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Answers an upgrade with a plain HTTP status and closes the connection. */
export function refuse(socket: Duplex, status: 401 | 403 | 404 | 429 | 503): void {
  const reason = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests', 503: 'Service Unavailable' }[status];
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * Whether a browser page of this very host opened the socket. Browsers always send Origin with
 * a WebSocket upgrade, so a page of another site (which would ride on the visitor's cookie) is
 * told apart; clients that are not browsers send none and are let through (they hold no
 * visitor's cookie).
 */
export function isSameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Another path's upgrade is none of ours. When we are the only upgrade listener (the
 * production server) nobody else will answer it, so it is refused; in `astro dev` Vite's
 * HMR socket shares the server and must be left alone.
 */
export function refuseForeign(server: Server, socket: Duplex): void {
  if (server.listenerCount('upgrade') <= 1) refuse(socket, 404);
}

/** Until ws owns the socket, a reset during the async event lookup must not crash the process. */
export function destroyOnError(this: Duplex): void {
  this.destroy();
}
