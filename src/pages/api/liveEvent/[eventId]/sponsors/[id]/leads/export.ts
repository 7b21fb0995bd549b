import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { idParam, parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import { LeadExportQuerySchema } from '~/contracts/sponsors';

/** A sponsor's leads as CSV (default) or XLSX, for organisers and the sponsor's contacts; name in x-filename. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const { format } = parseQuery(LeadExportQuerySchema, context.url);
  const file = await app().leads.exportLeads(event, user, idParam(context), format, context.locals.t);
  return new Response(typeof file.body === 'string' ? file.body : new Uint8Array(file.body), {
    headers: {
      'content-type': file.contentType, 'x-filename': file.filename, 'access-control-expose-headers': 'x-filename',
      'content-disposition': `attachment; filename="${file.filename}"`, ...NO_STORE,
    },
  });
});
