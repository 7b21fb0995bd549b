import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { requireAdminToken } from '~/server/auth/admin-token';
import { config } from '~/server/config';

/** The HTTP twin of `npm run event -- export SLUG`: the event as an event file. */
export const GET: APIRoute = ({ request, params }) => respond(async () => {
  requireAdminToken(request, config().adminToken);
  const file = await app().eventExport.exportEvent(params['slug'] ?? '');
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${file.slug}.event.json"`,
      'cache-control': 'no-store',
    },
  });
});
