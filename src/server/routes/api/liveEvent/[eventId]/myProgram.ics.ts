import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';

/** Beyond SPEC: the caller's booked sessions as an iCalendar file ("add to calendar"). */
export const GET: RouteHandler = (context) => respond(async () => {
  const { user, event } = await memberCall(context);
  const body = await app().booking.calendar(event, user.userId, context.url.origin, platformOf(context));
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${event.eventSlug}-my-program.ics"`,
      'x-filename': `${event.eventSlug}-my-program.ics`,
      ...NO_STORE,
    },
  });
});
