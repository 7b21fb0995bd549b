/**
 * When a client tries again after its realtime socket dropped (docs/cluster.md). When a node dies,
 * every attendee it held loses the socket in the same instant; a fixed or merely growing delay
 * would send them all back at the same moments (a thundering herd on the survivors). So each try
 * waits a random time inside a window that doubles with every failed try ("full jitter"), never
 * shorter than `floorMs` and never longer than `capMs`: 10,000 clients spread their first try
 * evenly over `firstWindowMs`, and those refused try again over a window twice as wide.
 *
 * Plain TypeScript with no imports: the browser client and bench/cluster-client.mjs (Node strips
 * the types) use the same function.
 */
export interface BackoffOptions {
  /** The first try's window: it waits between `floorMs` and this. */
  firstWindowMs: number;
  /** No try waits longer. */
  capMs: number;
  /** No try waits shorter (a socket that drops at once must not spin). */
  floorMs: number;
  /** How much wider each next window is. */
  growth: number;
}

export const RECONNECT_BACKOFF: BackoffOptions = { firstWindowMs: 5000, capMs: 30_000, floorMs: 250, growth: 2 };

/** The window of try `attempt` (1 = the first try after a drop): the most it may wait. */
export function backoffWindow(attempt: number, options: BackoffOptions = RECONNECT_BACKOFF): number {
  const tries = Math.max(1, Math.floor(attempt));
  const window = options.firstWindowMs * options.growth ** (tries - 1);
  return Math.max(options.floorMs, Math.min(options.capMs, window));
}

/** How long try `attempt` waits: uniform in [floorMs, window); `random` returns [0, 1). */
export function reconnectDelay(attempt: number, random: () => number = Math.random, options: BackoffOptions = RECONNECT_BACKOFF): number {
  const window = backoffWindow(attempt, options);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.min(window, Math.floor(options.floorMs + r * (window - options.floorMs)));
}
