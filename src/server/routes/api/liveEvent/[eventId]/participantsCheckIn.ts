import { CheckInSchema } from '~/contracts/check-in';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { refuseCrossSite } from '~/server/http/same-origin';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Door check-in: `{ code }` (ticket key from the QR, or the typed ticket code) scans the holder in once. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/participantsCheckIn', who: 'results', sideEffects: true, cache: 'private', bodyLimit: 4 * 1024,
  input: { body: CheckInSchema },
  handle: async (context) => {
    refuseCrossSite(context.request, context.url);
    const { event, grants } = context;
    const { code } = context.input.body;
    return jsonAnswer(await app().checkIn.checkIn(event, grants, code), { headers: NO_STORE });
  },
});
