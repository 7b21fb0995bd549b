import { DomainError } from '~/server/errors';
import { answerBytes, bytesAnswer } from '~/server/http/answer-bytes';
import type { IdempotencyRepository } from './idempotency.repository';

/** How long an outcome answers a retry. */
const KEPT_MS = 24 * 60 * 60 * 1000;
/** A first request not answered after this long is taken as lost (its node stopped): a retry runs it again. */
const ABANDONED_MS = 60 * 1000;
/** What a key may be: the browser sends a UUID; any client may send up to 100 of these characters. */
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

export interface IdempotencyDeps {
  repository: IdempotencyRepository;
  clock: () => Date;
}

/**
 * Writes that a client retries with the same Idempotency-Key (docs/operations.md "Retries"): a
 * timeline post, a comment, a chat message. The first request with a key runs; its outcome, when
 * it is not a server error, answers every later request with that key for a day (marked
 * `Idempotent-Replayed: true`), so a retry after a lost answer never stores the write twice.
 */
export function createIdempotencyService({ repository, clock }: IdempotencyDeps) {
  return {
    /**
     * Runs `write` once per user and key. Without a key it just runs. A malformed key is a 400, a
     * key whose first request is still running a 409 with Retry-After, a key sent to another call a 422.
     */
    async once(userId: number, key: string | null, route: string, write: () => Promise<Response>): Promise<Response> {
      if (key === null) return write();
      if (!KEY.test(key)) throw new DomainError('request.invalid', 'Send an Idempotency-Key of 8 to 100 letters, digits, - or _', { field: 'idempotency-key' });
      const now = clock();
      if (!await repository.claim(userId, key, route, now.toISOString())) {
        const stored = await repository.find(userId, key);
        const isAbandoned = stored !== undefined && stored.status === undefined
          && await repository.reclaim(userId, key, new Date(now.getTime() - ABANDONED_MS).toISOString(), now.toISOString());
        if (!isAbandoned) return replay(stored, route);
      }
      let answer: Response;
      try {
        answer = await write();
      } catch (error) {
        await repository.release(userId, key);
        throw error;
      }
      if (answer.status >= 500) {
        await repository.release(userId, key);
        return answer;
      }
      const bytes = await answerBytes(answer);
      const contentType = answer.headers.get('content-type') ?? 'application/json';
      await repository.complete(userId, key, { status: answer.status, contentType, body: Buffer.from(bytes).toString('utf8') });
      void repository.forgetOlder(userId, new Date(now.getTime() - KEPT_MS).toISOString()).catch(() => undefined);
      return bytesAnswer(bytes, { status: answer.status, headers: answer.headers });
    },
  };
}

function replay(stored: Awaited<ReturnType<IdempotencyRepository['find']>>, route: string): Response {
  // Claimed and gone in between (released after a failure): the client may send it again.
  if (stored === undefined || stored.status === undefined) {
    throw new DomainError('request.in_progress', 'This request is still being answered; try again shortly', { retryAfter: 1 });
  }
  if (stored.route !== route) throw new DomainError('request.key_reused', 'This Idempotency-Key was sent with another request; send a new one', { field: 'idempotency-key' });
  return bytesAnswer(new TextEncoder().encode(stored.body), {
    status: stored.status, headers: { 'content-type': stored.contentType, 'idempotent-replayed': 'true', 'cache-control': 'no-store' },
  });
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
