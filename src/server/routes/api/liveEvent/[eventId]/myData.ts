import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';

/** "Download my data" (docs/privacy.md): everything the platform holds about the caller, as a JSON file. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const { filename, data } = await app().privacy.exportData(event, user.userId);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: { ...NO_STORE, 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'x-filename': filename },
  });
});
