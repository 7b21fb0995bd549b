import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '~/server/config';
import { ops, type ShedReason } from './instruments';
import { createLateJudge, waitedMs } from './request-wait';
import { createStandingQueue } from './standing-queue';

/** Seconds a shed client is asked to wait; clients add their own jitter. */
const RETRY_AFTER_SECONDS = 1;
/**
 * Event-loop utilisation from which a request that waited past `shedQueueMs` before the node read
 * it is refused. Below it the loop had idle time, so it read what arrived at once and a long
 * wait was the proxy's (or a clock skew), which a refusal here would not shorten.
 */
const BUSY_ENOUGH_TO_SHED_WAITED = 0.9;

/** What the request handler passes to Astro as `locals`; the route-label middleware fills `route`. */
export interface RequestLocals {
  route?: string;
}

type Settings = Pick<Config, 'maxInFlight' | 'shedEventLoopLagMs'> & Partial<Pick<Config, 'shedQueueMs' | 'shedQueueMinInFlight' | 'trustProxy'>>;

/** Whether the request says a body follows its headers (a length above 0, or chunks). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function pathOf(url: string | undefined): string {
  const value = url ?? '/';
  const query = value.indexOf('?');
  return query === -1 ? value : value.slice(0, query);
}

/**
 * Built once: a shed must cost the node next to nothing, or shedding eats the capacity it
 * protects. A string body goes out in one write with the headers (a Buffer takes a second one).
 */
const REFUSAL_BODY = JSON.stringify({ error: 'server.overloaded', message: 'The server is busy; try again shortly', retryAfter: RETRY_AFTER_SECONDS });
const REFUSAL_HEADERS = {
  'retry-after': String(RETRY_AFTER_SECONDS), 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(REFUSAL_BODY)), 'cache-control': 'no-store',
};

// The connection stays open (unless the node drains): the client retries on it, where a closed one
// would cost both sides a new connection per refusal, and behind nginx a new upstream connection.
function refuse(res: ServerResponse, reason: ShedReason): void {
  ops().shed(reason);
  res.writeHead(503, REFUSAL_HEADERS);
  res.end(REFUSAL_BODY);
}

/**
 * The gate every application request passes (server.mjs): sheds with 503 + Retry-After when the
 * node has `maxInFlight` requests open, its event loop lagged more than `shedEventLoopLagMs` in
 * the last window, or requests queue (no answer of a busy 100 ms window within half of
 * `shedQueueMs`; the node then keeps what it finishes within `shedQueueMs` in flight:
 * standing-queue.ts), or a request had waited more than `shedQueueMs` before the node read it
 * while its loop was saturated (the load balancer's X-Request-Start, read only with TRUST_PROXY:
 * request-wait.ts) (docs/operations.md); counts requests in flight for the drain, asks clients to reconnect
 * elsewhere while draining, and records route, status and duration for /metrics.
 */
