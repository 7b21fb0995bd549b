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
export function refuse(socket: Duplex, status: 400 | 401 | 403 | 404 | 429 | 503): void {
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests', 503: 'Service Unavailable' }[status];
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
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

/**
 * Cross-site WebSocket hijacking guard: a browser always sends Origin on an upgrade,
 * so one naming another host (or `null`) is another site's page riding the visitor's cookie.
 * No Origin at all is a non-browser client (curl, the benchmark, a native app), which holds
 * no visitor's cookie, and is let in. Host names are compared without scheme or port.
 */
export function isAllowedOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.toLowerCase() === host;
  } catch {
    return false;
  }
}
