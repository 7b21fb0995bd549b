import * as v from 'valibot';
import { app } from '~/server/app';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { NO_STORE } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { clientAddressOf } from '~/server/http/client';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import { refuseCrossSite } from '~/server/http/same-origin';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

const Resend = v.object({ email: v.pipe(v.string('is required'), v.trim(), v.minLength(3, 'is required'), v.maxLength(320)) });

/**
 * A new confirmation link for a sign-up whose address is not proven yet (after `auth.unconfirmed`
 * at login; docs/registration.md). `{ sent: true }` for any address: only its owner gets mail.
 */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context);
  refuseCrossSite(context.request, context.url);
  const { email } = parseInput(Resend, await readFields(context.request));
  await app().loginLinks.resendConfirmation({ event, email, address: clientAddressOf(context), origin: linkOriginFor(event.eventSlug, context.url.origin) });
  return jsonAnswer({ sent: true }, { headers: NO_STORE });
});
