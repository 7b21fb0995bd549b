/*
 * The lean path for signed-in JSON calls (docs/request-path.md "The lean path"). Astro
 * spends about 0.5 ms of CPU on every request before and after our code: a web Request with every
 * header copied, the route match, a per-request import of the route, its middleware hops, a body
 * stream for the answer. For a GET on the lean table (lean-routes.ts) server.mjs runs instead the
 * same guards (middleware/request-guards.ts) and the same endpoint handler, with a context that
 * carries what they read (request-context.ts), and writes the answer in one piece. Whatever only
 * Astro does (a cookie to clear, a redirect, a rewrite, an error page, a non-JSON body) is left to
 * Astro: the lean attempt is dropped unwritten and Astro answers the request from the start.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Guard, GuardContext } from './request-context';
import type { LeanMatch } from './lean-route-match';
import { SESSION_COOKIE, sessionCookieOf } from './session-cookie';


/** What Astro renders for itself when an answer with no body has one of these statuses (its error pages). */
const ERROR_PAGE_STATUS = new Set([404, 500]);

/**
 * server.mjs, after the response cache: answers a GET of a route on the lean table through the
 * guards and its endpoint. Returns false when the request is not one for the table (then Astro
 * answers it); when true, it is answered here, or handed to Astro through `toAstro`.
 */
export function serveLeanCall(
  match: (path: string) => LeanMatch | undefined, guards: Guard,
  req: IncomingMessage, res: ServerResponse, locals: object, toAstro: () => void,
): boolean {
  if (req.method !== 'GET' || req.url === undefined || req.headers.host === undefined) return false;
  // The URL Astro's Node adapter builds, so endpoints see the same one.
  const url = URL.parse(`http://${req.headers.host}${req.url}`);
  // Astro decodes the path before matching (and answers a bad escape with 400): such paths are its.
  const found = url && !url.pathname.includes('%') ? match(url.pathname) : undefined;
  if (!url || !found) return false;
  let needsAstro = false;
  const leave = () => { needsAstro = true; };
  const context: GuardContext = {
    request: { method: 'GET', headers: { get: (name) => headerOf(req, name) } },
    url,
    params: found.params,
    // The same object server.mjs hands Astro: the guards fill it, the traffic gate reads its route.
    locals: locals as App.Locals,
    routePattern: found.route.pattern,
    cookies: {
      get: (name) => {
        const value = name === SESSION_COOKIE ? sessionCookieOf(req.headers.cookie) : undefined;
        // A cookie read another way than sessionCookieOf can read it (another name, an odd spelling) is Astro's to parse.
        if (value === undefined && req.headers.cookie?.includes(name)) leave();
        return value === undefined ? undefined : { value };
      },
      // Astro writes the Set-Cookie of a cleared cookie.
      delete: leave,
    },
    redirect: (_path, status = 302) => { leave(); return new Response(null, { status }); },
  };
  guards(context, (rewrite) => {
    if (rewrite === undefined) return found.route.GET(context);
    leave();
    return Promise.resolve(new Response(null, { status: 500 }));
  }).then((response) => {
    const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json');
    if (needsAstro || (response.body === null ? ERROR_PAGE_STATUS.has(response.status) : !isJson)) return toAstro();
    // A failure while sending leaves a half-written answer: only closing the connection is honest.
    return send(res, response).catch(() => res.destroy());
  }, () => {
    // A guard that failed (the database gone): Astro answers, as it always did, from the start.
    if (!res.destroyed) toAstro();
  });
  return true;
}

/**
 * Below this a body goes out as a string, in one write with the headers (a Buffer takes a second
 * one); above it as the bytes themselves, which compressResponse gzips from 1 kB on without
 * decoding and encoding them again (a tenth of a gzipped agenda's CPU).
 */
const STRING_BYTES = 1024;

/** The answer in one piece: its headers with its Content-Length, then its body. */
async function send(res: ServerResponse, response: Response): Promise<void> {
  const bytes = response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
  // A compressed body is bytes, not text: as a string it would be decoded as UTF-8 and broken.
  const body = bytes !== undefined && bytes.length < STRING_BYTES && !response.headers.has('content-encoding') ? bytes.toString() : bytes;
  if (res.destroyed) return;
  res.writeHead(response.status, outgoingHeaders(response.headers, body));
  res.end(body);
}

/** A request header as Headers.get reads it: null when absent, repeated values joined. */
function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The answer's headers for writeHead, Set-Cookie as a list, with the Content-Length of a one-piece body. */
function outgoingHeaders(headers: Headers, body: string | Buffer | undefined): Record<string, string | string[] | number> {
  const outgoing: Record<string, string | string[] | number> = {};
  for (const [name, value] of headers) outgoing[name] = value;
  if (headers.has('set-cookie')) outgoing['set-cookie'] = headers.getSetCookie();
  if (body !== undefined) outgoing['content-length'] = Buffer.byteLength(body);
  return outgoing;
}
