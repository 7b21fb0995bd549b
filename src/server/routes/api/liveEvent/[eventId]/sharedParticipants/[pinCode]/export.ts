import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { publicCall } from '~/server/http/call';
import { clientAddressOf } from '~/server/http/client';
import { respond } from '~/server/http/respond';
import { exportResponse } from '~/server/http/results-call';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 shared participant list export: the list's rows and columns, `?format=csv` or XLSX, name in `x-filename`. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context);
  const format = context.url.searchParams.get('format') ?? 'xlsx';
  if (format !== 'xlsx' && format !== 'csv') throw new DomainError('request.invalid', 'format: must be xlsx or csv', { field: 'format' });
  const t = translator(event.locale);
  return exportResponse(format, await app().sharedLists.export(event, context.params['pinCode'] ?? '', clientAddressOf(context), format, (key) => t(key)));
});
