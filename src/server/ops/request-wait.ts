/**
 * How long a request waited before this node read it, from the load balancer's stamp of when it
 * received it: `X-Request-Start: t=<seconds since the epoch>` (nginx: `t=${msec}`; milliseconds or
 * microseconds are recognised by their size, as other proxies send them).
 *
 * This is the wait no in-node measure can see: with thousands of keep-alive connections each
 * holding a request, a saturated node reads each one late, after it sat in its socket's kernel
 * buffer, and answers it fast once read (docs/operations.md, "What the rules cannot see").
 *
 * The stamp is read only with TRUST_PROXY (traffic.ts), as X-Forwarded-For is: without a trusted
 * proxy in front, whoever reaches the node writes it. Even then each request is judged by its own
 * stamp only, so a forged one changes nothing but its own request's fate.
 */
const HEADER = 'x-request-start';

/** Stamps further than this from the node's clock are not waits but a broken or forged header. */
const PLAUSIBLE_MS = 60_000;

/** The stamp in ms since the epoch, or undefined when absent or unreadable. */
export function requestStartMs(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string') return undefined;
  const number = Number(value.startsWith('t=') ? value.slice(2) : value);
  if (!Number.isFinite(number) || number <= 0) return undefined;
  if (number < 1e11) return number * 1000; // seconds (nginx's $msec: 1764158400.123)
  if (number < 1e14) return number; // milliseconds
  return number / 1000; // microseconds
}

/**
 * Ms the request waited between the proxy and this node (never below 0), or undefined without a
 * plausible stamp. Needs the proxy's and the node's clocks in step (NTP): a skew shifts every wait.
 */
export function waitedMs(headers: Record<string, string | string[] | undefined>, nowMs: number): number | undefined {
  const started = requestStartMs(headers[HEADER]);
  if (started === undefined) return undefined;
  const waited = nowMs - started;
  if (waited > PLAUSIBLE_MS || waited < -PLAUSIBLE_MS) return undefined;
  return Math.max(0, waited);
}

/** Length of one judging window (as standing-queue.ts). */
const WINDOW_MS = 100;
/** Late reads in the previous window that make waits "standing" (one straggler does not). */
const MIN_LATE = 2;

/**
 * Tells a queue standing in front of the node from a burst: a request that waited more than
 * `targetMs` is late when at least MIN_LATE requests read in the previous 100 ms window waited
 * that long too. A burst read together after one long task (a start-up, a cold route's first load)
 * waited long, all of it, but the window before it read nothing late, so it is admitted. Reads are
 * not in arrival order (the kernel hands the node ready sockets in batches, so fresh requests
 * interleave with old ones), which is why a fresh read does not clear the judgement as it would
 * in CoDel: only a window without late reads does.
 */
export function createLateJudge({ targetMs, windowMs = WINDOW_MS, minLate = MIN_LATE }: { targetMs: number; windowMs?: number; minLate?: number }) {
  let windowStart = 0;
  let lateNow = 0;
  let latePrevious = 0;
  return {
    /** Whether a request read at `nowMs` after waiting `waited` ms is late. */
    late(waited: number, nowMs: number): boolean {
      if (nowMs - windowStart >= windowMs) {
        // A gap of more than one window means the previous window read nothing.
        latePrevious = nowMs - windowStart < 2 * windowMs ? lateNow : 0;
        lateNow = 0;
        windowStart = nowMs - ((nowMs - windowStart) % windowMs);
      }
      if (waited <= targetMs) return false;
      lateNow += 1;
      return latePrevious >= minLate;
    },
  };
}
