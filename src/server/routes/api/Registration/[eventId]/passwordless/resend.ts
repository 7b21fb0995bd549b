import * as v from 'valibot';
import { route, FORM_BODY } from '~/server/http/route-rules';
import { app } from '~/server/app';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { NO_STORE } from '~/server/http/cache-headers';
import { clientAddressOf } from '~/server/http/client';
import { jsonAnswer } from '~/server/http/answer-bytes';

const Resend = v.object({
  deliveryMethod: v.picklist(['email', 'sms'], 'must be email or sms'),
  payload: v.pipe(v.string('is required'), v.minLength(1, 'is required'), v.maxLength(256)),
});

/** docs/product.md §7: a new passwordless link for the owner of an old one, by e-mail or SMS. */
export const POST = route({
  method: 'POST', path: '/api/Registration/:eventId/passwordless/resend', who: 'anyone', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, input: { body: Resend },
  handle: async (context) => {
    const { event } = context;
    const input = context.input.body;
    await app().loginLinks.resend({
      event, payload: input.payload, method: input.deliveryMethod, address: clientAddressOf(context),
      origin: linkOriginFor(event.eventSlug, context.url.origin),
    });
    return jsonAnswer({ sent: true }, { headers: NO_STORE });
  },
});
