import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';
import { getRequestListener } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { app } from '~/server/app';
import { config } from '~/server/config';
import { eventIdentityFromHost } from '~/lib/host';
import { createTrafficGate, type RequestLocals, type TrafficGate } from '~/server/ops/traffic';
import { callRouter, isProbePath } from '~/server/routes/route-table';
import { answerBytes, carriedBytes } from '~/server/http/answer-bytes';
import { serveKeptAnswer, type MemberCheck, type PageCacheLocals } from '~/server/http/page-cache-serve';
import { malformedRequest } from '~/server/http/request-host';
import { staticFiles } from '~/server/http/static-files';
import { isUnrouted } from '~/server/http/router';

export interface EdgeOptions {
  /** The build's static files (production: dist/client); in dev Vite serves them after the edge passes a request on. */
  staticDir?: string;
  /** The pages: Astro's handler, given the request's locals. The last step. */
  pages: (req: IncomingMessage, res: ServerResponse, locals: RequestLocals & PageCacheLocals) => void;
}

export interface Edge {
  handle(req: IncomingMessage, res: ServerResponse): void;
  gate: TrafficGate;
}

// The router and Astro answer these; TRACE, TRACK, CONNECT and the WebDAV verbs would reach Astro
// only to fail inside it, so they get a 405 here.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...METHODS].join(', ');

const memberCheck: MemberCheck = {
  eventOf: (host) => app().events.findByIdentity(eventIdentityFromHost(host, config().defaultEvent)),
  viewerOf: (token, eventId) => app().sessions.authenticate(token, eventId),
};

/**
 * The one entry of every request, in production (server.mjs) and in `npm run dev` (the dev
 * integration in astro.config.mjs): one step per concern, in this order (docs/request-path.md).
 *
 * 1. a 405 for a method no route has, a 400 for a missing, doubled or malformed Host or target;
 * 2. the build's static files (sirv, precompressed at build);
 * 3. the traffic gate: sheds overload with 503 + Retry-After, counts requests in flight for the
 *    drain, records route, status and duration for /metrics (probes are never shed);
 * 4. compression (the `compression` middleware) of what is not compressed already;
 * 5. the one saved-answer lookup: an answer kept for every visitor, or for every member once the
 *    request's session is checked, pages and calls alike (docs/http-cache.md);
 * 6. the router of calls (Hono, its declared routes and guards);
 * 7. the pages (Astro), for a request no route takes.
 */
export function createEdge(options: EdgeOptions): Edge {
  const settings = config();
  const gate = createTrafficGate(settings, isProbePath);
  const compress = compression({ level: 4, threshold: 1024, flush: constants.Z_SYNC_FLUSH });
  const router = routerStep(options.pages);
  const statics = options.staticDir === undefined ? undefined : staticFiles(options.staticDir);

  function handle(req: IncomingMessage, res: ServerResponse): void {
    res.setHeader('x-content-type-options', 'nosniff');
    if (!METHODS.has(req.method ?? '')) {
      gate.record(req, res, 'method-not-allowed');
      res.writeHead(405, { allow: ALLOW, 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ error: 'request.method_not_allowed', message: `Use ${ALLOW}` }));
      return;
    }
    // The Host names the event and is part of every kept answer's key (docs/security.md "Host").
    const malformed = malformedRequest(req);
    if (malformed) {
      gate.record(req, res, 'bad-request');
      res.writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store', connection: 'close' });
      res.end(JSON.stringify({ error: malformed, message: malformed === 'request.bad_host' ? 'Send one Host header naming the host' : 'Send a path as the request target' }));
      return;
    }
    if (!statics) return admitted(req, res);
    statics(req, res, () => admitted(req, res));
  }

  function admitted(req: IncomingMessage, res: ServerResponse): void {
    // Admitted once the bytes that came with the headers are parsed: a body sent with them has
    // arrived by then and counts in flight at once; one still trickling in does not hold a slot.
    globalThis.queueMicrotask(() => {
      const locals: RequestLocals & PageCacheLocals | undefined = gate.admit(req, res);
      if (!locals) return;
      compress(req as never, res as never, () => {
        serveKeptAnswer(app().pageCache, memberCheck, req, res, locals, () => router(req, res, locals));
      });
    });
  }

  return { handle, gate };
}

type Locals = RequestLocals & PageCacheLocals;

/** Step 6: the router of calls through @hono/node-server; a request it has no route for goes on to the pages. */
function routerStep(pages: EdgeOptions['pages']): (req: IncomingMessage, res: ServerResponse, locals: Locals) => void {
  const pending = new WeakMap<IncomingMessage, Locals>();
  const listener = getRequestListener(async (request, env) => {
    const incoming = env.incoming as IncomingMessage;
    const outgoing = env.outgoing as ServerResponse;
    const locals = pending.get(incoming)!;
    const response = await callRouter.fetch(request, {
      locals, rawUrl: incoming.url ?? '/', clientAddress: () => incoming.socket.remoteAddress ?? 'unknown',
    });
    if (isUnrouted(response)) {
      pages(incoming, outgoing, locals);
      return RESPONSE_ALREADY_SENT;
    }
    // An answer in memory (carried bytes, or a JSON error's text) goes out in one write with its
    // Content-Length, not a stream read chunk by chunk.
    const carried = carriedBytes(response);
    if (carried === undefined && (response.body === null || !(response.headers.get('content-type') ?? '').startsWith('application/json'))) return response;
    const bytes = carried ?? await answerBytes(response);
    if (outgoing.destroyed) return RESPONSE_ALREADY_SENT;
    const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
    if (response.headers.has('set-cookie')) headers['set-cookie'] = response.headers.getSetCookie();
    headers['content-length'] = String(bytes.length);
    outgoing.writeHead(response.status, headers);
    outgoing.end(request.method === 'HEAD' ? undefined : bytes);
    return RESPONSE_ALREADY_SENT;
  }, { overrideGlobalObjects: false });
  return (req, res, locals) => {
    pending.set(req, locals);
    void listener(req, res);
  };
}
