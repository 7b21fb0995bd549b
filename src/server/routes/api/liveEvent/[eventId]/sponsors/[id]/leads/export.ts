import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { idParam, parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import { exportResponse } from '~/server/http/results-call';
import { LeadExportQuerySchema } from '~/contracts/sponsors';
import type { RouteHandler } from '~/server/http/route-context';

/** A sponsor's leads as CSV (default) or XLSX, for organisers and the sponsor's contacts; name in x-filename. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const { format } = parseQuery(LeadExportQuerySchema, context.url);
  return exportResponse(format, await app().leads.exportLeads(event, user, idParam(context), format, context.locals.t));
});
