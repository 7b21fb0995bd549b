import { QUESTION_TYPE } from '~/contracts/polls';
import { DomainError } from '~/server/errors';
import { longestWait, type Limiter } from '~/server/shared/limiter';
import type { PollCodePassRepository } from './poll-code-pass.repository';

/** Coded polls and quizzes: the code is what makes someone "in the room" (docs/product.md §8). */
export const isCodedType = (questionType: number): boolean =>
  questionType === QUESTION_TYPE.CODED_POLL || questionType === QUESTION_TYPE.CODED_QUIZ;

interface Dependencies {
  passes: Pick<PollCodePassRepository, 'grant' | 'has'>;
  /**
   * Wrong codes, per attendee and per client address. There are only 10,000 codes, so guessing
   * must get slow fast; the address limit is loose enough for a venue behind one address.
   */
  limits: { user: Limiter; address: Limiter };
  clock: () => Date;
}

/**
 * Who may read and answer a coded poll: whoever gave its code (a stored pass, the same on every
 * node). Ids are sequential, so without the pass a coded poll is refused by id on every path.
 */
export function createCodedAccess({ passes, limits, clock }: Dependencies) {
  return {
    /** Throws `poll.code_rate_limited` (429) while the attendee or their address must wait. */
    async checkGuessLimit(userKey: string, address: string): Promise<void> {
      const wait = await longestWait([[limits.user, userKey], [limits.address, address]]);
      if (wait > 0) throw new DomainError('poll.code_rate_limited', 'Too many wrong codes. Try again shortly', { field: 'id', retryAfter: wait });
    },

    /** A code that named no open coded poll: counts as a guess. */
    async wrongCode(userKey: string, address: string): Promise<void> {
      await Promise.all([limits.user.fail(userKey), limits.address.fail(address)]);
    },

    /** The right code: the attendee may use the poll from now on, on any node. */
    async grant(pollId: number, userId: number, userKey: string): Promise<void> {
      await Promise.all([passes.grant(pollId, userId, clock().toISOString()), limits.user.reset(userKey)]);
    },

    /** Throws 403 `poll.code_required` when `owner` (the top-level poll) is coded and the attendee never gave its code. */
    async check(owner: { id: number; questionType: number }, userId: number, field: string): Promise<void> {
      if (!isCodedType(owner.questionType) || (await passes.has(owner.id, userId))) return;
      throw new DomainError('poll.code_required', 'Enter the code of this poll first', { field, pollId: owner.id });
    },

    /** Whether the attendee may see `owner` (for pages that answer "not found" instead). */
    async mayUse(owner: { id: number; questionType: number }, userId: number): Promise<boolean> {
      return !isCodedType(owner.questionType) || passes.has(owner.id, userId);
    },
  };
}

export type CodedAccess = ReturnType<typeof createCodedAccess>;
