import { app } from '~/server/app';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { NO_STORE } from '~/server/http/cache-headers';
import { clientAddressOf, isHttps } from '~/server/http/client';
import { signupBrowserSecret } from '~/server/http/signup-cookie';
import { FieldsSchema } from '~/server/http/params';
import { refuseCrossSite } from '~/server/http/same-origin';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/**
 * Self sign-up (docs/registration.md): JSON or form fields. Always 202 "check your
 * e-mail" when accepted, whether the address is new or known; 400 names the first bad field.
 */
export const POST = route({
  method: 'POST', path: '/api/Registration/:eventId/register', who: 'anyone', sideEffects: true, cache: 'private', bodyLimit: 64 * 1024,
  // The event's own sign-up fields: the registration checks them and answers every bad one (docs/registration.md).
  input: { body: FieldsSchema },
  handle: async (context) => {
    const { event } = context;
    refuseCrossSite(context.request, context.url);
    const fields = context.input.body;
    const browserSecret = signupBrowserSecret(context.cookies, isHttps(context));
    await app().registration.register({ event, fields, address: clientAddressOf(context), origin: linkOriginFor(event.eventSlug, context.url.origin), browserSecret });
    return jsonAnswer({ received: true }, { status: 202, headers: NO_STORE });
  },
});
