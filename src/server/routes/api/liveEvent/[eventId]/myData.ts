import { NO_STORE } from '~/server/http/cache-headers';
import { app } from '~/server/app';
import { route } from '~/server/http/route-rules';

/** "Download my data" (docs/privacy.md): everything the platform holds about the caller, as a JSON file. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/myData', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event, user } = context;
    const { filename, data } = await app().privacy.exportData(event, user.userId);
    return new Response(`${JSON.stringify(data, null, 2)}\n`, {
      headers: { ...NO_STORE, 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'x-filename': filename },
    });
  },
});
