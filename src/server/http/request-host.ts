import type { IncomingMessage } from 'node:http';

/*
 * The Host a request names (docs/security.md "Host"): the event it is for (its first label, lib/host.ts) and part of
 * every kept answer's key (docs/http-cache.md). A node reached directly, without the shipped
 * nginx in front, refuses what nginx refuses: a missing, doubled or malformed Host is a 400 before
 * any lookup. X-Forwarded-Host is never read, with TRUST_PROXY or without.
 */

/** One DNS label: letters, digits, '-' inside, and '_' (container and service names carry it). */
const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
/** A host name (labels, a trailing dot allowed), an IPv4 address, or a bracketed IPv6 one; then an optional port. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?$`, 'i');
const MAX_HOST_LENGTH = 260;

/** Whether `host` is a host name with an optional port: no space, no percent sign, no user info, no path. */
export function isValidHost(host: string | null | undefined): host is string {
  return typeof host === 'string' && host.length <= MAX_HOST_LENGTH && HOST.test(host);
}

/**
 * The request's Host when it sent exactly one valid one, else undefined (then it is refused).
 * Node keeps only the first of doubled Host headers, so they are counted in the raw headers.
 */
export function requestHostOf(request: Pick<IncomingMessage, 'headers' | 'rawHeaders'>): string | undefined {
  let count = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i]!.toLowerCase() === 'host') count += 1;
  const { host } = request.headers;
  return count === 1 && isValidHost(host) ? host : undefined;
}

/**
 * Why server.mjs refuses a request before anything reads it, or undefined when it may go on: its
 * Host (requestHostOf; the probes' too, as a load balancer's check names the node it asks), or a
 * request target that is not a path (an absolute URL names a host of its own, and a node is no
 * forward proxy).
 */
export function malformedRequest(request: Pick<IncomingMessage, 'headers' | 'rawHeaders' | 'url'>): 'request.bad_host' | 'request.bad_target' | undefined {
  if (!(request.url ?? '').startsWith('/')) return 'request.bad_target';
  return requestHostOf(request) === undefined ? 'request.bad_host' : undefined;
}
