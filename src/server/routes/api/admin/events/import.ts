import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { readJsonBody } from '~/server/http/read-body';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The HTTP twin of `npm run event -- import`: creates or updates the event the body defines. */
export const POST = route({
  method: 'POST', path: '/api/admin/events/import', who: 'admin', sideEffects: true, cache: 'private', bodyLimit: 5 * 1_048_576,
  handle: async (context) => {
    const result = await app().eventImport.importEvent(await readJsonBody(context.request));
    return jsonAnswer(result, { headers: NO_STORE });
  },
});
