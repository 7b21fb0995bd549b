import { NO_STORE } from '~/server/http/cache-headers';
import { app } from '~/server/app';
import { platformOf } from '~/server/http/params';
import { route } from '~/server/http/route-rules';

/** Beyond the contract: the caller's booked sessions as an iCalendar file ("add to calendar"). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/myProgram.ics', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { user, event } = context;
    const body = await app().booking.calendar(event, user.userId, context.url.origin, platformOf(context));
    return new Response(body, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="${event.eventSlug}-my-program.ics"`,
        'x-filename': `${event.eventSlug}-my-program.ics`,
        ...NO_STORE,
      },
    });
  },
});
