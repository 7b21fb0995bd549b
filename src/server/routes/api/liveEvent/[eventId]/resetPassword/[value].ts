import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { clientAddressOf } from '~/server/http/client';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

const Reset = v.object({ value: v.pipe(v.string(), v.trim(), v.email('is not a valid e-mail address'), v.maxLength(320)) });

/** docs/product.md §7 recovery by e-mail: always `{ emailSent: true }`, so nobody learns who has an account. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/resetPassword/:value', who: 'anyone', sideEffects: false, cache: 'private',
  input: { params: Reset },
  handle: async (context) => {
    const { event } = context;
    const { value } = context.input.params;
    await app().recovery.byEmail({ event, email: value, address: clientAddressOf(context) });
    return jsonAnswer({ emailSent: true }, { headers: NO_STORE });
  },
});
