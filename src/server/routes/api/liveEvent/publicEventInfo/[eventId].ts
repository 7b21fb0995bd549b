import { toPublicEventInfo } from '~/server/events/public-event-info';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/**
 * SPEC §7 publicEventInfo: what a visitor's page needs to show the event, nothing more. Any
 * id but the host's own is the same 403, without a lookup, so the ids that exist (active or
 * not) cannot be listed by asking.
 */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context, { isStrictPath: true });
  return jsonAnswer(toPublicEventInfo(event), { headers: PUBLIC_SHORT });
});
