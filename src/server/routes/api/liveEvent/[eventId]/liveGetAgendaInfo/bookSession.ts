import { BookSessionSchema } from '~/contracts/agenda';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { eventMatches } from '~/server/http/event-match';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 POST liveGetAgendaInfo/bookSession (EventId, SessionId), JSON or form fields. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { user, event } = await memberCall(context);
  const input = parseInput(BookSessionSchema, await readFields(context.request));
  if (!eventMatches(event, input.EventId)) {
    throw new DomainError('event.wrong_event', 'EventId names another event than the host', { field: 'EventId' });
  }
  return jsonAnswer(await app().booking.book(event, user.userId, input.SessionId, platformOf(context)), { headers: NO_STORE });
});
