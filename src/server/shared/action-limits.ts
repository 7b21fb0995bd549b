import { DomainError } from '~/server/errors';
import { take, type Limiter } from './limiter';

/** Calls with a per-user budget: those that send mail on a member's behalf, and the console's writes. */
export type LimitedAction = 'sendContactInfo' | 'requestMeeting' | 'sendAllDocuments' | 'console';

/**
 * Per-user budgets of calls with side effects: a script (or a page reloaded in a loop) cannot
 * make one attendee send a sponsor dozens of mails. Every call counts, answered or refused.
 */
export function createActionLimits(limiters: Record<LimitedAction, Limiter>) {
  return {
    /** Counts one call of `action` by the user, or refuses it with 429 + Retry-After over budget. */
    async take(action: LimitedAction, eventId: number, userId: number): Promise<void> {
      const wait = await take(limiters[action], `${eventId}:${userId}`);
      if (wait > 0) throw new DomainError('request.rate_limited', 'Too many requests. Try again later.', { retryAfter: wait });
    },
  };
}

export type ActionLimits = ReturnType<typeof createActionLimits>;
