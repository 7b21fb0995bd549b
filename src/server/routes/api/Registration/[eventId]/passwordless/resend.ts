import * as v from 'valibot';
import { app } from '~/server/app';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { NO_STORE } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { clientAddressOf } from '~/server/http/client';
import { readFields } from '~/server/http/read-body';
import { parseInput, respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

const Resend = v.object({
  deliveryMethod: v.picklist(['email', 'sms'], 'must be email or sms'),
  payload: v.pipe(v.string('is required'), v.minLength(1, 'is required'), v.maxLength(256)),
});

/** SPEC §7: a new passwordless link for the owner of an old one, by e-mail or SMS. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context);
  const input = parseInput(Resend, await readFields(context.request));
  await app().loginLinks.resend({
    event, payload: input.payload, method: input.deliveryMethod, address: clientAddressOf(context),
    origin: linkOriginFor(event.eventSlug, context.url.origin),
  });
  return jsonAnswer({ sent: true }, { headers: NO_STORE });
});
