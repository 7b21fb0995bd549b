import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';

/** The HTTP twin of `npm run event -- export SLUG`: the event as an event file. */
export const GET: RouteHandler = (context) => respond(async () => {
  const file = await app().eventExport.exportEvent(context.params['slug'] ?? '');
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${file.slug}.event.json"`,
      ...NO_STORE,
    },
  });
});
