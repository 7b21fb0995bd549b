import { app } from '~/server/app';
import { IdParams } from '~/server/http/params';
import { exportResponse } from '~/server/http/results-call';
import { LeadExportQuerySchema } from '~/contracts/sponsors';
import { route } from '~/server/http/route-rules';

/** A sponsor's leads as CSV (default) or XLSX, for organisers and the sponsor's contacts; name in x-filename. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sponsors/:id/leads/export', who: 'member', sideEffects: false, cache: 'private', input: { params: IdParams, query: LeadExportQuerySchema },
  handle: async (context) => {
    const { event, user } = context;
    const { format } = context.input.query;
    return exportResponse(format, await app().leads.exportLeads(event, user, context.input.params.id, format, context.locals.t));
  },
});