export function createTrafficGate(settings: Settings, isProbePath: (path: string) => boolean) {
  const metrics = ops();
  const { state } = metrics;
  const request = (route: string, method: string, status: number, seconds: number) => metrics.request(route, method, status, seconds);
  let idleWaiters: (() => void)[] = [];
  /** Answers not finished yet, so a drain can ask their clients to reconnect elsewhere. */
  const open = new Set<ServerResponse>();
  const queue = settings.shedQueueMs
    ? createStandingQueue({ targetMs: settings.shedQueueMs, ...(settings.shedQueueMinInFlight ? { minLimit: settings.shedQueueMinInFlight } : {}) })
    : undefined;
  const lateJudge = settings.shedQueueMs ? createLateJudge({ targetMs: settings.shedQueueMs }) : undefined;
  // A stamp is the proxy's word only when a proxy is trusted at all (TRUST_PROXY); without one, a
  // client that reaches the node writes it, and its waits would skew /metrics and the sheds.
  const trustsStamps = (settings.trustProxy ?? 0) >= 1;

  /**
   * Whether the request waited more than `shedQueueMs` between the load balancer and this node,
   * as some read in the 100 ms window before it did, while the node's loop was saturated
   * (request-wait.ts): its client has waited long already, and a cheap refusal lets the node
   * reach the fresher requests behind it.
   */
  function tooLate(req: IncomingMessage): boolean {
    const now = Date.now();
    const waited = waitedMs(req.headers, now);
    if (waited === undefined) return false;
    metrics.waited(waited / 1000);
    return lateJudge !== undefined && lateJudge.late(waited, now) && state.busy >= BUSY_ENOUGH_TO_SHED_WAITED;
  }

  function finished(res: ServerResponse, wasCounted: boolean): void {
    open.delete(res);
    if (wasCounted) state.inFlight -= 1;
    else state.receiving -= 1;
    if (state.inFlight === 0 && state.receiving === 0) {
      for (const wake of idleWaiters) wake();
      idleWaiters = [];
    }
  }

  return {
    /**
     * Admits one request: returns the locals to hand to Astro, or undefined when it was answered
     * here (shed). Ops paths are never shed.
     */
    admit(req: IncomingMessage, res: ServerResponse): RequestLocals | undefined {
      if (state.draining) res.setHeader('connection', 'close');
      // Probes are answered whatever the load, so load balancers and scrapers never see the node as overloaded.
      const isOps = isProbePath(pathOf(req.url));
      if (!isOps && state.inFlight >= settings.maxInFlight) return void refuse(res, 'in_flight');
      if (!isOps && settings.shedEventLoopLagMs > 0 && state.lagMs > settings.shedEventLoopLagMs) return void refuse(res, 'event_loop_lag');
      if (!isOps && queue && state.inFlight >= queue.limit()) return void refuse(res, 'queue');
      if (!isOps && trustsStamps && req.headers['x-request-start'] !== undefined && tooLate(req)) return void refuse(res, 'waited');
      const started = performance.now();
      const locals: RequestLocals = {};
      open.add(res);
      // A request counts in flight once its body has arrived: a body that trickles in holds no
      // slot of the budget (it does no work meanwhile), so 30 of them cannot turn logins away.
      let isCounted = false;
      let workStarted = started;
      const countInFlight = () => {
        if (isCounted || res.writableEnded || res.destroyed) return;
        isCounted = true;
        state.receiving -= 1;
        state.inFlight += 1;
        workStarted = performance.now();
      };
      state.receiving += 1;
      if (req.complete || !hasBody(req)) countInFlight();
      else req.once('end', countInFlight);
      res.once('close', () => {
        req.off('end', countInFlight);
        finished(res, isCounted);
        // A client that went away before the answer was complete: nginx's 499.
        const status = res.writableFinished ? res.statusCode : 499;
        const now = performance.now();
        if (!isOps && status !== 499 && isCounted) queue?.answered(now - workStarted);
        request(locals.route ?? 'unmatched', req.method ?? 'GET', status, (now - started) / 1000);
      });
      return locals;
    },

    /** Records a request answered before the gate (static files, refused methods) under `route`. */
    record(req: IncomingMessage, res: ServerResponse, route: string): void {
      const started = performance.now();
      res.once('close', () => request(route, req.method ?? 'GET', res.writableFinished ? res.statusCode : 499, (performance.now() - started) / 1000));
    },

    /** From now on readiness fails and answers close their connection. */
    startDraining(): void {
      state.draining = true;
      for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
    },

    /** Resolves when no request is in flight or receiving its body, or after `timeoutMs`; true when none was left. */
    idle(timeoutMs: number): Promise<boolean> {
      if (state.inFlight === 0 && state.receiving === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        idleWaiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },

    inFlight: () => state.inFlight + state.receiving,
  };
}

export type TrafficGate = ReturnType<typeof createTrafficGate>;
