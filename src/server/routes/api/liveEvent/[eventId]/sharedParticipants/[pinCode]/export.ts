import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import * as v from 'valibot';
import { clientAddressOf } from '~/server/http/client';
import { exportResponse } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 shared participant list export: the list's rows and columns, `?format=csv` or XLSX, name in `x-filename`. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sharedParticipants/:pinCode/export', who: 'anyone', sideEffects: false, cache: 'private',
  input: { query: v.object({ format: v.optional(v.picklist(['xlsx', 'csv'], 'must be xlsx or csv'), 'xlsx') }) },
  handle: async (context) => {
    const { event } = context;
    const { format } = context.input.query;
    const t = translator(event.locale);
    return exportResponse(format, await app().sharedLists.export(event, context.params['pinCode'] ?? '', clientAddressOf(context), format, (key) => t(key)));
  },
});
