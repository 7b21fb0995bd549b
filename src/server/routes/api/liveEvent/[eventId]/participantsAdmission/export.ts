import { AdmissionExportSchema } from '~/contracts/admission';
import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import { exportResponse } from '~/server/http/results-call';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 POST participantsAdmission/export (plus addAdmittedRows, addNoAdmitedRows, format): XLSX or CSV. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/participantsAdmission/export', who: 'results', sideEffects: true, cache: 'private', bodyLimit: 16 * 1024,
  input: { body: AdmissionExportSchema },
  handle: async (context) => {
    const { event, grants } = context;
    const query = context.input.body;
    const t = translator(event.locale);
    return exportResponse(query.format, await app().admission.export(event, grants, query, (key) => t(key)));
  },
});
