import type { IncomingMessage } from 'node:http';
import { config } from '~/server/config';
import { addressKey } from '~/server/shared/address-key';
import type { RequestHead } from './request-context';

/** What a request says about its client: enough of Astro's APIContext (or `Astro` in a page). */
export interface ClientContext {
  request: Request;
  clientAddress: string;
  url: URL;
}

/**
 * The entry `hops` places from the right of X-Forwarded-For: each trusted proxy appends the
 * address it saw, so entries left of that are whatever the client wrote and prove nothing.
 */
export function forwardedAddress(header: string | null, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const entry = entries[entries.length - hops];
  return entry && entry.length <= 64 ? entry : undefined;
}

/**
 * The client's address as every address limit counts it: the socket's peer, or with TRUST_PROXY
 * the address the proxy forwarded (docs/security.md), an IPv6 address grouped by its /64 (one
 * subscriber holds a whole /64 and could pick a fresh address per request). Never trust
 * X-Forwarded-For without TRUST_PROXY, for the same reason.
 */
export function clientAddressOf(context: ClientContext, hops = config().trustProxy): string {
  let socket = 'unknown';
  try { socket = context.clientAddress; } catch { /* Astro throws when the adapter knows none */ }
  return addressKey(forwardedAddress(context.request.headers.get('x-forwarded-for'), hops) ?? socket);
}

/** clientAddressOf for a request node:http hands over itself (a WebSocket upgrade). */
export function upgradeAddressOf(request: Pick<IncomingMessage, 'headers' | 'socket'>, hops = config().trustProxy): string {
  const forwarded = request.headers['x-forwarded-for'];
  return addressKey(forwardedAddress(Array.isArray(forwarded) ? forwarded.join(',') : forwarded ?? null, hops) ?? request.socket.remoteAddress);
}

/** Whether the client reached us over TLS: the URL's scheme, or the proxy's X-Forwarded-Proto with TRUST_PROXY. */
export function isHttps(context: Pick<ClientContext, 'request' | 'url'>, hops = config().trustProxy): boolean {
  if (context.url.protocol === 'https:') return true;
  if (hops < 1) return false;
  const proto = context.request.headers.get('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase();
  return proto === 'https';
}

/** The host name of a URL-ish header value (Origin, Referer), lower case; undefined when it is none. */
function hostnameOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser request provably comes from a page of this host: Sec-Fetch-Site
 * `same-origin` or `none` (typed in the address bar); without it an Origin, else a Referer,
 * naming this host. Host names are compared without scheme or port — the session cookie is
 * not kept apart by either. `same-site` is refused: sibling subdomains are other events.
 */
export function isSameOriginRequest(request: RequestHead, url: URL): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null) return fetchSite === 'same-origin' || fetchSite === 'none';
  const host = url.hostname.toLowerCase();
  const origin = request.headers.get('origin');
  if (origin !== null) return hostnameOf(origin) === host;
  const referer = request.headers.get('referer');
  return referer !== null && hostnameOf(referer) === host;
}

/**
 * Whether a request is a script's (fetch or XMLHttpRequest), which an `<img>`, `<video>`, link or
 * form cannot make: Sec-Fetch-Dest `empty`; from a browser that sends no Sec-Fetch-Dest, an Accept
 * asking for JSON (the browser client's own, islands/http/api.client.ts; elements and navigations
 * ask for pictures, media or HTML).
 */
export function isScriptRequest(request: RequestHead): boolean {
  const destination = request.headers.get('sec-fetch-dest');
  if (destination !== null) return destination === 'empty';
  return /\bapplication\/json\b/i.test(request.headers.get('accept') ?? '');
}
