import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { FieldsSchema } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The HTTP twin of `npm run event -- import`: creates or updates the event the body defines. */
export const POST = route({
  method: 'POST', path: '/api/admin/events/import', who: 'admin', sideEffects: true, cache: 'private', bodyLimit: 5 * 1_048_576,
  // The event file: the import checks it whole and names what is wrong (docs/event-files.md).
  input: { body: FieldsSchema },
  handle: async (context) => {
    const result = await app().eventImport.importEvent(context.input.body);
    return jsonAnswer(result, { headers: NO_STORE });
  },
});
