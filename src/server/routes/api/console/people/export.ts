import * as v from 'valibot';
import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import { exportResponse } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** Every attendee as the admission export writes them (XLSX or CSV, the event's language). */
export const GET = route({
  method: 'GET', path: '/api/console/people/export', who: 'organiser', sideEffects: false, cache: 'private',
  input: { query: v.object({ format: v.optional(v.picklist(['xlsx', 'csv'], 'must be xlsx or csv'), 'xlsx') }) },
  handle: async ({ event, input }) => {
    const t = translator(event.locale);
    return exportResponse(input.query.format, await app().admission.exportEveryone(event, input.query.format, (key) => t(key)));
  },
});
