import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { clientAddressOf } from '~/server/http/client';
import { exportResponse } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 shared participant list export: the list's rows and columns, `?format=csv` or XLSX, name in `x-filename`. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sharedParticipants/:pinCode/export', who: 'anyone', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event } = context;
    const format = context.url.searchParams.get('format') ?? 'xlsx';
    if (format !== 'xlsx' && format !== 'csv') throw new DomainError('request.invalid', 'format: must be xlsx or csv', { field: 'format' });
    const t = translator(event.locale);
    return exportResponse(format, await app().sharedLists.export(event, context.params['pinCode'] ?? '', clientAddressOf(context), format, (key) => t(key)));
  },
});
