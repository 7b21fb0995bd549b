import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/**
 * Not in SPEC §7: the event's open polls, quizzes and hunts ("Live now", PRODUCT-DECISIONS
 * "Attendee navigation"), the same for every member. The stage's strip reads it again when a
 * `poll-change` says a poll opened or closed.
 */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return jsonAnswer(await app().polls.liveNow(event.eventId), { headers: NO_STORE });
});
