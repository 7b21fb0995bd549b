import { toPublicEventInfo } from '~/server/events/public-event-info';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/**
 * SPEC §7 GET publicFullEventInfo: the visitor's view of the event under the `{eventId}` path
 * the other event calls use, as publicEventInfo gives it: any id but the host's own is the same
 * 403, so the ids that exist cannot be listed by asking.
 */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context, { isStrictPath: true });
  return jsonAnswer(toPublicEventInfo(event), { headers: PUBLIC_SHORT });
});
