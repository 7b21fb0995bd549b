import { TimelineIdSchema } from '~/contracts/timeline';
import type { ApiPhpHandlers } from '~/server/http/api-php';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { NO_STORE } from '~/server/http/cache-headers';
import { parseInput } from '~/server/http/respond';
import { jsonAnswer } from '~/server/http/answer-bytes';

/**
 * docs/product.md §7 POST /{eventId}/api.php?&module=timeline&method=deleteEntry (query timelineId,
 * sessionId): deleteTimelineEntry under its legacy address. `sessionId` is accepted and ignored:
 * the caller is the bearer token's or the session cookie's user, never a query parameter.
 */
export const timelineApiPhpHandlers: ApiPhpHandlers = {
  'timeline.deleteEntry': {
    async POST({ event, query, locals }) {
      const user = locals.user;
      if (!user) throw new DomainError('auth.unauthorized', 'Log in again');
      const { timelineId } = parseInput(TimelineIdSchema, { timelineId: query.get('timelineId') ?? undefined });
      await app().timeline.remove(event, user.userId, timelineId);
      return jsonAnswer({ TimelineID: timelineId, deleted: true }, { headers: NO_STORE });
    },
  },
};
