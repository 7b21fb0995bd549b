import { NO_STORE } from '~/server/http/cache-headers';
import { app } from '~/server/app';
import { route } from '~/server/http/route-rules';

/** The HTTP twin of `npm run event -- export SLUG`: the event as an event file. */
export const GET = route({
  method: 'GET', path: '/api/admin/events/:slug/export', who: 'admin', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const file = await app().eventExport.exportEvent(context.params['slug'] ?? '');
    return new Response(`${JSON.stringify(file, null, 2)}\n`, {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${file.slug}.event.json"`,
        ...NO_STORE,
      },
    });
  },
});
