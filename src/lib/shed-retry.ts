/**
 * When a client sends a call again after a busy node shed it with 503 + Retry-After
 * (docs/operations.md, overload shedding). The node refused the call before doing anything, so
 * any call, a vote included, is safe to repeat. At "vote now" thousands are refused together:
 * a fixed number of quick tries gave most of them up while the node was still catching up
 * (bench:cluster, 10,000 votes in 5 s: 6,580 given up after three tries). So a client keeps
 * trying for a time budget instead, each wait the node's Retry-After doubled per try, capped, and
 * scaled by a random 0.5–1.5 so a crowd refused together does not come back together.
 *
 * Plain TypeScript with no imports: the browser client and bench/votes-voter.mjs (Node strips
 * the types) use the same rule.
 */
export interface ShedRetryOptions {
  /** No more tries once this long has passed since the first answer. */
  budgetMs: number;
  /** No single wait is longer (before the jitter). */
  capMs: number;
  /** A Retry-After above this is not a busy node's (maintenance, say): the answer is passed on. */
  maxRetryAfterS: number;
}

export const SHED_RETRY: ShedRetryOptions = { budgetMs: 30_000, capMs: 8000, maxRetryAfterS: 30 };

/**
 * How long to wait before try `retry` (0 = the first repeat) of a call the node shed, or
 * undefined to give up and pass the 503 on: no usable Retry-After, or the wait would end past the
 * budget. `elapsedMs` is the time since the first answer; `random` returns [0, 1).
 */
export function shedRetryDelay(retryAfter: string | number | null | undefined, retry: number, elapsedMs: number, random: () => number = Math.random, options: ShedRetryOptions = SHED_RETRY): number | undefined {
  const seconds = Number(retryAfter);
  if (retryAfter === null || retryAfter === undefined || retryAfter === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > options.maxRetryAfterS) return undefined;
  const base = Math.min(options.capMs, seconds * 1000 * 2 ** Math.max(0, Math.floor(retry)));
  const wait = Math.round(base * (0.5 + Math.min(Math.max(random(), 0), 1)));
  return elapsedMs + wait > options.budgetMs ? undefined : wait;
}

/**
 * Sends with `send` and sends again while `retryAfterOf` names a Retry-After for its answer (a
 * shed call, or for an idempotent call one lost with its node), waiting as shedRetryDelay says;
 * answers the last answer. `onRetry` hears each answer that is about to be sent again.
 */
export async function sendWhileRefused<A>(send: () => Promise<A>, retryAfterOf: (answer: A) => string | number | null | undefined, onRetry: (answer: A) => void = () => {}, now: () => number = Date.now): Promise<A> {
  let answer = await send();
  const firstAnswerAt = now();
  for (let retry = 0; ; retry++) {
    const retryAfter = retryAfterOf(answer);
    const wait = retryAfter === undefined ? undefined : shedRetryDelay(retryAfter, retry, now() - firstAnswerAt);
    if (wait === undefined) return answer;
    onRetry(answer);
    await new Promise((resolve) => setTimeout(resolve, wait));
    answer = await send();
  }
}
