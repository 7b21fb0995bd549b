import * as v from 'valibot';
import { route, FORM_BODY } from '~/server/http/route-rules';
import { app } from '~/server/app';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { NO_STORE } from '~/server/http/cache-headers';
import { clientAddressOf } from '~/server/http/client';
import { refuseCrossSite } from '~/server/http/same-origin';
import { jsonAnswer } from '~/server/http/answer-bytes';

const Resend = v.object({ email: v.pipe(v.string('is required'), v.trim(), v.minLength(3, 'is required'), v.maxLength(320)) });

/**
 * A new confirmation link for a sign-up whose address is not proven yet (after `auth.unconfirmed`
 * at login; docs/registration.md). `{ sent: true }` for any address: only its owner gets mail.
 */
export const POST = route({
  method: 'POST', path: '/api/Registration/:eventId/confirm/resend', who: 'anyone', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, input: { body: Resend },
  handle: async (context) => {
    const { event } = context;
    refuseCrossSite(context.request, context.url);
    const { email } = context.input.body;
    await app().loginLinks.resendConfirmation({ event, email, address: clientAddressOf(context), origin: linkOriginFor(event.eventSlug, context.url.origin) });
    return jsonAnswer({ sent: true }, { headers: NO_STORE });
  },
});
