import { AdmissionQuerySchema } from '~/contracts/admission';
import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 POST participantsAdmission (fromDate, toDate, groups): scanned-in and not scanned-in lists. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/participantsAdmission', who: 'results', sideEffects: true, cache: 'private', bodyLimit: 16 * 1024,
  input: { body: AdmissionQuerySchema },
  handle: async (context) => {
    const { event, grants } = context;
    const query = context.input.body;
    const t = translator(event.locale);
    return jsonAnswer(await app().admission.lists(event, grants, query, (key) => t(key)), { headers: NO_STORE });
  },
});
